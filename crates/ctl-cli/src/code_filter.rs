//! `--select` and `--ignore`: which diagnostic codes a run reports, by code or by prefix (`E05`,
//! `W0203`), as ruff selects its rules. Every pattern must name at least one code of the
//! registry (`cescacs_diagnostics::codes::ALL`), so that a typo is an error, not a silent empty run.

use cescacs_diagnostics::codes;

/// The codes to report: those that match a `--select` pattern (all when there is none), less
/// those that match an `--ignore` pattern.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct CodeFilter {
    /// Report only these codes or code prefixes (`E05`, `W0203`; comma-separated or repeated).
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Never report these codes or code prefixes (they win over `--select`).
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    pub ignore: Vec<String>,
}

impl CodeFilter {
    /// The filter with its patterns in upper case, or the first pattern that names no code
    /// (`--select X`, with the option's name).
    pub fn checked(self) -> Result<CodeFilter, String> {
        let normalise = |option: &str, patterns: Vec<String>| -> Result<Vec<String>, String> {
            patterns
                .into_iter()
                .map(|p| {
                    let p = p.trim().to_ascii_uppercase();
                    if !p.is_empty() && codes::ALL.iter().any(|c| c.code.starts_with(&p)) {
                        Ok(p)
                    } else {
                        Err(format!(
                            "`--{option} {p}`: no diagnostic code starts with `{p}` (codes look \
                             like `E0405`; a prefix such as `W02` names a family)"
                        ))
                    }
                })
                .collect()
        };
        Ok(CodeFilter {
            select: normalise("select", self.select)?,
            ignore: normalise("ignore", self.ignore)?,
        })
    }

    /// Whether diagnostics with `code` are reported.
    pub fn keeps(&self, code: &str) -> bool {
        let matches = |patterns: &[String]| patterns.iter().any(|p| code.starts_with(p.as_str()));
        (self.select.is_empty() || matches(&self.select)) && !matches(&self.ignore)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(select: &[&str], ignore: &[&str]) -> Result<CodeFilter, String> {
        let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        CodeFilter { select: owned(select), ignore: owned(ignore) }.checked()
    }

    #[test]
    fn codes_and_prefixes_in_any_case() {
        let f = filter(&["e05", "W0203"], &[]).unwrap();
        assert!(f.keeps("E0501") && f.keeps("W0203"));
        assert!(!f.keeps("W0501") && !f.keeps("E0405"));
        let all = filter(&[], &[]).unwrap();
        assert!(all.keeps("E0001"));
    }

    #[test]
    fn ignore_wins_over_select() {
        let f = filter(&["E05"], &["E0501"]).unwrap();
        assert!(!f.keeps("E0501") && f.keeps("E0502"));
        let f = filter(&[], &["W"]).unwrap();
        assert!(f.keeps("E0405") && !f.keeps("W0401"));
    }

    #[test]
    fn a_pattern_that_names_no_code_is_an_error() {
        let e = filter(&["E99"], &[]).unwrap_err();
        assert!(e.contains("--select E99") && e.contains("no diagnostic code"), "{e}");
        assert!(filter(&[], &["X1"]).unwrap_err().contains("--ignore X1"));
        assert!(filter(&[""], &[]).is_err());
    }
}
