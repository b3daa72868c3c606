//! Writing syntax trees in the export layout of `docs/FORMAT.md`, through the one canonical
//! writer, the game model's ([`Game::write`](crate::Game::write)): whole files and records as
//! the parser read them, for `cescacs fmt`, `filter` and `convert`, which write what they read
//! without playing it.
//!
//! Reading is forgiving and writing is canonical (docs/DECISIONS.md 2): a tree read from any accepted
//! spelling is written in one fixed layout, and reading that text back gives the same tree (spans
//! aside). Comment text, unknown tags and the tag order are kept as they were read.

use cescacs_diagnostics::Diagnostic;
pub use ctl_an::WriteOptions;
use ctl_an::syntax::{File, Movetext, Record, Tag};

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
        .filter(|d| blocks_writing(d))
        .cloned()
        .collect();
    Diagnostic::sort(&mut found);
    found
}

/// Whether a reader's diagnostic keeps its text from being rewritten ([`unwritable`]): an
/// error, or prose around games.
pub fn blocks_writing(d: &Diagnostic) -> bool {
    d.is_error() || d.code == crate::decode::PROSE
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

/// Writes one game: one tag per line in the order read, one blank line, then the movetext
/// (what [`Game`](crate::Game) writes for the same record).
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

/// Writes a movetext alone in the export layout, with the default (Unicode) characters.
///
/// ```
/// let (mt, _) = ctl_an::parse_movetext("1. E7‐E13 ?!, E21*E15 {@W: fine} (1. …, F20-F16) 2. F8-F12: 1-1");
/// assert_eq!(ctl_pgn::write::write_movetext(&mt), "1. E7-E13 ?!, E21×E15\n{@W: fine}\n(1. …, F20-F16)\n2. F8-F12 :\n1-1\n");
/// ```
pub fn write_movetext(movetext: &Movetext) -> String {
    write_movetext_with(movetext, WriteOptions::default())
}

/// Writes a movetext alone in the export layout (a game without tags): opening comments, one
/// pair per line, comments on their own lines after their pair, each variation opening on its
/// own line with one leading dot per nesting level, the result on its own line, closing
/// comments last.
pub fn write_movetext_with(movetext: &Movetext, options: WriteOptions) -> String {
    let mut out = String::new();
    let tree = crate::model::tree_of(movetext.clone());
    crate::model::write::write_game_into(&mut out, &[], &tree, options);
    out
}

/// The record's tags and movetext through the model's writer (the moves are not played:
/// writing needs none of their positions).
fn write_game_into(out: &mut String, game: &Record, options: WriteOptions) {
    let tree = crate::model::tree_of(game.movetext.clone());
    crate::model::write::write_game_into(out, &game.tags, &tree, options);
}

/// Writes a tag as `[Name "value"]`, escaping `"` and `\` in the value.
///
/// ```
/// let file = ctl_an::parse_file("[Site  \"Moià\\\\Bages\" ]").file;
/// assert_eq!(ctl_pgn::write::write_tag(&file.games[0].tags[0]), "[Site \"Moià\\\\Bages\"]");
/// ```
pub fn write_tag(tag: &Tag) -> String {
    let mut out = String::with_capacity(tag.name.len() + tag.value.len() + 5);
    crate::model::write::write_tag_into(&mut out, tag);
    out
}
