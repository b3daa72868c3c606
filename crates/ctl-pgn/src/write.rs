//! The canonical writer: whole files in the export layout of `docs/FORMAT.md`.
//!
//! Reading is forgiving and writing is canonical (docs/DECISIONS.md 2): a tree read from any accepted
//! spelling is written in one fixed layout, and reading that text back gives the same tree (spans
//! aside). Comment text, unknown tags and the tag order are kept as they were read.

use core::fmt::Write as _;

use cescacs_board::Diagnostic;
pub use ctl_an::WriteOptions;
use ctl_an::syntax::{File, Record, Tag};

use crate::decode::Decoded;

/// The problems that keep a text from being rewritten (`cescacs fmt`): the errors of its
/// encoding (`decoded`) and of its syntax (the reader's `records` of it), and prose around its
/// games (`W0001`: it is in no tree, writing the tree would drop it). Sorted.
///
/// ```
/// let decoded = ctl_pgn::decode::decode(b"[Variant \"C'escacs\"]\n1. E7xE13: *\n".to_vec());
/// let records: Vec<_> = ctl_an::games_with(&decoded.text, &ctl_an::Limits::DEFAULT).collect();
/// let found = ctl_pgn::write::unwritable(&decoded, &records);
/// assert_eq!(found[0].code, "E0206");
/// ```
pub fn unwritable(decoded: &Decoded, records: &[ctl_an::GameOutput]) -> Vec<Diagnostic> {
    let mut found: Vec<Diagnostic> = decoded
        .diagnostics
        .iter()
        .chain(records.iter().flat_map(|r| &r.diagnostics))
        .filter(|d| d.is_error() || d.code == crate::decode::PROSE)
        .cloned()
        .collect();
    Diagnostic::sort(&mut found);
    found
}

/// Writes a whole file in the export layout: its games in order, one blank line between games.
///
/// ```
/// let text = "\u{feff}[Variant \"C'escacs\"] [Lang \"en\"]\r\n1. E7‐E13 ?!, E21*E15 2. F8-F12: *";
/// let file = ctl_an::parse_file(text).file;
/// let out = ctl_pgn::write::write_file(&file, ctl_pgn::write::WriteOptions::default());
/// assert_eq!(
///     out,
///     "[Variant \"C'escacs\"]\n[Lang \"en\"]\n\n1. E7-E13 ?!, E21×E15\n2. F8-F12 :\n*\n"
/// );
/// ```
pub fn write_file(file: &File, options: WriteOptions) -> String {
    let mut out = String::new();
    for (i, game) in file.games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game_into(&mut out, game, options);
    }
    out
}

/// Writes one game: one tag per line in the order read, one blank line, then the movetext.
///
/// A game without tags is its movetext alone; a game without movetext is its tags alone.
///
/// ```
/// let file = ctl_an::parse_file("[Variant \"C'escacs\"][Note \"a \\\"b\\\" c\"] 1. E7-E13: *").file;
/// let out = ctl_pgn::write::write_game(&file.games[0], Default::default());
/// assert_eq!(out, "[Variant \"C'escacs\"]\n[Note \"a \\\"b\\\" c\"]\n\n1. E7-E13 :\n*\n");
/// ```
pub fn write_game(game: &Record, options: WriteOptions) -> String {
    let mut out = String::new();
    write_game_into(&mut out, game, options);
    out
}

fn write_game_into(out: &mut String, game: &Record, options: WriteOptions) {
    for tag in &game.tags {
        write_tag_into(out, tag);
        out.push('\n');
    }
    let movetext = ctl_an::write_movetext_with(&game.movetext, options);
    if !game.tags.is_empty() && !movetext.is_empty() {
        out.push('\n');
    }
    out.push_str(&movetext);
}

/// Writes a tag as `[Name "value"]`, escaping `"` and `\` in the value.
///
/// ```
/// let file = ctl_an::parse_file("[Site  \"Moià\\\\Bages\" ]").file;
/// assert_eq!(ctl_pgn::write::write_tag(&file.games[0].tags[0]), "[Site \"Moià\\\\Bages\"]");
/// ```
pub fn write_tag(tag: &Tag) -> String {
    let mut out = String::with_capacity(tag.name.len() + tag.value.len() + 5);
    write_tag_into(&mut out, tag);
    out
}

fn write_tag_into(out: &mut String, tag: &Tag) {
    let _ = write!(out, "[{} \"", tag.name);
    for c in tag.value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]");
}
