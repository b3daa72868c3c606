//! The package's `Game` and `Position` in plain Rust: a game of the model held as it is
//! ([`GameModel`], whose nodes JavaScript names by number), and a position named by its PDTL
//! ([`position_of`]); each call converts JavaScript's values (names, marks and comments as
//! strings, node ids as numbers) into the toolkit's (`cescacs_toolkit::model`,
//! `cescacs_toolkit::board`) and calls them.

use cescacs_toolkit::board::{self, OutcomeData, PieceOn};
use cescacs_toolkit::model::{
    self, CheckMark, CommentPlace, Game, GameResult, NodeData, NodeId, PairData, Rating,
};
use cescacs_toolkit::play::LegalMove;
use cescacs_toolkit::{Dialect, JsonDiagnostic, Position, WriteOptions, position as positions};
use serde::{Deserialize, Serialize};

use super::ApiError;
use super::position::position;

/// What a position tells of itself, for the package's `Position`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionData {
    /// The canonical PDTL.
    pub pdtl: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// Whether the side to move is in check.
    pub check: bool,
    /// How the game stands there, when it has ended.
    pub outcome: Option<OutcomeData>,
}

/// A PDTL (or `start`) read: its canonical text, side to move, check and outcome.
pub fn position_of(pdtl: &str) -> Result<PositionData, ApiError> {
    Ok(data(&position(pdtl, Dialect::Spec)?))
}

fn data(p: &Position) -> PositionData {
    PositionData {
        pdtl: positions::write(p, Dialect::Spec),
        turn: p.turn().name(),
        check: p.is_check(),
        outcome: board::outcome(p),
    }
}

/// The piece on `hex` in the position `pdtl`.
pub fn piece_at(pdtl: &str, hex: &str) -> Result<Option<PieceOn>, ApiError> {
    Ok(board::piece_at(&position(pdtl, Dialect::Spec)?, hex)?)
}

/// A move played at `pdtl`: the move as the position reads it (its check mark verified) and
/// the PDTL after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The move played.
    #[serde(rename = "move")]
    pub played: LegalMove,
    /// The position after it.
    pub position: PositionData,
}

/// Plays `text` (CTL-AN in the standard letters) at `pdtl`.
pub fn play(pdtl: &str, text: &str) -> Result<Played, ApiError> {
    let p = position(pdtl, Dialect::Spec)?;
    let m = board::read_move(&p, text.trim())?;
    let next = board::play(&p, &m)?;
    Ok(Played { played: m.into(), position: data(&next) })
}

/// A game of the model, edited in place; its nodes are named by number.
#[derive(Debug, Clone, Default)]
pub struct GameModel {
    game: Game,
}

/// A game of a text with its diagnostics, as `Game.read` gives it.
#[derive(Debug, Clone)]
pub struct GameModelRead {
    /// The game.
    pub game: GameModel,
    /// The checker's diagnostics of its stretch of the text.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// Annotations to set on a node's move: each field given is set (`""` clears a mark), the
/// others are left as they are.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Annotation {
    /// The check mark written (`+`, `+^`, `+∞`, `++`, `#`; `""`: none).
    pub mark: Option<String>,
    /// The rating (`!`, `?!`, `◇`...; `""`: none).
    pub rating: Option<String>,
    /// The NAGs, in order.
    pub nags: Option<Vec<u32>>,
    /// Whether a draw is offered with the move.
    pub offer: Option<bool>,
    /// Whether the move is marked as the last one (`:`).
    pub end: Option<bool>,
    /// The number written for the node's pair.
    pub number: Option<u32>,
    /// Whether that number is written `N?` (with `number`).
    pub unknown: Option<bool>,
    /// `white` or `black`: the side the move is written for, when not the one to move.
    pub side: Option<String>,
    /// Black's move written in a pair of its own (`N. …, MOVE`).
    pub split: Option<bool>,
}

/// Where comments are: `{ at: "opening" | "closing" }`, `{ at: "pair", node }` (after the pair
/// of `node`), `{ at: "variation", node, index }` (before the first pair of a variation).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// `opening`, `closing`, `pair` or `variation`.
    pub at: String,
    /// A node of the pair.
    #[serde(default)]
    pub node: usize,
    /// The variation's index after the pair.
    #[serde(default)]
    pub index: usize,
}

fn id(index: usize) -> Result<NodeId, ApiError> {
    NodeId::from_index(index)
        .ok_or_else(|| ApiError::input(format!("the game has no node {index}")))
}

impl GameModel {
    /// Every game of `text` with its diagnostics.
    pub fn read(text: &str) -> Vec<GameModelRead> {
        model::read(text)
            .into_iter()
            .map(|g| GameModelRead { game: GameModel { game: g.game }, diagnostics: g.diagnostics })
            .collect()
    }

    /// A new game (`[Variant "C'escacs"]`) from the initial position, or from `pdtl` (set up
    /// by its `PDTL` tag).
    pub fn new(pdtl: Option<&str>) -> Result<GameModel, ApiError> {
        let game = match pdtl {
            None => Game::new(),
            Some(text) => Game::from_position(&position(text, Dialect::Spec)?),
        };
        Ok(GameModel { game })
    }

    /// The tags, in order, as `(name, value)`.
    pub fn tags(&self) -> Vec<(String, String)> {
        self.game.tags().iter().map(|t| (t.name.clone(), t.value.clone())).collect()
    }

    /// Sets a tag: its value replaced where it is (else added), or, with `push`, added at the
    /// end even where one of that name is.
    pub fn set_tag(&mut self, name: &str, value: &str, push: bool) -> Result<(), ApiError> {
        let set =
            if push { self.game.push_tag(name, value) } else { self.game.set_tag(name, value) };
        Ok(set.map_err(model::cannot)?)
    }

    /// Removes every tag named `name`; how many there were.
    pub fn remove_tags(&mut self, name: &str) -> usize {
        self.game.remove_tags(name)
    }

    /// The node `id`.
    pub fn node(&self, id: usize) -> Result<NodeData, ApiError> {
        Ok(model::node_data(model::node(&self.game, id)?))
    }

    /// The pair of the node `id` (none for the root).
    pub fn pair(&self, id: usize) -> Result<Option<PairData>, ApiError> {
        Ok(model::node(&self.game, id)?.pair().map(model::pair_data))
    }

    /// How the game stands after the node `id`, when it has ended there (a repetition too).
    pub fn outcome(&self, id: usize) -> Result<Option<OutcomeData>, ApiError> {
        Ok(model::node(&self.game, id)?.outcome().map(Into::into))
    }

    /// The PDTL of the position after the node `id`, `None` where it is not known.
    pub fn position(&self, id: usize) -> Result<Option<String>, ApiError> {
        let node = model::node(&self.game, id)?;
        Ok(node.position().map(|p| positions::write(&p, Dialect::Spec)))
    }

    /// Plays `text` after the node `after` ([`model::add`]: continuing its line, or as a
    /// variation where the line goes on); its id.
    pub fn add_move(&mut self, after: usize, text: &str, written: bool) -> Result<usize, ApiError> {
        let after = id(after)?;
        let m = model::new_move(&self.game, after, text, written)?;
        Ok(model::add(&mut self.game, after, m)?.index())
    }

    /// Starts a variation after the pair of `pair` with `text` in place of `side`'s move; the
    /// new node's id.
    pub fn add_variation(
        &mut self,
        pair: usize,
        side: &str,
        text: &str,
        written: bool,
    ) -> Result<usize, ApiError> {
        let (pair, side) = (id(pair)?, model::colour(side)?);
        let branch = self.game.variation_branch(pair, side).map_err(model::cannot)?;
        let m = model::new_move(&self.game, branch, text, written)?;
        Ok(self.game.add_variation(pair, side, m).map_err(model::cannot)?.index())
    }

    /// The node that a variation written after the pair of `pair`, replacing `side`'s move,
    /// branches from: where its first move is played.
    pub fn variation_branch(&self, pair: usize, side: &str) -> Result<usize, ApiError> {
        let (pair, side) = (id(pair)?, model::colour(side)?);
        Ok(self.game.variation_branch(pair, side).map_err(model::cannot)?.index())
    }

    /// Adds a variation without moves after the pair of `pair`; its index.
    pub fn add_empty_variation(&mut self, pair: usize) -> Result<usize, ApiError> {
        Ok(self.game.add_empty_variation(id(pair)?).map_err(model::cannot)?)
    }

    /// Sets the annotations given of the node `node`'s move.
    pub fn annotate(&mut self, node: usize, a: &Annotation) -> Result<(), ApiError> {
        let (n, g) = (id(node)?, &mut self.game);
        if let Some(mark) = &a.mark {
            g.set_check_mark(n, model::spelled::<CheckMark>(mark, "check mark")?)
                .map_err(model::cannot)?;
        }
        if let Some(rating) = &a.rating {
            g.set_rating(n, model::spelled::<Rating>(rating, "rating")?).map_err(model::cannot)?;
        }
        if let Some(nags) = &a.nags {
            g.set_nags(n, nags).map_err(model::cannot)?;
        }
        if let Some(offer) = a.offer {
            g.set_draw_offer(n, offer).map_err(model::cannot)?;
        }
        if let Some(end) = a.end {
            g.set_end(n, end).map_err(model::cannot)?;
        }
        if a.split == Some(true) {
            g.split_pair(n).map_err(model::cannot)?;
        }
        if let Some(side) = &a.side {
            g.set_written_side(n, model::colour(side)?).map_err(model::cannot)?;
        }
        if let Some(number) = a.number {
            g.set_number(n, number, a.unknown.unwrap_or(false)).map_err(model::cannot)?;
        }
        Ok(())
    }

    fn place(place: &Place) -> Result<CommentPlace, ApiError> {
        Ok(match place.at.as_str() {
            "opening" => CommentPlace::Opening,
            "closing" => CommentPlace::Closing,
            "pair" => CommentPlace::AfterPair(id(place.node)?),
            "variation" => {
                CommentPlace::BeforeVariation { pair: id(place.node)?, index: place.index }
            }
            other => {
                return Err(ApiError::options(format!(
                    "`at`: {other:?}, expected opening, closing, pair or variation"
                )));
            }
        })
    }

    /// The comments at `place` (their text between the braces).
    pub fn comments(&mut self, place: &Place) -> Result<Vec<String>, ApiError> {
        let list = self.game.comments_mut(Self::place(place)?).map_err(model::cannot)?;
        Ok(list.iter().map(|c| c.text.clone()).collect())
    }

    /// Replaces the comments at `place`.
    pub fn set_comments(&mut self, place: &Place, texts: &[String]) -> Result<(), ApiError> {
        let comments = texts.iter().map(|t| model::comment(t)).collect::<Result<Vec<_>, _>>()?;
        *self.game.comments_mut(Self::place(place)?).map_err(model::cannot)? = comments;
        Ok(())
    }

    /// Labels the variation `index` after the pair of `pair` `$[label]` (`None`: no label).
    pub fn set_label(
        &mut self,
        pair: usize,
        index: usize,
        label: Option<u32>,
    ) -> Result<(), ApiError> {
        Ok(self.game.set_label(id(pair)?, index, label).map_err(model::cannot)?)
    }

    /// The game's result (`3-0`, `*`...), `None` when none is written.
    pub fn result(&self) -> Option<String> {
        self.game.result().map(|r| r.to_string())
    }

    /// Sets the game's result (`""`: none).
    pub fn set_result(&mut self, result: &str) -> Result<(), ApiError> {
        self.game.set_result(model::spelled::<GameResult>(result, "result")?);
        Ok(())
    }

    /// Removes the node `node` and the plies after it.
    pub fn remove(&mut self, node: usize) -> Result<(), ApiError> {
        Ok(self.game.remove(id(node)?).map_err(model::cannot)?)
    }

    /// Makes the variation that `first` starts the line it branches from.
    pub fn promote(&mut self, first: usize) -> Result<(), ApiError> {
        Ok(self.game.promote(id(first)?).map_err(model::cannot)?)
    }

    /// The game in the canonical layout, as `cescacs fmt` writes it (`ascii`: as `--ascii`).
    pub fn write(&self, ascii: bool) -> String {
        self.game.write(WriteOptions { ascii })
    }
}
