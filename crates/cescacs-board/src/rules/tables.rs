//! Precomputed geometry for move generation, as `static` tables (built at compile time).
//!
//! The step, knight-jump and knight-ride tables are `direction.rs`'s own (plain bytes with a
//! sentinel in `static` memory, so the generator's inner loops are a load and a compare); they are
//! re-exported here under the generator's names.

#[cfg(doc)]
use crate::direction::Direction;
use crate::hex::{HEX_COUNT, Hex};

use super::hexset::HexSet;

/// Knight-jump targets of a hex, packed at the front, and their count.
pub(crate) use crate::direction::JUMPS as JUMP;
/// "No hex" in the byte tables.
pub(crate) use crate::direction::NONE as NO;
/// Knight rides of a hex: `(middle, target)` pairs packed at the front, and their count.
pub(crate) use crate::direction::RIDES as RIDE;
/// `STEP[hex][direction]`: the neighbour in that direction (in [`Direction::ALL`] order), or `NO`.
pub(crate) use crate::direction::STEPS as STEP;

/// Direction indices (into [`Direction::ALL`]).
pub(crate) const UP: usize = 0;
pub(crate) const DOWN: usize = 1;
pub(crate) const UP_RIGHT: usize = 2;
pub(crate) const DOWN_RIGHT: usize = 3;
pub(crate) const UP_LEFT: usize = 4;
pub(crate) const DOWN_LEFT: usize = 5;
pub(crate) const STEEP_UP_RIGHT: usize = 8;
pub(crate) const STEEP_DOWN_RIGHT: usize = 9;
pub(crate) const STEEP_UP_LEFT: usize = 10;
pub(crate) const STEEP_DOWN_LEFT: usize = 11;

/// The opposite of each direction index (same order as `Direction::ALL`).
pub(crate) const OPPOSITE: [usize; 12] = [1, 0, 5, 4, 3, 2, 7, 6, 11, 10, 9, 8];

/// Per side (White, Black): the forward column direction.
pub(crate) const FORWARD: [usize; 2] = [UP, DOWN];
/// Per side: the two forward-oblique (orthogonal) directions of a pawn step.
pub(crate) const OBLIQUE: [[usize; 2]; 2] = [[UP_LEFT, UP_RIGHT], [DOWN_LEFT, DOWN_RIGHT]];
/// Per side: the two forward steep diagonals (pawn captures).
pub(crate) const CAPTURE: [[usize; 2]; 2] =
    [[STEEP_UP_LEFT, STEEP_UP_RIGHT], [STEEP_DOWN_LEFT, STEEP_DOWN_RIGHT]];
/// The four steep diagonals (Elephant).
pub(crate) const STEEP: [usize; 4] =
    [STEEP_UP_RIGHT, STEEP_DOWN_RIGHT, STEEP_UP_LEFT, STEEP_DOWN_LEFT];

/// `PROMOTION[side][hex]`: whether `hex` is that side's promotion hex (the last hex of its column).
pub(crate) static PROMOTION: [[bool; HEX_COUNT]; 2] = {
    let mut out = [[false; HEX_COUNT]; 2];
    let mut i = 0;
    while i < HEX_COUNT {
        if let Some(h) = Hex::from_index(i) {
            let (c, l) = h.coords();
            let d = if c > 7 { c - 7 } else { 7 - c };
            out[0][i] = l == 28 - d;
            out[1][i] = l == d;
        }
        i += 1;
    }
    out
};

/// `PROMOTION_HEXES[side]`: the 15 promotion hexes of a side, as indices.
pub(crate) static PROMOTION_HEXES: [[u8; 15]; 2] = {
    let mut out = [[NO; 15]; 2];
    let mut n = [0usize; 2];
    let mut i = 0;
    while i < HEX_COUNT {
        let mut side = 0;
        while side < 2 {
            if PROMOTION[side][i] {
                out[side][n[side]] = i as u8;
                n[side] += 1;
            }
            side += 1;
        }
        i += 1;
    }
    out
};

/// `PROMOTION_SET[side]`: the promotion hexes of a side as a set.
pub(crate) static PROMOTION_SET: [HexSet; 2] = {
    let mut out = [HexSet::EMPTY; 2];
    let mut side = 0;
    while side < 2 {
        let mut k = 0;
        while k < 15 {
            out[side] = out[side].with(PROMOTION_HEXES[side][k]);
            k += 1;
        }
        side += 1;
    }
    out
};

/// `TRIPLE[side][hex]`: whether a pawn of that side may triple-step from `hex` (docs/RULES.md 3.9.1).
pub(crate) static TRIPLE: [[bool; HEX_COUNT]; 2] = {
    const WHITE: [(i32, i32); 8] =
        [(3, 4), (4, 5), (5, 6), (6, 7), (8, 7), (9, 6), (10, 5), (11, 4)];
    let mut out = [[false; HEX_COUNT]; 2];
    let mut k = 0;
    while k < 8 {
        let (c, l) = WHITE[k];
        if let Some(h) = Hex::from_coords(c, l) {
            out[0][h.index()] = true;
        }
        if let Some(h) = Hex::from_coords(c, 28 - l) {
            out[1][h.index()] = true;
        }
        k += 1;
    }
    out
};

/// `RAY_DIR[a][b]`: the direction (index into [`Direction::ALL`]) in which `b` lies on a straight
/// ray from `a`, or `NO` when it lies on none. (28 KiB: one byte per pair of hexes.)
pub(crate) static RAY_DIR: [[u8; HEX_COUNT]; HEX_COUNT] = {
    let mut out = [[NO; HEX_COUNT]; HEX_COUNT];
    let mut a = 0;
    while a < HEX_COUNT {
        let mut d = 0;
        while d < 12 {
            let mut h = STEP[a][d];
            while h != NO {
                out[a][h as usize] = d as u8;
                h = STEP[h as usize][d];
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// `ADJACENT[a][b]`-style test without a 169x169 table: whether `b` is one of the 12 neighbours of `a`.
#[inline]
pub(crate) fn is_neighbour(a: u8, b: u8) -> bool {
    (a as usize) < HEX_COUNT && NEIGHBOURS[a as usize].contains(b)
}

/// Whether `b` is a knight-jump target of `a`.
#[inline]
pub(crate) fn is_jump(a: u8, b: u8) -> bool {
    (a as usize) < HEX_COUNT && JUMP_SET[a as usize].contains(b)
}

/// The home hexes: `[side][0]` King, `[1]` Queen's Rook, `[2]` King's Rook.
pub(crate) const HOME: [[u8; 3]; 2] = {
    const fn idx(c: i32, l: i32) -> u8 {
        match Hex::from_coords(c, l) {
            Some(h) => h.index() as u8,
            None => NO,
        }
    }
    [[idx(8, 1), idx(4, 3), idx(10, 3)], [idx(8, 27), idx(4, 25), idx(10, 25)]]
};

/// `RAYS[hex][direction]`: the hexes of the ray from `hex` in that direction, `hex` excluded.
/// Along a ray of an even direction index the hex indices ascend, along an odd one they descend
/// (hexes are numbered line by line, columns ascending, and the even directions are those that
/// go up a line or, on the same line, right): the first piece met is the lowest or the highest
/// index of the ray's occupied hexes (see [`first_on_ray`]). (47 KiB.)
pub(crate) static RAYS: [[HexSet; 12]; HEX_COUNT] = {
    let mut out = [[HexSet::EMPTY; 12]; HEX_COUNT];
    let mut a = 0;
    while a < HEX_COUNT {
        let mut d = 0;
        while d < 12 {
            let mut previous = a as u8;
            let mut h = STEP[a][d];
            while h != NO {
                // The order `first_on_ray` relies on, checked when the table is built.
                assert!((h > previous) == (d % 2 == 0));
                out[a][d] = out[a][d].with(h);
                previous = h;
                h = STEP[h as usize][d];
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// `LINES[hex][0]`: the union of the six orthogonal rays of `hex`; `[1]`: of the six diagonal ones.
pub(crate) static LINES: [[HexSet; 2]; HEX_COUNT] = {
    let mut out = [[HexSet::EMPTY; 2]; HEX_COUNT];
    let mut a = 0;
    while a < HEX_COUNT {
        let mut d = 0;
        while d < 12 {
            let kind = if d < 6 { 0 } else { 1 };
            out[a][kind] = out[a][kind].union(RAYS[a][d]);
            d += 1;
        }
        a += 1;
    }
    out
};

/// `NEIGHBOURS[hex]`: the (up to 12) hexes one step away.
pub(crate) static NEIGHBOURS: [HexSet; HEX_COUNT] = {
    let mut out = [HexSet::EMPTY; HEX_COUNT];
    let mut a = 0;
    while a < HEX_COUNT {
        let mut d = 0;
        while d < 12 {
            if STEP[a][d] != NO {
                out[a] = out[a].with(STEP[a][d]);
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// `JUMP_SET[hex]`: the knight-jump targets of `hex` (which are also the hexes a knight jumps
/// from to reach it).
pub(crate) static JUMP_SET: [HexSet; HEX_COUNT] = {
    let mut out = [HexSet::EMPTY; HEX_COUNT];
    let mut a = 0;
    while a < HEX_COUNT {
        let (targets, n) = JUMP[a];
        let mut k = 0;
        while k < n as usize {
            out[a] = out[a].with(targets[k]);
            k += 1;
        }
        a += 1;
    }
    out
};

/// The hexes strictly between `a` and `b`, which lies on `a`'s ray `d`: where the ray from `a`
/// meets the ray back from `b`. Whether a line is clear is then a few word operations, with no
/// walk whose length the processor cannot predict.
#[inline(always)]
pub(crate) fn between(a: u8, b: u8, d: usize) -> HexSet {
    RAYS[a as usize][d].intersection(RAYS[b as usize][OPPOSITE[d]])
}

/// The first hex of `ray` (a ray of direction `d`) in `occupied`, or `NO`.
#[inline]
pub(crate) fn first_on_ray(ray: HexSet, d: usize, occupied: HexSet) -> u8 {
    let on = ray.intersection(occupied);
    if d % 2 == 0 { on.lowest() } else { on.highest() }
}
