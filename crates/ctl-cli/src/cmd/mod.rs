//! One module per subcommand; each exposes an `Args` struct (clap) and `run(args) -> ExitCode`.

pub mod board;
pub mod check;
pub mod convert;
pub mod convert_app;
pub mod explain;
pub mod filter;
pub mod fmt;
pub mod html;
pub mod legal;
pub mod lsp;
pub mod pdtl;
pub mod perft;
pub mod replay;
pub mod standings;
pub mod tree;

use std::borrow::Cow;

use cescacs_board::{Letters, Position};

pub use cescacs_toolkit::position::START;

/// A PDTL argument as the PDTL reader should see it: `start` (in any case) becomes the initial
/// position written with `letters`, any other text is returned as it is.
pub fn pdtl_text<'a>(text: &'a str, letters: &Letters) -> Cow<'a, str> {
    if text.trim().eq_ignore_ascii_case(START) {
        Cow::Owned(::pdtl::write(&Position::initial(), letters))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_the_initial_position_in_the_letters_given() {
        let standard = pdtl_text("start", &Letters::standard());
        assert_eq!(::pdtl::parse(&standard), Ok(Position::initial()));
        let english = Letters::from_redefine("B@J, W@V, Q@D").unwrap();
        assert!(pdtl_text("START", &english).starts_with("/28:w/27:qk/"));
        assert_eq!(pdtl_text("/1:K/ w", &english), "/1:K/ w");
    }
}
