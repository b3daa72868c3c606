//! The two PDTL dialects: the notation spec's and the official web app's (`docs/APP.md`). Both
//! the reader and the writer take one; what the app's fields are is `crate::app`'s.

/// Which PDTL dialect a text is written in, or is to be written in.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// use pdtl::Dialect;
/// let app = pdtl::write_in(&Position::initial(), &Letters::standard(), Dialect::App);
/// assert!(app.ends_with(" w RKRrkr - 0 1"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// The notation spec's PDTL (`docs/PDTL.md`).
    #[default]
    Spec,
    /// The official web app's PDTL: what its "Get" button shows and its "Load new" reads
    /// (`docs/APP.md`).
    App,
}
