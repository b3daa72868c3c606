//! Issue 38's reproducers of glob matching (reproducer 6), for `cargo xtask hostile`: one game
//! whose `White` tag is a million `a`, selected by `filter --count --where` with
//! 60,000-character patterns of every shape of segment the matcher has
//! (`crates/ctl-cli/src/games/glob.rs`). A backtracking matcher took the tag's length times the
//! pattern's (55 s for one of them, `*???…b` past a minute); `crates/ctl-cli/tests/hostile_globs.rs`
//! runs the same shapes under a deadline.

use std::sync::LazyLock;

/// The tag's length in characters.
const TAG: usize = 1_000_000;

/// The patterns' length in characters.
const PATTERN: usize = 60_000;

/// Each reproducer's name and `--where` argument (kept for the whole run: reproducers borrow
/// them).
static WHERE: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let marks = |n: usize| "?".repeat(n - 1);
    let shapes = [
        ("`*???…b`", format!("*{}b", marks(PATTERN))),
        ("`*???…b*`", format!("*{}b*", marks(PATTERN))),
        ("`*aaa…ab*`", format!("*{}b*", "a".repeat(PATTERN - 1))),
        ("`a*a*…*b`", format!("{}b", "a*".repeat(PATTERN / 2))),
        ("`a?a?…*b`", format!("{}*b", "a?".repeat(PATTERN / 2))),
        // `?` between characters: the shift-and, the one part slower than linear.
        ("`*a???…b*`", format!("*a{}b*", marks(PATTERN - 1))),
        ("`*(a + 63 ?)…b*`", format!("*{}b*", format!("a{}", marks(64)).repeat(PATTERN / 64 + 1))),
    ];
    shapes
        .into_iter()
        .map(|(shape, glob)| {
            (format!("1 MB tag, 60,000-character glob {shape}"), format!("--where=White={glob}"))
        })
        .collect()
});

/// The glob reproducers: each one's name and command, and the one input they all read.
pub(super) struct Globs {
    pub(super) runs: Vec<(&'static str, Vec<&'static str>)>,
    pub(super) input: Vec<u8>,
}

/// The reproducers (see the module documentation).
pub(super) fn reproducers() -> Globs {
    let input = format!("[Variant \"C'escacs\"]\n[White \"{}\"]\n1. E7-E13: *\n", "a".repeat(TAG));
    let runs = WHERE
        .iter()
        .map(|(name, arg)| (name.as_str(), vec!["filter", "--count", arg.as_str()]))
        .collect();
    Globs { runs, input: input.into_bytes() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_pattern_is_about_60000_characters_against_a_1_mb_tag() {
        let globs = super::reproducers();
        assert!(globs.input.len() > super::TAG);
        for (name, args) in globs.runs {
            let glob = args[2].trim_start_matches("--where=White=");
            let length = glob.chars().count();
            assert!((super::PATTERN..super::PATTERN + 100).contains(&length), "{name}: {length}");
        }
    }
}
