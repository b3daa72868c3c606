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
