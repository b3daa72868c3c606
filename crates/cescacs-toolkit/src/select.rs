//! Which games of a text an operation takes: every one ([`Every`]), or those a shell's
//! selection chooses (the CLI's `--game` and `--where`), offered one after the other in text
//! order.

use ctl_an::syntax::Record;

/// A choice of games, offered every game of a text in order.
pub trait Select {
    /// Whether game `number` (from 1 in its text), `game` (spans into `text`), is taken.
    fn choose(&mut self, number: usize, game: &Record, text: &str) -> bool;

    /// Whether no game after game `number` can be taken: reading may stop there.
    fn done_after(&self, number: usize) -> bool {
        let _ = number;
        false
    }
}

/// Every game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Every;

impl Select for Every {
    fn choose(&mut self, _number: usize, _game: &Record, _text: &str) -> bool {
        true
    }
}
