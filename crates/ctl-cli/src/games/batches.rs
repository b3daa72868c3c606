//! The games a command selects, read in batches and worked on in parallel, for the commands
//! that sum up a collection (`standings`, `tree`): an input is cut into chunks of one game
//! each, as every command cuts it; a batch of chunks (about [`crate::pipeline::BATCH_BYTES`]) is
//! read on the rayon pool as `ctl_pgn::LazyReader` reads them (a game the scanner reads whole
//! gets no syntax tree unless the selection looks past its tags), its games offered to the
//! [`Chooser`] in input order, the games selected worked on in parallel, and what each gives
//! handed back in input order. Memory is bounded by a batch and what the work keeps, whatever
//! the size of the input.

use std::borrow::Cow;
use std::io;
use std::path::PathBuf;

use ctl_an::Limits;
use ctl_an::syntax::Record;
use ctl_pgn::LazyGame;
use ctl_pgn::reader::{Chunks, StreamChunk};
use rayon::prelude::*;

use super::Chooser;
use crate::input::{self, Input};
use crate::output;
use crate::pipeline::BATCH_BYTES;

/// Reads `input` within `limits`, offers each game to `chooser` in order, runs `work` on every
/// game selected (on the rayon pool), and hands each answer to `take` in input order.
///
/// # Errors
/// When `input` cannot be read: the answers of the games read before are handed over.
pub fn map_selected<T: Send>(
    input: &Input,
    chooser: &mut Chooser,
    limits: Limits,
    work: impl Fn(&LazyGame) -> T + Sync,
    mut take: impl FnMut(T),
) -> io::Result<()> {
    chooser.start(input);
    let mut chunks = Chunks::new(input.open()?);
    let mut next_game = 1;
    let whole = chooser.reads_movetext();
    loop {
        let mut batch: Vec<StreamChunk> = Vec::new();
        let mut bytes = 0;
        while bytes < BATCH_BYTES {
            let Some(chunk) = chunks.next() else { break };
            let chunk = chunk?;
            bytes += chunk.bytes.len();
            batch.push(chunk);
        }
        if batch.is_empty() {
            return Ok(());
        }
        let read: Vec<Vec<LazyGame>> =
            batch.into_par_iter().map(|chunk| ctl_pgn::lazy::read_chunk(chunk, &limits)).collect();
        let mut chosen: Vec<&LazyGame> = Vec::new();
        for game in read.iter().flatten() {
            let record: Cow<'_, Record> = if game.scanned() && !whole {
                Cow::Owned(Record { tags: game.tags(), ..Record::default() })
            } else {
                Cow::Borrowed(game.read().game.syntax())
            };
            // Text around games, read the full way, is no game.
            if !game.scanned() && record.is_empty() {
                continue;
            }
            let number = next_game;
            next_game += 1;
            if chooser.choose(number, &record, game.text()) {
                chosen.push(game);
            }
        }
        let answers: Vec<T> = chosen.into_par_iter().map(&work).collect();
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
    work: impl Fn(&LazyGame) -> T + Sync,
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
