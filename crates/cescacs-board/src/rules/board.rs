//! The playable board: a byte mailbox plus one 169-bit occupancy set per side.
//!
//! The mailbox answers "what stands on this hex" with one load; the occupancy sets let the
//! generator visit a side's pieces without scanning empty hexes. Everything else (rays, jumps) is
//! table-driven (see `tables`). The board is copied to try a move (about 300 bytes).

use std::sync::LazyLock;

use crate::hex::{HEX_COUNT, Hex};
use crate::piece::{Colour, Piece, PieceKind};
use crate::position::{CastlingRights, EnPassant, MoveNumber, Position};

use super::hexset::HexSet;
use super::tables::{HOME, NO};
use super::zobrist;

/// The attack roles a piece can have besides its short-range steps: indices into `Board::roles`.
pub(crate) const ORTHOGONAL_SLIDER: usize = 0;
pub(crate) const DIAGONAL_SLIDER: usize = 1;
pub(crate) const JUMPER: usize = 2;

/// `ROLES[code & 15]`: bit `r` set when the piece of that code has attack role `r` (Rook, Wyvern
/// and Queen slide orthogonally; Bishop, Pegasus and Queen diagonally; Knight, Pegasus and Wyvern
/// attack by knight jumps).
const ROLES: [u8; 16] = {
    let mut out = [0u8; 16];
    let mut k = 0;
    while k < PieceKind::ALL.len() {
        out[k + 1] = match PieceKind::ALL[k] {
            PieceKind::Rook => 1 << ORTHOGONAL_SLIDER,
            PieceKind::Bishop => 1 << DIAGONAL_SLIDER,
            PieceKind::Queen => (1 << ORTHOGONAL_SLIDER) | (1 << DIAGONAL_SLIDER),
            PieceKind::Knight => 1 << JUMPER,
            PieceKind::Pegasus => (1 << DIAGONAL_SLIDER) | (1 << JUMPER),
            PieceKind::Wyvern => (1 << ORTHOGONAL_SLIDER) | (1 << JUMPER),
            _ => 0,
        };
        k += 1;
    }
    out
};

/// Whether the piece of `code` has attack role `role`.
#[inline]
pub(crate) const fn has_role(code: u8, role: usize) -> bool {
    ROLES[(code & 15) as usize] & (1 << role) != 0
}

/// Piece code of the mailbox: 0 empty, else `kind + 1` with bit 4 set for Black (the code
/// `Position` stores, defined in `piece.rs`).
pub(crate) use crate::piece::{code, colour_of, kind_of};

/// Whether `code` is a piece of `colour` (false for an empty hex).
#[inline]
pub(crate) const fn is_side(code: u8, colour: Colour) -> bool {
    code != 0 && (code >> 4) == colour as u8
}

/// A position ready for play: the compact form the rules engine works on.
///
/// [`Position`] is the plain description of a position (what PDTL records), easy to build and to
/// inspect; `Board` is the same state laid out for the rules: a byte per hex, a bit set of each
/// side's pieces, both King hexes, piece counts and a Zobrist key kept up to date as moves are
/// played. Every rules query of `Position` converts it to a `Board` first, which costs about as
/// much as the query itself; code that plays many moves in a row (a game replay, a search) should
/// keep one `Board`, find and play each move on it ([`Board::legal_moves`],
/// [`Board::play_unchecked`]), and convert back to a `Position` only when it needs one.
///
/// ```
/// use cescacs_board::{Board, Position};
/// let mut board = Board::new(&Position::initial());
/// let moves = board.legal_moves();
/// let m = moves.iter().find(|m| m.to_string() == "G7-G13").expect("a legal move");
/// board.play_unchecked(m);
/// assert_eq!(board.to_position().en_passant().to_string(), "G13@9-11");
/// assert_eq!(board.check_kind(), None);
/// ```
#[derive(Clone)]
// Compared whole only by tests (the part-by-part copy's): a derive cannot forget a field.
#[cfg_attr(test, derive(PartialEq))]
pub struct Board {
    pub(crate) sq: [u8; HEX_COUNT],
    pub(crate) occ: [HexSet; 2],
    /// Per side, the pieces of each attack role (`ORTHOGONAL_SLIDER`, `DIAGONAL_SLIDER`,
    /// `JUMPER`): an attack test reads which lines can hold an attacker from these sets instead
    /// of walking every ray.
    pub(crate) roles: [[HexSet; 3]; 2],
    /// Each side's King hex, or `NO`.
    pub(crate) king: [u8; 2],
    pub(crate) turn: Colour,
    pub(crate) castling: [CastlingRights; 2],
    pub(crate) en_passant: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) number: MoveNumber,
    /// The hex the last scornful pawn left, or `NO` when unknown (see `Position::scornful_origin`).
    pub(crate) scorn_origin: u8,
    /// The Zobrist key of the pieces, the side to move and the castling status, kept up to date
    /// by `put`, `take` and `apply` (the en-passant part is added on demand: `repetition_key`).
    pub(crate) key: u64,
    /// How many pieces of each code stand on the board, and of each side.
    pub(crate) counts: [u8; 32],
    pub(crate) totals: [u8; 2],
    /// When `checkers_known`: the first two pieces (in `attackers` order) that attack the King
    /// of the side to move, or `NO`. Filled by `refresh_checkers` (`play_spec` does it, for the
    /// next match and the check mark); `apply` only marks it unknown, so that playing moves
    /// that nobody asks about (perft, the coherence level) costs no attack scan.
    pub(crate) checkers: [u8; 2],
    pub(crate) checkers_known: bool,
    /// The side not to move is known not to be in check (its last move was tested legal by
    /// `play_spec`, or played again by `replay_legal`): after the next move only that move's
    /// own lines can give check.
    pub(crate) waiting_side_safe: bool,
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Board").field(&self.to_position()).finish()
    }
}

impl From<&Position> for Board {
    fn from(p: &Position) -> Board {
        Board::from_position(p)
    }
}

impl Board {
    /// The board of a position.
    pub fn new(position: &Position) -> Board {
        Board::from_position(position)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// The piece on a hex.
    #[inline]
    pub fn piece_at(&self, hex: Hex) -> Option<Piece> {
        let c = self.sq[hex.index()];
        (c != 0).then(|| Piece::new(colour_of(c), kind_of(c)))
    }

    /// Half-moves since the last capture, pawn move or promotion.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub(crate) fn from_position(p: &Position) -> Board {
        // Most games start from the initial position: its board is built once and copied (a
        // copy costs a tenth of building it from the position's 169 hexes).
        static INITIAL: LazyLock<(Position, Board)> = LazyLock::new(|| {
            let p = Position::initial();
            let mut b = Board::build(&p);
            // Neither side is in check there: the first move of a game takes the one pass of
            // `play_spec` like the others.
            b.refresh_checkers();
            b.waiting_side_safe = !b.in_check(!b.turn);
            (p, b)
        });
        let (initial, board) = &*INITIAL;
        if p.move_number() == initial.move_number()
            && p.halfmove_clock() == initial.halfmove_clock()
            && p.scornful_origin().is_none()
            && p == initial
        {
            return board.clone();
        }
        Board::build(p)
    }

    /// The board of a position, built hex by hex.
    fn build(p: &Position) -> Board {
        let mut b = Board {
            sq: [0; HEX_COUNT],
            occ: [HexSet::default(); 2],
            roles: [[HexSet::default(); 3]; 2],
            king: [NO; 2],
            turn: p.turn(),
            castling: [p.castling(Colour::White), p.castling(Colour::Black)],
            en_passant: p.en_passant(),
            halfmove: p.halfmove_clock(),
            number: p.move_number(),
            scorn_origin: p.scornful_origin().map_or(NO, |h| h.index() as u8),
            key: 0,
            counts: [0; 32],
            totals: [0; 2],
            checkers: [NO; 2],
            checkers_known: false,
            waiting_side_safe: false,
        };
        for (i, &c) in p.codes().iter().enumerate() {
            if c != 0 {
                b.put(i as u8, c);
            }
        }
        b.key ^= zobrist::castling(0, b.castling[0]) ^ zobrist::castling(1, b.castling[1]);
        if b.turn == Colour::Black {
            b.key ^= zobrist::BLACK_TO_MOVE;
        }
        b
    }

    /// Computes and keeps the check status of the side to move.
    pub(crate) fn refresh_checkers(&mut self) {
        self.checkers_known = false;
        self.checkers = self.checkers_now();
        self.checkers_known = true;
    }

    /// The first two attackers of the King of the side to move (`NO` when fewer).
    #[inline]
    pub(crate) fn checkers_now(&self) -> [u8; 2] {
        if self.checkers_known {
            return self.checkers;
        }
        self.first_two_attackers(self.king[self.turn.index()], !self.turn)
    }

    /// The position this board holds, with every PDTL field (and the scornful origin).
    pub fn to_position(&self) -> Position {
        let mut p = Position::empty();
        // The board's codes are the position's (`Board::build` puts each code of a position
        // as it is): one copy, not a piece at a time (the Python module makes a position per ply).
        p.set_codes(&self.sq);
        for colour in Colour::ALL {
            p.set_castling(colour, self.castling[colour.index()]);
        }
        p.set_turn(self.turn);
        p.set_en_passant(self.en_passant);
        p.set_halfmove_clock(self.halfmove);
        p.set_move_number(self.number);
        if matches!(self.en_passant, EnPassant::Scornful(_)) && self.scorn_origin != NO {
            p.set_scornful_origin(Hex::from_index(self.scorn_origin as usize));
        }
        p
    }

    /// Puts a piece code on an empty hex.
    #[inline(always)]
    pub(crate) fn put(&mut self, i: u8, c: u8) {
        self.sq[i as usize] = c;
        self.key ^= zobrist::piece(c, i);
        self.counts[c as usize & 31] = self.counts[c as usize & 31].wrapping_add(1);
        let colour = colour_of(c);
        self.totals[colour.index()] = self.totals[colour.index()].wrapping_add(1);
        self.occ[colour.index()].insert(i);
        let roles = ROLES[(c & 15) as usize];
        for (role, set) in self.roles[colour.index()].iter_mut().enumerate() {
            // Without a branch: the bit is or-ed in as zero for the roles the piece lacks.
            set.insert_if(i, (roles >> role) & 1 != 0);
        }
        if kind_of(c) == PieceKind::King && self.king[colour.index()] == NO {
            self.king[colour.index()] = i;
        }
    }

    /// Empties a hex, returning its code.
    #[inline(always)]
    pub(crate) fn take(&mut self, i: u8) -> u8 {
        let c = self.sq[i as usize];
        if c != 0 {
            self.sq[i as usize] = 0;
            self.key ^= zobrist::piece(c, i);
            self.counts[c as usize & 31] = self.counts[c as usize & 31].wrapping_sub(1);
            let colour = colour_of(c);
            self.totals[colour.index()] = self.totals[colour.index()].wrapping_sub(1);
            self.occ[colour.index()].remove(i);
            // A piece stands in the role sets of its own roles only (Pawns, Elephants and
            // Kings in none).
            let roles = ROLES[(c & 15) as usize];
            if roles != 0 {
                for (role, set) in self.roles[colour.index()].iter_mut().enumerate() {
                    if (roles >> role) & 1 != 0 {
                        set.remove(i);
                    }
                }
            }
            if self.king[colour.index()] == i {
                self.king[colour.index()] = NO;
            }
        }
        c
    }

    /// Moves the piece on `from` to the empty hex `to` (`from` holds a piece, `to` is another
    /// hex): what `take` then `put` do, without touching the counts.
    #[inline(always)]
    pub(crate) fn shift(&mut self, from: u8, to: u8) {
        let c = self.sq[from as usize];
        self.sq[from as usize] = 0;
        self.sq[to as usize] = c;
        self.key ^= zobrist::piece(c, from) ^ zobrist::piece(c, to);
        let side = colour_of(c).index();
        self.occ[side].remove(from);
        self.occ[side].insert(to);
        // Without a branch: which roles the moved piece has is anyone's guess move after move,
        // a branch on them is mispredicted often. The bit is moved as zero for the others.
        let roles = ROLES[(c & 15) as usize];
        let (from_word, from_bit) = ((from >> 6) as usize, 1u64 << (from & 63));
        let (to_word, to_bit) = ((to >> 6) as usize, 1u64 << (to & 63));
        for (role, set) in self.roles[side].iter_mut().enumerate() {
            // All ones when the piece has the role. It stands on `from` and `to` is empty, so
            // flipping both bits moves it.
            let mask = 0u64.wrapping_sub(u64::from((roles >> role) & 1));
            set.0[from_word] ^= from_bit & mask;
            set.0[to_word] ^= to_bit & mask;
        }
        if self.king[side] == from {
            self.king[side] = to;
        }
    }

    /// Whether a side's King is on its home hex and has never moved: it may leap and castle.
    #[inline]
    pub(crate) fn king_at_home_unmoved(&self, colour: Colour) -> bool {
        let k = self.king[colour.index()];
        self.castling[colour.index()].king_unmoved && k != NO && k == HOME[colour.index()][0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything a board holds, to compare two boards.
    fn state(b: &Board) -> impl PartialEq + core::fmt::Debug + use<> {
        (b.sq, b.occ, b.roles, b.king, b.counts, b.totals, b.key, b.to_position())
    }

    #[test]
    fn the_initial_board_is_the_one_built_hex_by_hex() {
        let initial = Position::initial();
        assert_eq!(state(&Board::from_position(&initial)), state(&Board::build(&initial)));
        // Its check status comes known, and true: no check either way.
        let b = Board::from_position(&initial);
        assert!(b.checkers_known && b.waiting_side_safe);
        assert_eq!(b.checkers, b.first_two_attackers(b.king[b.turn.index()], !b.turn));
        assert!(!b.attacked(b.king[(!b.turn).index()], b.turn));
        // Positions that differ from the initial one only in a field are built, not copied.
        let mut later = initial.clone();
        later.set_move_number(MoveNumber::Known(core::num::NonZeroU32::new(7).unwrap()));
        later.set_halfmove_clock(3);
        let b = Board::from_position(&later);
        assert_eq!(b.to_position(), later);
        assert_eq!(state(&b), state(&Board::build(&later)));
        let mut black = initial.clone();
        black.set_turn(Colour::Black);
        assert_eq!(Board::from_position(&black).turn(), Colour::Black);
        assert_ne!(Board::from_position(&black).key, Board::from_position(&initial).key);
    }
}
