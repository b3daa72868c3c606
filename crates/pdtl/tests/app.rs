//! The official app's PDTL dialect (`docs/APP.md`): read into the spec position with a warning
//! for each guess, and written back the way the app's "Load new" reads it.

use cescacs_board::{Letters, Position};
use pdtl::Dialect;

/// Reads `app` in the app's dialect: the canonical spec PDTL and the warning codes.
fn from_app(app: &str) -> (String, Vec<&'static str>) {
    let r = pdtl::read_in(app, &Letters::standard(), Dialect::App);
    let p = r.position.unwrap_or_else(|| panic!("{app}: {:?}", r.diagnostics));
    (pdtl::to_string(&p), r.diagnostics.iter().map(|d| d.code).collect())
}

fn to_app(spec: &str) -> String {
    pdtl::write_in(&pdtl::parse(spec).expect("spec PDTL"), &Letters::standard(), Dialect::App)
}

const INITIAL: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/";

#[test]
fn the_initial_position_is_written_alike() {
    let spec = pdtl::to_string(&Position::initial());
    assert_eq!(to_app(&spec), spec);
    assert_eq!(from_app(&spec), (spec, vec![]));
}

#[test]
fn en_passant_fields_both_ways() {
    let double = "/27:1k/11:4P3/1:1K/ b -- G11@9 0 3";
    assert_eq!(to_app(double), "/27:1k/11:4P3/1:1K/ b - P@G9[G11] 0 3");
    assert_eq!(from_app("/27:1k/11:4P3/1:1K/ b - P@G9[G11] 0 3"), (double.to_string(), vec![]));
    let triple = "/27:1k/13:4P3/1:1K/ b -- G13@9-11 0 3";
    assert_eq!(to_app(triple), "/27:1k/13:4P3/1:1K/ b - P@G9,11[G13] 0 3");
    assert_eq!(from_app(&to_app(triple)).0, triple);
    let black = "/27:1k/15:4p3/1:1K/ w -- G15@17-19 0 3";
    assert_eq!(to_app(black), "/27:1k/15:4p3/1:1K/ w - P@G19,17[G15] 0 3");
    assert_eq!(from_app(&to_app(black)).0, black);
}

#[test]
fn scornful_field_names_the_faced_pawn() {
    let spec = "/27:1k/14:3p3/13:4P3/1:1K/ w -- F14 0 1";
    assert_eq!(to_app(spec), "/27:1k/14:3p3/13:4P3/1:1K/ w - G13@F14 0 1");
    assert_eq!(from_app(&to_app(spec)).0, spec);
}

#[test]
fn bogus_fields_are_dropped_with_a_warning() {
    // After F14@G11 (a capture) the app writes `P@G12[G11]`: G12 is not even a hex.
    let (spec, codes) = from_app("/27:1k/11:4p3/1:1K/ w - P@G12[G11] 0 5");
    assert_eq!((spec.as_str(), codes), ("/27:1k/11:4p3/1:1K/ w -- - 0 5", vec!["W0115"]));
    // An oblique step with the mover's own pawn in front.
    let (spec, codes) = from_app("/27:1k/15:4P3/14:3P3/1:1K/ b - G15@F14 0 5");
    assert_eq!((spec.as_str(), codes), ("/27:1k/15:4P3/14:3P3/1:1K/ b -- - 0 5", vec!["W0116"]));
}

#[test]
fn castling_letters_resolved_from_the_board() {
    // Only the Queen's Rook C3 is home: the app's `KR` is the spec's `RK`.
    let (spec, codes) = from_app("/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -");
    assert_eq!((spec.as_str(), codes), ("/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?", vec!["W0113"]));
    // Both home: ambiguous, read as the app reads it.
    let (spec, codes) = from_app("/27:1k/3:R2R/1:1K/ w KR - 0 1");
    assert_eq!((spec.as_str(), codes), ("/27:1k/3:R2R/1:1K/ w KR- - 0 1", vec!["W0114"]));
    // A King away from home, which the app counts as unmoved.
    let (spec, codes) = from_app("/27:1k/3:R3/1:K1/ w K - 0 1");
    assert_eq!((spec.as_str(), codes), ("/27:1k/3:R3/1:K1/ w -- - 0 1", vec!["W0112"]));
    // A side whose King moved is left out, and a lone `-` is both.
    assert_eq!(from_app(&format!("{INITIAL} w rkr - 0 1")).0, format!("{INITIAL} w -rkr - 0 1"));
    assert_eq!(from_app(&format!("{INITIAL} w - - 0 1")).0, format!("{INITIAL} w -- - 0 1"));
    assert_eq!(to_app(&format!("{INITIAL} w -rkr - 0 1")), format!("{INITIAL} w rkr - 0 1"));
    assert_eq!(to_app(&format!("{INITIAL} w RKR- - 0 1")), format!("{INITIAL} w RKR - 0 1"));
    assert_eq!(to_app(&format!("{INITIAL} w -- - 0 ?")), format!("{INITIAL} w - - 0 -"));
}

#[test]
fn an_app_pdtl_read_as_spec_names_the_conversion() {
    // Saved by the app's authors (the seed file of its repository).
    let app = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:pp1epp/22:2pjp2/21:4p3/20:3p3/19:3e4/15:3p4/13:3P4/10:2P4/9:3E4/8:3P3/7:4P3/6:3JP2/5:PP1EPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr P@D8[D10] 0 3";
    let r = pdtl::read(app, &Letters::standard());
    assert!(r.position.is_none());
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{:?}", r.diagnostics);
    assert_eq!(errors[0].code, "E0125");
    let help = errors[0].help.join("\n");
    assert!(help.contains("cescacs pdtl --from app"), "{help}");
    assert!(help.contains(" b RKRrkr D10@8 0 3"), "{help}");
    // A spec error that is no app way of writing stays what it was.
    let r = pdtl::read("/27:1k/3:3R/1:1K/ w RK- - 0 1", &Letters::standard());
    assert_eq!(r.diagnostics[0].code, "E0115");
}

/// What the app's "Load new" reads although the app never writes it (docs/APP.md, "What Load
/// new reads"): each form read as the app reads it, with its own warning. The spec PDTLs here are
/// the engine's own answers ("Get" after "Load new", read back with `--from app`), recorded in
/// `xtask/app-interop/forms.jsonl` and checked there too.
#[test]
fn what_load_new_reads_is_read_with_a_warning_each() {
    let cases: [(&str, &str, &[&str]); 14] = [
        // Castling letters for Rooks that are not on the board: only what the board allows.
        ("/27:1k/1:1K/ w RKRrkr - 0 1", "/27:1k/1:1K/ w Kk - 0 1", &["W0117"; 4]),
        (
            "/27:1k/25:r3/3:3R/1:1K/ w RKRrkr - 0 1",
            "/27:1k/25:r3/3:3R/1:1K/ w KRrk - 0 1",
            &["W0117", "W0117"],
        ),
        ("/27:1k/3:R3/1:1K/ w RKR - 0 1", "/27:1k/3:R3/1:1K/ w RK- - 0 1", &["W0117"]),
        // A King away from home (W0112) and Black's Rooks missing.
        ("/27:1k/1:K1/ w RKRrkr - 0 1", "/27:1k/1:K1/ w -k - 0 1", &["W0112", "W0117", "W0117"]),
        // Lines out of order, each placed on its line.
        (
            "/27:1k/25:r2r/3:R2R/5:4P1/1:1K/ w RKRrkr - 0 1",
            "/27:1k/25:r2r/5:4P1/3:R2R/1:1K/ w RKRrkr - 0 1",
            &["W0118"],
        ),
        // Stopping after the en-passant, castling or turn field.
        ("/27:1k/3:R2R/1:1K/ w RKR -", "/27:1k/3:R2R/1:1K/ w RKR- - 0 ?", &["W0119"]),
        ("/27:1k/3:R2R/1:1K/ w k", "/27:1k/3:R2R/1:1K/ w -k - 0 ?", &["W0119"]),
        ("/27:1k/25:r3/3:R2R/1:1K/ b", "/27:1k/25:r3/3:R2R/1:1K/ b RKRrk - 0 ?", &["W0119"]),
        // The spec's `-rkr` (White's King has moved) is read too, without a warning.
        ("/27:1k/25:r2r/1:1K/ w -rkr - 0 1", "/27:1k/25:r2r/1:1K/ w -rkr - 0 1", &[]),
        ("/27:1k/1:1K/ w Kk - - -", "/27:1k/1:1K/ w Kk - 0 ?", &["W0120"]),
        ("/27:1k/14:3q1T1/1:1K/ w - - 0 1", "/27:1k/14:3d1R1/1:1K/ w -- - 0 1", &["W0121"; 2]),
        ("/27:1k//1:1K/ w - - 0 1", "/27:1k/1:1K/ w -- - 0 1", &["W0122"]),
        ("/27:1k/14:3P3/14:P6/1:1K/ w - - 0 1", "/27:1k/14:P2P3/1:1K/ w -- - 0 1", &["W0123"]),
        ("/27:1k/1:1K/ w - - 0 1 x y", "/27:1k/1:1K/ w -- - 0 1", &["W0124"]),
    ];
    for (app, spec, codes) in cases {
        assert_eq!(from_app(app), (spec.to_string(), codes.to_vec()), "{app}");
    }
}

#[test]
fn what_load_new_refuses_stays_an_error() {
    let errors = |app: &str| -> Vec<&'static str> {
        let r = pdtl::read_in(app, &Letters::standard(), Dialect::App);
        assert!(r.position.is_none(), "{app}");
        r.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code).collect()
    };
    // The Almogaver belongs to Grand C'escacs (the app reads it; the project does not).
    assert_eq!(errors("/27:1k/14:3M3/1:1K/ w - - 0 1"), ["E0108"]);
    // A hex filled twice by a line given twice.
    assert_eq!(errors("/27:1k/14:3P3/14:3P3/1:1K/ w - - 0 1"), ["E0105"]);
    // One field, castling the app cannot read, and a King on a hex a Rook letter needs.
    assert_eq!(errors("/27:1k/1:1K/"), ["E0101"]);
    assert_eq!(errors("/27:1k/1:1K/ w K- - 0 1"), ["E0114"]);
    assert_eq!(errors("/27:1k/1:1K/ w -RKR - 0 1"), ["E0114"]);
    // Move number 0, a clock that is not a whole number: the app shows them, the spec has none.
    assert_eq!(errors("/27:1k/1:1K/ w - - 0 0"), ["E0122"]);
    assert_eq!(errors("/27:1k/1:1K/ w - - 2.5 1"), ["E0121"]);
}

#[test]
fn the_spec_reader_keeps_its_errors_for_what_the_app_only_reads() {
    let codes = |text: &str| -> Vec<&'static str> {
        pdtl::read(text, &Letters::standard()).diagnostics.iter().map(|d| d.code).collect()
    };
    // Only forms the app reads but never writes: the spec's errors, which say more.
    assert_eq!(codes("/27:1k/1:1K/ w RKRrkr - 0 1"), ["E0115"; 4]);
    assert_eq!(codes("/1:1K/27:1k/ w -- - 0 1"), ["E0106"]);
    assert_eq!(codes("/27:1k/1:1K/ w -- -"), ["E0101"]);
    // With a field written the app's way (`-` for an unknown move number), one E0125 whose
    // conversion reads the lines out of order as the app does, with a note saying so.
    let text = "/1:1K/27:1k/ w - - 0 -";
    let r = pdtl::read(text, &Letters::standard());
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{:?}", r.diagnostics);
    assert_eq!(errors[0].code, "E0125");
    assert!(errors[0].help.join("").contains("`/27:1k/1:1K/ w -- - 0 ?`"), "{:?}", errors[0]);
    assert!(errors[0].notes.iter().any(|n| n.contains("placed on its line")), "{:?}", errors[0]);
}
