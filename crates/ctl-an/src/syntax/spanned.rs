//! A value with the bytes it was read from.

use cescacs_diagnostics::Span;

/// A value and the bytes it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A value at a span.
    pub const fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}
