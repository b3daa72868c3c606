//! How much the reader accepts of one item before it reports it and skips it: hostile or broken
//! input gets one clear diagnostic instead of a stack overflow, a memory blow-up or a megabyte-long
//! report.

/// The bounds the reader puts on its input. Every item past a bound gives one error and is
/// skipped; the games after it are read as usual.
///
/// The defaults are far beyond what a real game file holds (the longest real games have a few
/// hundred plies and a handful of nested variations) and small enough to bound the reader's work
/// and stack. `docs/RELIABILITY.md` ("Limits") explains the numbers.
///
/// | field | default | past it |
/// |---|---|---|
/// | [`nesting`](Limits::nesting) | 64 | `E0221`, the variation is skipped to the end of its game |
/// | [`comment_bytes`](Limits::comment_bytes) | 1 MiB | `E0222`, the comment is skipped |
/// | [`line_bytes`](Limits::line_bytes) | 1 MiB | `E0223`, the rest of the line is skipped |
/// | [`tags`](Limits::tags) | 1,000 | `E0224`, the tags after the 1,000th are skipped |
/// | [`plies`](Limits::plies) | 10,000 | `E0225`, the main line is read up to its last whole pair within the bound, the rest only counted |
/// | [`pairs`](Limits::pairs) | 10,000 | `E0227`, the main line is read up to the pair before, the rest only counted; in a variation, the rest of the variation is skipped |
/// | [`variations`](Limits::variations) | 1,000 | `E0228`, the variations after the 1,000th after one pair are skipped |
/// | [`strays`](Limits::strays) | 1,000 | `E0229`, the stray `)` after the 1,000th of a game are skipped, and so are the extra result lines after the 1,000th |
///
/// ```
/// use ctl_an::Limits;
/// let strict = Limits { comment_bytes: 8, ..Limits::default() };
/// let text = "[Variant \"C'escacs\"]\n{a long comment} 1. E7-E13: *\n";
/// assert!(ctl_an::parse_file(text).diagnostics.is_empty());
/// let out = ctl_an::parse_file_with(text, &strict);
/// assert_eq!(out.diagnostics[0].code, "E0222");
/// assert_eq!(out.file.ply_count(), 1); // the game is still read
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// How deep variations may nest (the parser recurses once per level).
    pub nesting: usize,
    /// The longest comment, in bytes from its `{` to its `}`.
    pub comment_bytes: usize,
    /// The longest line, in bytes without its line break.
    pub line_bytes: usize,
    /// The most tags one game may have.
    pub tags: usize,
    /// The most plies (half-moves) the main line of one game may have. Past it the reader keeps
    /// no more of the game than this: the rest of the main line is read a chunk at a time, only
    /// to count its plies (for the message) and find where the game ends.
    pub plies: usize,
    /// The most move pairs (move numbers) one line may hold, the main line or a variation,
    /// whether or not they hold plies (`1. …` a million times holds none). Past it the main
    /// line is read as past [`plies`](Limits::plies), and the rest of a variation is skipped.
    pub pairs: usize,
    /// The most variations after one move pair (siblings: alternatives to the same moves, with
    /// only comments between them). Each one past it is skipped.
    pub variations: usize,
    /// The most stray `)` (closing no variation, each an `E0212`) one game may hold, and the most
    /// result lines after its first (each an `E0218`): past it they are skipped, so a flood of
    /// `)` or of `*` is a bounded report in bounded memory.
    pub strays: usize,
}

impl Limits {
    /// The default bounds (see the table above).
    pub const DEFAULT: Limits = Limits {
        nesting: 64,
        comment_bytes: 1 << 20,
        line_bytes: 1 << 20,
        tags: 1_000,
        plies: 10_000,
        pairs: 10_000,
        variations: 1_000,
        strays: 1_000,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The most bytes one game may hold in a stream (from its `[Variant` tag to the next one), by
/// default: 64 MiB, a game of five million plies. A stream with no game boundary for longer
/// (`/dev/zero`, a pipe that never ends, a binary file) is cut there with one error instead of
/// being gathered until memory runs out (`ctl_pgn::split::GameSplitter::with_max_game`).
pub const GAME_BYTES: usize = 64 << 20;

/// The most bytes of a file that the commands reading a whole file (`html`, `convert --from app`
/// and `--to app`) read, by default: 256 MiB. Past it the file is not read, with one error. The
/// other commands read games one at a time, each game bounded by [`GAME_BYTES`].
pub const FILE_BYTES: u64 = 256 << 20;

pub(crate) use cescacs_diagnostics::grouped;
