//! The game model: a CTL-PGN game to read, walk, edit and write (python-chess's
//! `Game`/`GameNode`, for this notation).
//!
//! A [`Game`] holds ordered, editable tags (the `Redefine` and `PDTL` tags give its letters
//! and its start position), the opening comments, a tree of [`Node`]s, the result and the
//! closing comments. Each node but the root is one ply as written: its move with its marks
//! (check mark, rating, NAGs, draw offer, the last-move `:`), and, when its position is known
//! and the move is legal there, the board's [`Move`](cescacs_board::Move) with the check it
//! gives. CTL-PGN numbers its moves in pairs and writes comments and variations after a pair,
//! not after one move: a node belongs to a [`Pair`], which holds them in written order, and a
//! [`Variation`] replaces White's or Black's move of its pair, with its label `$[n]` and the
//! comments before its first pair. Every part keeps the span it was read from, for editors
//! (empty for a part made through the API).
//!
//! **Read**: [`read_str`](crate::read_str) and [`Reader`](crate::Reader) give every game of a
//! text with its reader's diagnostics; a game read and written again is exactly what `cescacs
//! fmt` writes.
//!
//! ```
//! let text = "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n{ @B: symmetric }\n(1. …, F20-F16)\n2. F8-F12 :\n*\n";
//! let read = ctl_pgn::read_str(text).remove(0);
//! assert!(read.diagnostics.is_empty());
//! let game = read.game;
//! assert_eq!(game.to_string(), text); // a canonical text comes back as it is
//! let moves: Vec<String> = game.main_line().map(|n| n.board_move().unwrap().to_string()).collect();
//! assert_eq!(moves, ["E7-E13", "E21-E15", "F8-F12"]);
//! ```
//!
//! **Walk**: [`Game::root`], [`Node::next`] (the line's next ply), [`Node::variations`] (every
//! ply that may follow: the next one first), [`Node::parent`], [`Node::main_line`],
//! [`Node::end`], [`Node::path`]; [`Node::position`] and [`Game::outcome`] say where a node
//! stands.
//!
//! **Edit**: [`Game::add_move`] (a ply chosen among
//! [`Position::legal_moves`](cescacs_board::Position::legal_moves), or a move as written),
//! [`Game::add_variation`], [`Game::promote_to_main`], [`Game::promote`], [`Game::demote`],
//! [`Game::remove`]; the marks of a move ([`Game::set_check_mark`], [`Game::set_rating`],
//! [`Game::set_nags`], [`Game::set_draw_offer`], [`Game::set_end`]), the comments
//! ([`Game::comments_mut`], [`Game::set_player_comment`]), a pair's number, a variation's
//! label, the result; the tags ([`Game::set_tag`] and its kin). Edits take a [`NodeId`] and
//! answer an [`EditError`] rather than panic.
//!
//! ```
//! use ctl_pgn::{Game, NewMove};
//! use cescacs_board::Colour;
//! let mut game = Game::new();
//! let start = game.start().unwrap().clone();
//! let e7 = start.legal_moves().into_iter().find(|m| m.to_string() == "E7-E13").unwrap();
//! let white = game.add_move(game.root().id(), e7)?;
//! let after = game.position(white).unwrap();
//! let reply = after.legal_moves().into_iter().find(|m| m.to_string() == "E21-E15").unwrap();
//! let black = game.add_move(white, reply)?;
//! let other = after.legal_moves().into_iter().find(|m| m.to_string() == "F20-F16").unwrap();
//! let variation = game.add_variation(black, Colour::Black, other)?;
//! game.set_player_comment(black, Colour::Black, "symmetric")?;
//! game.set_end(black, true)?;
//! game.set_result(Some(ctl_an::syntax::GameResult::Unfinished));
//! assert_eq!(
//!     game.to_string(),
//!     "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 :\n{ @B: symmetric }\n(1. …, F20-F16)\n*\n"
//! );
//! game.promote_to_main(variation)?;
//! assert_eq!(game.root().end().to_string(), "F20-F16");
//! # Ok::<(), ctl_pgn::EditError>(())
//! ```
//!
//! **Write**: `Display` and [`Game::write`] give the canonical layout of `docs/FORMAT.md`, the
//! one writer of the toolkit (`cescacs fmt` writes through it). `docs/MODEL.md` tells the
//! model's decisions: what a pair holds, where an added variation goes, what promoting moves.

mod annotate;
mod data;
mod edit;
mod error;
mod game;
mod node;
mod positions;
mod read;
mod tags;
pub(crate) mod write;

pub use annotate::CommentPlace;
pub use data::NodeId;
pub use edit::NewMove;
pub use error::EditError;
pub use game::Game;
pub use node::{Node, Pair, Variation};
pub(crate) use read::tree_of;
