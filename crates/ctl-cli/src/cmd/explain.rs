//! `cescacs explain CODE`: what a diagnostic code means, as `rustc --explain` tells: the
//! registry's summary, and the code's row of its page in docs/diagnostics/ (an example, the
//! text the span covers, the message), bundled into the binary when it is built.

use std::io::{self, Write};
use std::process::ExitCode;

use cescacs_diagnostics::codes::{self, Code};

use crate::output;

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/pages.rs"));
}

const EXAMPLES: &str = "\
Examples:
  cescacs explain E0405       what E0405 means, with an example
  cescacs explain w0203       codes are read in any case
  cescacs explain             every code, one line each

Exit status: 0 the code is known, 2 it is not.";

/// Explain a diagnostic code: its meaning, an example, and its page.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The code (`E0405`). Without one, every code is listed with its summary.
    #[arg(value_name = "CODE")]
    pub code: Option<String>,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let Some(wanted) = args.code else {
        let mut list = String::new();
        for code in codes::ALL {
            let severity = code.severity.to_string();
            list.push_str(&format!("{}  {severity:<7}  {}\n", code.code, code.summary));
        }
        return print(&list);
    };
    let upper = wanted.trim().to_ascii_uppercase();
    let Some(code) = codes::lookup(&upper) else {
        output::error(format!(
            "unknown code `{}` (`cescacs explain` lists every code)",
            output::safe(&wanted)
        ));
        return ExitCode::from(output::FAILURE);
    };
    print(&explain(code, page_text(code.page)))
}

/// Writes `text` on standard output: exit 0, or the usual status of a failed write (0 for a
/// reader that went away).
fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output::write_failed(output::STDOUT, &e),
    }
}

/// The bundled text of a page (`diagnostics/pgn.md`), when this build has it.
fn page_text(page: &str) -> Option<&'static str> {
    bundled::PAGES.iter().find(|(name, _)| *name == page).map(|(_, text)| *text)
}

/// The explanation of `code`, from the registry and its page's text when there is one.
fn explain(code: &Code, page: Option<&str>) -> String {
    let mut out = format!("{}: {}\n\n", code.code, code.summary);
    out.push_str(&format!("  {:<13} {}\n", "severity", code.severity));
    let family = code.family;
    out.push_str(&format!("  {:<13} {} ({})\n", "found by", family.source(), family.title()));
    let row = page.and_then(|text| row_of(text, code.code));
    if let Some(row) = &row {
        for (name, value) in row.header.iter().zip(&row.cells).skip(1) {
            out.push_str(&format!("  {name:<13} {value}\n"));
        }
        for line in &row.legend {
            out.push_str(&format!("\n{line}"));
        }
        if !row.legend.is_empty() {
            out.push('\n');
        }
    }
    out.push_str(&format!("\nPage: docs/{}\n", code.page));
    out
}

/// A code's row of a page's table, with the table's column names and the sentences of its
/// section that say what the examples' abbreviations stand for.
#[derive(Debug, PartialEq)]
struct Row {
    header: Vec<String>,
    cells: Vec<String>,
    legend: Vec<String>,
}

/// The row of `code` in `page` (a Markdown page of docs/diagnostics/).
fn row_of(page: &str, code: &str) -> Option<Row> {
    let wanted = format!("`{code}`");
    let lines: Vec<&str> = page.lines().collect();
    let at = lines.iter().position(|l| cells(l).first().is_some_and(|c| *c == wanted))?;
    // The table's header: the last line before the row that is followed by a `|---|` rule.
    let header_at =
        (1..at).rev().find(|&i| lines[i].starts_with("|---") && lines[i - 1].starts_with('|'))? - 1;
    // The section: from its heading (or the page's start) to the table.
    let section = (0..header_at).rev().find(|&i| lines[i].starts_with('#')).map_or(0, |i| i + 1);
    // The sentences on abbreviations: the section's own, else the page's introduction's.
    let intro = lines.iter().skip(1).position(|l| l.starts_with("## ")).map_or(0, |i| i + 1);
    let mut legend: Vec<String> = Vec::new();
    for part in [&lines[section..header_at], &lines[..intro.min(header_at)]] {
        if legend.is_empty() {
            legend = paragraphs(part).iter().filter_map(|p| legend_sentence(p)).collect();
        }
    }
    let header = cells(lines[header_at]).into_iter().map(String::from).collect();
    let cells = cells(lines[at]).into_iter().map(String::from).collect();
    Some(Row { header, cells, legend })
}

/// The cells of a Markdown table line, trimmed; a `\|` inside a cell is no separator.
fn cells(line: &str) -> Vec<&str> {
    let Some(inner) = line.trim().strip_prefix('|') else { return Vec::new() };
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = inner.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'|' && (i == 0 || bytes[i - 1] != b'\\') {
            out.push(inner[start..i].trim());
            start = i + 1;
        }
    }
    out.push(inner[start..].trim());
    out
}

/// The sentence of a paragraph that says what an abbreviation `stands for`.
fn legend_sentence(paragraph: &str) -> Option<String> {
    let sentence = paragraph.split(". ").find(|s| s.contains("stands for"))?;
    let sentence = sentence.trim_end_matches('.');
    Some(format!("{sentence}."))
}

/// The paragraphs of some lines, each joined into one line.
fn paragraphs(lines: &[&str]) -> Vec<String> {
    lines
        .split(|l| l.trim().is_empty())
        .filter(|p| !p.is_empty())
        .map(|p| p.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" "))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Things\n\nIntro.\n\n## Errors\n\nThe examples are complete; `V` stands\nfor a tag.\n\n\
        | code | example | span | message |\n|---|---|---|---|\n\
        | `E0405` | `V1. G7-E13: *` | `E13` | E13 holds \\| the own Pawn |\n\
        | `E0406` | `x` | `y` | z |\n";

    #[test]
    fn a_row_with_its_header_and_legend() {
        let row = row_of(PAGE, "E0405").unwrap();
        assert_eq!(row.header, ["code", "example", "span", "message"]);
        assert_eq!(
            row.cells,
            ["`E0405`", "`V1. G7-E13: *`", "`E13`", "E13 holds \\| the own Pawn"]
        );
        assert_eq!(row.legend, ["The examples are complete; `V` stands for a tag."]);
        assert!(row_of(PAGE, "E0407").is_none());
        // A legend in the page's introduction serves the sections without one.
        let intro = PAGE
            .replace("Intro.", "Here `W` stands for White.")
            .replace("`V` stands\nfor a tag.", "");
        assert_eq!(row_of(&intro, "E0406").unwrap().legend, ["Here `W` stands for White."]);
    }

    #[test]
    fn every_code_of_the_registry_has_its_row_in_its_page() {
        for code in codes::ALL {
            let page = page_text(code.page).unwrap_or_else(|| panic!("{}: no page", code.page));
            let row = row_of(page, code.code);
            assert!(row.is_some(), "{} has no row in docs/{}", code.code, code.page);
            let text = explain(code, Some(page));
            assert!(text.starts_with(&format!("{}: {}", code.code, code.summary)), "{text}");
        }
    }

    #[test]
    fn without_its_page_the_registry_still_answers() {
        let code = codes::lookup("E0405").unwrap();
        let text = explain(code, None);
        assert!(
            text.contains("severity      error") && text.contains("Page: docs/diagnostics/pgn.md")
        );
    }
}
