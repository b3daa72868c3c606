//! What a game is written with beyond the plain forms.

/// What a game is written with beyond the plain forms; each part is an option of
/// `cargo xtask gen`, [`Features::RICH`] (`--rich`) all of them. The main line never depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Features {
    /// Comments with every reference form of the spec (`--comments`): player comments
    /// `{ @W: … }`, automatic ones `{: $24 … }`, `~F14`, `~K`, `~nF14`, `~J[d]`, `#14`,
    /// `#14@B`, `#12.2`, `#14[#12.2]@W`, `#16[#14.1#12.2]`, `$24`, a comment before the first
    /// move and one after the result; every reference names a real hex, piece, ply or label.
    pub comments: bool,
    /// Variations of up to four moves, legal from their branch point, some labelled `$[n]`,
    /// some holding a nested one, some with nesting dots (`--variations`).
    pub variations: bool,
    /// The U+2010 hyphen in every move, castling and in results (`--hyphen`).
    pub hyphen: bool,
    /// Some games written with FAN symbols or with `[Redefine]` letters (`--letters`).
    pub letters: bool,
    /// More ratings (`◇` too) and NAGs after the moves (`--marks`).
    pub marks: bool,
    /// A tag value with escapes (`\"`, `\\`) in a quarter of the games (`--escapes`).
    pub escapes: bool,
}

impl Features {
    /// The plain games of `cargo xtask gen` (the committed sample, the benches' input).
    pub const PLAIN: Features = Features {
        comments: false,
        variations: false,
        hyphen: false,
        letters: false,
        marks: false,
        escapes: false,
    };
    /// Every feature (`--rich`).
    pub const RICH: Features = Features {
        comments: true,
        variations: true,
        hyphen: true,
        letters: true,
        marks: true,
        escapes: true,
    };

    /// Whether any feature is on.
    pub fn any(&self) -> bool {
        *self != Features::PLAIN
    }
}
