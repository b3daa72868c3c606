//! With the `serde` feature, the text types serialize as their text and read back.
//!
//! The feature is always on for this crate's tests (a dev-dependency on the crate itself turns it
//! on), so this file has no `cfg` gate: if the feature ever stopped being enabled here, the tests
//! would fail to build instead of silently disappearing from `cargo test --workspace`.

use cescacs_board::{
    CastlingRights, Colour, Column, EnPassant, Hex, Line, MoveNumber, Piece, PieceKind,
};
use serde::{Serialize, de::DeserializeOwned};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(
    value: T,
    json: &str,
) {
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn text_types_serialize_as_text() {
    let g13: Hex = "G13".parse().unwrap();
    round_trip(g13, "\"G13\"");
    round_trip(Column::Z, "\"Z\"");
    round_trip(Line::new(14).unwrap(), "\"14\"");
    round_trip(Colour::Black, "\"Black\"");
    round_trip(PieceKind::Wyvern, "\"Wyvern\"");
    round_trip(Piece::new(Colour::Black, PieceKind::Knight), "\"n\"");
    round_trip([CastlingRights::ALL, CastlingRights::NONE], "[\"RKR\",\"-\"]");
    round_trip(
        EnPassant::Triple { pawn: g13, lines: [Line::new(9).unwrap(), Line::new(11).unwrap()] },
        "\"G13@9-11\"",
    );
    round_trip(EnPassant::Scornful("F14".parse().unwrap()), "\"F14\"");
    round_trip(EnPassant::None, "\"-\"");
    round_trip(MoveNumber::Unknown, "\"?\"");
    round_trip(MoveNumber::known(40).unwrap(), "\"40\"");
    assert!(serde_json::from_str::<Hex>("\"F13\"").is_err());
}

#[test]
fn a_bad_text_value_is_rejected_with_the_reason() {
    let e = serde_json::from_str::<Hex>("\"F13\"").unwrap_err().to_string();
    assert!(e.contains("F13 is not a hex"), "{e}");
    let e = serde_json::from_str::<MoveNumber>("\"0\"").unwrap_err().to_string();
    assert!(e.contains("a move number from 1"), "{e}");
}
