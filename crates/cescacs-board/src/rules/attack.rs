//! Attacks (rules.md 5.1): which hexes a side attacks, who gives check, which pieces are pinned.

use crate::piece::{Colour, PieceKind};

use super::board::{Board, HexSet, is_side, kind_of};
use super::tables::{CAPTURE, FORWARD, JUMP, NO, OPPOSITE, RAY_DIR, STEEP, STEP, is_jump};

/// Whether a piece of `kind` standing `dist` hexes away along direction `d` (seen from the target,
/// so the attacker moves along the opposite direction) attacks the target; `owner` is its side.
#[inline]
pub(crate) fn ray_attacker(kind: PieceKind, owner: Colour, d: usize, dist: u32) -> bool {
    let orthogonal = d < 6;
    match kind {
        PieceKind::Queen => true,
        PieceKind::Rook | PieceKind::Wyvern => orthogonal,
        PieceKind::Bishop | PieceKind::Pegasus => !orthogonal,
        PieceKind::King => dist == 1,
        // The pawn stands on a backward steep diagonal of the hex it attacks.
        PieceKind::Pawn => dist == 1 && CAPTURE[owner.index()].iter().any(|&c| OPPOSITE[c] == d),
        PieceKind::Elephant => {
            // Forward 1 and (over an empty hex, which the ray walk guarantees) forward 2.
            let behind = OPPOSITE[FORWARD[owner.index()]] == d;
            (behind && dist <= 2) || (dist == 1 && STEEP.contains(&d))
        }
        PieceKind::Knight => false,
    }
}

/// Whether `by` attacks `target` on the board whose hex contents `at` gives: 12 ray walks from
/// the target (the first piece met decides) and the 12 jump hexes.
#[inline(always)]
fn attacked_in(target: u8, by: Colour, at: impl Fn(u8) -> u8) -> bool {
    if target == NO {
        return false;
    }
    for (d, &first) in STEP[target as usize].iter().enumerate() {
        let mut h = first;
        let mut dist = 1;
        while h != NO {
            let c = at(h);
            if c != 0 {
                if is_side(c, by) && ray_attacker(kind_of(c), by, d, dist) {
                    return true;
                }
                break;
            }
            h = STEP[h as usize][d];
            dist += 1;
        }
    }
    let (jumps, n) = &JUMP[target as usize];
    jumps[..*n as usize].iter().any(|&j| {
        let c = at(j);
        is_side(c, by)
            && matches!(kind_of(c), PieceKind::Knight | PieceKind::Pegasus | PieceKind::Wyvern)
    })
}

impl Board {
    /// Whether `by` attacks hex `target` (its pieces' capture targets, rules.md 5.1). The unmoved
    /// King's leap is not included (see [`Board::leap_attacks`]).
    pub(crate) fn attacked(&self, target: u8, by: Colour) -> bool {
        attacked_in(target, by, |h| self.sq[h as usize])
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
        attacked_in(target, by, |h| {
            if h == placed.0 {
                placed.1
            } else if h == vacated[0] || h == vacated[1] {
                0
            } else {
                self.sq[h as usize]
            }
        })
    }

    /// The attackers of the side to move's King right after the other side moved a piece from
    /// `from` to `to`, when that King was not attacked before: the moved piece itself, and the
    /// first piece behind `from` on the line from the King through it. Up to two, `NO` after.
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
        // The piece on `to`, by a jump or along a clear line.
        let c = self.sq[to as usize];
        if is_side(c, by)
            && is_jump(king, to)
            && matches!(kind_of(c), PieceKind::Knight | PieceKind::Pegasus | PieceKind::Wyvern)
        {
            add(to);
        }
        for line_through in [to, from] {
            let d = RAY_DIR[king as usize][line_through as usize];
            if d == NO {
                continue;
            }
            let d = d as usize;
            // The first piece on that line from the King attacks it, or nothing does.
            let mut h = STEP[king as usize][d];
            let mut dist = 1;
            while h != NO {
                let c = self.sq[h as usize];
                if c != 0 {
                    if is_side(c, by) && ray_attacker(kind_of(c), by, d, dist) {
                        add(h);
                    }
                    break;
                }
                h = STEP[h as usize][d];
                dist += 1;
            }
        }
        found
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

    /// Whether `by`'s unmoved King, not in check, could leap onto `target` (rules.md 5.1 item 8):
    /// the enemy King may not step there. It is never a check.
    pub(crate) fn leap_attacks(&self, target: u8, by: Colour) -> bool {
        self.king_at_home_unmoved(by)
            && is_jump(self.king[by.index()], target)
            && !self.in_check(by)
    }

    /// Calls `f` with the hex of every piece of `by` that attacks `target`.
    pub(crate) fn attackers(&self, target: u8, by: Colour, mut f: impl FnMut(u8)) {
        if target == NO {
            return;
        }
        for (d, &first) in STEP[target as usize].iter().enumerate() {
            let mut h = first;
            let mut dist = 1;
            while h != NO {
                let c = self.sq[h as usize];
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
            let c = self.sq[j as usize];
            if is_side(c, by)
                && matches!(kind_of(c), PieceKind::Knight | PieceKind::Pegasus | PieceKind::Wyvern)
            {
                f(j);
            }
        }
    }

    /// The pieces of `colour` that shield its King from an enemy slider or from an enemy
    /// Elephant's forward-2 attack: moving them may expose the King, so their moves are tested.
    pub(crate) fn pinned(&self, colour: Colour) -> HexSet {
        let mut set = HexSet::default();
        let king = self.king[colour.index()];
        if king == NO {
            return set;
        }
        let by = !colour;
        for (d, &first) in STEP[king as usize].iter().enumerate() {
            let mut h = first;
            let mut dist = 1;
            let mut shield = NO;
            while h != NO {
                let c = self.sq[h as usize];
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
}
