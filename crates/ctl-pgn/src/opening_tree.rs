//! The opening tree of a collection: from a position, each next move its games played, with
//! how many, how they scored for the side that played it, and its share of the games there;
//! then the moves after each, to a depth. What `cescacs tree` prints and the pages of `cescacs
//! html --split` show.
//!
//! Positions are merged whatever the order of the moves that reached them (transpositions):
//! two positions are the same when the repetition rule says so (docs/RULES.md 5.5: the pieces on
//! their hexes, the side to move, castling, and the en-passant or scornful field when a capture
//! it allows is legal), the move counters aside. Each game counts once in a position and once
//! on a move, from the first time its main line reaches the tree's position; it is replayed no
//! further than the tree's depth from there. A position's moves are shown once, where it first
//! comes in the tree; where it comes again, the move that reaches it says that it transposes
//! ([`TreeMove::transposes`]), so that the tree is never larger than its positions and moves. The main lines are replayed at the coherence level
//! (docs/DECISIONS.md 6), the fastest that gives positions: a move the rules refuse is in the
//! tree as it was played, and `cescacs check` says what is wrong with it. A score is the mean of
//! the points (as [`crate::standings::points`] gives them: 3 a win, 2 a stalemate, 1 a draw) the
//! side that played the move took from its games that have a result.
//!
//! ```
//! use cescacs_board::Position;
//! use ctl_pgn::opening_tree::opening_tree;
//! let text = "\
//! [Variant \"C'escacs\"] 1. E7-E13, E21-E15 2. F8-F12, F20-F16: 3-0
//! [Variant \"C'escacs\"] 1. F8-F12, E21-E15 2. E7-E13, F20-F16: 1-1
//! [Variant \"C'escacs\"] 1. E7-E13, F20-F16: *
//! ";
//! let tree = opening_tree(text, &Position::initial(), 4);
//! assert_eq!(tree.games, 3);
//! let first: Vec<_> = tree.moves.iter().map(|m| (m.text.as_str(), m.games)).collect();
//! assert_eq!(first, [("E7-E13", 2), ("F8-F12", 1)]);
//! let e7 = &tree.moves[0];
//! assert_eq!((e7.score, e7.share), (Some(3.0), 2.0 / 3.0)); // the unfinished game has no score
//! // 1. E7-E13, E21-E15 2. F8-F12 and 1. F8-F12, E21-E15 2. E7-E13 reach the same position:
//! // the move after it counts the games of both orders. Its moves are shown once, where the
//! // position comes first; where it comes again, the move that reaches it says it transposes.
//! let after = &e7.moves[0].moves[0].moves[0];
//! assert_eq!((after.text.as_str(), after.games, after.score), ("F20-F16", 2, Some(0.5)));
//! let transposed = &tree.moves[1].moves[0].moves[0];
//! assert_eq!((transposed.text.as_str(), transposed.transposes), ("E7-E13", true));
//! assert!(transposed.moves.is_empty());
//! ```

use std::collections::HashMap;
use std::io::Read;

use cescacs_board::{Board, BoardMove, Colour, Move, Position};
use ctl_an::syntax::GameResult;
use serde::{Deserialize, Serialize};

use crate::lazy::{LazyGame, LazyReader};
use crate::parsed::ParsedGame;
use crate::replay::{Observer, PlyAt, ReplayOptions};
use crate::standings::points;
use crate::validate::Level;

/// The tree of every game of `text` (a CTL-PGN text of any number of games) from the position
/// `from`, `depth` plies deep: one call for the bindings. A game is read as [`LazyReader`]
/// reads it: a game the scanner reads whole is replayed from its events, without a tree.
pub fn opening_tree(text: &str, from: &Position, depth: usize) -> OpeningTree {
    opening_tree_of(text.as_bytes(), from, depth)
        .unwrap_or_else(|_| TreeBuilder::new(from, depth).finish())
}

/// [`opening_tree`] of a stream (a file, standard input), read game by game.
///
/// # Errors
/// When `input` cannot be read.
pub fn opening_tree_of(
    input: impl Read,
    from: &Position,
    depth: usize,
) -> std::io::Result<OpeningTree> {
    let mut builder = TreeBuilder::new(from, depth);
    let paths = builder.paths();
    for game in LazyReader::new(input) {
        builder.add_path(paths.of_lazy(&game?));
    }
    Ok(builder.finish())
}

/// The opening tree from a position, as [`TreeBuilder::finish`] gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpeningTree {
    /// The position, as canonical PDTL.
    pub position: String,
    /// The games that reach it.
    pub games: usize,
    /// The moves played from it, the most played first.
    pub moves: Vec<TreeMove>,
}

/// One move of an [`OpeningTree`], with the moves that follow it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreeMove {
    /// The move, as canonical CTL-AN in the standard letters with the check mark it earns.
    #[serde(rename = "move")]
    pub text: String,
    /// The side that played it.
    #[serde(with = "crate::colour_name")]
    pub side: Colour,
    /// The games that played it there.
    pub games: usize,
    /// Of those, the games with a result (not `*`).
    pub scored: usize,
    /// The points the side that played it took from those games.
    pub points: u32,
    /// The mean of those points (0 to 3); `None` when no game has a result.
    pub score: Option<f64>,
    /// Its games among the games of the position it was played from (0 to 1).
    pub share: f64,
    /// The moves played after it, the most played first (empty at the tree's depth, and when
    /// it transposes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<TreeMove>,
    /// It reaches a position whose moves the tree shows earlier (as deep or deeper): they are
    /// not shown again here, so that a tree of many transpositions stays as small as its
    /// positions and moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub transposes: bool,
    /// The first game that played it, by its place among the games added to the builder (from
    /// 0): a page can link a move of one game to that game.
    #[serde(skip)]
    pub first_game: usize,
}

/// What one game adds to a tree: its plies from the tree's position, to the tree's depth, and
/// its result. Made by [`TreeBuilder::path`] or, on any thread, [`Paths::of`]; added by
/// [`TreeBuilder::add_path`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePath {
    /// Whether the main line reaches the tree's position.
    reached: bool,
    steps: Vec<Step>,
    result: Option<GameResult>,
}

impl GamePath {
    /// Whether the game's main line reaches the tree's position.
    pub fn reached(&self) -> bool {
        self.reached
    }
}

/// One ply of a [`GamePath`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    before: u64,
    played: Move,
    side: Colour,
    after: u64,
}

/// A tree gathered game by game: [`TreeBuilder::add`] each game (or [`Paths::of`] on any
/// thread, then [`TreeBuilder::add_path`] in order), then [`TreeBuilder::finish`]. Memory
/// holds one entry per position and move met within the depth.
///
/// ```
/// use cescacs_board::Position;
/// use ctl_pgn::opening_tree::TreeBuilder;
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. NE3-C7: 2-1\n";
/// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
/// let mut builder = TreeBuilder::new(&Position::initial(), 1);
/// let path = builder.path(&game);
/// assert!(path.reached());
/// builder.add_path(path);
/// let tree = builder.finish();
/// assert_eq!((tree.games, tree.moves[0].text.as_str(), tree.moves[0].score), (1, "E7-E13", Some(2.0)));
/// ```
#[derive(Debug, Clone)]
pub struct TreeBuilder {
    from: Position,
    key: u64,
    pieces: usize,
    depth: usize,
    /// Games added, reaching the position or not.
    added: usize,
    nodes: HashMap<u64, Node>,
}

/// A position of the tree: the games that reached it, and the moves played from it.
#[derive(Debug, Clone, Default)]
struct Node {
    games: usize,
    edges: Vec<Edge>,
}

/// A move played from a position.
#[derive(Debug, Clone)]
struct Edge {
    played: Move,
    side: Colour,
    after: u64,
    games: usize,
    scored: usize,
    points: u32,
    first_game: usize,
}

impl TreeBuilder {
    /// An empty tree from `from` (its move counters aside), `depth` plies deep.
    pub fn new(from: &Position, depth: usize) -> TreeBuilder {
        TreeBuilder {
            from: from.clone(),
            key: from.repetition_key(),
            pieces: from.pieces().count(),
            depth,
            added: 0,
            nodes: HashMap::new(),
        }
    }

    /// What `game` adds to the tree ([`Paths::of`]).
    pub fn path(&self, game: &ParsedGame) -> GamePath {
        self.paths().of(game)
    }

    /// The reader of what each game adds to the tree, to use on any thread while this builder
    /// takes the paths read.
    pub fn paths(&self) -> Paths {
        Paths { target: self.key, pieces: self.pieces, depth: self.depth }
    }

    /// Adds `game` ([`TreeBuilder::path`], then [`TreeBuilder::add_path`]).
    pub fn add(&mut self, game: &ParsedGame) {
        let path = self.path(game);
        self.add_path(path);
    }

    /// Adds a game's path, made by [`TreeBuilder::path`] of this builder.
    pub fn add_path(&mut self, path: GamePath) {
        let game = self.added;
        self.added += 1;
        if !path.reached {
            return;
        }
        self.nodes.entry(self.key).or_default().games += 1;
        for (i, step) in path.steps.iter().enumerate() {
            let earlier = &path.steps[..i];
            let node_seen = step.after == self.key || earlier.iter().any(|s| s.after == step.after);
            if !node_seen {
                self.nodes.entry(step.after).or_default().games += 1;
            }
            let move_seen = earlier.iter().any(|s| {
                s.before == step.before && s.played.board_move() == step.played.board_move()
            });
            if move_seen {
                continue;
            }
            let node = self.nodes.entry(step.before).or_default();
            let at = match node.edges.iter().position(|e| same(&e.played, &step.played)) {
                Some(at) => at,
                None => {
                    node.edges.push(Edge {
                        played: step.played,
                        side: step.side,
                        after: step.after,
                        games: 0,
                        scored: 0,
                        points: 0,
                        first_game: game,
                    });
                    node.edges.len() - 1
                }
            };
            let edge = &mut node.edges[at];
            edge.games += 1;
            if let Some(p) = path.result.and_then(|r| points(r, step.side)) {
                edge.scored += 1;
                edge.points += p;
            }
        }
    }

    /// The games added so far, reaching the position or not.
    pub fn added(&self) -> usize {
        self.added
    }

    /// The tree of the games added.
    pub fn finish(&self) -> OpeningTree {
        let games = self.nodes.get(&self.key).map_or(0, |n| n.games);
        let mut shown = HashMap::from([(self.key, self.depth)]);
        OpeningTree {
            position: pdtl::to_string(&self.from),
            games,
            moves: self.moves(self.key, self.depth, &mut shown),
        }
    }

    /// The moves from the position `key`, `depth` plies deep, the most played first (then in
    /// the order of their text). `shown`: how deep the moves of each position were shown
    /// already; a position is shown again only deeper than before.
    fn moves(&self, key: u64, depth: usize, shown: &mut HashMap<u64, usize>) -> Vec<TreeMove> {
        let Some(node) = self.nodes.get(&key).filter(|_| depth > 0) else { return Vec::new() };
        let mut edges: Vec<&Edge> = node.edges.iter().collect();
        let text: Vec<String> = edges.iter().map(|e| e.played.to_string()).collect();
        let mut order: Vec<usize> = (0..edges.len()).collect();
        order.sort_by(|&a, &b| {
            edges[b].games.cmp(&edges[a].games).then_with(|| text[a].cmp(&text[b]))
        });
        edges = order.iter().map(|&i| edges[i]).collect();
        let mut moves = Vec::with_capacity(edges.len());
        for (e, i) in edges.into_iter().zip(order) {
            let deeper = depth - 1;
            let has_moves = self.nodes.get(&e.after).is_some_and(|n| !n.edges.is_empty());
            let transposes =
                deeper > 0 && has_moves && shown.get(&e.after).is_some_and(|&d| d >= deeper);
            let after = if transposes {
                Vec::new()
            } else {
                shown.insert(e.after, deeper);
                self.moves(e.after, deeper, shown)
            };
            moves.push(TreeMove {
                text: text[i].clone(),
                side: e.side,
                games: e.games,
                scored: e.scored,
                points: e.points,
                score: (e.scored > 0).then(|| f64::from(e.points) / e.scored as f64),
                share: e.games as f64 / node.games.max(1) as f64,
                moves: after,
                transposes,
                first_game: e.first_game,
            });
        }
        moves
    }
}

/// Reads what each game adds to a tree, on any thread: made by [`TreeBuilder::paths`], the
/// paths it reads go to that builder's [`TreeBuilder::add_path`].
#[derive(Debug, Clone, Copy)]
pub struct Paths {
    target: u64,
    pieces: usize,
    depth: usize,
}

impl Paths {
    /// What `game` adds to the tree: its main line replayed at the coherence level from its
    /// start until it reaches the tree's position, then to the tree's depth. The replay stops
    /// as soon as the position cannot come any more (fewer pieces than it has).
    pub fn of(&self, game: &ParsedGame) -> GamePath {
        let window = game.replay(ReplayOptions::main_line(Level::Coherence), self.window());
        GamePath { reached: window.reached, steps: window.steps, result: game.result() }
    }

    /// [`Paths::of`] a game read lazily: replayed from the scanner's events when the scanner
    /// read it whole ([`LazyGame::replay`]), the fast path of a large collection.
    pub fn of_lazy(&self, game: &LazyGame) -> GamePath {
        let window = game.replay(ReplayOptions::main_line(Level::Coherence), self.window());
        GamePath { reached: window.reached, steps: window.steps, result: game.result() }
    }

    /// The observer of one game, before its replay.
    fn window(&self) -> Window {
        Window {
            target: self.target,
            pieces_needed: self.pieces,
            depth: self.depth,
            pieces: 0,
            before: 0,
            reached: false,
            done: false,
            steps: Vec::new(),
        }
    }
}

/// Whether two moves are the same move (their checks follow from the position).
fn same(a: &Move, b: &Move) -> bool {
    a.board_move() == b.board_move()
}

/// The observer of [`Paths::of`]: the main line's plies from the first time it reaches
/// the target position, `depth` of them; it stops the replay when it has them, or when the
/// target cannot come any more.
#[derive(Clone)]
struct Window {
    target: u64,
    pieces_needed: usize,
    depth: usize,
    /// The pieces on the board now.
    pieces: usize,
    /// The key of the position before the next ply.
    before: u64,
    reached: bool,
    done: bool,
    steps: Vec<Step>,
}

impl Observer for Window {
    fn line_start(&mut self, depth: usize, board: &Board) {
        if depth > 0 {
            return;
        }
        self.before = board.repetition_key();
        self.pieces = board.to_position().pieces().count();
        self.reached = self.before == self.target;
        self.done = (self.reached && self.depth == 0) || self.pieces < self.pieces_needed;
    }

    fn played_move(&mut self, at: PlyAt, played: &BoardMove, board: &Board) {
        if at.depth > 0 || self.done {
            return;
        }
        let after = board.repetition_key();
        self.pieces -= usize::from(played.captured().is_some());
        if self.reached {
            let played = Move::new(*played, board);
            self.steps.push(Step { before: self.before, played, side: at.side, after });
            self.done = self.steps.len() >= self.depth;
        } else if after == self.target {
            self.reached = true;
            self.done = self.depth == 0;
        } else {
            self.done = self.pieces < self.pieces_needed;
        }
        self.before = after;
    }

    fn enough(&self) -> bool {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str, from: &Position, depth: usize) -> OpeningTree {
        opening_tree(text, from, depth)
    }

    #[test]
    fn a_game_counts_once_in_a_position_it_comes_back_to() {
        // The Knights go out and come back: the start comes again after four plies.
        let text = "[Variant \"C'escacs\"] 1. NE3-C7, NE25-C21 2. NC7-E3, NC21-E25 \
                    3. NE3-C7, NE25-C21: *";
        let t = tree(text, &Position::initial(), 6);
        assert_eq!((t.games, t.moves.len()), (1, 1));
        let out = &t.moves[0];
        assert_eq!((out.text.as_str(), out.games), ("NE3-C7", 1));
        // Four plies later the start again, whose moves are shown above: not counted twice.
        let back = &out.moves[0].moves[0].moves[0];
        assert_eq!((back.text.as_str(), back.games, back.transposes), ("NC21-E25", 1, true));
        assert!(back.moves.is_empty());
    }

    #[test]
    fn a_tree_from_a_later_position_takes_the_games_that_reach_it() {
        let text = "[Variant \"C'escacs\"] 1. E7-E13, E21-E15 2. F8-F12: 0-3\n\
                    [Variant \"C'escacs\"] 1. F8-F12, E21-E15: 3-0\n";
        let mut after = Position::initial();
        for mv in ["E7-E13", "E21-E15"] {
            let m = after.legal_moves().into_iter().find(|m| m.to_string() == mv).unwrap();
            after = after.play(&m).unwrap();
        }
        let t = tree(text, &after, 2);
        assert_eq!((t.games, t.moves.len()), (1, 1));
        let m = &t.moves[0];
        assert_eq!(
            (m.text.as_str(), m.side, m.score, m.share),
            ("F8-F12", Colour::White, Some(0.0), 1.0)
        );
        assert!(m.moves.is_empty(), "the game ends there");
        assert_eq!(t.position, pdtl::to_string(&after));
    }

    #[test]
    fn a_game_that_cannot_reach_the_position_stops_at_once() {
        // Fewer pieces than the start: the replay stops at its first position.
        let text = "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1\"]\n\
                    1. NF12-C11: *\n";
        let game = ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
        let builder = TreeBuilder::new(&Position::initial(), 4);
        let path = builder.path(&game);
        assert!(!path.reached() && path.steps.is_empty());
    }

    #[test]
    fn transpositions_do_not_multiply_the_tree() {
        // Two games playing four pairs of moves in opposite orders: 2^4 ways through the
        // positions, each position shown once.
        let text = "[Variant \"C'escacs\"] 1. E7-E13, E21-E15 2. F8-F12, F20-F16 \
                    3. D6-D10, D22-D18 4. H6-H10, H22-H18: *\n\
                    [Variant \"C'escacs\"] 1. F8-F12, F20-F16 2. E7-E13, E21-E15 \
                    3. H6-H10, H22-H18 4. D6-D10, D22-D18: *\n";
        let t = tree(text, &Position::initial(), 8);
        fn count(moves: &[TreeMove]) -> usize {
            moves.iter().map(|m| 1 + count(&m.moves)).sum()
        }
        assert_eq!(count(&t.moves), 16, "{t:#?}");
        let transposing = |moves: &[TreeMove]| moves.iter().filter(|m| m.transposes).count();
        // 1. F8-F12, F20-F16 2. E7-E13, E21-E15 reaches the position of the first game's
        // fourth ply, whose moves are shown there.
        assert_eq!(transposing(&t.moves[1].moves[0].moves), 0);
        assert_eq!(transposing(&t.moves[1].moves[0].moves[0].moves), 1);
    }

    #[test]
    fn the_json_has_the_shape_the_command_prints() {
        let text = "[Variant \"C'escacs\"] 1. E7-E13: 1-1";
        let json = serde_json::to_value(tree(text, &Position::initial(), 1)).unwrap();
        assert_eq!(json["games"], 1);
        assert_eq!(json["moves"][0]["move"], "E7-E13");
        assert_eq!(json["moves"][0]["side"], "white");
        assert_eq!(json["moves"][0]["score"], 1.0);
        assert!(
            json["moves"][0].get("moves").is_none() && json["moves"][0].get("first_game").is_none()
        );
    }
}
