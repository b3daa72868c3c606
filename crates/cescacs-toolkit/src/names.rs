//! The names the shells give the toolkit's options (`--level rules`, `{ level: "rules" }`,
//! `level="rules"`), read once, with one message for a name that is not one.

use cescacs_diagram::PieceStyle;
use ctl_pgn::Level;
use ctl_pgn::render::PositionEncoding;
use pdtl::Dialect;

/// `syntax`, `coherence` or `rules`.
///
/// ```
/// use cescacs_toolkit::names::level;
/// assert_eq!(level("coherence"), Ok(ctl_pgn::Level::Coherence));
/// assert_eq!(level("deep").unwrap_err(), "expected the level \"syntax\", \"coherence\" or \"rules\", found \"deep\"");
/// ```
pub fn level(name: &str) -> Result<Level, String> {
    match name {
        "syntax" => Ok(Level::Syntax),
        "coherence" => Ok(Level::Coherence),
        "rules" => Ok(Level::Rules),
        other => Err(format!(
            "expected the level \"syntax\", \"coherence\" or \"rules\", found {other:?}"
        )),
    }
}

/// `coherence` or `rules`: how strictly a replay checks each move before it plays it.
pub fn replay_level(name: &str) -> Result<Level, String> {
    match name {
        "coherence" => Ok(Level::Coherence),
        "rules" => Ok(Level::Rules),
        other => Err(format!("expected the level \"coherence\" or \"rules\", found {other:?}")),
    }
}

/// `spec` or `app`: the dialect of a PDTL.
pub fn dialect(name: &str) -> Result<Dialect, String> {
    match name {
        "spec" => Ok(Dialect::Spec),
        "app" => Ok(Dialect::App),
        other => Err(format!("expected the dialect \"spec\" or \"app\", found {other:?}")),
    }
}

/// `utf-8`, `utf-16` or `utf-32`: the unit of columns (LSP `positionEncoding`).
pub fn encoding(name: &str) -> Result<PositionEncoding, String> {
    name.parse().map_err(|_| {
        format!(
            "expected the position encoding \"utf-8\", \"utf-16\" or \"utf-32\", found {name:?}"
        )
    })
}

/// `discs` (letters in discs) or `symbols` (the spec's Unicode symbols): how a picture draws
/// pieces.
pub fn piece_style(name: &str) -> Result<PieceStyle, String> {
    match name {
        "discs" => Ok(PieceStyle::Discs),
        "symbols" => Ok(PieceStyle::Symbols),
        other => Err(format!("expected the pieces \"discs\" or \"symbols\", found {other:?}")),
    }
}
