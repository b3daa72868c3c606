//! Every diagnostic code of the workspace, three ways:
//! - the registry `cescacs_diagnostics::codes` is well formed (each code's letter is its severity, no
//!   code twice) and each code's page describes it; its constants are the only way the sources
//!   name a code (`xtask/tests/tidy.rs`), and the index `docs/diagnostics.md` is generated from
//!   it (`cargo xtask docs`, `xtask/tests/docs.rs`), so the documentation cannot drift;
//! - every code listed there has a golden: the validation codes in `golden/validate-ariadne.txt`
//!   (`validate_codes.rs`), all the others here, from one input each, with the exact span
//!   asserted, rendered as plain ariadne text (`golden/codes-ariadne.txt`) and as LSP-native
//!   JSON (`golden/codes.json`).
//!
//! Regenerate the goldens with `BLESS=1 cargo test -p ctl-pgn --test codes` and review the diff.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cescacs_board::Letters;
use cescacs_diagnostics::Diagnostic;
use cescacs_diagnostics::codes::{self, Severity};
use ctl_an::Limits;
use ctl_an::syntax::{MoveKind, Ply, PromotionTarget};
use ctl_pgn::ParsedGame;
use ctl_pgn::render::{Context, FileReport, PositionEncoding, render_json, render_text};
use ctl_pgn::{Check, Level};
use ctl_pgn::{LazyReader, ReadGame};

const V: &str = "[Variant \"C'escacs\"] ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every code of the index `docs/diagnostics.md` (the first column of its tables).
fn documented() -> BTreeSet<String> {
    codes::ALL.iter().map(|c| c.code.to_string()).collect()
}

/// Each code's letter is its severity, and no code is registered twice.
#[test]
fn the_registry_is_well_formed() {
    for c in codes::ALL {
        let letter = match c.severity {
            Severity::Error => 'E',
            Severity::Warning => 'W',
        };
        assert!(c.code.starts_with(letter) && c.code.len() == 5, "{c:?}");
        assert_eq!(codes::lookup(c.code), Some(c), "{} is registered twice", c.code);
    }
}

/// Every registry entry has its page, and the page names the code.
#[test]
fn every_code_has_its_page() {
    for c in codes::ALL {
        let page = root().join("docs").join(c.page());
        let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", c.code));
        assert!(
            text.contains(&format!("`{}`", c.code)),
            "{} does not describe {}",
            c.page(),
            c.code
        );
    }
}

/// How a case is run.
enum Run {
    /// Read the bytes game by game (each parsed: `ctl_pgn::LazyReader`'s full reading) and check
    /// every game at a level.
    Check(Level),
    /// The same within reading limits smaller than the defaults (so that the input stays short).
    CheckWithin(Level, Limits),
    /// Convert the text to a letter table.
    Convert(&'static str),
    /// Read the text as a PDTL in the official app's dialect (`cescacs pdtl --from app`).
    AppPdtl,
    /// Read the text as the official app's move list (`cescacs convert --from app`).
    AppList,
}

/// `(code, how, input, the text the code's span covers)`.
fn cases() -> Vec<(&'static str, Run, Vec<u8>, &'static str)> {
    use Run::{AppList, AppPdtl, Check, CheckWithin, Convert};
    let within = |limits: Limits| CheckWithin(Level::Syntax, limits);
    let s = Level::Syntax;
    let c = Level::Coherence;
    let v = |rest: &str| format!("{V}{rest}").into_bytes();
    let pdtl = |value: &str| format!("{V}[PDTL \"{value}\"] *\n").into_bytes();
    vec![
        (
            "E0001",
            Check(s),
            b"[Variant \"C'escacs\"] {Mo\xEF\xBB} 1. E7-E13: *\n".to_vec(),
            "\u{FFFD}",
        ),
        (
            "E0002",
            Check(s),
            [&b"\x7FELF\x02\x01\x01"[..], &[0; 64], b"[Variant \"C'escacs\"] 1. E7-E13: *\n"]
                .concat(),
            "",
        ),
        (
            "W0001",
            Check(s),
            b"Notes on the games we played at the club.\n\n[Variant \"C'escacs\"] 1. E7-E13: *\n"
                .to_vec(),
            "Notes on the games we played at the club.",
        ),
        ("W0002", Check(s), b"".to_vec(), ""),
        // PDTL, through the PDTL tag of a game.
        ("E0101", Check(c), pdtl("/27:1k/14:3K3/ w --"), "--"),
        ("E0102", Check(c), pdtl("/27:1k/14:3K3/ w -- - 0 1 x"), "x"),
        ("E0103", Check(c), pdtl("/27:1k/14:3K3 w -- - 0 1"), "3"),
        ("E0104", Check(c), pdtl("/29:k/27:1k/14:3K3/ w -- - 0 1"), "29"),
        ("E0105", Check(c), pdtl("/27:1k/27:1k/14:3K3/ w -- - 0 1"), "27"),
        ("E0106", Check(c), pdtl("/14:3K3/27:1k/ w -- - 0 1"), "27"),
        ("E0107", Check(c), pdtl("/28:kk/14:3K3/ w -- - 0 1"), "k"),
        ("E0108", Check(c), pdtl("/27:1k/14:3K2x/ w -- - 0 1"), "x"),
        ("E0109", Check(c), pdtl("/14:3K3/ w -- - 0 1"), "/14:3K3/"),
        ("E0110", Check(c), pdtl("/27:kk/14:3K3/ w -- - 0 1"), "k"),
        ("E0111", Check(c), pdtl("/27:1k/14:RRRK3/ w -- - 0 1"), "R"),
        ("E0112", Check(c), pdtl("/27:1k/14:JJ1K3/ w -- - 0 1"), "J"),
        ("E0113", Check(c), pdtl("/27:1k/14:3K3/ W -- - 0 1"), "W"),
        ("E0114", Check(c), pdtl("/27:1k/14:3K3/ w RR-- - 0 1"), "RR--"),
        ("E0115", Check(c), pdtl("/27:1k/3:3R/1:1K/ w RK- - 0 1"), "R"),
        ("E0116", Check(c), pdtl("/27:1k/14:3K3/ w -- G15@x 0 1"), "x"),
        ("E0117", Check(c), pdtl("/27:1k/14:3K3/ w -- G15@13 0 1"), "G15"),
        ("E0118", Check(c), pdtl("/27:1k/15:4P3/14:3K3/ b -- G15@11 0 1"), "11"),
        ("E0119", Check(c), pdtl("/27:1k/15:4P3/14:3K3/13:4n3/ b -- G15@13 0 1"), "G15@13"),
        ("E0120", Check(c), pdtl("/27:1k/14:3p3/1:1K/ w -- F14 0 1"), "F14"),
        ("E0121", Check(c), pdtl("/27:1k/14:3K3/ w -- - x 1"), "x"),
        ("E0122", Check(c), pdtl("/27:1k/14:3K3/ w -- - 0 0"), "0"),
        ("E0123", Check(c), pdtl("/27:1k/15:4P3/14:3K3/ b -- G15@13 3 1"), "3"),
        ("E0124", Check(c), pdtl("/27:1k/25:2R1/1:1K/ w -- - 0 1"), "k"),
        ("E0125", Check(c), pdtl("/27:1k/11:4P3/1:1K/ b - P@G9[G11] 0 3"), "P@G9[G11]"),
        ("E0126", Check(c), pdtl(&"/".repeat(pdtl::MAX_BYTES + 1)), "/"),
        ("W0101", Check(c), pdtl("/27:1k/14:3K3/ w -- - 0"), "0"),
        ("W0102", Check(c), pdtl("/27:1k/14:3K3/  w -- - 0 1"), "  "),
        ("W0103", Check(c), pdtl("/27:1k/14:21K3/ w -- - 0 1"), "21"),
        ("W0104", Check(c), pdtl("/27:1k/14:3K/ w -- - 0 1"), "3K"),
        ("W0105", Check(c), pdtl("/27:1k/20:7/14:3K3/ w -- - 0 1"), "20:7"),
        ("W0106", Check(c), pdtl("/27:1k/014:3K3/ w -- - 0 1"), "014"),
        ("W0107", Check(c), pdtl("/27:1k/14:3K3/ w - - 0 1"), "-"),
        ("W0108", Check(c), pdtl("/27:1k/14:3K3/13:4P3/ b -- G13@11-9 0 1"), "11-9"),
        ("W0109", Check(c), pdtl("/27:1k/14:3K3/ w -\u{2010} - 0 1"), "\u{2010}"),
        ("W0110", Check(c), pdtl("/27:1k/14:3p3/13:3PP3/1:1K/ w -- F14 0 1"), "F14"),
        ("W0111", Check(c), pdtl("/27:1k/14:3K3/ w -- - 00 1"), "00"),
        // PDTL in the app's dialect.
        ("W0112", AppPdtl, b"/27:1k/3:R3/1:K1/ w K - 0 1".to_vec(), "K"),
        ("W0113", AppPdtl, b"/27:1k/3:R3/1:1K/ w KR - 0 1".to_vec(), "KR"),
        ("W0114", AppPdtl, b"/27:1k/3:R2R/1:1K/ w KR - 0 1".to_vec(), "KR"),
        ("W0115", AppPdtl, b"/27:1k/11:4p3/1:1K/ w - P@G12[G11] 0 5".to_vec(), "P@G12[G11]"),
        ("W0116", AppPdtl, b"/27:1k/15:4P3/14:3P3/1:1K/ b - G15@F14 0 5".to_vec(), "G15@F14"),
        ("W0117", AppPdtl, b"/27:1k/3:R3/1:1K/ w RKR - 0 1".to_vec(), "R"),
        ("W0118", AppPdtl, b"/1:1K/27:1k/ w - - 0 1".to_vec(), "27"),
        ("W0119", AppPdtl, b"/27:1k/1:1K/ w - -".to_vec(), "-"),
        ("W0120", AppPdtl, b"/27:1k/1:1K/ w - - - 1".to_vec(), "-"),
        ("W0121", AppPdtl, b"/27:1k/14:3Q3/1:1K/ w - - 0 1".to_vec(), "Q"),
        ("W0122", AppPdtl, b"/27:1k//1:1K/ w - - 0 1".to_vec(), "/"),
        ("W0123", AppPdtl, b"/27:1k/14:3P3/14:P6/1:1K/ w - - 0 1".to_vec(), "14"),
        ("W0124", AppPdtl, b"/27:1k/1:1K/ w - - 0 1 x".to_vec(), "x"),
        // Syntax.
        ("E0201", Check(s), v("1. E7-E13%, E21-E15: *\n"), "%"),
        ("E0202", Check(s), v("1. E7-E13: * { unclosed\n"), "{"),
        ("E0203", Check(s), v("[Event \"CG]\n1. E7-E13: *\n"), "\"CG"),
        ("E0204", Check(s), v("1. E8-E13: *\n"), "E8"),
        ("E0205", Check(s), v("1. e7-E13: *\n"), "e"),
        ("E0206", Check(s), v("1. E7-E13, E21-E15 2. E13xF16: *\n"), "x"),
        ("E0207", Check(s), v("1. KRK-HI: *\n"), "KRK-HI"),
        ("E0208", Check(s), v("1. E7-E13: 2-2\n"), "2-2"),
        ("E0209", Check(s), v("1. E7-: *\n"), ":"),
        ("E0210", Check(s), v("1. E7-E13 E21-E15: *\n"), "E21-E15:"),
        ("E0211", Check(s), v("1. E7-E13 (1. F8-F12\n"), "("),
        ("E0212", Check(s), v("1. E7-E13: * )\n"), ")"),
        ("E0213", Check(s), v("1. E13-NF16: *\n"), "-"),
        ("E0214", Check(s), v("1. …, E21-E15 2. PE27=D: *\n"), "P"),
        ("E0215", Check(s), v("[Redefine \"A@J, T@R\", C@N\"]\n1. E7-E13: *\n"), ","),
        ("E0216", Check(s), v("[Event \"a\\qb\"]\n1. E7-E13: *\n"), "\\q"),
        ("E0217", Check(s), b"1. E7-E13: *\n".to_vec(), "1"),
        ("E0218", Check(s), v("1. E7-E13: * 0-3\n"), "0-3"),
        ("E0219", Check(s), v("0. E7-E13: *\n"), "0."),
        ("E0220", Check(s), v("1. E7-E13 ($[0] 1. F8-F12) 1. …, E21-E15: *\n"), "$[0]"),
        (
            "E0221",
            Check(s),
            v(&format!(
                "1. E7-E13 {}1. F8-F12{} 1. …, E21-E15: *\n",
                "(1. F8-F12 ".repeat(65),
                ")".repeat(65)
            )),
            "(",
        ),
        (
            "E0222",
            within(Limits { comment_bytes: 16, ..Limits::default() }),
            v("1. E7-E13: * { a comment longer than the limit }\n"),
            "{",
        ),
        (
            "E0223",
            within(Limits { line_bytes: 32, ..Limits::default() }),
            v("\n[Event \"The Barcelona Open, round one\"]\n1. E7-E13: *\n"),
            "[",
        ),
        (
            "E0224",
            within(Limits { tags: 2, ..Limits::default() }),
            v("[Event \"CG\"] [Site \"Moià\"]\n1. E7-E13: *\n"),
            "[Site",
        ),
        (
            "E0225",
            within(Limits { plies: 2, ..Limits::default() }),
            v("1. E7-E13, E21-E15 2. F8-F12: *\n"),
            "F8-F12:",
        ),
        ("W0201", Check(s), v("1. E7\u{2013}E13: *\n"), "\u{2013}"),
        ("W0202", Check(s), v("[DPTL \"/27:1k/14:3K3/ w -- - 0 1\"]\n1. KF14-F16: *\n"), "DPTL"),
        ("W0203", Check(s), v("1. E7-E13, E21-E15 *\n"), "E21-E15"),
        ("W0204", Check(s), v("1. E7-E13, E21-E15:\n"), "E21-E15:"),
        ("W0205", Check(s), v("1. E7-E13: * { @W well played }\n"), "@W"),
        ("W0206", Check(s), v("1. E7-E13:\n{ see ~% }\n*\n"), "~"),
        ("W0207", Check(s), v("1. E7 - E13, E21-E15: *\n"), "E7 - E13"),
        ("W0208", Check(s), v("1. PE7-E11, E21-E15: *\n"), "P"),
        ("E0226", Check(s), v("1. E25-E27=K: *\n"), "K"),
        (
            "E0227",
            within(Limits { pairs: 2, ..Limits::default() }),
            v("1. E7-E13, E21-E15 2. F8-F12, F22-F16 3. G7-G11: *\n"),
            "3.",
        ),
        (
            "E0228",
            within(Limits { variations: 1, ..Limits::default() }),
            v("1. E7-E13 (1. F8-F12) (1. G7-G11) 1. …, E21-E15: *\n"),
            "(",
        ),
        ("E0229", within(Limits { strays: 0, ..Limits::default() }), v("1. E7-E13: * )\n"), ")"),
        // Tags.
        ("E0302", Check(s), b"[Variant \"Chess\"]\n1. E7-E13: *\n".to_vec(), "Chess"),
        (
            "E0303",
            Check(s),
            b"[Variant \"Grand C'escacs\"]\n1. E7-E13: *\n".to_vec(),
            "Grand C'escacs",
        ),
        ("W0301", Check(s), v("[Site \"?\"] [Event \"CG\"]\n1. E7-E13: *\n"), "[Event \"CG\"]"),
        (
            "W0302",
            Check(s),
            v("[Annotator \"A\"] [Result \"*\"] [Annotator \"B\"]\n1. E7-E13: *\n"),
            "[Annotator \"B\"]",
        ),
        (
            "W0303",
            Check(s),
            v("[Redefine \"FAN\"] [Lang \"en\"]\n1. ♘E3-C7: *\n"),
            "[Redefine \"FAN\"]",
        ),
        (
            "W0304",
            Check(s),
            v("[PDTL \"/27:1k/14:3K3/ w -- - 0 1\"] [Lang \"en\"]\n1. KF14-F16: *\n"),
            "[PDTL \"/27:1k/14:3K3/ w -- - 0 1\"]",
        ),
        ("W0305", Check(s), v("[Event \"a\"] [Event \"b\"]\n1. E7-E13: *\n"), "[Event \"b\"]"),
        ("W0306", Check(s), v("[Timecontrol \"?\"]\n1. E7-E13: *\n"), "Timecontrol"),
        (
            "W0307",
            Check(s),
            v("[Lang \"en\"] [Event \"CG\"] [Result \"*\"]\n1. E7-E13: *\n"),
            "[Event \"CG\"]",
        ),
        (
            "W0308",
            Check(s),
            v("[Lang \"en\"] [Id \"Cescacs-X01\"] [Annotator \"Cescacs\"]\n1. E7-E13: *\n"),
            "[Id \"Cescacs-X01\"]",
        ),
        (
            "W0309",
            Check(s),
            v("[Title \"Fool's mate\"] [Lang \"en\"]\n1. E7-E13: *\n"),
            "[Title \"Fool's mate\"]",
        ),
        ("W0310", Check(s), v("[Date \"2021-6-4\"]\n1. E7-E13: *\n"), "2021-6-4"),
        ("W0311", Check(s), v("[Round \"first\"]\n1. E7-E13: *\n"), "first"),
        ("W0312", Check(s), v("[Result \"1-0\"]\n1. E7-E13: *\n"), "1-0"),
        (
            "W0313",
            Check(s),
            v("[Id \"Cescacs\"] [Annotator \"Cescacs\"]\n1. E7-E13: *\n"),
            "Cescacs",
        ),
        ("W0314", Check(s), v("[Lang \"English\"]\n1. E7-E13: *\n"), "English"),
        ("W0315", Check(s), v("[TimeControl \"40/\"]\n1. E7-E13: *\n"), "40/"),
        ("W0316", Check(s), v("[Mode \"otb\"]\n1. E7-E13: *\n"), "otb"),
        ("W0317", Check(s), v("[Termination \"resigned\"]\n1. E7-E13: *\n"), "resigned"),
        ("W0318", Check(s), v("[WhiteType \"robot\"]\n1. E7-E13: *\n"), "robot"),
        (
            "W0319",
            Check(s),
            v("[Id \"Cescacs-X01\"] [Lang \"en\"]\n1. E7-E13: *\n"),
            "[Id \"Cescacs-X01\"]",
        ),
        ("W0320", Check(s), v("[Date \"2025-13-45\"]\n1. E7-E13: *\n"), "2025-13-45"),
        // Conversion (`--letters` as given to `cescacs convert`).
        ("E0701", Convert("FAN"), v("[Redefine \"X@J\"]\n1. XF6-C15: *\n"), "X@J"),
        ("E0702", Convert("FAN"), v("[Redefine \"B@J\"]\n1. JF6-C15: *\n"), "J"),
        ("E0703", Convert("FAN"), v("[PDTL \"/29:k/ w -- - 0 1\"]\n1. E7-E13: *\n"), "29"),
        ("W0701", Convert("L@J"), v("1. E7-E13:\n{ ~L or ~JF6 }\n"), "L"),
        // The official app's move lists (`cescacs convert --from app`).
        ("E0704", AppList, b"1. G7-G13, F20-F16\nG13-G15\n".to_vec(), "G13-G15"),
        ("E0705", AppList, "1. \u{2026}, G7-G13\n".as_bytes().to_vec(), "\u{2026}"),
    ]
}

/// A game's diagnostics: the reader's and the check's, in stream offsets, sorted.
fn checked(read: ReadGame<ParsedGame>, level: Level) -> Vec<Diagnostic> {
    let mut all = read.diagnostics;
    let found = Check::new(level).game(&read.game);
    all.extend(found.into_iter().map(|d| d.shifted(read.offset)));
    Diagnostic::sort(&mut all);
    all
}

/// The diagnostics of a case and the text people see.
fn run(how: &Run, input: &[u8]) -> (Vec<Diagnostic>, String) {
    let shown = ctl_pgn::decode::decode(input.to_vec()).shown().to_string();
    let found = match how {
        Run::Check(level) => LazyReader::new(input)
            .flat_map(|g| checked(g.expect("reading memory").into_read(), *level))
            .collect(),
        Run::CheckWithin(level, limits) => LazyReader::with_limits(input, limits)
            .flat_map(|g| checked(g.expect("reading memory").into_read(), *level))
            .collect(),
        Run::Convert(letters) => {
            let letters = match *letters {
                "FAN" => Letters::fan(),
                set => Letters::from_redefine(set).expect("a letter set"),
            };
            let file = ctl_an::parse_file(&shown).file;
            ctl_pgn::convert::convert(&file, &letters).diagnostics
        }
        Run::AppList => ctl_pgn::app::from_app(&shown).diagnostics,
        Run::AppPdtl => pdtl::read_in(&shown, &Letters::standard(), pdtl::Dialect::App).diagnostics,
    };
    (found, shown)
}

/// `E0402` cannot come from text (the parser reports `E27=&` as `E0214` first): a tree with a
/// forced promotion changed by hand to `=&`.
fn forced_promotion_without_piece() -> (Vec<Diagnostic>, String) {
    let text = format!("{V}[PDTL \"/27:Pk/1:1K/ w -- - 0 1\"]\n1. E27=D: *\n");
    let mut syntax = ctl_an::parse_file(&text).file.games.remove(0);
    let Ply::Move(m) = &mut syntax.movetext.pairs[0].white else { panic!("a move") };
    let MoveKind::ForcedPromotion(f) = &mut m.kind else { panic!("a forced promotion") };
    f.promotion.target = PromotionTarget::Awaiting;
    (Check::new(Level::Coherence).game(&ParsedGame::new(syntax, &text)), text)
}

#[test]
fn every_code_renders_as_in_the_golden_files() {
    let mut outcomes: Vec<(String, Vec<Diagnostic>, String)> = Vec::new();
    for (code, how, input, covered) in cases() {
        let (found, shown) = run(&how, &input);
        let mine: Vec<&Diagnostic> = found.iter().filter(|d| d.code == code).collect();
        assert_eq!(mine.len(), 1, "{code}: expected one {code} from {shown:?}, found {found:#?}");
        let span = mine[0].span;
        // `E0001` covers bytes that are not text: people see them as `?`.
        let expected = if code == "E0001" { "??" } else { covered };
        assert_eq!(&shown[span.range()], expected, "{code}: span {span} of {shown:?}");
        let others: Vec<&str> = found.iter().map(|d| d.code).filter(|c| *c != code).collect();
        // An unclosed quote is also a tag that does not close: the only cases with company.
        let company: &[&str] = match code {
            "E0203" => &["E0215"],
            "E0215" => &["E0203"],
            _ => &[],
        };
        assert!(
            others.iter().all(|c| company.contains(c)),
            "{code}: {shown:?} also gives {others:?}"
        );
        outcomes.push((code.to_string(), found, shown));
    }
    let (found, text) = forced_promotion_without_piece();
    let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E0402"]);
    assert_eq!(&text[found[0].span.range()], "=D");
    outcomes.push(("E0402".to_string(), found, text));

    let mut text = String::new();
    let mut reports = Vec::new();
    for (code, found, shown) in &outcomes {
        text += &format!("=== {code}\n");
        text += &render_text(found, "input.ctl-pgn", shown, false);
        text.push('\n');
        let mut report = FileReport::new(code, shown).with_uri(format!("untitled:{code}"));
        report.extend(found.iter().cloned(), Context::game(1));
        reports.push(report);
    }
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    common::compare_golden(golden.join("codes-ariadne.txt"), &text);
    common::compare_golden(
        golden.join("codes.json"),
        &render_json(&reports, PositionEncoding::Utf16),
    );

    // Every code of the index has a golden: here, or among the validation codes.
    let validation = std::fs::read_to_string(golden.join("validate-ariadne.txt")).expect("golden");
    let mut goldened: BTreeSet<String> = outcomes.iter().map(|(c, _, _)| c.clone()).collect();
    goldened.extend(validation.lines().filter_map(|l| l.strip_prefix("=== ")).map(str::to_string));
    let missing: Vec<String> = documented().difference(&goldened).cloned().collect();
    assert!(missing.is_empty(), "documented codes without a golden: {missing:?}");
}
