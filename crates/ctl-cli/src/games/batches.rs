//! The games a command selects, read in batches and worked on in parallel, for the commands
//! that sum up a collection (`standings`, `tree`): an input is cut into pieces of one game
//! each, as every command cuts it; a batch of pieces (about [`crate::pipeline::BATCH_BYTES`]) is
//! decoded and parsed on the rayon pool, its games offered to the [`Chooser`] in input order,
//! the games selected worked on in parallel, and what each gives handed back in input order.
//! Memory is bounded by a batch and what the work keeps, whatever the size of the input.

use std::io;
use std::path::PathBuf;

use ctl_an::Limits;
use ctl_an::syntax::Record;
use ctl_pgn::reader::{Pieces, StreamPiece};
use rayon::prelude::*;

use cescacs_toolkit::read::ReadPiece;

use super::Chooser;
use crate::input::{self, Input};
use crate::output;
use crate::pipeline::BATCH_BYTES;

/// A game selected, as the work of [`map_selected`] takes it.
pub struct Selected<'p> {
    /// Its record, as the parser read it.
    pub game: Record,
    /// The text its spans point into (its piece of the input).
    pub text: &'p str,
}

/// Reads `input` within `limits`, offers each game to `chooser` in order, runs `work` on every
/// game selected (on the rayon pool), and hands each answer to `take` in input order.
///
/// # Errors
/// When `input` cannot be read: the answers of the games read before are handed over.
pub fn map_selected<T: Send>(
    input: &Input,
    chooser: &mut Chooser,
    limits: Limits,
    work: impl Fn(Selected<'_>) -> T + Sync,
    mut take: impl FnMut(T),
) -> io::Result<()> {
    chooser.start(input);
    let mut pieces = Pieces::new(input.open()?);
    let mut next_game = 1;
    loop {
        let mut batch: Vec<StreamPiece> = Vec::new();
        let mut bytes = 0;
        while bytes < BATCH_BYTES {
            let Some(piece) = pieces.next() else { break };
            let piece = piece?;
            bytes += piece.bytes.len();
            batch.push(piece);
        }
        if batch.is_empty() {
            return Ok(());
        }
        let mut read: Vec<ReadPiece> =
            batch.into_par_iter().map(|piece| ReadPiece::read(piece, &limits, 0)).collect();
        let mut chosen = Vec::new();
        for (at, piece) in read.iter_mut().enumerate() {
            piece.first_game = next_game;
            next_game += piece.game_count();
            let text = &piece.decoded.text;
            for (record, number, game) in piece.numbered() {
                if chooser.choose(number, &game.game, text) {
                    chosen.push((at, record));
                }
            }
        }
        // The records chosen, taken out of their pieces (which keep their texts).
        let games: Vec<(usize, Record)> = chosen
            .into_iter()
            .map(|(at, record)| (at, std::mem::take(&mut read[at].records[record].game)))
            .collect();
        let answers: Vec<T> = games
            .into_par_iter()
            .map(|(at, game)| work(Selected { game, text: &read[at].decoded.text }))
            .collect();
        answers.into_iter().for_each(&mut take);
        if chooser.done_after(next_game - 1) {
            return Ok(());
        }
    }
}

/// [`map_selected`] over every input of `paths` (files, folders searched for `*.ctl-pgn`, `-`
/// for standard input), in order: a path or an input that cannot be read is said on standard
/// error and the others are still read. Whether one could not be.
pub fn map_paths<T: Send>(
    paths: &[PathBuf],
    chooser: &mut Chooser,
    work: impl Fn(Selected<'_>) -> T + Sync,
    mut take: impl FnMut(T),
) -> bool {
    let (inputs, path_errors) = input::collect(paths);
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let mut failed = !path_errors.is_empty();
    for input in &inputs {
        if let Err(e) = map_selected(input, chooser, Limits::DEFAULT, &work, &mut take) {
            output::error(output::cannot_read(input.display(), e));
            failed = true;
        }
    }
    failed
}
