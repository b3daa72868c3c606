//! Differences shown as unified diffs, like `git diff`.

use similar::TextDiff;

/// The unified diff from `expected` to `found` (three lines of context), or a note when the two
/// differ only in invisible ways (line ends, a missing final line break).
pub fn unified(expected: &str, found: &str) -> String {
    let diff = TextDiff::from_lines(expected, found)
        .unified_diff()
        .context_radius(3)
        .header("expected", "found")
        .to_string();
    if diff.trim().is_empty()
        || !diff
            .lines()
            .any(|l| l.starts_with(['-', '+']) && !l.starts_with("---") && !l.starts_with("+++"))
    {
        return format!("{diff}(the texts differ only in line ends or trailing bytes)\n");
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_changed_line() {
        let d = unified("a\nb\nc\n", "a\nB\nc\n");
        assert!(d.starts_with("--- expected\n+++ found\n"), "{d}");
        assert!(d.contains("-b\n+B\n"), "{d}");
    }
}
