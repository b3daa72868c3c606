//! The row that stands for a game in a collection's index page: written by the page
//! ([`super::Writer`]) and by the index (`write::index_row`), so it has a file of its own.

/// One game of a collection's index page.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    /// Its number in its file (from 1).
    pub number: usize,
    /// The `White` and `Black` tags, the result (of the result line, else of the tag) and the
    /// `Date` tag (empty when missing).
    pub tags: [String; 4],
    /// The plies of its main line.
    pub plies: usize,
}
