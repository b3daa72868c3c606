//! Check kinds and the end of the game (docs/RULES.md 5.2-5.5, docs/DECISIONS.md 5).

use core::fmt;

use crate::notation;
use crate::piece::{Colour, PieceKind};
use crate::position::Position;

use super::attack::attackers_on;
use super::board::{Board, code, kind_of};
use super::repetition::{REPETITION_DRAW, Repetitions};
use super::tables::{NO, is_jump, is_neighbour};

/// The kind of a check (docs/RULES.md 5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// One checking piece, adjacent to the King or checking by a knight jump: `+^`.
    Adjoining,
    /// One checking piece from two or more hexes away along a line (or an Elephant's forward-2
    /// attack): `+∞`.
    Afar,
    /// Two checking pieces: `++`.
    Double,
}

impl CheckKind {
    /// The check indicator: `+^`, `+∞` or `++`.
    pub const fn indicator(self) -> &'static str {
        match self {
            CheckKind::Adjoining => "+^",
            CheckKind::Afar => "+∞",
            CheckKind::Double => "++",
        }
    }
}

impl fmt::Display for CheckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.indicator())
    }
}

/// Why a game is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// 150 half-moves without capture, pawn move or promotion (automatic; claimable from 100).
    MoveExhaustion,
    /// A lone King against King, King and Bishop, King and Knight or King and Elephant, no pawns
    /// (the website's narrow rule).
    InsufficientMaterial,
    /// The same position for the fifth time (automatic; claimable at the third). A position
    /// alone cannot tell: a line of play can ([`Outcome::of_line`]).
    Repetition,
}

/// How a game ended, without who won: what [`Outcome::termination`] tells (python-chess's
/// `Termination`). [`Termination::as_str`] names it in words, for the bindings.
///
/// ```
/// use cescacs_board::{DrawReason, Outcome, Termination};
/// let t = Outcome::Draw(DrawReason::InsufficientMaterial).termination();
/// assert_eq!((t, t.as_str()), (Termination::InsufficientMaterial, "insufficient material"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check (a win in C'escacs).
    Stalemate,
    /// 150 half-moves without capture, pawn move or promotion.
    MoveExhaustion,
    /// Mating material is gone.
    InsufficientMaterial,
    /// The same position for the fifth time (known only to a line of play, not to a position).
    Repetition,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 5] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::MoveExhaustion,
        Termination::InsufficientMaterial,
        Termination::Repetition,
    ];

    /// The termination in words: `checkmate`, `stalemate`, `move exhaustion`, `insufficient
    /// material`, `repetition`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::MoveExhaustion => "move exhaustion",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Repetition => "repetition",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game has ended: its [`termination`](Outcome::termination) and its
/// [`winner`](Outcome::winner) (none for a draw), and the result it writes.
///
/// A [`Position`] tells mate, stalemate and the automatic draws it sees itself
/// ([`Position::outcome`]); a repetition needs the line of play that led to it
/// ([`Outcome::of_line`]; `ctl_pgn`'s game model asks it of a node's line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is mated: `winner` scores 3-0 (or 0-3).
    Checkmate {
        /// The side that mated.
        winner: Colour,
    },
    /// The side to move has no legal move and is not in check: `winner` wins 2-1 (or 1-2).
    Stalemate {
        /// The side that stalemated.
        winner: Colour,
    },
    /// A draw, 1-1.
    Draw(DrawReason),
}

impl Outcome {
    /// How the game ended.
    pub const fn termination(self) -> Termination {
        match self {
            Outcome::Checkmate { .. } => Termination::Checkmate,
            Outcome::Stalemate { .. } => Termination::Stalemate,
            Outcome::Draw(DrawReason::MoveExhaustion) => Termination::MoveExhaustion,
            Outcome::Draw(DrawReason::InsufficientMaterial) => Termination::InsufficientMaterial,
            Outcome::Draw(DrawReason::Repetition) => Termination::Repetition,
        }
    }

    /// The side that won (mate and stalemate are wins in C'escacs), `None` for a draw.
    ///
    /// ```
    /// use cescacs_board::{Colour, DrawReason, Outcome};
    /// assert_eq!(Outcome::Stalemate { winner: Colour::Black }.winner(), Some(Colour::Black));
    /// assert_eq!(Outcome::Draw(DrawReason::Repetition).winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Colour> {
        match self {
            Outcome::Checkmate { winner } | Outcome::Stalemate { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// How a game stands at the end of a line of play, `line` holding its positions from the
    /// start on, in order: the last position's outcome ([`Position::outcome`]), else a draw by
    /// repetition when the last position occurs for the fifth time in the line (since the last
    /// capture, pawn move or promotion: positions whose halfmove clock is 0 start afresh). A
    /// lone position cannot tell a repetition; a line of play can. `None` for an empty line.
    ///
    /// ```
    /// use cescacs_board::{Outcome, Position, Termination};
    /// let mut line = vec![Position::initial()];
    /// for n in 0..16 {
    ///     let text = ["NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"][n % 4];
    ///     let last = line.last().unwrap();
    ///     let m = last.legal_moves().into_iter().find(|m| m.to_string() == text).unwrap();
    ///     line.push(last.play(&m).unwrap());
    /// }
    /// let drawn = Outcome::of_line(&line).unwrap();
    /// assert_eq!(drawn.termination(), Termination::Repetition);
    /// assert_eq!(Outcome::of_line(&line[..16]), None); // the fourth time only
    /// ```
    pub fn of_line(line: &[Position]) -> Option<Outcome> {
        let last = line.last()?;
        if let Some(outcome) = last.outcome() {
            return Some(outcome);
        }
        let mut seen = Repetitions::new();
        let mut count = 0;
        for p in line {
            count = seen.record(p.repetition_key(), p.halfmove_clock() == 0);
        }
        (count >= REPETITION_DRAW).then_some(Outcome::Draw(DrawReason::Repetition))
    }

    /// The result as written in CTL-PGN: `3-0`, `0-3`, `2-1`, `1-2` or `1-1`.
    ///
    /// ```
    /// use cescacs_board::{Colour, Outcome};
    /// assert_eq!(Outcome::Stalemate { winner: Colour::White }.result(), "2-1");
    /// assert_eq!(Outcome::Checkmate { winner: Colour::Black }.result(), "0-3");
    /// ```
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Colour::White } => notation::WHITE_MATES,
            Outcome::Checkmate { winner: Colour::Black } => notation::BLACK_MATES,
            Outcome::Stalemate { winner: Colour::White } => notation::WHITE_STALEMATES,
            Outcome::Stalemate { winner: Colour::Black } => notation::BLACK_STALEMATES,
            Outcome::Draw(_) => notation::DRAW,
        }
    }
}

impl fmt::Display for Outcome {
    /// `checkmate: White wins 3-0`, `stalemate: Black wins 1-2`, `draw by insufficient material 1-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => {
                write!(f, "checkmate: {winner} wins {}", self.result())
            }
            Outcome::Stalemate { winner } => {
                write!(f, "stalemate: {winner} wins {}", self.result())
            }
            Outcome::Draw(DrawReason::MoveExhaustion) => {
                write!(f, "draw by move exhaustion {}", self.result())
            }
            Outcome::Draw(DrawReason::InsufficientMaterial) => {
                write!(f, "draw by insufficient material {}", self.result())
            }
            Outcome::Draw(DrawReason::Repetition) => {
                write!(f, "draw by repetition {}", self.result())
            }
        }
    }
}

impl Board {
    /// The kind of check the side to move is in, if any (see [`Position::check_kind`]).
    #[inline]
    pub fn check_kind(&self) -> Option<CheckKind> {
        let king = self.king[self.turn.index()];
        match self.checkers_now() {
            [NO, _] => None,
            [first, NO] => {
                let adjoining = is_neighbour(king, first)
                    || (is_jump(king, first)
                        && matches!(
                            kind_of(self.sq[first as usize]),
                            PieceKind::Knight | PieceKind::Pegasus | PieceKind::Wyvern
                        ));
                Some(if adjoining { CheckKind::Adjoining } else { CheckKind::Afar })
            }
            _ => Some(CheckKind::Double),
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    /// Whether the side to move is mated: in check, with no legal move. The search stops at the
    /// first legal move, the King's steps first.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the material left cannot give mate (see [`Position::is_insufficient_material`]).
    /// Read from the piece counts the board keeps: no scan.
    pub fn is_insufficient_material(&self) -> bool {
        // Pieces other than Kings, and among them Bishops, Knights and Elephants, per side.
        let others = |c: Colour| {
            u32::from(self.totals[c.index()])
                .wrapping_sub(u32::from(self.counts[code(c, PieceKind::King) as usize]))
        };
        let minor = |c: Colour| {
            [PieceKind::Bishop, PieceKind::Knight, PieceKind::Elephant]
                .into_iter()
                .map(|k| u32::from(self.counts[code(c, k) as usize]))
                .sum::<u32>()
        };
        let lone = |c: Colour| others(c) == 0;
        let weak = |c: Colour| others(c) == 0 || (others(c) == 1 && minor(c) == 1);
        (lone(Colour::White) && weak(Colour::Black)) || (lone(Colour::Black) && weak(Colour::White))
    }

    /// How the game has ended in this position, if it has (see [`Position::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        let us = self.turn;
        if !self.has_legal_move() {
            let winner = !us;
            return Some(if self.in_check(us) {
                Outcome::Checkmate { winner }
            } else {
                Outcome::Stalemate { winner }
            });
        }
        self.draw_condition().map(Outcome::Draw)
    }

    /// Move exhaustion or insufficient material, whatever the legal moves.
    fn draw_condition(&self) -> Option<DrawReason> {
        if self.halfmove >= 150 {
            Some(DrawReason::MoveExhaustion)
        } else if self.is_insufficient_material() {
            Some(DrawReason::InsufficientMaterial)
        } else {
            None
        }
    }

    /// The automatic draw of this position, if any (see [`Position::automatic_draw`]); the legal
    /// moves are looked at only when a draw condition holds.
    #[inline]
    pub fn automatic_draw(&self) -> Option<DrawReason> {
        self.draw_condition().filter(|_| self.has_legal_move())
    }
}

impl Position {
    /// The kind of check the side to move is in, if any.
    ///
    /// ```
    /// use cescacs_board::{CheckKind, Colour, Piece, PieceKind, Position};
    /// let mut p = Position::empty();
    /// p.set_turn(Colour::Black);
    /// let put = |p: &mut Position, h: &str, c, k| { p.set_piece(h.parse().unwrap(), Some(Piece::new(c, k))); };
    /// put(&mut p, "F14", Colour::Black, PieceKind::King);
    /// put(&mut p, "F10", Colour::White, PieceKind::Elephant);
    /// put(&mut p, "G1", Colour::White, PieceKind::King);
    /// assert_eq!(p.check_kind(), Some(CheckKind::Afar)); // the Elephant's forward-2 attack
    /// ```
    pub fn check_kind(&self) -> Option<CheckKind> {
        Board::from_position(self).check_kind()
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let b = Board::from_position(self);
        b.in_check(b.turn)
    }

    /// The hexes of the pieces that attack `colour`'s King (empty when it has none), in the order
    /// of the 12 directions and then the knight jumps.
    pub fn checkers(&self, colour: Colour) -> Vec<crate::Hex> {
        // The walk reads the position's codes directly: no `Board` built for one question (the
        // PDTL reader asks it of every position it reads). The King is the first one in hex
        // order, as on a `Board`.
        let codes = self.codes();
        let king = code(colour, PieceKind::King);
        let target = codes.iter().position(|&c| c == king).map_or(NO, |i| i as u8);
        let mut out = Vec::new();
        attackers_on(codes, target, !colour, |h| out.push(crate::Hex(h)));
        out
    }

    /// Whether `by` attacks `hex` (docs/RULES.md 5.1; the unmoved King's leap not included).
    pub fn is_attacked(&self, hex: crate::Hex, by: Colour) -> bool {
        Board::from_position(self).attacked(hex.0, by)
    }

    /// How the game has ended in this position, if it has: checkmate, stalemate (a win 2-1 / 1-2),
    /// or an automatic draw (150 half-moves without capture or pawn move; insufficient material by
    /// the website's narrow rule). Repetition needs the game's history and is not judged here:
    /// [`Outcome::of_line`] judges it on a line of play.
    ///
    /// ```
    /// use cescacs_board::{Colour, Outcome, Position};
    /// assert_eq!(Position::initial().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        Board::from_position(self).outcome()
    }

    /// The automatic draw of this position, if any: move exhaustion (halfmove clock 150) or
    /// insufficient material, when the side to move has a legal move (mate and stalemate take
    /// precedence, so a mate on the move that reaches the limit still counts). Cheap when there is
    /// none: the legal moves are only generated when a draw condition holds. Repetition needs
    /// the game's history ([`Outcome::of_line`]).
    ///
    /// ```
    /// use cescacs_board::{DrawReason, Position};
    /// let mut p = Position::initial();
    /// assert_eq!(p.automatic_draw(), None);
    /// p.set_halfmove_clock(150);
    /// assert_eq!(p.automatic_draw(), Some(DrawReason::MoveExhaustion));
    /// ```
    pub fn automatic_draw(&self) -> Option<DrawReason> {
        Board::from_position(self).automatic_draw()
    }

    /// Whether the material left cannot give mate by the website's narrow rule (docs/RULES.md 5.5):
    /// no pawns, one side a lone King, the other a lone King or a King with one Bishop, Knight or
    /// Elephant.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// assert!(!Position::initial().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        Board::from_position(self).is_insufficient_material()
    }

    /// Whether the side to move may claim a draw by move exhaustion (halfmove clock 100 or more).
    pub fn draw_claimable(&self) -> bool {
        self.halfmove_clock() >= 100
    }
}
