//! Converting games between letter tables: standard letters, any `[Redefine "..."]` set, and FAN.
//!
//! The `[Redefine]` tag changes what the piece letters of the moves and of the `PDTL` tag mean
//! (docs/DECISIONS.md 7), so a conversion rewrites all of them: the piece letters of every move (main
//! line and variations), the piece references `~X` inside comments, the `PDTL` value (read with the
//! game's letters and written again with the new ones) and the `[Redefine]` tag itself, which is
//! added, changed or removed and placed where the spec wants it: just before `PDTL`, else last.
//!
//! A converted file never reads differently from the original: a game that cannot be converted
//! whole (an unreadable Redefine value, a letter that names no piece, a PDTL value whose pieces
//! cannot be read) is left entirely as written, in its own letters and with its own `Redefine` tag,
//! and every problem found in it is reported. A PDTL value with errors that do not touch its
//! letters (e.g. a castling field the board contradicts, `E0115`) is still converted, letter by
//! letter, so that it reads back with the same problems.

use cescacs_board::Letters;
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{
    Comment, File, Move, MoveKind, Movetext, Pair, PieceLetter, Ply, PromotionTarget, Record,
    Reference, Tag,
};

pub use cescacs_diagnostics::codes::convert::{
    BAD_PDTL, BAD_REDEFINE, UNKNOWN_LETTER, UNKNOWN_REFERENCE,
};

/// A converted (or filtered) file, and the problems that left parts of it as they were written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Converted {
    /// The games, converted.
    pub file: File,
    /// Errors found while converting; their spans point into the text the input was read from.
    pub diagnostics: Vec<Diagnostic>,
}

impl Converted {
    /// Whether some part could not be converted.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The letter table a game is written with: its `[Redefine]` tag, or the standard letters.
///
/// ```
/// let file = ctl_an::parse_file("[Variant \"C'escacs\"] [Redefine \"FAN\"] 1. ♘E3-C7: *").file;
/// assert!(ctl_pgn::convert::letters_of(&file.games[0]).unwrap().is_fan());
/// ```
pub fn letters_of(game: &Record) -> Result<Letters, Box<Diagnostic>> {
    let Some(tag) = game.tag("Redefine") else { return Ok(Letters::standard()) };
    Letters::from_redefine(&tag.value).map_err(|e| {
        let d = Diagnostic::error(
            BAD_REDEFINE,
            tag.value_span,
            format!(
                "expected a Redefine value such as `B@J, Q@D, W@V` or `FAN`, found `{}`",
                tag.value
            ),
        )
        .with_note(e.to_string())
        .with_help("the game is left as written; fix the `Redefine` tag to convert it");
        Box::new(d)
    })
}

/// Converts every game of a file to the letter table `to`.
///
/// ```
/// use cescacs_board::Letters;
/// use ctl_pgn::write::{write_file, WriteOptions};
/// let text = "[Variant \"C'escacs\"]\n[PDTL \"/27:1k/3:1N2/1:1K/ w -- - 0 1\"]\n1. NE3-C7: *";
/// let file = ctl_an::parse_file(text).file;
/// let out = ctl_pgn::convert::convert(&file, &Letters::fan());
/// assert!(out.diagnostics.is_empty());
/// assert_eq!(
///     write_file(&out.file, WriteOptions::default()),
///     "[Variant \"C'escacs\"]\n[Redefine \"FAN\"]\n[PDTL \"/27:1♚/3:1♘2/1:1♔/ w -- - 0 1\"]\n\n1. ♘E3-C7 :\n*\n"
/// );
/// ```
pub fn convert(file: &File, to: &Letters) -> Converted {
    let mut out = Converted::default();
    for game in &file.games {
        let (game, diags) = convert_game(game, to);
        out.file.games.push(game);
        out.diagnostics.extend(diags);
    }
    out
}

/// Converts one game to the letter table `to`, with the problems found.
///
/// A game already written with `to` comes back unchanged (its `PDTL` value is not rewritten). A
/// game with an error (`E0701`, `E0702`, `E0703`) comes back unchanged too: half a conversion would
/// read differently (see the module documentation).
///
/// ```
/// use cescacs_board::Letters;
/// // Line 29 does not exist: the position cannot be read, so nothing is converted.
/// let text = "[Variant \"C'escacs\"] [PDTL \"/29:k/ w -- - 0 1\"] 1. NE3-C7: *";
/// let game = &ctl_an::parse_file(text).file.games[0];
/// let (same, found) = ctl_pgn::convert::convert_game(game, &Letters::fan());
/// assert_eq!(&same, game);
/// assert_eq!(found[0].code, "E0703");
/// assert_eq!(found[0].message, "expected a PDTL value readable with the letters standard, \
///     found E0104: expected a line number from 0 to 28, found 29");
/// ```
pub fn convert_game(game: &Record, to: &Letters) -> (Record, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let from = match letters_of(game) {
        Ok(l) => l,
        Err(d) => return (game.clone(), vec![*d]),
    };
    if from == *to {
        return (game.clone(), diags);
    }
    let cx = Cx { from: &from, to };
    let mut out = game.clone();
    out.tags = cx.tags(&game.tags, &mut diags);
    cx.movetext(&mut out.movetext, &mut diags);
    diags.sort_by_key(|d| d.span.start);
    if diags.iter().any(Diagnostic::is_error) {
        return (game.clone(), diags);
    }
    (out, diags)
}

struct Cx<'a> {
    from: &'a Letters,
    to: &'a Letters,
}

fn is_pdtl(tag: &Tag) -> bool {
    // `DPTL` is the spec examples' misspelling, read as PDTL with a warning.
    tag.name == "PDTL" || tag.name == "DPTL"
}

impl Cx<'_> {
    fn tags(&self, tags: &[Tag], diags: &mut Vec<Diagnostic>) -> Vec<Tag> {
        let mut out: Vec<Tag> = Vec::with_capacity(tags.len() + 1);
        for tag in tags.iter().filter(|t| t.name != "Redefine") {
            let mut tag = tag.clone();
            if is_pdtl(&tag) {
                self.pdtl(&mut tag, diags);
            }
            out.push(tag);
        }
        if let Some(value) = self.to.redefine_value() {
            let at = out.iter().position(is_pdtl).unwrap_or(out.len());
            let span = Span::new(0, 0);
            let redefine = Tag {
                span,
                name: "Redefine".to_string(),
                name_span: span,
                value,
                value_span: span,
            };
            out.insert(at, redefine);
        }
        out
    }

    fn pdtl(&self, tag: &mut Tag, diags: &mut Vec<Diagnostic>) {
        let read = pdtl::read(&tag.value, self.from);
        if let Some(position) = read.position {
            tag.value = pdtl::write(&position, self.to);
            return;
        }
        if let Some(value) = self.transliterate_pdtl(&tag.value, &read) {
            tag.value = value;
            return;
        }
        let errors: Vec<&Diagnostic> = read.diagnostics.iter().filter(|d| d.is_error()).collect();
        let Some(first) = errors.first() else { return };
        // Offsets inside the value are file offsets only when it was written without escapes.
        let verbatim = tag.value_span.len() == tag.value.len();
        let span = if verbatim { first.span.shift(tag.value_span.start) } else { tag.value_span };
        let mut d = Diagnostic::error(
            BAD_PDTL,
            span,
            format!(
                "expected a PDTL value readable with the letters {}, found {}: {}",
                self.from, first.code, first.message
            ),
        )
        .with_label(tag.span, "in this PDTL tag")
        .with_help(
            "the game is left as written, in its letters; fix the PDTL value (`cescacs check` \
             shows every problem) and convert again",
        );
        if errors.len() > 1 {
            d = d.with_note(format!("the value has {} more errors", errors.len() - 1));
        }
        diags.push(d);
    }

    /// A PDTL value that cannot be read only because of its castling field (the board is read
    /// and replayed, [`crate::ParsedGame::start`]), converted letter by letter (placement and
    /// castling field): the converted value must read with the new letters exactly as the
    /// original does with the old ones (same problems, same board), else `None`.
    fn transliterate_pdtl(&self, value: &str, read: &pdtl::ReadOutput) -> Option<String> {
        let board = crate::parsed::defensive(value, self.from, read)?;
        let mut out = String::with_capacity(value.len() * 2);
        let mut field = 0;
        let mut in_space = false;
        for c in value.chars() {
            if c.is_whitespace() {
                if !in_space && !out.is_empty() {
                    field += 1;
                }
                in_space = true;
                out.push(c);
                continue;
            }
            in_space = false;
            // Placement (0) and castling (2) hold piece letters; the turn is `w`/`b` and the
            // en-passant field holds hexes, whose column letters are not pieces.
            match self.from.piece_of(c).filter(|_| field == 0 || field == 2) {
                Some(piece) => out.push(self.to.letter(piece)),
                None => out.push(c),
            }
        }
        let again = pdtl::read(&out, self.to);
        let codes = |r: &pdtl::ReadOutput| r.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
        let same_board = crate::parsed::defensive(&out, self.to, &again) == Some(board);
        (again.position.is_none() && codes(&again) == codes(read) && same_board).then_some(out)
    }

    fn movetext(&self, mt: &mut Movetext, diags: &mut Vec<Diagnostic>) {
        self.comments(&mut mt.comments, diags);
        self.pairs(&mut mt.pairs, diags);
        self.comments(&mut mt.closing_comments, diags);
    }

    fn pairs(&self, pairs: &mut [Pair], diags: &mut Vec<Diagnostic>) {
        for p in pairs {
            self.ply(&mut p.white, diags);
            if let Some(b) = &mut p.black {
                self.ply(b, diags);
            }
            self.comments(&mut p.comments, diags);
            for v in &mut p.variations {
                self.comments(&mut v.comments, diags);
                self.pairs(&mut v.pairs, diags);
            }
        }
    }

    fn ply(&self, ply: &mut Ply, diags: &mut Vec<Diagnostic>) {
        if let Ply::Move(m) = ply {
            self.mv(m, diags);
        }
    }

    fn mv(&self, m: &mut Move, diags: &mut Vec<Diagnostic>) {
        match &mut m.kind {
            MoveKind::Ordinary(o) => {
                for letter in [&mut o.piece, &mut o.captured].into_iter().flatten() {
                    self.letter(letter, diags);
                }
                if let Some(p) = &mut o.promotion {
                    self.promotion(&mut p.target, diags);
                }
            }
            MoveKind::ForcedPromotion(f) => self.promotion(&mut f.promotion.target, diags),
            MoveKind::Castling(_) => {}
        }
    }

    fn promotion(&self, target: &mut PromotionTarget, diags: &mut Vec<Diagnostic>) {
        if let PromotionTarget::Piece(letter) = target {
            self.letter(letter, diags);
        }
    }

    fn letter(&self, letter: &mut PieceLetter, diags: &mut Vec<Diagnostic>) {
        match self.from.kind_of_move_letter(letter.letter) {
            Some(kind) => letter.letter = self.to.move_letter(kind),
            None => diags.push(
                Diagnostic::error(
                    UNKNOWN_LETTER,
                    letter.span,
                    format!(
                        "expected a piece letter of the letters {}, found `{}`",
                        self.from, letter.letter
                    ),
                )
                .with_help("the game is left as written, in its letters"),
            ),
        }
    }

    fn comments(&self, comments: &mut [Comment], diags: &mut Vec<Diagnostic>) {
        for c in comments {
            self.comment(c, diags);
        }
    }

    /// Rewrites the piece letter of each `~X` reference; the rest of the text stays verbatim.
    fn comment(&self, c: &mut Comment, diags: &mut Vec<Diagnostic>) {
        // The text starts after `{`; reference spans are offsets into the same source.
        let text_start = c.span.start + 1;
        let mut text = c.text.clone();
        for r in c.references.iter().rev() {
            let Reference::Piece { letter, .. } = &r.value else { continue };
            let Some(at) = (r.span.start + 1).checked_sub(text_start) else { continue };
            let end = at + letter.len_utf8();
            // Only when the text still holds `~X` there (a tree built by hand may not).
            if at == 0 || text.get(at - 1..end) != Some(&format!("~{letter}")) {
                continue;
            }
            let Some(piece) = self.from.piece_of(*letter) else {
                let span = Span::new(r.span.start + 1, r.span.start + 1 + letter.len_utf8());
                diags.push(
                    Diagnostic::warning(
                        UNKNOWN_REFERENCE,
                        span,
                        format!(
                            "expected a piece letter of the letters {} after `~`, found `{letter}`",
                            self.from
                        ),
                    )
                    .with_help(
                        "the reference is left as written; after the conversion it may name \
                         another piece",
                    ),
                );
                continue;
            };
            let new = self.to.letter(piece);
            text.replace_range(at..end, new.encode_utf8(&mut [0; 4]));
        }
        c.text = text;
        for r in &mut c.references {
            if let Reference::Piece { letter, .. } = &mut r.value {
                if let Some(piece) = self.from.piece_of(*letter) {
                    *letter = self.to.letter(piece);
                }
            }
        }
    }
}
