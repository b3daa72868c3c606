//! Attacks (docs/RULES.md 5.1): which hexes a side attacks, who gives check, which pieces are pinned.

use crate::hex::{HEX_COUNT, Hex};
use crate::piece::{Colour, PieceKind};

use super::board::{
    Board, DIAGONAL_SLIDER, JUMPER, ORTHOGONAL_SLIDER, code, has_role, is_side, kind_of,
};
use super::hexset::HexSet;
use super::moves::{BoardMove, BoardMoveKind};
use super::tables::{
    CAPTURE, FORWARD, JUMP, JUMP_SET, LINES, NEIGHBOURS, NO, OPPOSITE, RAY_DIR, RAYS, STEEP, STEP,
    between, first_on_ray, is_jump,
};

/// Whether a piece of `kind` standing `dist` hexes away along direction `d` (seen from the target,
/// so the attacker moves along the opposite direction) attacks the target; `owner` is its side.
#[inline]
pub(crate) const fn ray_attacker(kind: PieceKind, owner: Colour, d: usize, dist: u32) -> bool {
    let orthogonal = d < 6;
    match kind {
        PieceKind::Queen => true,
        PieceKind::Rook | PieceKind::Wyvern => orthogonal,
        PieceKind::Bishop | PieceKind::Pegasus => !orthogonal,
        PieceKind::King => dist == 1,
        // The pawn stands on a backward steep diagonal of the hex it attacks.
        PieceKind::Pawn => {
            let [a, b] = CAPTURE[owner as usize];
            dist == 1 && (OPPOSITE[a] == d || OPPOSITE[b] == d)
        }
        PieceKind::Elephant => {
            // Forward 1 and (over an empty hex, which the ray walk guarantees) forward 2.
            let behind = OPPOSITE[FORWARD[owner as usize]] == d;
            let [a, b, c, e] = STEEP;
            (behind && dist <= 2) || (dist == 1 && (a == d || b == d || c == d || e == d))
        }
        PieceKind::Knight => false,
    }
}

/// A reach of [`RAY_REACH`]: any distance.
pub(crate) const FAR: u8 = u8::MAX;

/// `RAY_REACH[code][d]`: how far along direction `d` (seen from the target) the piece of `code`
/// attacks: 0 (not along `d`), 1 or 2 hexes, or `FAR`. What [`ray_attacker`] answers, read
/// with one load instead of a jump on the piece's kind (a jump the processor mispredicts on
/// most moves, the kind met being anyone's).
static RAY_REACH: [[u8; 12]; 32] = {
    let mut out = [[0; 12]; 32];
    let mut side = 0;
    while side < 2 {
        let owner = Colour::ALL[side];
        let mut k = 0;
        while k < PieceKind::ALL.len() {
            let kind = PieceKind::ALL[k];
            let mut d = 0;
            while d < 12 {
                out[code(owner, kind) as usize][d] = if ray_attacker(kind, owner, d, 3) {
                    FAR
                } else if ray_attacker(kind, owner, d, 2) {
                    2
                } else if ray_attacker(kind, owner, d, 1) {
                    1
                } else {
                    0
                };
                d += 1;
            }
            k += 1;
        }
        side += 1;
    }
    out
};

/// How far along direction `d` (seen from the target) the piece of code `c` attacks: 0, 1, 2 or
/// [`FAR`].
#[inline]
pub(crate) fn reach_along(c: u8, d: usize) -> u8 {
    RAY_REACH[c as usize & 31][d]
}

/// Whether the piece of code `c` on `h`, the first piece met from `target` along its ray `d`,
/// attacks `target` (whatever its side: the caller asks that).
#[inline]
pub(crate) fn ray_attacks(c: u8, target: u8, d: usize, h: u8) -> bool {
    let reach = reach_along(c, d);
    reach == FAR || (reach != 0 && ray_distance(target, d, h) <= u32::from(reach))
}

/// Whether `h`, which lies on `from`'s ray `d`, is within `reach` (0, 1, 2 or [`FAR`]) of it:
/// [`ray_distance`] compared, with selects instead of branches.
#[inline]
pub(crate) fn within_reach(from: u8, d: usize, h: u8, reach: u8) -> bool {
    // `h` lies on the ray: its first hex exists.
    let one = STEP[from as usize][d];
    let two = STEP[one as usize][d];
    (reach == FAR) | ((one == h) & (reach != 0)) | ((two == h) & (reach >= 2))
}

/// How far `h` is from `from` along direction `d` (it lies on that ray), as far as
/// [`ray_attacker`] cares: 1, 2, or 3 for anything farther.
#[inline]
pub(crate) fn ray_distance(from: u8, d: usize, h: u8) -> u32 {
    let first = STEP[from as usize][d];
    if first == h {
        1
    } else if first != NO && STEP[first as usize][d] == h {
        2
    } else {
        3
    }
}

/// Calls `f` with the hex of every piece of `by` that attacks `target` on the board whose hex
/// contents are `sq` (a `Board`'s mailbox or a `Position`'s codes: the same bytes): a walk of the
/// 12 rays, where the first piece met decides, and of the jump hexes.
pub(crate) fn attackers_on(sq: &[u8; HEX_COUNT], target: u8, by: Colour, mut f: impl FnMut(u8)) {
    if target == NO {
        return;
    }
    for (d, &first) in STEP[target as usize].iter().enumerate() {
        let mut h = first;
        let mut dist = 1;
        while h != NO {
            let c = sq[h as usize];
            if c != 0 {
                if is_side(c, by) && ray_attacker(kind_of(c), by, d, dist) {
                    f(h);
                }
                break;
            }
            h = STEP[h as usize][d];
            dist += 1;
        }
    }
    let (jumps, k) = &JUMP[target as usize];
    for &j in &jumps[..*k as usize] {
        let c = sq[j as usize];
        if is_side(c, by)
            && matches!(kind_of(c), PieceKind::Knight | PieceKind::Pegasus | PieceKind::Wyvern)
        {
            f(j);
        }
    }
}

/// What an attack test reads of one side's pieces: the board's sets, or the sets of the board
/// after a move that is not made.
#[derive(Clone, Copy)]
struct Attackers {
    /// Every occupied hex (both sides).
    occupied: HexSet,
    /// The attacking side's pieces.
    pieces: HexSet,
    /// Its pieces per attack role (`board::ORTHOGONAL_SLIDER`...).
    roles: [HexSet; 3],
}

/// Calls `found` with the hex of each piece of `by` that attacks `target` (docs/RULES.md 5.1), until
/// it returns true; returns whether it did. `at` gives the hex contents that `sets` describe.
///
/// The same attacks as a walk of the 12 rays from the target (where the first piece met
/// decides, by `ray_attacker`) plus the 12 jump hexes, read from sets: a ray is looked at only
/// when a slider of the right kind stands on it, and then only its first occupied hex; the
/// short-range attackers (King, Pawn, Elephant) only on the neighbours that hold a piece of `by`.
#[inline(always)]
fn attackers_in(
    target: u8,
    by: Colour,
    sets: &Attackers,
    at: impl Fn(u8) -> u8,
    mut found: impl FnMut(u8) -> bool,
) -> bool {
    if target == NO {
        return false;
    }
    let t = target as usize;
    let forward = FORWARD[by.index()];
    // Kings, Pawns and Elephants next to the target.
    for h in NEIGHBOURS[t].intersection(sets.pieces).iter() {
        let c = at(h);
        if !is_side(c, by) {
            continue;
        }
        let from_h = &STEP[h as usize];
        let attacks = match kind_of(c) {
            PieceKind::King => true,
            PieceKind::Pawn => CAPTURE[by.index()].iter().any(|&d| from_h[d] == target),
            PieceKind::Elephant => {
                from_h[forward] == target || STEEP.iter().any(|&d| from_h[d] == target)
            }
            _ => false,
        };
        if attacks && found(h) {
            return true;
        }
    }
    // An Elephant's forward 2, over an empty hex.
    let behind = STEP[t][OPPOSITE[forward]];
    if behind != NO && at(behind) == 0 {
        let h = STEP[behind as usize][OPPOSITE[forward]];
        if h != NO && at(h) == code(by, PieceKind::Elephant) && found(h) {
            return true;
        }
    }
    // Sliders: on each ray holding one of the right kind, the first piece met.
    for (kind, dirs) in [(ORTHOGONAL_SLIDER, 0..6), (DIAGONAL_SLIDER, 6..12)] {
        let sliders = sets.roles[kind];
        if LINES[t][kind].intersection(sliders).is_empty() {
            continue;
        }
        for d in dirs {
            let ray = RAYS[t][d];
            if ray.intersection(sliders).is_empty() {
                continue;
            }
            let h = first_on_ray(ray, d, sets.occupied);
            if sliders.contains(h) && found(h) {
                return true;
            }
        }
    }
    for h in JUMP_SET[t].intersection(sets.roles[JUMPER]).iter() {
        if found(h) {
            return true;
        }
    }
    false
}

impl Board {
    /// The attack sets of `by` on this board.
    #[inline]
    fn attack_sets(&self, by: Colour) -> Attackers {
        Attackers {
            occupied: self.occ[0].union(self.occ[1]),
            pieces: self.occ[by.index()],
            roles: self.roles[by.index()],
        }
    }

    /// Whether `by` attacks hex `target` (its pieces' capture targets, docs/RULES.md 5.1). The unmoved
    /// King's leap is not included (see [`Board::leap_attacks`]).
    pub(crate) fn attacked(&self, target: u8, by: Colour) -> bool {
        let sets = self.attack_sets(by);
        attackers_in(target, by, &sets, |h| self.sq[h as usize], |_| true)
    }

    /// Whether `by` would attack `target` once `vacated` are emptied and `placed.0` holds the
    /// piece code `placed.1`: the board after a move, without making it.
    pub(crate) fn attacked_after(
        &self,
        target: u8,
        by: Colour,
        vacated: [u8; 2],
        placed: (u8, u8),
    ) -> bool {
        let changed = HexSet::single(vacated[0])
            .union(HexSet::single(vacated[1]))
            .union(HexSet::single(placed.0));
        let board = self.attack_sets(by);
        let mut sets = Attackers {
            occupied: board.occupied.without(changed),
            pieces: board.pieces.without(changed),
            roles: board.roles.map(|set| set.without(changed)),
        };
        if placed.1 != 0 {
            let here = HexSet::single(placed.0);
            sets.occupied = sets.occupied.union(here);
            if is_side(placed.1, by) {
                sets.pieces = sets.pieces.union(here);
                for (role, set) in sets.roles.iter_mut().enumerate() {
                    if has_role(placed.1, role) {
                        *set = set.union(here);
                    }
                }
            }
        }
        let at = |h: u8| {
            if h == placed.0 {
                placed.1
            } else if h == vacated[0] || h == vacated[1] {
                0
            } else {
                self.sq[h as usize]
            }
        };
        attackers_in(target, by, &sets, at, |_| true)
    }

    /// Whether `by` would attack `to` once the other side's King has stepped or leapt there
    /// from `from`: [`Board::attacked_after`] for a King's move, with only `from` emptied. What
    /// stands on `to` (a piece the King takes) neither attacks its own hex nor stands on a line
    /// to it, so it need not be lifted.
    pub(crate) fn attacked_after_king_step(&self, from: u8, to: u8, by: Colour) -> bool {
        let mut sets = self.attack_sets(by);
        sets.occupied.remove(from);
        let at = |h: u8| if h == from { 0 } else { self.sq[h as usize] };
        attackers_in(to, by, &sets, at, |_| true)
    }

    /// Whether the King of the side to move has a step (not a leap) that leaves it safe: the
    /// King's moves in check. The same test as [`Board::is_safe_after`] for each step.
    pub(crate) fn king_has_safe_step(&self) -> bool {
        let us = self.turn;
        let them = !us;
        let king = self.king[us.index()];
        if king == NO {
            return false;
        }
        let enemy_may_leap = self.king_at_home_unmoved(them);
        for t in NEIGHBOURS[king as usize].without(self.occ[us.index()]).iter() {
            if enemy_may_leap && is_jump(self.king[them.index()], t) {
                // Whether that leap covers `t` depends on the board after the move.
                let c = self.sq[t as usize];
                let step = BoardMove {
                    piece: PieceKind::King,
                    from: Hex(king),
                    to: Hex(t),
                    captured: (c != 0).then(|| kind_of(c)),
                    kind: BoardMoveKind::Normal,
                    promotion: None,
                };
                if self.is_safe_after_copy(&step) {
                    return true;
                }
                continue;
            }
            if !self.attacked_after_king_step(king, t, them) {
                return true;
            }
        }
        false
    }

    /// The first two pieces of `by` found attacking `target` (`NO` when fewer).
    pub(crate) fn first_two_attackers(&self, target: u8, by: Colour) -> [u8; 2] {
        let sets = self.attack_sets(by);
        let mut out = [NO; 2];
        let mut n = 0;
        attackers_in(
            target,
            by,
            &sets,
            |h| self.sq[h as usize],
            |h| {
                out[n] = h;
                n += 1;
                n == 2
            },
        );
        out
    }

    /// The attackers of the side to move's King right after the other side moved a piece from
    /// `from` to `to`, when that King was not attacked before: the moved piece itself, and the
    /// first piece behind `from` on the line from the King through it. Up to two, `NO` after.
    #[inline(always)]
    pub(crate) fn checkers_of_move(&self, from: u8, to: u8) -> [u8; 2] {
        let king = self.king[self.turn.index()];
        let by = !self.turn;
        let mut found = [NO; 2];
        if king == NO {
            return found;
        }
        let mut n = 0;
        let mut add = |h: u8| {
            if n < 2 && (n == 0 || found[0] != h) {
                found[n] = h;
                n += 1;
            }
        };
        let occupied = self.occ[0].union(self.occ[1]);
        // The piece on `to`, by a jump or along a clear line. Any other piece on that line
        // attacks the King only if `from` was between them: the line through `from`, below.
        let c = self.sq[to as usize];
        if is_side(c, by) {
            if has_role(c, JUMPER) && is_jump(king, to) {
                add(to);
            }
            let d = RAY_DIR[king as usize][to as usize];
            if d != NO {
                let d = d as usize;
                if between(king, to, d).intersection(occupied).is_empty()
                    & within_reach(king, d, to, reach_along(c, d))
                {
                    add(to);
                }
            }
        }
        // Leaving `from` uncovers a check only from a piece that attacks from afar.
        let d = RAY_DIR[king as usize][from as usize];
        if d != NO && self.may_attack_from_afar(king, d as usize, by) {
            let d = d as usize;
            // The first piece on that line from the King attacks it, or nothing does.
            let h = first_on_ray(RAYS[king as usize][d], d, occupied);
            if h != NO
                && is_side(self.sq[h as usize], by)
                && ray_attacks(self.sq[h as usize], king, d, h)
            {
                add(h);
            }
        }
        found
    }

    /// Whether a piece of `by` may attack `king` along its ray `d` from two or more hexes away
    /// (what a piece leaving that ray can uncover): a slider of the ray's kind stands on it, or
    /// `d` is the one direction along which `by`'s Elephants attack over a hex. When false, no
    /// piece moving off the ray uncovers a check.
    #[inline(always)]
    pub(crate) fn may_attack_from_afar(&self, king: u8, d: usize, by: Colour) -> bool {
        let role = if d < 6 { ORTHOGONAL_SLIDER } else { DIAGONAL_SLIDER };
        (d == OPPOSITE[FORWARD[by.index()]])
            | !RAYS[king as usize][d].intersection(self.roles[by.index()][role]).is_empty()
    }

    /// Whether `colour`'s King is attacked (false when it has no King).
    #[inline]
    pub(crate) fn in_check(&self, colour: Colour) -> bool {
        if colour == self.turn && self.checkers_known {
            self.checkers[0] != NO
        } else {
            self.attacked(self.king[colour.index()], !colour)
        }
    }

    /// Whether `by`'s unmoved King, not in check, could leap onto `target` (docs/RULES.md 5.1 item 8):
    /// the enemy King may not step there. It is never a check.
    pub(crate) fn leap_attacks(&self, target: u8, by: Colour) -> bool {
        self.king_at_home_unmoved(by)
            && is_jump(self.king[by.index()], target)
            && !self.in_check(by)
    }

    /// Calls `f` with the hex of every piece of `by` that attacks `target`: the plain walk the
    /// tests compare the set-based answers with.
    #[cfg(test)]
    pub(crate) fn attackers(&self, target: u8, by: Colour, f: impl FnMut(u8)) {
        attackers_on(&self.sq, target, by, f);
    }

    /// The pieces of `colour` that shield its King from an enemy slider or from an enemy
    /// Elephant's forward-2 attack: moving them may expose the King, so their moves are tested.
    pub(crate) fn pinned(&self, colour: Colour) -> HexSet {
        let mut set = HexSet::default();
        let king = self.king[colour.index()];
        if king == NO {
            return set;
        }
        let k = king as usize;
        let by = !colour;
        let occupied = self.occ[0].union(self.occ[1]);
        let own = self.occ[colour.index()];
        // The one direction (from the King) along which an enemy Elephant attacks over a hex.
        let elephant_dir = OPPOSITE[FORWARD[by.index()]];
        let elephant = code(by, PieceKind::Elephant);
        for (role, dirs) in [(ORTHOGONAL_SLIDER, 0..6), (DIAGONAL_SLIDER, 6..12)] {
            let sliders = self.roles[by.index()][role];
            let lines = !LINES[k][role].intersection(sliders).is_empty();
            for d in dirs {
                let ray = RAYS[k][d];
                // Only a ray holding an enemy slider of its kind (or the Elephant's) can pin.
                if d != elephant_dir && (!lines || ray.intersection(sliders).is_empty()) {
                    continue;
                }
                let shield = first_on_ray(ray, d, occupied);
                if shield == NO || !own.contains(shield) {
                    continue;
                }
                let h = first_on_ray(RAYS[shield as usize][d], d, occupied);
                if h == NO {
                    continue;
                }
                let pins = sliders.contains(h)
                    || (d == elephant_dir
                        && self.sq[h as usize] == elephant
                        && ray_distance(king, d, h) == 2);
                if pins {
                    set.insert(shield);
                }
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::board::code;
    use crate::rules::movegen::Filter;
    use crate::rules::moves::{BoardMoveKind, BoardPromotion};
    use crate::rules::tables::{LINES, NEIGHBOURS};
    use crate::rules::test_rng::Rng;

    /// The attack test as a plain walk of the 12 rays (the first piece met decides) and of the
    /// jump hexes: what the set-based test must agree with.
    fn attacked_by_walk(b: &Board, target: u8, by: Colour) -> bool {
        let mut seen = false;
        b.attackers(target, by, |_| seen = true);
        seen
    }

    /// The side sets and role sets a board keeps, recomputed from its mailbox.
    fn recomputed_sets(b: &Board) -> ([HexSet; 2], [[HexSet; 3]; 2]) {
        let mut occ = [HexSet::EMPTY; 2];
        let mut roles = [[HexSet::EMPTY; 3]; 2];
        for (i, &c) in b.sq.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let side = crate::rules::board::colour_of(c).index();
            occ[side].insert(i as u8);
            for (role, set) in roles[side].iter_mut().enumerate() {
                if has_role(c, role) {
                    set.insert(i as u8);
                }
            }
        }
        (occ, roles)
    }

    #[test]
    fn the_reach_table_answers_as_ray_attacker() {
        for owner in Colour::ALL {
            for kind in PieceKind::ALL {
                let c = code(owner, kind);
                for target in 0..crate::hex::HEX_COUNT as u8 {
                    for (d, &first) in STEP[target as usize].iter().enumerate() {
                        let mut h = first;
                        let mut dist = 1;
                        while h != NO {
                            assert_eq!(
                                ray_attacks(c, target, d, h),
                                ray_attacker(kind, owner, d, dist),
                                "{kind:?} {owner:?} {target} {d} {dist}"
                            );
                            h = STEP[h as usize][d];
                            dist += 1;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lowest_and_highest_of_two_hexes() {
        assert_eq!(HexSet::EMPTY.lowest(), NO);
        assert_eq!(HexSet::EMPTY.highest(), NO);
        for i in 0..crate::hex::HEX_COUNT as u8 {
            for j in i..crate::hex::HEX_COUNT as u8 {
                let set = HexSet::single(i).with(j);
                assert_eq!((set.lowest(), set.highest()), (i, j));
            }
        }
    }

    #[test]
    fn rays_lines_and_jumps_are_consistent() {
        for a in 0..crate::hex::HEX_COUNT {
            for d in 0..12 {
                let mut walked = Vec::new();
                let mut h = STEP[a][d];
                while h != NO {
                    walked.push(h);
                    h = STEP[h as usize][d];
                }
                let set: Vec<u8> = RAYS[a][d].iter().collect();
                let mut sorted = walked.clone();
                sorted.sort_unstable();
                assert_eq!(set, sorted, "ray {a} {d}");
                // The first hex of the ray is the first one met, whatever else is occupied.
                for (k, &h) in walked.iter().enumerate() {
                    let mut occupied = HexSet::single(h);
                    for &behind in &walked[k + 1..] {
                        occupied.insert(behind);
                    }
                    assert_eq!(first_on_ray(RAYS[a][d], d, occupied), h);
                    // The hexes between are the ones walked before it; the reach counts them.
                    let walked_between =
                        walked[..k].iter().fold(HexSet::EMPTY, |set, &x| set.with(x));
                    assert_eq!(between(a as u8, h, d), walked_between, "between {a} {h}");
                    for reach in [0, 1, 2, FAR] {
                        let near = reach == FAR || k < usize::from(reach);
                        assert_eq!(within_reach(a as u8, d, h, reach), near, "{a} {h} {reach}");
                    }
                }
                assert_eq!(first_on_ray(RAYS[a][d], d, HexSet::EMPTY), NO);
            }
            // A knight-jump hex is never on a line: no piece is counted twice as an attacker.
            let lines = LINES[a][0].union(LINES[a][1]);
            assert!(JUMP_SET[a].intersection(lines).is_empty(), "hex {a}");
            assert!(NEIGHBOURS[a].without(lines).is_empty(), "hex {a}");
        }
    }

    /// The shield set as a plain walk of the 12 rays from the King: what `pinned` must agree
    /// with.
    fn pinned_by_walk(b: &Board, colour: Colour) -> HexSet {
        let mut set = HexSet::default();
        let king = b.king[colour.index()];
        if king == NO {
            return set;
        }
        let by = !colour;
        for (d, &first) in STEP[king as usize].iter().enumerate() {
            let mut h = first;
            let mut dist = 1;
            let mut shield = NO;
            while h != NO {
                let c = b.sq[h as usize];
                if c != 0 {
                    if shield == NO {
                        if !is_side(c, colour) {
                            break;
                        }
                        shield = h;
                    } else {
                        if is_side(c, by) {
                            let kind = kind_of(c);
                            let slider = match kind {
                                PieceKind::Queen => true,
                                PieceKind::Rook | PieceKind::Wyvern => d < 6,
                                PieceKind::Bishop | PieceKind::Pegasus => d >= 6,
                                PieceKind::Elephant => {
                                    dist == 2 && OPPOSITE[FORWARD[by.index()]] == d
                                }
                                _ => false,
                            };
                            if slider {
                                set.insert(shield);
                            }
                        }
                        break;
                    }
                }
                h = STEP[h as usize][d];
                dist += 1;
            }
        }
        set
    }

    #[test]
    fn set_based_attacks_equal_the_ray_walk_on_random_games() {
        let mut rng = Rng(0x5eed_2026);
        let mut moves = Vec::new();
        let mut positions = 0;
        let mut checks = 0;
        let mut pins = 0;
        for _ in 0..60 {
            let mut b = Board::from_position(&Position::initial());
            for _ in 0..rng.below(200) + 10 {
                assert_eq!(recomputed_sets(&b), (b.occ, b.roles));
                for colour in Colour::ALL {
                    let pinned = b.pinned(colour);
                    assert_eq!(pinned, pinned_by_walk(&b, colour), "{colour:?}");
                    pins += usize::from(!pinned.is_empty());
                }
                for by in Colour::ALL {
                    for target in 0..crate::hex::HEX_COUNT as u8 {
                        assert_eq!(
                            b.attacked(target, by),
                            attacked_by_walk(&b, target, by),
                            "{target} by {by:?} in {:?}",
                            b.to_position()
                        );
                    }
                }
                let mut all = Vec::new();
                b.attackers(b.king[b.turn.index()], !b.turn, |h| all.push(h));
                // The same walk on the position's codes, without a `Board`.
                let position = b.to_position();
                for colour in Colour::ALL {
                    let mut on_board = Vec::new();
                    b.attackers(b.king[colour.index()], !colour, |h| on_board.push(Hex(h)));
                    assert_eq!(position.checkers(colour), on_board, "{colour:?} in {position:?}");
                }
                let mut two = b.first_two_attackers(b.king[b.turn.index()], !b.turn);
                two.sort_unstable();
                let mut expected = [NO; 2];
                for (slot, h) in expected.iter_mut().zip(all.iter().take(2)) {
                    *slot = *h;
                }
                // With three or more attackers only their number matters (a double check).
                if all.len() <= 2 {
                    expected.sort_unstable();
                    assert_eq!(two, expected);
                } else {
                    assert!(two[1] != NO);
                }
                moves.clear();
                b.generate(Filter::Pseudo, &mut moves);
                // The board after each pseudo-legal move, made, against the test without it.
                for m in &moves {
                    if matches!(
                        m.kind,
                        BoardMoveKind::Castling(_) | BoardMoveKind::PromotionInPlace
                    ) {
                        continue;
                    }
                    let mut after = b.clone();
                    after.apply(m);
                    let victim = match m.kind {
                        BoardMoveKind::EnPassant { victim } => victim.0,
                        _ => NO,
                    };
                    let placed = match m.promotion {
                        Some(BoardPromotion::To(k)) => code(b.turn, k),
                        _ => b.sq[m.from.index()],
                    };
                    if m.piece == PieceKind::King {
                        assert_eq!(
                            b.attacked_after_king_step(m.from.0, m.to.0, !b.turn),
                            attacked_by_walk(&after, m.to.0, !b.turn),
                            "{m}"
                        );
                    }
                    for target in [after.king[0], after.king[1], m.to.0, m.from.0] {
                        assert_eq!(
                            b.attacked_after(target, !b.turn, [m.from.0, victim], (m.to.0, placed)),
                            attacked_by_walk(&after, target, !b.turn),
                            "{m} then {target}"
                        );
                    }
                }
                positions += 1;
                moves.clear();
                b.generate(Filter::Legal, &mut moves);
                let mut known = b.clone();
                known.refresh_checkers();
                assert_eq!(b.has_legal_move(), !moves.is_empty());
                assert_eq!(known.has_legal_move(), !moves.is_empty());
                checks += usize::from(known.is_check());
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                b.apply(&m);
            }
        }
        assert!(positions > 1000 && checks > 50 && pins > 100, "{positions} {checks} {pins}");
    }
}
