//! Collections of games, as every command reads them: files and folders alike, `--game N[,M..]`
//! and `--where` the same everywhere, one outcome when nothing is selected; `filter` as the
//! collection tool; `replay` of every game.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{cescacs, run};

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("collections").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// One game record with these tags and moves.
fn game(tags: &[(&str, &str)], moves: &str) -> String {
    let mut text = String::from("[Variant \"C'escacs\"]\n");
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    format!("{text}\n{moves}\n")
}

/// The games of the folder `games/`: `a.ctl-pgn` (3 games) and `sub/b.ctl-pgn` (2 games).
fn collection(dir: &Path) -> PathBuf {
    let root = dir.join("games");
    std::fs::create_dir_all(root.join("sub")).expect("folders");
    let a = [
        game(
            &[
                ("Date", "2024-03-01"),
                ("White", "Puig, Anna"),
                ("Black", "Ros, Joan"),
                ("Result", "1-1"),
            ],
            "1. E7-E13, E21-E15\n2. F8-F12 :\n1-1",
        ),
        game(
            &[("Date", "2025-??-??"), ("White", "Ros, Joan"), ("Black", "Puig, Anna")],
            "1. F8-F12 :\n*",
        ),
        game(
            &[("White", "Vila, Pau"), ("Black", "Sala, Eva"), ("Event", "Blitz Open")],
            "1. E7-E13, E21-E15 :\n*",
        ),
    ];
    let b = [
        game(
            &[("Date", "2023-12-31"), ("White", "Sala, Eva"), ("Black", "PUIG, Anna")],
            "1. D6-D10 :\n*",
        ),
        game(
            &[("Date", "2024-06-15"), ("White", "Vila, Pau"), ("Black", "Ros, Joan")],
            "1. E7-E13, E21-E15 :\n*",
        ),
    ];
    std::fs::write(root.join("a.ctl-pgn"), a.join("\n")).expect("write");
    std::fs::write(root.join("sub/b.ctl-pgn"), b.join("\n")).expect("write");
    root
}

/// Every command that reads games, with the arguments it needs besides the selection and path.
fn commands(dir: &Path) -> Vec<Vec<String>> {
    let html = dir.join("pages/").display().to_string();
    [
        &["check"][..],
        &["fmt", "--stdout"],
        &["filter"],
        &["filter", "--whole"],
        &["convert", "--letters", "fan"],
        &["convert", "--to", "app"],
        &["replay"],
        &["board"],
        &["html", "-o", &html],
    ]
    .iter()
    .map(|c| c.iter().map(|s| s.to_string()).collect())
    .collect()
}

fn with(command: &[String], more: &[&str]) -> Vec<String> {
    command.iter().cloned().chain(more.iter().map(|s| s.to_string())).collect()
}

fn warnings(o: &Output) -> Vec<String> {
    err(o).lines().filter(|l| l.starts_with("warning:")).map(str::to_string).collect()
}

#[test]
fn nothing_selected_is_one_warning_line_and_status_0_in_every_command() {
    let dir = scratch("nothing");
    let root = collection(&dir);
    let folder = root.display().to_string();
    let file = root.join("a.ctl-pgn").display().to_string();
    let cases: [(&[&str], &str, String); 4] = [
        (
            &["--game", "9"],
            &file,
            "warning: `FILE` has 3 game(s), no game 9".replace("FILE", &file),
        ),
        (
            &["--where", "Black=Nobody"],
            &file,
            format!("warning: no game of `{file}` (3 in all) is selected"),
        ),
        (&["--game", "4,9"], &folder, "warning: no game of 2 files (5 in all) is selected".into()),
        (
            &["--where", "!White=*"],
            &folder,
            "warning: no game of 2 files (5 in all) is selected".into(),
        ),
    ];
    for command in commands(&dir) {
        for (select, path, want) in &cases {
            let args = with(&with(&command, select), &[path]);
            let o = cescacs(&args).output();
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
            assert_eq!(warnings(&o), [want.clone()], "{args:?}: {}", err(&o));
            assert!(!err(&o).lines().any(|l| l.starts_with("error")), "{args:?}: {}", err(&o));
            if command[0] != "check" {
                assert_eq!(out(&o), "", "{args:?}: nothing printed");
            }
        }
    }
    assert!(
        !dir.join("pages").exists() || std::fs::read_dir(dir.join("pages")).unwrap().count() == 0
    );
}

/// The games a run selected, as `check --format jsonl` would not show them (clean games have no
/// diagnostics): `filter --whole` prints them, `replay` heads their blocks, `fmt --stdout`
/// prints them; each must name the same games.
#[test]
fn folders_game_lists_and_conditions_select_the_same_games_everywhere() {
    let dir = scratch("same");
    let root = collection(&dir);
    let folder = root.display().to_string();
    let (a, b) = (
        root.join("a.ctl-pgn").display().to_string(),
        root.join("sub/b.ctl-pgn").display().to_string(),
    );
    let cases: [(&[&str], &[(&str, usize)]); 6] = [
        (&[], &[(&a, 1), (&a, 2), (&a, 3), (&b, 1), (&b, 2)]),
        (&["--game", "1,3"], &[(&a, 1), (&a, 3), (&b, 1)]),
        (&["--where", "white=vila*"], &[(&a, 3), (&b, 2)]),
        (&["--where", "White=puig*|Black=puig*"], &[(&a, 1), (&a, 2), (&b, 1)]),
        (&["--where", "White=puig*|Black=puig*", "--match-case"], &[]),
        (&["--where", "!Date=*", "--game", "2,3"], &[(&a, 3)]),
    ];
    for (select, want) in cases {
        let headers: Vec<String> = want.iter().map(|(f, n)| format!("# {f} game {n}")).collect();
        let o = cescacs(&with(&with(&["replay".to_string()], select), &[&folder])).output();
        assert_eq!(o.status.code(), Some(0), "{select:?}: {}", err(&o));
        let got: Vec<String> =
            out(&o).lines().filter(|l| l.starts_with("# ")).map(str::to_string).collect();
        if want.len() > 1 {
            assert_eq!(got, headers, "replay {select:?}");
        } else {
            assert!(got.is_empty(), "one game or none: no header");
        }
        // The same games, whole and canonical, from fmt and filter --whole; counted by filter
        // and by check's summary.
        let whole = cescacs(&with(&with(&["filter".into(), "--whole".into()], select), &[&folder]))
            .output();
        let fmt =
            cescacs(&with(&with(&["fmt".into(), "--stdout".into()], select), &[&folder])).output();
        assert_eq!(out(&whole), out(&fmt), "{select:?}");
        assert_eq!(out(&whole).matches("[Variant ").count(), want.len(), "{select:?}");
        let count = cescacs(&with(&with(&["filter".into(), "--count".into()], select), &[&folder]))
            .output();
        assert_eq!(out(&count), format!("{}\n", want.len()), "{select:?}");
        let check = cescacs(&with(&with(&["check".into()], select), &[&folder])).output();
        let games = if want.is_empty() { 0 } else { want.len() };
        assert!(err(&check).contains(&format!(", {games} game")), "{select:?}: {}", err(&check));
        if !want.is_empty() {
            let again = run(&["fmt", "--check", "-"], &whole.stdout);
            assert_eq!(again.status.code(), Some(0), "a merge is canonical: {}", out(&again));
        }
    }
    // board draws the first game selected, html makes a page of each file with one selected.
    let o = cescacs(&["board", "--where", "Black=ros*", "--game", "2,3", &folder]).output();
    assert!(out(&o).contains("Game 2, after ply 2"), "{}", out(&o));
    let pages = dir.join("pages");
    let o = cescacs(&[
        "html",
        "--where",
        "Date=2024*",
        "-o",
        &format!("{}/", pages.display()),
        &folder,
    ])
    .output();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(pages.join("a.html").exists() && pages.join("b.html").exists());
    assert!(err(&o).contains("a.ctl-pgn -> ") && err(&o).contains(": 1 game"), "{}", err(&o));
}
