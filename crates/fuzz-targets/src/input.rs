//! What a fuzz target's bytes become before any reader sees them, for every target alike.

/// The text the readers see: invalid UTF-8 replaced byte for byte (`ctl_pgn::decode`).
pub(crate) fn text_of(data: &[u8]) -> String {
    ctl_pgn::decode::decode(data.to_vec()).text
}
