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
            assert_eq!(warnings(&o), std::slice::from_ref(want), "{args:?}: {}", err(&o));
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

/// A selection, and the games (file, number) it selects.
type Case<'a> = (&'a [&'a str], &'a [(&'a str, usize)]);

/// The games a run selects: `replay` heads their blocks, `filter --whole` and `fmt --stdout`
/// print them, `filter --count` and `check`'s summary count them; each must name the same.
#[test]
fn folders_game_lists_and_conditions_select_the_same_games_everywhere() {
    let dir = scratch("same");
    let root = collection(&dir);
    let folder = root.display().to_string();
    let (a, b) = (
        root.join("a.ctl-pgn").display().to_string(),
        root.join("sub/b.ctl-pgn").display().to_string(),
    );
    let cases: [Case<'_>; 6] = [
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

#[test]
fn filter_selects_by_player_result_length_and_date() {
    let dir = scratch("criteria");
    let root = collection(&dir);
    let folder = root.display().to_string();
    let count = |args: &[&str]| {
        let o = cescacs(&[&["filter", "--count"], args, &[&folder]].concat()).output();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        out(&o).trim().parse::<usize>().expect("a number")
    };
    assert_eq!(count(&[]), 5);
    assert_eq!(count(&["--player", "puig*"]), 3, "either colour, case ignored");
    assert_eq!(count(&["--player", "PUIG*", "--match-case"]), 1);
    assert_eq!(count(&["--player", "*pau"]), 2);
    assert_eq!(count(&["--result", "1-1"]), 1, "the result line or the tag");
    assert_eq!(count(&["--result", "*"]), 4);
    assert_eq!(count(&["--min-plies", "2"]), 3);
    assert_eq!(count(&["--max-plies", "1"]), 2);
    assert_eq!(count(&["--min-plies", "2", "--max-plies", "2"]), 2);
    assert_eq!(count(&["--date-from", "2024"]), 3, "2025-??-?? is in 2025");
    assert_eq!(count(&["--date-to", "2024-03"]), 2);
    assert_eq!(count(&["--date-from", "2024-03-02", "--date-to", "2024.12.31"]), 1);
    assert_eq!(count(&["--date-from", "2025-06-01"]), 1, "a date with `?` is every day it may be");
    assert_eq!(count(&["--date-from", "1900"]), 4, "a game without a date has none");
    assert_eq!(count(&["--where", "Event=*open*"]), 1, "a glob on the value, case ignored");
    assert_eq!(count(&["--player", "vila*", "--where", "!Event=*"]), 1);
    // Bad values are usage errors.
    for bad in [
        &["--date-from", "2024-6"][..],
        &["--result", "1-0"],
        &["--reaches", "/1:K/"],
        &["--where", "White"],
    ] {
        let o = cescacs(&[&["filter", "--count"], bad, &[&folder]].concat()).output();
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(
            err(&o).contains("expected") || err(&o).contains("not a PDTL"),
            "{bad:?}: {}",
            err(&o)
        );
    }
}

/// Issue 38: a date bound is a day of the calendar, partial forms still taken; a game whose
/// `Date` is no day of the calendar gets `W0320` and has no date for the bounds.
#[test]
fn dates_are_days_of_the_calendar() {
    let dir = scratch("calendar");
    let file = dir.join("dates.ctl-pgn");
    let games = [
        game(&[("Date", "2024-02-29")], "1. E7-E13 :\n*"),
        game(&[("Date", "2025-13-45")], "1. E7-E13 :\n*"),
        game(&[("Date", "2023-02-29")], "1. E7-E13 :\n*"),
        game(&[("Date", "2025-??-??")], "1. E7-E13 :\n*"),
    ];
    std::fs::write(&file, games.join("\n")).expect("write");
    let path = file.display().to_string();
    let count = |args: &[&str]| {
        let o = cescacs(&[&["filter", "--count"], args, &[&path]].concat()).output();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        out(&o).trim().parse::<usize>().expect("a number")
    };
    assert_eq!(count(&["--date-from", "2000"]), 2, "no day of the calendar, no date");
    assert_eq!(count(&["--date-to", "2024-02"]), 1, "2024-02 ends on the 29th");
    assert_eq!(count(&["--date-from", "2024-02-29", "--date-to", "2024.02.29"]), 1);
    assert_eq!(count(&["--date-from", "2025-12"]), 1, "`2025-??-??` may be in December");
    for (bad, why) in [
        ("2024-13-45", "there is no month `13`"),
        ("2024-13", "there is no month `13`"),
        ("2024-06-31", "month `06` has no day `31`"),
        ("2023-02-29", "`2023` is no leap year"),
        ("2024-00", "there is no month `00`"),
    ] {
        for option in ["--date-from", "--date-to"] {
            let o = cescacs(&["filter", "--count", option, bad, &path]).output();
            assert_eq!(o.status.code(), Some(2), "{option} {bad}");
            let expected = "expected a date `YYYY`, `YYYY-MM` or `YYYY-MM-DD` of the calendar";
            assert!(err(&o).contains(expected) && err(&o).contains(why), "{bad}: {}", err(&o));
        }
    }
    let check = cescacs(&["check", "--output-format", "concise", &path]).output();
    let warned: Vec<String> =
        out(&check).lines().filter(|l| l.contains("W0320")).map(String::from).collect();
    assert_eq!(warned.len(), 2, "{}", out(&check));
    assert!(warned[0].contains("found `2025-13-45`: there is no month `13`"), "{warned:?}");
    assert!(warned[1].contains("`2023` is no leap year"), "{warned:?}");
}

#[test]
fn filter_strips_by_default_and_keeps_games_whole_with_whole() {
    let text = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn"),
    )
    .expect("a corpus file");
    let stripped = run(&["filter", "--min-plies", "2"], &text);
    assert_eq!(stripped.status.code(), Some(0), "{}", err(&stripped));
    assert!(!out(&stripped).contains('{') && !out(&stripped).contains('('), "{}", out(&stripped));
    let whole = run(&["filter", "--whole", "--min-plies", "2"], &text);
    let fmt = run(&["fmt", "-"], &text);
    assert_eq!(out(&whole), out(&fmt), "whole: the game as fmt writes it");
    assert!(out(&whole).contains('{') && out(&whole).contains('('));
}

#[test]
fn filter_split_writes_a_file_per_game_named_from_its_tags_and_never_over_one() {
    let dir = scratch("split");
    let root = collection(&dir);
    let into = dir.join("one-per-game");
    let (into_arg, root_arg) = (into.display().to_string(), root.display().to_string());
    let split = || {
        cescacs(&["filter", "--whole", "--split", "-o", &into_arg, "--game", "1,2", &root_arg])
            .output()
    };
    let o = split();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut names: Vec<String> = std::fs::read_dir(&into)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "a-0001-Puig_Anna-Ros_Joan.ctl-pgn",
            "a-0002-Ros_Joan-Puig_Anna.ctl-pgn",
            "b-0001-Sala_Eva-PUIG_Anna.ctl-pgn",
            "b-0002-Vila_Pau-Ros_Joan.ctl-pgn"
        ]
    );
    // Each file is the game as `filter --whole --game N` prints it.
    let alone = cescacs(&[
        "filter",
        "--whole",
        "--game",
        "2",
        &root.join("a.ctl-pgn").display().to_string(),
    ])
    .output();
    assert_eq!(std::fs::read(into.join(&names[1])).unwrap(), alone.stdout);
    // Again: every file exists, none is overwritten.
    std::fs::write(into.join(&names[0]), "mine").unwrap();
    let o = split();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(err(&o).matches("not overwritten").count(), 4, "{}", err(&o));
    assert_eq!(std::fs::read_to_string(into.join(&names[0])).unwrap(), "mine");
    // --split needs a folder.
    assert_eq!(
        cescacs(&["filter", "--split", &root.display().to_string()]).output().status.code(),
        Some(2)
    );
}

/// Generated games in three files of a folder, the last repeating games of the first: what
/// `filter --unique --count` and `filter --count --reaches` say is what a brute force over the
/// positions of every game (`replay --format jsonl`) finds.
#[test]
fn unique_and_reaches_agree_with_a_brute_force_count_over_generated_games() {
    let dir = scratch("brute");
    let root = dir.join("gen");
    std::fs::create_dir_all(&root).unwrap();
    let texts: Vec<String> =
        (0..240).map(|i| cescacs_gen::generate_game(31, i, 1 + i % 5).text).collect();
    std::fs::write(root.join("1.ctl-pgn"), texts[..120].join("\n")).unwrap();
    std::fs::write(root.join("2.ctl-pgn"), texts[120..].join("\n")).unwrap();
    let again: Vec<String> = texts.iter().step_by(7).cloned().collect();
    std::fs::write(root.join("3.ctl-pgn"), again.join("\n")).unwrap();
    let folder = root.display().to_string();

    // Brute force: every game's positions, from replay's JSON lines.
    let o = cescacs(&["replay", "--format", "jsonl", &folder]).output();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut games: Vec<Vec<String>> = Vec::new();
    let mut last = (String::new(), 0);
    for line in out(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let at = (v["file"].as_str().unwrap().to_string(), v["game"].as_u64().unwrap());
        if at != last || v["ply"] == 0 {
            games.push(Vec::new());
            last = at;
        }
        games.last_mut().unwrap().push(v["pdtl"].as_str().unwrap().to_string());
    }
    assert_eq!(games.len(), 240 + again.len());
    let distinct: std::collections::HashSet<&Vec<String>> = games.iter().collect();
    let o = cescacs(&["filter", "--unique", "--count", &folder]).output();
    assert_eq!(out(&o), format!("{}\n", distinct.len()));
    let dropped = games.len() - distinct.len();
    assert!(dropped >= again.len(), "{dropped}");
    assert!(err(&o).contains(&format!("{dropped} duplicate games dropped")), "{}", err(&o));

    // Positions to look for: some reached after 1 to 4 plies, and the start.
    let fields = |pdtl: &str, n: usize| pdtl.split(' ').take(n).collect::<Vec<_>>().join(" ");
    let mut targets: Vec<&String> =
        games.iter().step_by(17).filter_map(|g| g.get(1 + g.len() % 4)).collect();
    targets.push(&games[0][0]);
    for target in targets {
        for (query, n) in [(fields(target, 4) + " 0 1", 4), (fields(target, 1), 1)] {
            let want = games
                .iter()
                .filter(|g| g.iter().any(|p| fields(p, n) == fields(target, n)))
                .count();
            let o = cescacs(&["filter", "--count", "--reaches", &query, &folder]).output();
            assert_eq!(o.status.code(), Some(0), "{query}: {}", err(&o));
            assert_eq!(out(&o), format!("{want}\n"), "{query}");
        }
    }
}
