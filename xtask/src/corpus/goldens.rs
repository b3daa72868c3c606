//! The diagnostics of a corpus file, rendered as its goldens are written.
//!
//! - `NAME.diagnostics`: the rules-level report as plain ariadne text (no colour), the path shown
//!   as `corpus/<folder>/NAME.ctl-pgn`;
//! - `NAME.diagnostics.json`: the same diagnostics as the LSP-native JSON document of
//!   `cescacs check --format json` (UTF-16 columns), each with its game and main-line ply. The URI
//!   is written as if the checkout were at `/` (`file:///corpus/...`), so that goldens do not
//!   depend on where the repository lives.

use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{File, Ply};
use ctl_pgn::Check;
use ctl_pgn::Level;
use ctl_pgn::decode::Decoded;
use ctl_pgn::render::{Context, FileReport, PositionEncoding, render_json, render_text};

/// A golden's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Plain ariadne text: `NAME.diagnostics`.
    Text,
    /// LSP-native JSON: `NAME.diagnostics.json`.
    Json,
}

impl Format {
    /// The golden's file name for the game file `name` (`x.ctl-pgn` → `x.diagnostics`).
    pub fn golden_name(self, name: &str) -> String {
        let stem = name.strip_suffix(".ctl-pgn").unwrap_or(name);
        match self {
            Format::Text => format!("{stem}.diagnostics"),
            Format::Json => format!("{stem}.diagnostics.json"),
        }
    }

    /// `text` or `json`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            other => Err(format!("`--format`: expected `text` or `json`, found `{other}`")),
        }
    }
}

/// Every diagnostic of the file at the rules level: the encoding's and the library's
/// ([`Check::text`], as `cescacs check` finds them), in the one order of [`Diagnostic::sort`].
pub fn diagnostics(decoded: &Decoded) -> Vec<Diagnostic> {
    let mut all = decoded.diagnostics.clone();
    all.extend(Check::new(Level::Rules).text(&decoded.text).diagnostics);
    Diagnostic::sort(&mut all);
    all
}

/// The diagnostics rendered in `format`. `shown` is the path people see
/// (`corpus/invalid/x.ctl-pgn`); `file` is the file's tree, which places each diagnostic in its
/// game and ply.
pub fn render(
    format: Format,
    shown: &str,
    decoded: &Decoded,
    diagnostics: &[Diagnostic],
    file: &File,
) -> String {
    match format {
        Format::Text => render_text(diagnostics, shown, decoded.shown(), false),
        Format::Json => {
            let uri = format!("file:///{}", shown.trim_start_matches('/'));
            let mut report = FileReport::new(shown, decoded.shown())
                .with_uri(uri)
                .with_counts(file.games.len(), file.ply_count());
            for d in diagnostics {
                report.push(d.clone(), context(file, d.span));
            }
            render_json(&[report], PositionEncoding::Utf16)
        }
    }
}

/// The game (1-based) whose span holds `span.start`, and the main-line ply (1-based) there.
fn context(file: &File, span: Span) -> Context {
    let at = span.start;
    let Some((i, game)) =
        file.games.iter().enumerate().rev().find(|(_, g)| g.span.start <= at && at <= g.span.end)
    else {
        return Context::default();
    };
    let mut context = Context::game(i + 1);
    let plies = game
        .movetext
        .pairs
        .iter()
        .flat_map(|p| std::iter::once(&p.white).chain(p.black.as_ref()))
        .filter(|p| !matches!(p, Ply::Omitted(_)));
    for (n, ply) in plies.enumerate() {
        let s = ply.span();
        if s.start <= at && (at < s.end || (s.start == s.end && at == s.start)) {
            context = context.with_ply(n + 1);
        }
    }
    context
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_names() {
        assert_eq!(Format::Text.golden_name("a.b.ctl-pgn"), "a.b.diagnostics");
        assert_eq!(Format::Json.golden_name("a.ctl-pgn"), "a.diagnostics.json");
    }

    #[test]
    fn context_finds_game_and_ply() {
        let text =
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n[Variant \"C'escacs\"]\n1. E7-E13: *\n";
        let file = ctl_an::parse_file(text).file;
        let at = |needle: &str, nth: usize| {
            let start = text.match_indices(needle).nth(nth).unwrap().0;
            context(&file, Span::new(start, start + 1))
        };
        assert_eq!(at("E21", 0), Context::game(1).with_ply(2));
        assert_eq!(at("E7", 1), Context::game(2).with_ply(1));
        assert_eq!(at("[Variant", 1), Context::game(2));
    }
}
