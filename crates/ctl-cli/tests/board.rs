//! `cescacs board`: text and SVG pictures of PDTL positions and of games at a ply.

use std::process::{Command, Output};

const INITIAL: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

fn board(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cescacs")).arg("board").args(args).output().expect("runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

fn corpus(name: &str) -> String {
    format!("{}/../../corpus/valid/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn text_of_a_pdtl() {
    let out = board(&[INITIAL]);
    assert!(out.status.success());
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "   P T A B C D E F G H I K L X Z");
    assert_eq!(rows[1].trim_end(), "28               v");
    assert_eq!(rows[29].trim_end(), " 0               V");
    assert_eq!(rows.last().copied(), Some(INITIAL));
}

#[test]
fn the_text_has_a_legend_and_symbols_when_asked() {
    let text = stdout(&board(&[INITIAL]));
    assert!(text.contains("\nPieces (White/Black): K/k King, D/d Queen, "), "{text}");
    assert!(text.contains("\nEmpty hexes: . white, : black, * coloured\n"), "{text}");
    // --symbols is not only for the SVG: the text draws the Unicode symbols too.
    let symbols = stdout(&board(&["--symbols", INITIAL]));
    let rows: Vec<&str> = symbols.lines().collect();
    assert_eq!(rows[1].trim_end(), "28               \u{1FA52}");
    assert!(symbols.contains("♔/♚ King"), "{symbols}");
    // The PDTL under it keeps its letters.
    assert_eq!(rows.last().copied(), Some(INITIAL));
}

#[test]
fn flipped_text_puts_black_at_the_bottom() {
    let text = stdout(&board(&["--flip", INITIAL]));
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "   Z X L K I H G F E D C B A T P");
    assert_eq!(rows[1].trim_end(), " 0               V");
    assert_eq!(rows[29].trim_end(), "28               v");
}

#[test]
fn svg_of_a_pdtl() {
    let out = board(&["--svg", INITIAL]);
    assert!(out.status.success());
    let svg = stdout(&out);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<polygon class=\"hex ").count(), 169);
    assert_eq!(svg.matches("class=\"piece\"").count(), 54);
    assert_eq!(svg.matches("class=\"last-move").count(), 0);
    assert!(svg.contains("data-hex=\"G1\" data-piece=\"K\""));
}

#[test]
fn a_game_at_a_ply_marks_the_last_move() {
    let dir = std::env::temp_dir().join(format!("cescacs-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let out_file = dir.join("ply3.svg");
    let game = corpus("spec-fools-mate-X01-en.ctl-pgn");
    let out = board(&["--ply", "3", "-o", out_file.to_str().unwrap(), &game]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(&out_file).expect("the SVG was written");
    assert!(svg.contains("<title>Game 1, after ply 3: JF6-C15 ?!</title>"), "{svg}");
    assert!(svg.contains("class=\"last-move from\" data-hex=\"F6\""));
    assert!(svg.contains("class=\"last-move to\" data-hex=\"C15\""));
    assert!(svg.contains("data-hex=\"C15\" data-piece=\"J\""));
    std::fs::remove_dir_all(&dir).ok();

    // The last position by default; the start with --ply 0.
    let text = stdout(&board(&["--text", &game]));
    assert!(text.contains("Game 1, after ply 12: GL5-H6#"), "{text}");
    let text = stdout(&board(&["--ply", "0", &game]));
    assert!(text.ends_with(&format!("Game 1, ply 0\n{INITIAL}\n")), "{text}");
}

#[test]
fn errors_say_what_is_wrong() {
    let game = corpus("spec-fools-mate-X01-en.ctl-pgn");
    let out = board(&["--ply", "99", &game]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it has 12 plies"));
    let out = board(&["--game", "2", &game]);
    assert_eq!(out.status.code(), Some(0), "no game selected: a warning, nothing drawn");
    assert!(out.stdout.is_empty());
    let out = board(&["no-such-file"]);
    assert_eq!(out.status.code(), Some(2));
    let out = board(&["/28:q/ w - - 0 1"]);
    assert_eq!(out.status.code(), Some(1));
    let out = board(&["--ply", "1", INITIAL]);
    assert_eq!(out.status.code(), Some(2));
    let broken = corpus("../invalid/spec-introduction-2021-06-04.ctl-pgn");
    let out = board(&["--ply", "5", &broken]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stops at ply"));
}

/// Three games, two by a Puig with White.
const THREE: &str = "[Variant \"C'escacs\"]\n[White \"Puig, Anna\"]\n\n1. E7-E13, E21-E15 :\n*\n\n\
[Variant \"C'escacs\"]\n[White \"Ros, Xus\"]\n\n1. F8-F12 :\n*\n\n\
[Variant \"C'escacs\"]\n[White \"Puig, Pere\"]\n\n1. E7-E13 :\n*\n";

#[test]
fn a_game_of_a_file_is_selected_by_number_or_by_tag() {
    let dir = std::env::temp_dir().join(format!("cescacs-board-select-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.ctl-pgn");
    std::fs::write(&file, THREE).unwrap();
    let file = file.to_str().unwrap();
    let title = |args: &[&str]| {
        let mut all = args.to_vec();
        all.push(file);
        let text = stdout(&board(&all));
        let line = text.lines().rev().nth(1).unwrap_or_default();
        line.trim_end_matches(" :").to_string()
    };
    assert_eq!(title(&[]), "Game 1, after ply 2: E21-E15");
    assert_eq!(title(&["--game", "3"]), "Game 3, after ply 1: E7-E13");
    assert_eq!(title(&["--where", "White=Ros*"]), "Game 2, after ply 1: F8-F12");
    assert_eq!(title(&["--where", "White=Puig*", "--game", "3"]), "Game 3, after ply 1: E7-E13");
    let out = board(&["--where", "Black=*", file]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("warning: no game of") && err.contains("(3 in all) is selected"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = board(&["--game", "4", file]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("has 3 game(s), no game 4"));
    std::fs::remove_dir_all(&dir).ok();
}
