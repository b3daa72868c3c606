//! `cescacs html`: where pages are written, that they are self-contained and small, and that the
//! exit status is `check`'s. What a reader does on a page is tested in a browser
//! (`tests/html_browser.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cescacs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cescacs")).args(args).output().expect("runs")
}

fn corpus(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(dir)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-cli").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Nothing on the page is fetched from elsewhere.
fn assert_self_contained(html: &str) {
    for outside in ["src=\"http", "href=\"http", "src=\"//", "<link", "@import", "<iframe"] {
        assert!(!html.contains(outside), "`{outside}` on the page");
    }
    // `url(` only names a part of the page (`url(#id)`, the glow of a King in check).
    for (at, _) in html.match_indices("url(") {
        assert!(html[at..].starts_with("url(#"), "`{}` on the page", &html[at..at + 20]);
    }
    assert!(html.contains("<style>") && html.contains("<script>") && html.contains("<svg "));
}

/// A page of a site: its style and script from the site's shared files beside it, its board
/// drawn by that script, its positions packed; nothing fetched from elsewhere.
fn assert_site_page(html: &str) {
    for outside in ["src=\"http", "href=\"http", "src=\"//", "@import", "<iframe", "url("] {
        assert!(!html.contains(outside), "`{outside}` on the page");
    }
    assert!(html.contains("<link rel=\"stylesheet\" href=\"site.css\">"));
    assert!(html.contains("<script src=\"site.js\"></script>"));
    assert!(!html.contains("<style>") && !html.contains("<svg "), "shared, not inline");
    assert!(html.contains("id=\"packed\">") && html.contains("<nav class=\"site\""));
}

#[test]
fn without_output_the_page_is_written_beside_the_file() {
    let dir = scratch("beside");
    let file = dir.join("fools.ctl-pgn");
    std::fs::copy(corpus("valid/spec-fools-mate-variations-X01-V-en.ctl-pgn"), &file).unwrap();
    let out = cescacs(&["html", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(dir.join("fools.html")).expect("fools.html");
    assert_self_contained(&html);
    assert!(html.contains("<title>Fool's mate</title>"));
    // The move list: numbers, ratings and check marks, comments with their references.
    assert!(html.contains(">GL5-H6#</a>"));
    assert!(html.contains(">EH4-H8 ??</a>"));
    assert!(html.contains("class=\"hexref\" data-hex=\"Z11\""));
}

#[test]
fn output_names_the_page_of_one_input_and_the_folder_of_several() {
    let dir = scratch("output");
    let page = dir.join("one.html");
    let out = cescacs(&[
        "html",
        corpus("valid/edge-fan.ctl-pgn").to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(page.is_file());
    let folder = dir.join("many");
    let out = cescacs(&[
        "html",
        corpus("valid/edge-fan.ctl-pgn").to_str().unwrap(),
        corpus("valid/edge-tags.ctl-pgn").to_str().unwrap(),
        "-o",
        folder.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(folder.join("edge-fan.html").is_file() && folder.join("edge-tags.html").is_file());
}

#[test]
fn standard_input_needs_an_output_name() {
    let out = cescacs(&["html", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs `-o FILE`"));
}

#[test]
fn a_folder_of_games_makes_a_site_of_small_pages() {
    let dir = scratch("generated");
    let out =
        cescacs(&["html", corpus("generated").to_str().unwrap(), "-o", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut pages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if ["index.html", "standings.html", "tree.html", "site.js", "site.css"]
            .contains(&name.as_str())
        {
            continue;
        }
        let html = std::fs::read_to_string(&path).unwrap();
        assert_site_page(&html);
        assert!(html.len() < 60_000, "{}: {} bytes", path.display(), html.len());
        pages += 1;
    }
    assert!(pages >= 10);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(index.matches("<tr><td data-label=\"Game\"").count(), pages, "a row per game");
    let script = std::fs::read_to_string(dir.join("site.js")).unwrap();
    assert!(script.contains("CescacsViewer") && script.contains("var CescacsSite = {"));
}

/// Issue 43: a game page of the site weighs little (the viewer's script, style and board are
/// the site's shared files; the positions are deflated): a 40-ply game under 30 KB.
#[test]
fn a_forty_ply_game_page_is_under_thirty_kilobytes() {
    let dir = scratch("forty");
    let game = (0..)
        .map(|index| cescacs_gen::generate_game(43, index, 40))
        .find(|g| g.plies == 40)
        .expect("a 40-ply game");
    let file = dir.join("forty.ctl-pgn");
    std::fs::write(&file, &game.text).unwrap();
    let site = dir.join("site");
    let out = cescacs(&["html", "--split", "-o", site.to_str().unwrap(), file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(site.join("forty-0001.html")).unwrap();
    assert_site_page(&page);
    assert!(page.len() < 30_000, "{} bytes", page.len());
}

#[test]
fn the_exit_status_is_that_of_check_and_errors_are_shown_in_place() {
    let dir = scratch("status");
    for sub in ["valid", "invalid"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        files.sort();
        for file in files {
            let page = dir.join("page.html");
            // The same page each time: `--force` replaces it.
            let html =
                cescacs(&["html", "--force", file.to_str().unwrap(), "-o", page.to_str().unwrap()]);
            let check = cescacs(&["check", file.to_str().unwrap()]);
            assert_eq!(html.status.code(), check.status.code(), "{}", file.display());
            let text = std::fs::read_to_string(&page).unwrap();
            let errors = text.matches("class=\"note error\"").count();
            assert_eq!(errors > 0, check.status.code() == Some(1), "{}", file.display());
        }
    }
}

#[test]
fn only_the_games_selected_are_on_the_page_and_counted() {
    let dir = scratch("select");
    let file = dir.join("three.ctl-pgn");
    // Game 2 cannot be replayed: its error counts only when it is selected.
    std::fs::write(
        &file,
        "[Variant \"C'escacs\"]\n[White \"Puig, Anna\"]\n\n1. E7-E13, E21-E15 :\n*\n\n\
         [Variant \"C'escacs\"]\n[White \"Ros, Xus\"]\n\n1. D8-D12 :\n*\n\n\
         [Variant \"C'escacs\"]\n[White \"Puig, Pere\"]\n\n1. E7-E13 :\n*\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let page = dir.join("three.html");
    let out = cescacs(&["html", "--where", "White=Puig*", file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.ends_with(": 2 games\n"), "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("Puig, Anna") && html.contains("Puig, Pere") && !html.contains("Ros, Xus")
    );
    let out = cescacs(&["html", "--force", "--game", "2", file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(": 1 game (1 error"), "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("Ros, Xus") && !html.contains("Puig"));
    std::fs::remove_file(&page).unwrap();
    let out = cescacs(&["html", "--where", "Black=*", file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.starts_with("warning: ") && err.contains("(3 in all) is selected"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!page.exists(), "no page without a game");
}

#[test]
fn split_writes_a_page_per_game_and_an_index_with_lines_of_the_file() {
    let dir = scratch("split");
    let file = dir.join("three.ctl-pgn");
    let games = [
        "[Variant \"C'escacs\"]\n[Date \"2024-03-01\"]\n[White \"Puig, Anna\"]\n[Black \"Ros\"]\n\n1. E7-E13 :\n*\n",
        "[Variant \"C'escacs\"]\n[White \"Ros\"]\n\n1. F8-F12, F20-F16 :\n*\n",
        "[Variant \"C'escacs\"]\n[White \"Vila\"]\n\n1. E7-E13, E21-E15\n2. F8-F12, E15-E11 :\n*\n",
        // No `[Variant]` tag: read in one chunk with the game before, on a page of its own.
        "[White \"Moix\"]\n\n1. G7-G11 :\n*\n",
    ];
    std::fs::write(&file, games.join("\n")).unwrap();
    let out_dir = dir.join("pages");
    let out =
        cescacs(&["html", "--split", "-o", out_dir.to_str().unwrap(), file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "the third game has an error: {err}");
    assert!(err.contains("4 pages and "), "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "index.html",
            "site.css",
            "site.js",
            "standings.html",
            "three-0001.html",
            "three-0002.html",
            "three-0003.html",
            "three-0004.html",
            "tree.html"
        ]
    );
    let index = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    assert!(index.starts_with("<!DOCTYPE html>") && !index.contains("http"), "offline");
    assert!(index.contains("<a href=\"./three-0002.html#g1\">three.ctl-pgn 2</a>"), "{index}");
    assert!(
        index.contains(
            "<td data-label=\"White\">Puig, Anna</td><td data-label=\"Black\">Ros</td>\
             <td data-label=\"Event\"></td><td data-label=\"Round\"></td>\
             <td data-label=\"Date\">2024-03-01</td><td data-label=\"Result\">*</td>\
             <td class=\"n\" data-label=\"Plies\">1</td>\
             <td class=\"opening\" data-label=\"Opening\">1. E7-E13</td>"
        ),
        "{index}"
    );
    assert!(index.contains("href=\"./standings.html\"") && index.contains("href=\"./tree.html\""));
    // Each page holds its game alone, links back to the index and to the pages before and
    // after it; the error is placed at its line and column in the file, as `check` says it.
    let third = std::fs::read_to_string(out_dir.join("three-0003.html")).unwrap();
    assert_site_page(&third);
    assert!(third.contains("Vila") && !third.contains("Puig") && !third.contains("Moix"));
    assert!(third.contains("<a href=\"./index.html\">Games</a>"));
    assert!(third.contains("<a href=\"./three-0002.html\" rel=\"prev\">"));
    assert!(third.contains("<a href=\"./three-0004.html\" rel=\"next\">"));
    let fourth = std::fs::read_to_string(out_dir.join("three-0004.html")).unwrap();
    assert!(
        fourth.contains("Moix") && !fourth.contains("Vila") && !fourth.contains("rel=\"next\"")
    );
    let first = std::fs::read_to_string(out_dir.join("three-0001.html")).unwrap();
    assert!(
        !first.contains("rel=\"prev\"")
            && first.contains("<a href=\"./three-0002.html\" rel=\"next\">")
    );
    let check = cescacs(&["check", "--output-format", "concise", file.to_str().unwrap()]);
    let concise = String::from_utf8_lossy(&check.stdout).into_owned();
    let (line, column) = {
        let mut parts = concise
            .lines()
            .next()
            .expect("a diagnostic")
            .rsplit(".ctl-pgn:")
            .next()
            .unwrap()
            .split(':');
        (parts.next().unwrap().to_string(), parts.next().unwrap().to_string())
    };
    assert!(third.contains(&format!("line {line}, column {column}")), "{concise}");
    assert_eq!(line, "19", "the third game's second line of moves");
    // A selection: only its games, and their numbers in the file.
    let some = dir.join("some");
    let out = cescacs(&[
        "html",
        "--split",
        "--where",
        "White=ros|White=vila",
        "-o",
        some.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(some.join("three-0002.html").exists() && !some.join("three-0001.html").exists());
    // --split needs a folder.
    assert_eq!(cescacs(&["html", "--split", file.to_str().unwrap()]).status.code(), Some(2));
}

/// A game without players or title is named by its number in its file, whichever games the
/// page shows: `--game 3` and the third page of `--split` both say "game 3".
#[test]
fn an_untitled_game_is_named_by_its_number_in_the_file() {
    let dir = scratch("numbered");
    let file = dir.join("three.ctl-pgn");
    std::fs::write(&file, "[Variant \"C'escacs\"]\n1. E7-E13 *\n\n".repeat(3)).unwrap();
    let page = dir.join("third.html");
    let out =
        cescacs(&["html", "--game", "3", "-o", page.to_str().unwrap(), file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(">three.ctl-pgn, game 3</h2>"), "{html}");
    assert!(!html.contains("game 1<"));
    let split = dir.join("split");
    let out = cescacs(&["html", "--split", "-o", split.to_str().unwrap(), file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for n in 1..=3 {
        let html = std::fs::read_to_string(split.join(format!("three-000{n}.html"))).unwrap();
        assert!(html.contains(&format!(">three.ctl-pgn, game {n}</h2>")), "page {n}");
    }
}
