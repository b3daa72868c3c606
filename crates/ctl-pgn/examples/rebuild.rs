//! The game model's tutorial and acceptance test: every game of a file is read, then built
//! again as a NEW game through the model's API alone, and the new games are printed in the
//! canonical layout, which must be exactly what `cescacs fmt --stdout FILE` prints.
//!
//! `cargo run -p ctl-pgn --example rebuild -- corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn`
//!
//! For each game: its tags are set one by one; every move of every line is chosen among the
//! legal moves of its position ([`Position::legal_moves`]), not parsed from text; every
//! annotation (check mark, rating, NAGs, draw offer, last-move mark, comments, labels, the
//! result) is set through the API; variations are added at their branch points, in written
//! order. A move that cannot be chosen so (one of a fragment whose start is not known, or one
//! the file writes although it is not legal there) is added as written, and the example says
//! where on standard error. A file the reader finds errors in is not rewritten (as `cescacs
//! fmt` leaves it): its errors are printed and the exit status is 1.
//!
//! `crates/ctl-pgn/tests/rebuild.rs` runs [`rebuild`] on every file of `corpus/` and compares
//! it with `cescacs fmt`'s text, byte for byte.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use cescacs_board::{Colour, Position};
use ctl_an::syntax::{Comment, Move};
use ctl_pgn::model::{CommentPlace, Pair};
use ctl_pgn::{EditError, Game, NewMove, Node, NodeId, Reader};

/// What [`rebuild`] made of a file.
#[derive(Debug, Default)]
pub struct Rebuilt {
    /// The rebuilt games in the canonical layout, one blank line between games; empty when the
    /// file is not rewritten.
    pub text: String,
    /// Where a move was added as written, one line each.
    pub notes: Vec<String>,
    /// What keeps the file from being rewritten (the reader's errors); empty when it is.
    pub errors: Vec<String>,
}

/// Reads every game of `input` and builds each again through the model's API.
pub fn rebuild(input: impl io::Read) -> io::Result<Rebuilt> {
    let mut out = Rebuilt::default();
    let mut games = Vec::new();
    for read in Reader::new(input) {
        let read = read?;
        for d in read.diagnostics.iter().filter(|d| ctl_pgn::write::blocks_writing(d)) {
            out.errors.push(format!("[{}] {} (at byte {})", d.code, d.message, d.span.start));
        }
        if !read.game.is_empty() {
            games.push(read.game);
        }
    }
    if !out.errors.is_empty() {
        return Ok(out);
    }
    for (index, source) in games.iter().enumerate() {
        let mut build =
            Build { source, game: Game::empty(), number: index + 1, notes: &mut out.notes };
        build.game().map_err(|e| io::Error::other(format!("game {}: {e}", index + 1)))?;
        if index > 0 {
            out.text.push('\n');
        }
        out.text.push_str(&build.game.to_string());
    }
    Ok(out)
}

/// One game being built again from its source.
struct Build<'s> {
    source: &'s Game,
    game: Game,
    /// The game's number in its file, for the notes.
    number: usize,
    notes: &'s mut Vec<String>,
}

impl Build<'_> {
    fn game(&mut self) -> Result<(), EditError> {
        // Tags one by one, in their order (the `PDTL` tag sets the start position).
        for tag in self.source.tags() {
            self.game.push_tag(&tag.name, &tag.value)?;
        }
        copy_comments(
            self.source.opening_comments(),
            self.game.comments_mut(CommentPlace::Opening)?,
        )?;
        if let Some(first) = self.source.root().next() {
            self.line(first, Place::After(NodeId::ROOT))?;
        }
        self.game.set_result(self.source.result());
        copy_comments(
            self.source.closing_comments(),
            self.game.comments_mut(CommentPlace::Closing)?,
        )?;
        Ok(())
    }

    /// Builds the line of the source that starts with `first`, placed at `place` in the new
    /// game, with the comments and variations written after each of its pairs.
    fn line(&mut self, first: Node<'_>, place: Place) -> Result<(), EditError> {
        let mut place = place;
        for ply in std::iter::once(first).chain(first.main_line()) {
            let node = self.ply(ply, place)?;
            place = Place::After(node);
            let pair = ply.pair().ok_or(EditError::Root)?;
            let ends_pair =
                ply.next().is_none_or(|next| next.pair().map(|p| p.first()) != Some(pair.first()));
            if ends_pair {
                self.after_pair(pair, node)?;
            }
        }
        Ok(())
    }

    /// Adds the source's ply `ply` at `place`: chosen among the legal moves of its position
    /// when the source has its board move, as written otherwise. Then its marks, and its
    /// pair's number and shape when they are not what the model gives a new ply.
    fn ply(&mut self, ply: Node<'_>, place: Place) -> Result<NodeId, EditError> {
        let Some(written) = ply.written() else {
            // `…` in Black's place, or text that is no move: the reader found an error, and
            // the file is not rewritten.
            return Err(EditError::NotAMove(ply.id()));
        };
        let branch = match place {
            Place::After(node) => node,
            Place::Variation { pair, side } => self.game.variation_branch(pair, side)?,
        };
        let position = self.game.position(branch);
        let chosen = match (&position, ply.board_move()) {
            (Some(position), Some(played)) => legal_move(position, played),
            _ => None,
        };
        let new: NewMove = match chosen {
            Some(m) => m.into(),
            None => {
                self.note(ply, position.is_some());
                as_written(written).into()
            }
        };
        let node = match place {
            Place::After(after) => self.game.add_move(after, new)?,
            Place::Variation { pair, side } => self.game.add_variation(pair, side, new)?,
        };
        // The marks, as the source writes them (a check mark too: the source may write `+`,
        // or a mark the move does not earn, which the checker reports).
        self.game.set_check_mark(node, written.check.map(|c| c.value))?;
        self.game.set_rating(node, written.rating.map(|r| r.value))?;
        let nags: Vec<u32> = written.nags.iter().map(|n| n.value).collect();
        self.game.set_nags(node, &nags)?;
        self.game.set_draw_offer(node, written.draw_offer.is_some())?;
        self.game.set_end(node, written.end.is_some())?;
        // Black's move written in a pair of its own, `N. …, MOVE`, after White's; a move
        // written for the side that is not to move.
        let source_pair = ply.pair().ok_or(EditError::Root)?;
        let side = ply.side().ok_or(EditError::Root)?;
        if source_pair.first() == ply && side == Colour::Black {
            self.game.split_pair(node)?;
        }
        if self.game.node(node).and_then(|n| n.side()) != Some(side) {
            self.game.set_written_side(node, side)?;
        }
        // The number as written, when it is not the one the model counts.
        let number = source_pair.number();
        let made = self.game.node(node).and_then(|n| n.pair()).map(|p| p.number());
        if source_pair.first() == ply
            && made.is_some_and(|m| (m.value, m.unknown) != (number.value, number.unknown))
        {
            self.game.set_number(node, number.value, number.unknown)?;
        }
        Ok(node)
    }

    /// The comments and variations written after the source's pair `pair`, whose last ply is
    /// `last` in the new game.
    fn after_pair(&mut self, pair: Pair<'_>, last: NodeId) -> Result<(), EditError> {
        copy_comments(pair.comments(), self.game.comments_mut(CommentPlace::AfterPair(last))?)?;
        for variation in pair.variations() {
            let index = match variation.first() {
                Some(first) => {
                    let side = first.side().ok_or(EditError::Root)?;
                    self.line(first, Place::Variation { pair: last, side })?;
                    let pair_node =
                        self.game.node(last).and_then(|n| n.pair()).ok_or(EditError::Root)?;
                    pair_node.variations().count() - 1
                }
                None => self.game.add_empty_variation(last)?,
            };
            self.game.set_label(last, index, variation.label())?;
            let place = CommentPlace::BeforeVariation { pair: last, index };
            copy_comments(variation.comments(), self.game.comments_mut(place)?)?;
        }
        Ok(())
    }

    /// Says on standard error that the source's `ply` was added as written, and why.
    fn note(&mut self, ply: Node<'_>, known: bool) {
        let pair = ply.pair().map(|p| p.number());
        let number = pair.map_or(String::new(), |n| {
            format!("{}{} ", n.value, if n.unknown { '?' } else { '.' })
        });
        let why = match ply.play_error() {
            Some(e) => format!("not legal there: [{}] {e}", e.code()),
            None if !known => "its position is not known".to_string(),
            None => "no legal move of its position is the one it writes".to_string(),
        };
        self.notes
            .push(format!("game {}, move {number}`{}`: added as written, {why}", self.number, ply));
    }
}

/// Where a ply goes in the new game: after a node in its line, or first in a new variation
/// after the pair of `pair`, replacing `side`'s move.
#[derive(Clone, Copy)]
enum Place {
    After(NodeId),
    Variation { pair: NodeId, side: Colour },
}

/// The legal move of `position` that plays what `played` plays, chosen among all of them.
fn legal_move(position: &Position, played: cescacs_board::Move) -> Option<cescacs_board::Move> {
    position.legal_moves().into_iter().find(|m| m.board_move() == played.board_move())
}

/// A written move without its marks (they are set through the API, as for a chosen move).
fn as_written(written: &Move) -> Move {
    let mut m = written.clone();
    m.check = None;
    m.rating = None;
    m.nags.clear();
    m.draw_offer = None;
    m.end = None;
    m
}

/// Each comment of `from` made again from its text, at the end of `to`.
fn copy_comments(from: &[Comment], to: &mut Vec<Comment>) -> Result<(), EditError> {
    for c in from {
        to.push(Comment::new(&c.text).map_err(EditError::Comment)?);
    }
    Ok(())
}

#[allow(dead_code)] // the test includes this file for `rebuild` only
fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: rebuild FILE.ctl-pgn");
        return ExitCode::from(2);
    };
    let rebuilt = match std::fs::File::open(Path::new(&path)).and_then(rebuild) {
        Ok(rebuilt) => rebuilt,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    for error in &rebuilt.errors {
        eprintln!("error: {error}");
    }
    for note in &rebuilt.notes {
        eprintln!("note: {note}");
    }
    print!("{}", rebuilt.text);
    ExitCode::from(u8::from(!rebuilt.errors.is_empty()))
}
