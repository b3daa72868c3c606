//! The words a game is written with besides its moves: ratings, comments, the phrases around
//! references, the `[Redefine]` values.

use ctl_an::syntax::Rating;

/// The ratings written after a move now and then.
pub(crate) const RATINGS: [&str; 6] = [
    Rating::Good.as_str(),
    Rating::Mistake.as_str(),
    Rating::Brilliant.as_str(),
    Rating::Blunder.as_str(),
    Rating::Interesting.as_str(),
    Rating::Dubious.as_str(),
];
/// The ratings of [`Features::marks`](crate::Features::marks): the plain ones and `◇`.
pub(crate) const RICH_RATINGS: [&str; 7] = [
    RATINGS[0],
    RATINGS[1],
    RATINGS[2],
    RATINGS[3],
    RATINGS[4],
    RATINGS[5],
    Rating::Forced.as_str(),
];
/// The players' comments of the plain games.
pub(crate) const COMMENTS: [&str; 6] = [
    "an interesting idea",
    "the centre opens",
    "threatens ~K",
    "the only move",
    "a quiet move",
    "this loses time",
];
/// Words of the comments of [`Features::comments`](crate::Features::comments), around their references.
pub(crate) const PHRASES: [&str; 6] =
    ["now stands on", "eyes", "leaves", "defends", "was better than", "prepares"];
/// The `[Redefine]` values of [`Features::letters`](crate::Features::letters) (alternatives the spec allows).
pub(crate) const REDEFINES: [&str; 4] = ["A@J, T@R, C@N", "B@J, Q@D, W@V", "F@J, S@N", "L@J"];
