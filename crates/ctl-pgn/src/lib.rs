//! CTL-PGN: C'escacs game files read, checked, replayed and written canonically.
//!
//! What users do, each with the items at the root of the crate:
//!
//! **Check a text or a stream**: [`Check`] at a [`Level`] gives every [`Diagnostic`] (a stable
//! code, a byte span, a message, help), sorted the same way whatever found it.
//!
//! ```
//! use ctl_pgn::{Check, Level};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let checked = Check::new(Level::Rules).text(text);
//! assert_eq!(checked.diagnostics[0].code, "E0501"); // the Elephant cannot go three hexes
//! assert_eq!(&text[checked.diagnostics[0].span.range()], "EE5-E11");
//!
//! // A stream (a file, standard input) is checked game by game, memory bounded by its largest.
//! let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
//! for chunk in Check::new(Level::Rules).stream(file.as_bytes()) {
//!     let (start, chunk) = chunk?;
//!     for d in &chunk.checked.diagnostics {
//!         assert_eq!(start.offset + d.span.start, file.rfind("E12").unwrap());
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! **Read, walk, edit and write games**: [`Reader`] (any [`std::io::Read`]) and [`read_str`]
//! give each game of a text as a [`Game`] (the game model, [`model`]) with its reader's
//! diagnostics: its tags, its tree of moves with their marks, comments and variations, each
//! move's board [`Move`](cescacs_board::Move) where it is legal, the positions. A game made or
//! edited through the model writes itself in the one canonical layout (`Display`), exactly as
//! `cescacs fmt` writes the text it was read from.
//!
//! ```
//! use ctl_pgn::read_str;
//! let text = "[Variant \"C'escacs\"] 1. E7‐E13, E21-E15 (1. ..., F20-F16) 2. NE3-C7: *";
//! let game = read_str(text).remove(0).game;
//! let main: Vec<String> = game.main_line().map(|n| n.board_move().unwrap().to_string()).collect();
//! assert_eq!(main, ["E7-E13", "E21-E15", "NE3-C7"]);
//! let replies = game.root().next().unwrap().variations();
//! assert_eq!(replies[1].to_string(), "F20-F16"); // Black's alternative to E21-E15
//! assert_eq!(game.position(replies[1].id()).unwrap().turn(), cescacs_board::Colour::White);
//! assert_eq!(
//!     game.to_string(),
//!     "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n(1. …, F20-F16)\n2. NE3-C7 :\n*\n"
//! );
//! ```
//!
//! **Replay as the checker does**: a [`ParsedGame`] (a record as the parser read it) is replayed
//! by the checker's own replay: [`ParsedGame::main_line`], [`ParsedGame::lines`] and
//! [`ParsedGame::replay`] (the [`replay`] module) give its positions at a [`Level`], and where
//! a line stops. [`LazyReader`] gives a stream's games read only as far as they are used
//! ([`LazyGame`]): a clean game's main line is replayed from the scanner's events, without a
//! syntax tree.
//!
//! ```
//! use ctl_pgn::{Level, LazyReader};
//! let file = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) 2. EE5-E11: *\n";
//! for read in LazyReader::new(file.as_bytes()) {
//!     let read = read?.into_read();
//!     let main = read.game.main_line(Level::Rules);
//!     assert_eq!(main.positions.len(), 3); // the start, then one per ply until the error
//!     assert_eq!(main.error.unwrap().code, "E0501");
//!     let lines = read.game.lines(Level::Rules).unwrap();
//!     let black = lines.variations[0][0].as_ref().unwrap();
//!     assert_eq!(black.positions[0], main.positions[1]); // Black's alternative to E21-E15
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! **Rewrite files, convert**: [`write_file`] writes a file's syntax tree (`ctl_an::parse_file`)
//! through the same canonical writer, [`convert()`] to another letter table first.
//!
//! ```
//! use ctl_pgn::{WriteOptions, convert, write_file};
//! let parsed = ctl_an::parse_file("[Variant \"C'escacs\"] 1. E7‐E13, E21*E15 2. NE3-C7: *");
//! assert!(parsed.diagnostics.is_empty());
//! let canonical = write_file(&parsed.file, WriteOptions::default());
//! assert_eq!(canonical, "[Variant \"C'escacs\"]\n\n1. E7-E13, E21×E15\n2. NE3-C7 :\n*\n");
//! let fan = convert(&parsed.file, &cescacs_board::Letters::fan());
//! assert!(write_file(&fan.file, WriteOptions::default()).contains("♘E3-C7"));
//! ```
//!
//! **Sum up a collection**: [`standings`] ranks the players of each event (points as C'escacs
//! scores a result, Buchholz, Sonneborn-Berger), and [`opening_tree`] gathers the moves played
//! from a position, transpositions merged, with their games, scores and shares.
//!
//! ```
//! use ctl_pgn::standings::{Grouping, standings};
//! let text = "[Variant \"C'escacs\"] [White \"Puig\"] [Black \"Ros\"] 1. E7-E13: 2-1";
//! let puig = &standings(text, Grouping::All).events[0].players[0];
//! assert_eq!((puig.name.as_str(), puig.points, puig.wins), ("Puig", 2, 1));
//! let tree = ctl_pgn::opening_tree::opening_tree(text, &cescacs_board::Position::initial(), 1);
//! assert_eq!((tree.moves[0].text.as_str(), tree.moves[0].score), ("E7-E13", Some(2.0)));
//! ```
//!
//! The modules hold the rest: [`model`] (the game model's other types), [`reader`] (the chunks of a stream, for a caller that checks them
//! in parallel with [`Check::chunk`]), [`render`] (diagnostics as text and LSP-native JSON),
//! [`app`] (the official app's move lists), [`convert`](mod@convert), [`filter`], [`tags`],
//! [`lazy`], [`decode`], [`split`], [`write`](mod@write), [`validate`] (the levels and the
//! codes) and [`internals`] (for the workspace's own tests).
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod app;
mod check;
mod colour_name;
pub mod convert;
pub mod decode;
pub mod filter;
pub mod fixes;
pub mod lazy;
pub mod model;
pub mod opening_tree;
mod parsed;
pub mod reader;
#[cfg(feature = "render")]
pub mod render;
pub mod replay;
pub mod split;
pub mod standings;
pub mod tags;
pub mod validate;
pub mod write;

pub use cescacs_diagnostics::{Diagnostic, Severity, Span};
pub use check::{Check, Checked, CheckedChunk, CheckedGame, CheckedGames, ReadPath, Stats};
pub use convert::{Converted, convert};
pub use ctl_an::Limits;
pub use lazy::{LazyGame, LazyReader};
pub use model::{EditError, Game, NewMove, Node, NodeId};
pub use parsed::ParsedGame;
pub use reader::{ReadGame, Reader, read_str};
pub use replay::{MainLine, Observer, PlyAt, ReplayOptions, ReplayedLine};
pub use validate::Level;
pub use write::{WriteOptions, write_file};

/// The fast path of [`Check`] on its own, for the workspace's tests, benches and fuzz targets
/// that hold it to its contract (a game it calls clean is one the full check finds nothing in).
/// Not for applications: [`Check`] tries it and falls back to the full reader itself.
pub mod internals {
    pub use crate::validate::fast::{Clean, check_fast};
}

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
