//! Legal-move generation (docs/RULES.md 7): pseudo-legal moves per piece, then a legality filter that
//! only replays the moves that could expose the King.

use std::sync::LazyLock;

use crate::hex::Hex;
use crate::piece::{Colour, PieceKind};
use crate::position::EnPassant;

use super::attack::ray_attacks;
use super::board::{Board, DIAGONAL_SLIDER, JUMPER, ORTHOGONAL_SLIDER, code, is_side, kind_of};
use super::castling::{BoardCastling, rook_path};
use super::hexset::HexSet;
use super::moves::{BoardMove, BoardMoveKind, BoardPromotion};
use super::tables::{
    CAPTURE, FORWARD, HOME, JUMP, JUMP_SET, LINES, NO, OBLIQUE, PROMOTION, PROMOTION_HEXES,
    PROMOTION_SET, RAY_DIR, RAYS, RIDE, STEEP, STEP, TRIPLE, between, first_on_ray, is_jump,
};

/// A castling's hexes as bytes, per side.
pub(crate) struct CastleData {
    pub(crate) castling: BoardCastling,
    pub(crate) king_to: u8,
    pub(crate) kings_rook: Option<u8>,
    pub(crate) queens_rook: Option<u8>,
    /// King target plus the Rooks' paths.
    pub(crate) empty: Vec<u8>,
}

pub(crate) static CASTLES: LazyLock<[Vec<CastleData>; 2]> = LazyLock::new(|| {
    Colour::ALL.map(|colour| {
        BoardCastling::ALL
            .into_iter()
            .map(|c| {
                let mut empty = vec![c.king_target(colour).index() as u8];
                for (from, to) in c.rook_moves(colour) {
                    empty.extend(rook_path(from, to).iter().map(|h| h.index() as u8));
                }
                CastleData {
                    castling: c,
                    king_to: c.king_target(colour).index() as u8,
                    kings_rook: c.kings_rook_target(colour).map(|h| h.index() as u8),
                    queens_rook: c.queens_rook_target(colour).map(|h| h.index() as u8),
                    empty,
                }
            })
            .collect()
    })
});

#[inline]
fn hex(i: u8) -> Hex {
    Hex(i)
}

/// Which moves the generator produces.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Legal moves only (docs/RULES.md 7, with the forced-promotion rule).
    Legal,
    /// Every move the pieces' rules allow, ignoring the safety of the mover's King, castling
    /// conditions (c), (d), (g) and forced promotion: what a coherence-level reader replays.
    Pseudo,
}

/// Where the generator puts its moves.
pub(crate) trait Sink {
    fn push(&mut self, m: BoardMove);
    fn len(&self) -> usize;
}

impl Sink for Vec<BoardMove> {
    #[inline]
    fn push(&mut self, m: BoardMove) {
        Vec::push(self, m);
    }

    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
}

/// A few moves on the stack: the moves of one piece to one hex (at most six promotions).
#[derive(Default)]
pub(crate) struct Few {
    moves: [Option<BoardMove>; 8],
    n: usize,
}

impl Few {
    pub(crate) fn iter(&self) -> impl Iterator<Item = &BoardMove> {
        self.moves[..self.n].iter().flatten()
    }
}

impl Sink for Few {
    #[inline]
    fn push(&mut self, m: BoardMove) {
        if let Some(slot) = self.moves.get_mut(self.n) {
            *slot = Some(m);
            self.n += 1;
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.n
    }
}

/// Counts the moves without keeping them: perft's last ply.
#[derive(Default)]
pub(crate) struct Count(pub(crate) usize);

impl Sink for Count {
    #[inline]
    fn push(&mut self, _: BoardMove) {
        self.0 += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.0
    }
}

pub(crate) struct Gen<'a, S: Sink> {
    b: &'a Board,
    us: Colour,
    them: Colour,
    in_check: bool,
    pinned: HexSet,
    filter: Filter,
    out: &'a mut S,
    /// The kinds a pawn may promote to, computed on first use: per hex colour, in piece order.
    pool: Option<[([PieceKind; 6], u8); 3]>,
    /// Only moves to this hex are wanted (`NO`: all); castlings are then skipped.
    only_to: u8,
    /// Only whether there is a move is wanted: nothing more is tested once one is found.
    first_only: bool,
}

impl Board {
    /// The generator for the side to move (check status and shield set only for legal moves).
    fn generator<'a, S: Sink>(&'a self, filter: Filter, out: &'a mut S) -> Gen<'a, S> {
        let us = self.turn;
        let legal = filter == Filter::Legal;
        let in_check = legal && self.in_check(us);
        Gen {
            b: self,
            us,
            them: !us,
            in_check,
            // In check every move is tested anyway: no shield set needed.
            pinned: if legal && !in_check { self.pinned(us) } else { HexSet::default() },
            filter,
            out,
            pool: None,
            only_to: NO,
            first_only: false,
        }
    }

    /// Appends the moves of the side to move to `out`.
    pub(crate) fn generate<S: Sink>(&self, filter: Filter, out: &mut S) {
        let mut g = self.generator(filter, out);
        match filter {
            Filter::Legal if !g.in_check && g.forced_promotions() => return,
            // The coherence level knows promotions in place but does not force them.
            Filter::Pseudo => {
                g.forced_promotions();
            }
            Filter::Legal => {}
        }
        for from in self.occ[self.turn.index()].iter() {
            g.piece(from);
        }
    }

    /// Appends the moves of the piece on `from` (of the side to move) to `out`; the forced
    /// promotion rule is left to the caller.
    pub(crate) fn generate_from(&self, from: u8, filter: Filter, out: &mut Vec<BoardMove>) {
        self.generator(filter, out).piece(from);
    }

    /// The pseudo-legal moves of the piece on `from` (of the side to move) that end on `to`,
    /// without castlings and promotions in place.
    pub(crate) fn moves_between(&self, from: u8, to: u8) -> Few {
        let mut out = Few::default();
        let mut g = self.generator(Filter::Pseudo, &mut out);
        g.only_to = to;
        g.piece(from);
        out
    }

    /// Whether the side to move has a legal move. The search stops at the first one; in check
    /// it tries the King's steps first (the likeliest answer), out of check the King last (each
    /// of its moves needs an attack test, most other moves none).
    pub fn has_legal_move(&self) -> bool {
        let mut out = Few::default();
        let mut g = self.generator(Filter::Legal, &mut out);
        g.first_only = true;
        if !g.in_check && g.forced_promotions() {
            return true;
        }
        let king = self.king[self.turn.index()];
        // In check the King may only step: its steps are tested on one view of the board.
        // When it cannot, a slider or jumper taking the checker or stepping in is the usual
        // answer, tried before the whole generator.
        if g.in_check && (self.king_has_safe_step() || self.slider_or_jumper_answers_check()) {
            return true;
        }
        // The other pieces first: out of check, the first move of a piece that shields
        // nothing is legal as generated, while every King move needs an attack test.
        for from in self.occ[self.turn.index()].iter() {
            if g.out.len() > 0 {
                return true;
            }
            if from != king {
                g.piece(from);
            }
        }
        if king != NO && !g.in_check && g.out.len() == 0 {
            g.piece(king);
        }
        g.out.len() > 0
    }

    /// In single check, whether a slider or a jumper of the side to move can legally take the
    /// checker or land between it and the King. The candidates come from the role sets (a
    /// slider on a line of the target hex, a jumper a knight jump away) and each is tried by
    /// the generator restricted to that hex, so an answer found is a move the generator makes.
    /// `false` proves nothing (a Pawn, an Elephant, a Knight's ride may still answer): the
    /// caller then runs the generator.
    pub(crate) fn slider_or_jumper_answers_check(&self) -> bool {
        let [checker, second] = self.checkers;
        if !self.checkers_known || checker == NO || second != NO {
            return false;
        }
        let us = self.turn;
        let king = self.king[us.index()];
        let mut targets = HexSet::single(checker);
        let d = RAY_DIR[king as usize][checker as usize];
        if d != NO {
            // The hexes of the King's ray up to the checker.
            let d = d as usize;
            targets = targets.union(RAYS[king as usize][d].without(RAYS[checker as usize][d]));
        }
        let mut out = Few::default();
        let mut g = self.generator(Filter::Legal, &mut out);
        g.first_only = true;
        let roles = &self.roles[us.index()];
        for t in targets.iter() {
            let lines = &LINES[t as usize];
            let candidates = roles[ORTHOGONAL_SLIDER]
                .intersection(lines[0])
                .union(roles[DIAGONAL_SLIDER].intersection(lines[1]))
                .union(roles[JUMPER].intersection(JUMP_SET[t as usize]));
            g.only_to = t;
            for from in candidates.iter() {
                g.piece(from);
                if g.out.len() > 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move must promote a pawn in place this turn (docs/RULES.md 3.9.6). Cheap
    /// when no pawn awaits promotion.
    #[inline]
    pub fn forced_promotion_pending(&self) -> bool {
        self.awaiting_pawn(self.turn) && self.awaiting_pawn_must_promote()
    }

    /// [`Board::forced_promotion_pending`] once a pawn of the side to move is known to await
    /// promotion.
    #[cold]
    fn awaiting_pawn_must_promote(&self) -> bool {
        let mut out = Few::default();
        let mut g = Gen {
            b: self,
            us: self.turn,
            them: !self.turn,
            in_check: false,
            pinned: HexSet::default(),
            filter: Filter::Legal,
            out: &mut out,
            pool: None,
            only_to: NO,
            first_only: false,
        };
        !self.in_check(self.turn) && g.forced_promotions()
    }

    /// Whether a pawn of `side` stands on one of its promotion hexes (awaiting promotion).
    #[inline]
    pub(crate) fn awaiting_pawn(&self, side: Colour) -> bool {
        let pawn = code(side, PieceKind::Pawn);
        let on_promotion = self.occ[side.index()].intersection(PROMOTION_SET[side.index()]);
        !on_promotion.is_empty() && on_promotion.iter().any(|i| self.sq[i as usize] == pawn)
    }

    /// Whether `m`, played by the side to move, leaves its King safe (docs/RULES.md 5.1, including the
    /// unmoved enemy King's leap targets for King moves). The King is tested on the board as it
    /// would be after the move (the origin and an en-passant victim emptied, the destination
    /// taken) without making it; castlings, which move two or three pieces, are made on a copy.
    pub(crate) fn is_safe_after(&self, m: &BoardMove) -> bool {
        let us = self.turn;
        let them = !us;
        if matches!(m.kind, BoardMoveKind::Castling(_) | BoardMoveKind::PromotionInPlace) {
            return self.is_safe_after_copy(m);
        }
        let (from, to) = (m.from.0, m.to.0);
        let placed = match m.promotion {
            Some(BoardPromotion::To(k)) => code(us, k),
            _ => code(us, m.piece),
        };
        if m.piece == PieceKind::King {
            // Whether the enemy King's leap covers `to` depends on the board after the move
            // (that King must not be in check then): rare, so the move is made on a copy.
            if self.king_at_home_unmoved(them) && is_jump(self.king[them.index()], to) {
                return self.is_safe_after_copy(m);
            }
            return !self.attacked_after_king_step(from, to, them);
        }
        let victim = match m.kind {
            BoardMoveKind::EnPassant { victim } => victim.0,
            _ => NO,
        };
        let king = self.king[us.index()];
        if victim == NO {
            // One piece leaves `from` for `to`: the only line it can open goes through `from`,
            // and a check it can end is one whose checker it takes or whose line it blocks.
            let [first, second] = if self.checkers_known {
                self.checkers
            } else if self.in_check(us) {
                return !self.attacked_after(king, them, [from, NO], (to, placed));
            } else {
                [NO, NO]
            };
            let answers_check = match (first, second) {
                (NO, _) => true,
                (checker, NO) => to == checker || self.blocks(king, checker, to),
                // Double check: only the King can move.
                _ => false,
            };
            return answers_check && !self.exposed_by_leaving(king, from, to);
        }
        !self.attacked_after(king, them, [from, victim], (to, placed))
    }

    /// Whether `hex` lies strictly between `king` and `checker` on the line joining them (never
    /// for a jump, which nothing can block).
    pub(crate) fn blocks(&self, king: u8, checker: u8, hex: u8) -> bool {
        let d = RAY_DIR[king as usize][checker as usize];
        if d == NO || RAY_DIR[king as usize][hex as usize] != d {
            return false;
        }
        let mut h = STEP[king as usize][d as usize];
        while h != NO && h != checker {
            if h == hex {
                return true;
            }
            h = STEP[h as usize][d as usize];
        }
        false
    }

    /// Whether the piece leaving `from` for `to` uncovers an attack on `king` along the line
    /// through `from` (a pin), on a board where `king` is not attacked now.
    #[inline(always)]
    pub(crate) fn exposed_by_leaving(&self, king: u8, from: u8, to: u8) -> bool {
        if king == NO {
            return false;
        }
        let d = RAY_DIR[king as usize][from as usize];
        if d == NO {
            return false;
        }
        let d = d as usize;
        if !self.may_attack_from_afar(king, d, !self.turn) {
            return false;
        }
        let mut blockers = self.occ[0].union(self.occ[1]);
        blockers.insert(to);
        // A piece between them, or the mover landing between them, still shields the King.
        if !between(king, from, d).intersection(blockers).is_empty() {
            return false;
        }
        // Staying on the line (or taking the attacker) keeps the King shielded.
        let h = first_on_ray(RAYS[from as usize][d], d, blockers);
        if h == NO || h == to {
            return false;
        }
        let c = self.sq[h as usize];
        is_side(c, !self.turn) && ray_attacks(c, king, d, h)
    }

    /// [`Board::is_safe_after`] by making the move on a copy.
    pub(crate) fn is_safe_after_copy(&self, m: &BoardMove) -> bool {
        let us = self.turn;
        let mut after = self.clone();
        after.apply(m);
        let king = after.king[us.index()];
        if after.attacked(king, !us) {
            return false;
        }
        !(m.piece == PieceKind::King && after.leap_attacks(king, !us))
    }
}

impl<S: Sink> Gen<'_, S> {
    /// The moves of the piece on `from`.
    fn piece(&mut self, from: u8) {
        let c = self.b.sq[from as usize];
        if !is_side(c, self.us) {
            return;
        }
        let kind = kind_of(c);
        match kind {
            PieceKind::Pawn => self.pawn(from),
            PieceKind::Elephant => self.elephant(from),
            PieceKind::Knight => {
                self.jumps(from, kind);
                self.rides(from);
            }
            PieceKind::Bishop => self.slides(from, kind, 6..12),
            PieceKind::Rook => self.slides(from, kind, 0..6),
            PieceKind::Queen => self.slides(from, kind, 0..12),
            PieceKind::Pegasus => {
                self.slides(from, kind, 6..12);
                self.jumps(from, kind);
            }
            PieceKind::Wyvern => {
                self.slides(from, kind, 0..6);
                self.jumps(from, kind);
            }
            PieceKind::King => self.king(from),
        }
    }

    #[inline]
    fn push(&mut self, m: BoardMove) {
        if (self.only_to != NO && m.to.0 != self.only_to) || (self.first_only && self.out.len() > 0)
        {
            return;
        }
        let needs_test = self.filter == Filter::Legal
            && (self.in_check
                || m.piece == PieceKind::King
                || matches!(m.kind, BoardMoveKind::EnPassant { .. })
                || self.pinned.contains(m.from.0));
        if !needs_test || self.b.is_safe_after(&m) {
            self.out.push(m);
        }
    }

    #[inline]
    fn simple(&mut self, kind: PieceKind, from: u8, to: u8) {
        if self.only_to != NO && to != self.only_to {
            return;
        }
        let c = self.b.sq[to as usize];
        let captured = if c == 0 { None } else { Some(kind_of(c)) };
        self.push(BoardMove {
            piece: kind,
            from: hex(from),
            to: hex(to),
            captured,
            kind: BoardMoveKind::Normal,
            promotion: None,
        });
    }

    /// A move to `to` if it is empty or holds an enemy piece.
    #[inline]
    fn unless_own(&mut self, kind: PieceKind, from: u8, to: u8) {
        let c = self.b.sq[to as usize];
        if c == 0 || is_side(c, self.them) {
            self.simple(kind, from, to);
        }
    }

    fn slides(&mut self, from: u8, kind: PieceKind, dirs: core::ops::Range<usize>) {
        // Looking for one destination: only its direction can reach it.
        let dirs = if self.only_to == NO {
            dirs
        } else {
            let d = RAY_DIR[from as usize][self.only_to as usize] as usize;
            if !dirs.contains(&d) {
                return;
            }
            d..d + 1
        };
        for d in dirs {
            let mut h = STEP[from as usize][d];
            while h != NO {
                let c = self.b.sq[h as usize];
                if c == 0 {
                    self.simple(kind, from, h);
                } else {
                    if is_side(c, self.them) {
                        self.simple(kind, from, h);
                    }
                    break;
                }
                h = STEP[h as usize][d];
            }
        }
    }

    fn jumps(&mut self, from: u8, kind: PieceKind) {
        if self.only_to != NO {
            if is_jump(from, self.only_to) {
                self.unless_own(kind, from, self.only_to);
            }
            return;
        }
        let (targets, n) = &JUMP[from as usize];
        for &t in &targets[..*n as usize] {
            self.unless_own(kind, from, t);
        }
    }

    fn rides(&mut self, from: u8) {
        let (rides, n) = &RIDE[from as usize];
        for &(m, t) in &rides[..*n as usize] {
            if self.b.sq[m as usize] == 0 && self.b.sq[t as usize] == 0 {
                self.simple(PieceKind::Knight, from, t);
            }
        }
    }

    fn elephant(&mut self, from: u8) {
        let f1 = STEP[from as usize][FORWARD[self.us.index()]];
        if f1 != NO {
            self.unless_own(PieceKind::Elephant, from, f1);
            if self.b.sq[f1 as usize] == 0 {
                let f2 = STEP[f1 as usize][FORWARD[self.us.index()]];
                if f2 != NO {
                    self.unless_own(PieceKind::Elephant, from, f2);
                }
            }
        }
        for d in STEEP {
            let t = STEP[from as usize][d];
            if t != NO {
                self.unless_own(PieceKind::Elephant, from, t);
            }
        }
    }

    fn king(&mut self, from: u8) {
        for &t in &STEP[from as usize] {
            if t != NO {
                self.unless_own(PieceKind::King, from, t);
            }
        }
        let home_unmoved = self.b.king_at_home_unmoved(self.us);
        if !home_unmoved || self.in_check {
            return;
        }
        if self.only_to != NO && !is_jump(from, self.only_to) {
            return;
        }
        let (targets, n) = &JUMP[from as usize];
        for &t in &targets[..*n as usize] {
            let c = self.b.sq[t as usize];
            if c == 0 || is_side(c, self.them) {
                self.push(BoardMove {
                    piece: PieceKind::King,
                    from: hex(from),
                    to: hex(t),
                    captured: if c == 0 { None } else { Some(kind_of(c)) },
                    kind: BoardMoveKind::Leap,
                    promotion: None,
                });
            }
        }
        if self.only_to != NO {
            return;
        }
        for data in &CASTLES[self.us.index()] {
            if self.b.castling_prepared(data, self.filter == Filter::Legal) {
                self.push(BoardMove {
                    piece: PieceKind::King,
                    from: hex(from),
                    to: hex(data.king_to),
                    captured: None,
                    kind: BoardMoveKind::Castling(data.castling),
                    promotion: None,
                });
            }
        }
    }

    fn pawn(&mut self, from: u8) {
        let us = self.us.index();
        let fwd = FORWARD[us];
        let f1 = STEP[from as usize][fwd];
        if f1 != NO && self.b.sq[f1 as usize] == 0 {
            self.pawn_to(from, f1, None, BoardMoveKind::Normal);
            let f2 = STEP[f1 as usize][fwd];
            if f2 != NO && self.b.sq[f2 as usize] == 0 {
                self.pawn_to(from, f2, None, BoardMoveKind::DoubleStep);
                let f3 = STEP[f2 as usize][fwd];
                if TRIPLE[us][from as usize] && f3 != NO && self.b.sq[f3 as usize] == 0 {
                    self.pawn_to(from, f3, None, BoardMoveKind::TripleStep);
                }
            }
        }
        // Scornful when the hex in front holds an enemy pawn (not an Elephant, not one's own).
        let scorns = f1 != NO && self.b.sq[f1 as usize] == code(self.them, PieceKind::Pawn);
        for d in OBLIQUE[us] {
            let t = STEP[from as usize][d];
            if t != NO && self.b.sq[t as usize] == 0 {
                let kind = if scorns { BoardMoveKind::Scornful } else { BoardMoveKind::Normal };
                self.pawn_to(from, t, None, kind);
            }
        }
        for d in CAPTURE[us] {
            let t = STEP[from as usize][d];
            if t == NO {
                continue;
            }
            let c = self.b.sq[t as usize];
            if is_side(c, self.them) {
                self.pawn_to(from, t, Some(kind_of(c)), BoardMoveKind::Normal);
            } else if c == 0 {
                if let Some(victim) = self.en_passant_victim(t) {
                    let captured = Some(kind_of(self.b.sq[victim as usize]));
                    self.pawn_to(
                        from,
                        t,
                        captured,
                        BoardMoveKind::EnPassant { victim: hex(victim) },
                    );
                }
            }
        }
        if let EnPassant::Scornful(s) = self.b.en_passant {
            let s = s.0;
            let c = self.b.sq[s as usize];
            // This pawn faced the scornful pawn: the hex in front of it is the one the scornful
            // pawn left, and the scornful pawn's hex is one of its oblique steps.
            let origin = self.b.scorn_origin;
            if is_side(c, self.them)
                && f1 != NO
                && (f1 == origin || (origin == NO && self.b.sq[f1 as usize] == 0))
                && OBLIQUE[us].iter().any(|&d| STEP[from as usize][d] == s)
                && OBLIQUE[self.them.index()].iter().any(|&d| STEP[f1 as usize][d] == s)
            {
                self.pawn_to(from, s, Some(kind_of(c)), BoardMoveKind::ScornfulCapture);
            }
        }
    }

    /// The hex of the piece an en-passant capture onto the empty hex `t` would remove.
    fn en_passant_victim(&self, t: u8) -> Option<u8> {
        let (pawn, crossed) = match self.b.en_passant {
            EnPassant::Double { pawn, line } => (pawn, [Some(line), None]),
            EnPassant::Triple { pawn, lines } => (pawn, [Some(lines[0]), Some(lines[1])]),
            _ => return None,
        };
        let th = hex(t);
        if th.column() != pawn.column() || !crossed.contains(&Some(th.line())) {
            return None;
        }
        let c = self.b.sq[pawn.index()];
        // The victim is an enemy pawn, or the piece it promoted to on arrival.
        let ok = is_side(c, self.them)
            && (kind_of(c) == PieceKind::Pawn || PROMOTION[self.them.index()][pawn.index()]);
        ok.then_some(pawn.0)
    }

    /// A pawn move to `to`, expanded into its promotions when `to` is the promotion hex.
    #[inline]
    fn pawn_to(&mut self, from: u8, to: u8, captured: Option<PieceKind>, kind: BoardMoveKind) {
        if self.only_to != NO && to != self.only_to {
            return;
        }
        let m = BoardMove {
            piece: PieceKind::Pawn,
            from: hex(from),
            to: hex(to),
            captured,
            kind,
            promotion: None,
        };
        if PROMOTION[self.us.index()][to as usize] {
            self.promotions(m);
        } else {
            self.push(m);
        }
    }

    #[cold]
    fn promotions(&mut self, mut m: BoardMove) {
        let (kinds, n) = self.pool_for(m.to.0);
        if n == 0 {
            m.promotion = Some(BoardPromotion::Awaiting);
            self.push(m);
            return;
        }
        // The King's safety depends only on which hexes are occupied, not on the piece chosen:
        // test the first promotion and give the others the same verdict.
        m.promotion = Some(BoardPromotion::To(kinds[0]));
        let before = self.out.len();
        self.push(m);
        if self.out.len() > before {
            for &k in &kinds[1..n as usize] {
                m.promotion = Some(BoardPromotion::To(k));
                self.out.push(m);
            }
        }
    }

    /// The kinds the side to move may promote to on `to`.
    fn pool_for(&mut self, to: u8) -> ([PieceKind; 6], u8) {
        let pool = *self.pool.get_or_insert_with(|| pool_table(self.b, self.us));
        pool[hex(to).colour() as usize]
    }

    /// Pushes the promotions in place if one is pending; returns whether there were any.
    fn forced_promotions(&mut self) -> bool {
        let us = self.us.index();
        let pawn = code(self.us, PieceKind::Pawn);
        let before = self.out.len();
        for &i in &PROMOTION_HEXES[us] {
            if self.b.sq[i as usize] != pawn {
                continue;
            }
            let (kinds, n) = self.pool_for(i);
            for &k in &kinds[..n as usize] {
                self.out.push(BoardMove {
                    piece: PieceKind::Pawn,
                    from: hex(i),
                    to: hex(i),
                    captured: None,
                    kind: BoardMoveKind::PromotionInPlace,
                    promotion: Some(BoardPromotion::To(k)),
                });
            }
        }
        self.out.len() > before
    }
}

/// Per hex colour (in `HexColour` declaration order), the kinds a pawn of `side` may take.
fn pool_table(b: &Board, side: Colour) -> [([PieceKind; 6], u8); 3] {
    let mut counts = [0u8; 9];
    let mut bishops = [true; 3];
    for i in b.occ[side.index()].iter() {
        let k = kind_of(b.sq[i as usize]);
        if k == PieceKind::Bishop {
            bishops[hex(i).colour() as usize] = false;
        } else {
            counts[k.index()] += 1;
        }
    }
    let mut out = [([PieceKind::Pawn; 6], 0u8); 3];
    for (colour, slot) in out.iter_mut().enumerate() {
        for k in [
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pegasus,
            PieceKind::Rook,
            PieceKind::Wyvern,
            PieceKind::Queen,
        ] {
            let available = if k == PieceKind::Bishop {
                bishops[colour]
            } else {
                counts[k.index()] < k.initial_count()
            };
            if available {
                slot.0[slot.1 as usize] = k;
                slot.1 += 1;
            }
        }
    }
    out
}

impl Board {
    /// Castling conditions (a), (b), (d), (e) of docs/RULES.md 4.2 for the side to move; with
    /// `check_attacks` false, (d) only asks for an empty target. The King is known to be unmoved
    /// on its home hex and (for legal generation) not in check.
    pub(crate) fn castling_prepared(&self, data: &CastleData, check_attacks: bool) -> bool {
        let us = self.turn;
        if self.sq[data.king_to as usize] != 0 {
            return false;
        }
        let rook = code(us, PieceKind::Rook);
        let rights = self.castling[us.index()];
        if data.kings_rook.is_some()
            && !(rights.kings_rook && self.sq[HOME[us.index()][2] as usize] == rook)
        {
            return false;
        }
        if data.queens_rook.is_some()
            && !(rights.queens_rook && self.sq[HOME[us.index()][1] as usize] == rook)
        {
            return false;
        }
        if data.empty.iter().any(|&h| self.sq[h as usize] != 0) {
            return false;
        }
        !check_attacks
            || !(self.attacked(data.king_to, !us) || self.leap_attacks(data.king_to, !us))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::test_rng::Rng;

    /// Random games that prefer checking moves and captures, so that checks the King cannot
    /// step out of, and mates, come often: there the mate test's shortcut must never find a
    /// move the generator does not make, and `has_legal_move` must equal the generator's verdict.
    #[test]
    fn check_answers_found_quickly_are_generated_moves() {
        let mut rng = Rng(0x3a7e_2026);
        let mut moves = Vec::new();
        let (mut checks, mut king_stuck, mut quick, mut slow, mut mates) = (0, 0, 0, 0, 0);
        for _ in 0..1500 {
            let mut b = Board::from_position(&Position::initial());
            for _ in 0..rng.below(300) + 20 {
                b.refresh_checkers();
                moves.clear();
                b.generate(Filter::Legal, &mut moves);
                let in_check = b.in_check(b.turn);
                if in_check {
                    checks += 1;
                    if !b.king_has_safe_step() {
                        king_stuck += 1;
                        let found = b.slider_or_jumper_answers_check();
                        assert!(!found || !moves.is_empty(), "{:?}", b.to_position());
                        if found {
                            quick += 1;
                        } else if moves.is_empty() {
                            mates += 1;
                        } else {
                            slow += 1;
                        }
                    }
                }
                assert_eq!(b.has_legal_move(), !moves.is_empty(), "{:?}", b.to_position());
                let mut unknown = b.clone();
                unknown.checkers_known = false;
                assert_eq!(unknown.has_legal_move(), !moves.is_empty());
                if moves.is_empty() {
                    break;
                }
                // A checking move three times in four when there is one, else a capture
                // half of the time, else any move.
                let checking: Vec<&BoardMove> = moves
                    .iter()
                    .filter(|m| {
                        let mut after = b.clone();
                        after.apply(m);
                        after.in_check(after.turn)
                    })
                    .collect();
                let captures: Vec<&BoardMove> =
                    moves.iter().filter(|m| m.captured.is_some()).collect();
                let m = if !checking.is_empty() && rng.below(4) != 0 {
                    *checking[rng.below(checking.len())]
                } else if !captures.is_empty() && rng.below(2) == 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                b.apply(&m);
            }
        }
        eprintln!(
            "checks {checks}, King stuck {king_stuck}, quick {quick}, slow {slow}, mates {mates}"
        );
        assert!(
            king_stuck > 200 && quick > 100 && slow > 20 && mates > 20,
            "checks {checks}, King stuck {king_stuck}, quick {quick}, slow {slow}, mates {mates}"
        );
    }
}
