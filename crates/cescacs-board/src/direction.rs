//! The 12 directions of the hex board, steps, rays and knight leaps, all from precomputed tables.

use crate::hex::{HEX_COUNT, Hex};

/// One of the 6 orthogonal directions (across a hex edge) or 6 diagonal directions (through a corner).
///
/// Vectors are `(column, line)` deltas (docs/RULES.md 1.3).
///
/// ```
/// use cescacs_board::{Direction, Hex};
/// let f14: Hex = "F14".parse().unwrap();
/// let around: Vec<String> =
///     Direction::ORTHOGONAL.iter().filter_map(|&d| f14.step(d)).map(|h| h.to_string()).collect();
/// assert_eq!(around, ["F16", "F12", "G15", "G13", "E15", "E13"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Orthogonal, up the column: (0, +2).
    Up,
    /// Orthogonal, down the column: (0, -2).
    Down,
    /// Orthogonal, up-right: (+1, +1).
    UpRight,
    /// Orthogonal, down-right: (+1, -1).
    DownRight,
    /// Orthogonal, up-left: (-1, +1).
    UpLeft,
    /// Orthogonal, down-left: (-1, -1).
    DownLeft,
    /// Diagonal, right along the cross-line: (+2, 0).
    Right,
    /// Diagonal, left along the cross-line: (-2, 0).
    Left,
    /// Diagonal, up-right steep: (+1, +3).
    SteepUpRight,
    /// Diagonal, down-right steep: (+1, -3).
    SteepDownRight,
    /// Diagonal, up-left steep: (-1, +3).
    SteepUpLeft,
    /// Diagonal, down-left steep: (-1, -3).
    SteepDownLeft,
}

impl Direction {
    /// All 12 directions: the 6 orthogonal ones, then the 6 diagonal ones.
    ///
    /// ```
    /// use cescacs_board::Direction;
    /// assert!(Direction::ALL[..6].iter().all(|d| d.is_orthogonal()));
    /// assert!(Direction::ALL[6..].iter().all(|d| d.is_diagonal()));
    /// assert_eq!(Direction::ALL[..6], Direction::ORTHOGONAL);
    /// assert_eq!(Direction::ALL[6..], Direction::DIAGONAL);
    /// ```
    pub const ALL: [Direction; 12] = [
        Direction::Up,
        Direction::Down,
        Direction::UpRight,
        Direction::DownRight,
        Direction::UpLeft,
        Direction::DownLeft,
        Direction::Right,
        Direction::Left,
        Direction::SteepUpRight,
        Direction::SteepDownRight,
        Direction::SteepUpLeft,
        Direction::SteepDownLeft,
    ];

    /// The 6 orthogonal (Rook) directions.
    pub const ORTHOGONAL: [Direction; 6] = [
        Direction::Up,
        Direction::Down,
        Direction::UpRight,
        Direction::DownRight,
        Direction::UpLeft,
        Direction::DownLeft,
    ];

    /// The 6 diagonal (Bishop) directions.
    pub const DIAGONAL: [Direction; 6] = [
        Direction::Right,
        Direction::Left,
        Direction::SteepUpRight,
        Direction::SteepDownRight,
        Direction::SteepUpLeft,
        Direction::SteepDownLeft,
    ];

    const VECTORS: [(i32, i32); 12] = [
        (0, 2),
        (0, -2),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (2, 0),
        (-2, 0),
        (1, 3),
        (1, -3),
        (-1, 3),
        (-1, -3),
    ];

    /// The `(column, line)` delta of one step.
    ///
    /// ```
    /// use cescacs_board::Direction;
    /// assert_eq!(Direction::Up.vector(), (0, 2));
    /// assert_eq!(Direction::SteepUpRight.vector(), (1, 3));
    /// // Opposite directions have opposite vectors.
    /// for d in Direction::ALL {
    ///     let ((c, l), (oc, ol)) = (d.vector(), d.opposite().vector());
    ///     assert_eq!((c + oc, l + ol), (0, 0));
    /// }
    /// ```
    #[inline]
    pub const fn vector(self) -> (i32, i32) {
        Direction::VECTORS[self as usize]
    }

    /// Whether this direction crosses a hex edge (Rook-like).
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this direction goes through a hex corner (Bishop-like; keeps the hex colour).
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) >= 6
    }

    /// The direction pointing the other way.
    ///
    /// ```
    /// use cescacs_board::Direction;
    /// assert_eq!(Direction::UpRight.opposite(), Direction::DownLeft);
    /// assert_eq!(Direction::SteepDownRight.opposite(), Direction::SteepUpLeft);
    /// ```
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::UpLeft => Direction::DownRight,
            Direction::Right => Direction::Left,
            Direction::Left => Direction::Right,
            Direction::SteepUpRight => Direction::SteepDownLeft,
            Direction::SteepDownLeft => Direction::SteepUpRight,
            Direction::SteepDownRight => Direction::SteepUpLeft,
            Direction::SteepUpLeft => Direction::SteepDownRight,
        }
    }
}

/// The 12 knight-jump vectors (docs/RULES.md 1.3): one diagonal step and one outward orthogonal step.
///
/// ```
/// use cescacs_board::{Hex, KNIGHT_VECTORS};
/// // A jump always changes the hex colour: the line moves by no multiple of 3.
/// assert!(KNIGHT_VECTORS.iter().all(|&(_, dl)| dl % 3 != 0));
/// let f14: Hex = "F14".parse().unwrap();
/// let jumps = KNIGHT_VECTORS.iter().filter_map(|&(dc, dl)| f14.offset(dc, dl));
/// assert!(jumps.eq(f14.knight_jumps()));
/// ```
pub const KNIGHT_VECTORS: [(i32, i32); 12] = [
    (3, 1),
    (3, -1),
    (-3, 1),
    (-3, -1),
    (2, 4),
    (1, 5),
    (2, -4),
    (1, -5),
    (-2, 4),
    (-1, 5),
    (-2, -4),
    (-1, -5),
];

/// "No hex" in the byte tables below.
pub(crate) const NONE: u8 = u8::MAX;

// The geometry tables live in `static` memory: built once at compile time, shared by `Hex`'s
// methods and, under their own names, by the move generator (`rules::tables`).

/// `STEPS[hex][direction]`: the neighbour in that direction (in [`Direction::ALL`] order), or `NONE`.
pub(crate) static STEPS: [[u8; 12]; HEX_COUNT] = {
    let mut out = [[NONE; 12]; HEX_COUNT];
    let mut i = 0;
    while i < HEX_COUNT {
        let Some(h) = Hex::from_index(i) else { panic!() };
        let mut d = 0;
        while d < 12 {
            let (dc, dl) = Direction::VECTORS[d];
            if let Some(t) = h.offset(dc, dl) {
                out[i][d] = t.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    out
};

/// Knight targets per hex, compacted to the front, with their count.
pub(crate) static JUMPS: [([u8; 12], u8); HEX_COUNT] = {
    let mut out = [([NONE; 12], 0u8); HEX_COUNT];
    let mut i = 0;
    while i < HEX_COUNT {
        let Some(h) = Hex::from_index(i) else { panic!() };
        let mut k = 0;
        let mut n = 0;
        while k < 12 {
            let (dc, dl) = KNIGHT_VECTORS[k];
            if let Some(t) = h.offset(dc, dl) {
                out[i].0[n] = t.index() as u8;
                n += 1;
            }
            k += 1;
        }
        out[i].1 = n as u8;
        i += 1;
    }
    out
};

/// Knight rides per hex: `(middle, target)` for each vector whose both hexes exist.
pub(crate) static RIDES: [([(u8, u8); 12], u8); HEX_COUNT] = {
    let mut out = [([(NONE, NONE); 12], 0u8); HEX_COUNT];
    let mut i = 0;
    while i < HEX_COUNT {
        let Some(h) = Hex::from_index(i) else { panic!() };
        let mut k = 0;
        let mut n = 0;
        while k < 12 {
            let (dc, dl) = KNIGHT_VECTORS[k];
            if let (Some(m), Some(t)) = (h.offset(dc, dl), h.offset(2 * dc, 2 * dl)) {
                out[i].0[n] = (m.index() as u8, t.index() as u8);
                n += 1;
            }
            k += 1;
        }
        out[i].1 = n as u8;
        i += 1;
    }
    out
};

impl Hex {
    /// The neighbouring hex one step away in `direction`, if it is on the board.
    ///
    /// ```
    /// use cescacs_board::{Direction, Hex};
    /// const F0: Option<Hex> = Hex::from_coords(7, 0);
    /// const F2: Option<Hex> = match F0 {
    ///     Some(h) => h.step(Direction::Up), // usable in constants
    ///     None => None,
    /// };
    /// assert_eq!(F2.map(|h| h.to_string()), Some("F2".into()));
    /// assert_eq!(F0.and_then(|h| h.step(Direction::Down)), None);
    /// ```
    #[inline]
    pub const fn step(self, direction: Direction) -> Option<Hex> {
        let t = STEPS[self.index()][direction as usize];
        if t == NONE { None } else { Hex::from_index(t as usize) }
    }

    /// The hexes from this one (exclusive) in `direction` up to the edge of the board.
    ///
    /// ```
    /// use cescacs_board::{Direction, Hex};
    /// let c3: Hex = "C3".parse().unwrap();
    /// let ray: Vec<String> = c3.ray(Direction::DownRight).map(|h| h.to_string()).collect();
    /// assert_eq!(ray, ["D2", "E1", "F0"]);
    /// ```
    #[inline]
    pub fn ray(self, direction: Direction) -> Ray {
        Ray { next: self.step(direction), direction }
    }

    /// The hexes a knight jump reaches from here (at most 12; a jump cannot be blocked).
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// let f14: Hex = "F14".parse().unwrap();
    /// assert_eq!(f14.knight_jumps().count(), 12);
    /// let g1: Hex = "G1".parse().unwrap();
    /// let leaps: Vec<String> = g1.knight_jumps().map(|h| h.to_string()).collect();
    /// assert_eq!(leaps, ["D2", "I5", "H6", "E5", "F6"]);
    /// ```
    pub fn knight_jumps(self) -> impl ExactSizeIterator<Item = Hex> + Clone {
        let (targets, n) = &JUMPS[self.index()];
        targets[..*n as usize].iter().map(|&t| Hex(t))
    }

    /// The Knight's rides from here: `(middle, target)`, the same jump twice (docs/RULES.md 3.6).
    /// The ride is possible only when both hexes are empty.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// let e3: Hex = "E3".parse().unwrap();
    /// let rides: Vec<(String, String)> =
    ///     e3.knight_rides().map(|(m, t)| (m.to_string(), t.to_string())).collect();
    /// assert!(rides.contains(&("C7".into(), "A11".into())));
    /// ```
    pub fn knight_rides(self) -> impl ExactSizeIterator<Item = (Hex, Hex)> + Clone {
        let (rides, n) = &RIDES[self.index()];
        rides[..*n as usize].iter().map(|&(m, t)| (Hex(m), Hex(t)))
    }

    /// The hexes one step away in any of the 12 directions (the King's steps).
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// assert_eq!("F14".parse::<Hex>().unwrap().neighbours().count(), 12);
    /// assert_eq!("F0".parse::<Hex>().unwrap().neighbours().count(), 5); // a corner
    /// ```
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        Direction::ALL.into_iter().filter_map(move |d| self.step(d))
    }
}

/// The hexes along one direction, up to the edge of the board. See [`Hex::ray`].
///
/// ```
/// use cescacs_board::{Direction, Hex};
/// let f14: Hex = "F14".parse().unwrap();
/// // A slider stops at the first piece: take the ray up to and including it.
/// let blocker: Hex = "F20".parse().unwrap();
/// let reach: Vec<String> = f14
///     .ray(Direction::Up)
///     .scan(false, |hit, h| (!*hit).then(|| { *hit = h == blocker; h.to_string() }))
///     .collect();
/// assert_eq!(reach, ["F16", "F18", "F20"]);
/// ```
#[derive(Debug, Clone)]
pub struct Ray {
    next: Option<Hex>,
    direction: Direction,
}

impl Iterator for Ray {
    type Item = Hex;

    #[inline]
    fn next(&mut self) -> Option<Hex> {
        let current = self.next?;
        self.next = current.step(self.direction);
        Some(current)
    }
}

impl core::iter::FusedIterator for Ray {}
