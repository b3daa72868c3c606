//! The globs of `--where` and `filter --player`: `*` any run of characters (none, `/` and line
//! feeds included: a tag value is no path), `?` any one character, every other character itself;
//! letter case ignored unless `--match-case`. No other character is special: no `[...]` class,
//! no escape.
//!
//! The pattern comes from whoever runs the command and the value from whoever wrote the file,
//! so a match must never take the value's length times the pattern's, which a backtracking
//! matcher takes (issue 38: a 1 MB tag against a 60,000-character pattern took 55 s). The
//! pattern is cut at its `*`s into segments: the first must match at the value's start, the last
//! at its end, and each one between at its leftmost place after the one before (a later place
//! would only leave less room to the rest). The value is thus read once, left to right: a
//! segment without `?` is found by `memchr::memmem` (linear time), a segment with `?` between
//! characters by a bit-parallel shift-and (Baeza-Yates and Gonnet), 64 of its characters per
//! machine word, which is the only part slower than linear: the value's length times the
//! segment's length / 64 at worst. docs/RELIABILITY.md gives the figures.

use std::borrow::Cow;
use std::collections::HashMap;

use memchr::memmem::Finder;

/// A glob ready to match (see the module documentation).
#[derive(Debug, Clone)]
pub struct Glob {
    /// Letter case ignored: the pattern is kept folded ([`fold`]) and each value folded to match.
    fold: bool,
    shape: Shape,
}

/// A segment's characters, `None` for `?`.
type Units = Vec<Option<char>>;

#[derive(Debug, Clone)]
enum Shape {
    /// No `*`: the value is the segment, character for character.
    Exact(Units),
    /// `FIRST*MIDDLE*…*LAST`, each part possibly empty (empty middles are dropped).
    Starred { first: Units, middle: Vec<Middle>, last: Units },
}

impl Glob {
    /// The glob of `pattern`, letter case ignored unless `match_case`.
    pub fn new(pattern: &str, match_case: bool) -> Glob {
        let fold = !match_case;
        let unit = |c: char| (c != '?').then(|| if fold { self::fold(c) } else { c });
        let mut segments: Vec<Units> =
            pattern.split('*').map(|s| s.chars().map(unit).collect()).collect();
        let last = segments.pop().unwrap_or_default();
        let shape = if segments.is_empty() {
            Shape::Exact(last)
        } else {
            let mut before = segments.into_iter();
            let first = before.next().unwrap_or_default();
            let middle = before.filter(|s| !s.is_empty()).map(|s| Middle::new(&s)).collect();
            Shape::Starred { first, middle, last }
        };
        Glob { fold, shape }
    }

    /// Whether `value` matches the whole glob.
    pub fn matches(&self, value: &str) -> bool {
        let text = if self.fold && value.chars().any(|c| fold(c) != c) {
            Cow::Owned(value.chars().map(fold).collect::<String>())
        } else {
            Cow::Borrowed(value)
        };
        let text = text.as_ref();
        match &self.shape {
            Shape::Exact(units) => prefix(units, text) == Some(text.len()),
            Shape::Starred { first, middle, last } => {
                let (Some(mut at), Some(end)) = (prefix(first, text), suffix(last, text)) else {
                    return false;
                };
                if end < at {
                    return false;
                }
                for segment in middle {
                    match segment.find(&text[at..end]) {
                        Some(n) => at += n,
                        None => return false,
                    }
                }
                true
            }
        }
    }
}

/// `c` with its letter case folded: its lower case when that is one character (the only other
/// case, `İ`, stays as it is, and nothing else lowers to it).
fn fold(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Whether `unit` accepts `c`.
fn accepts(unit: Option<char>, c: char) -> bool {
    unit.is_none_or(|u| u == c)
}

/// Where `units` end when they match at the start of `text` (a byte offset).
fn prefix(units: &[Option<char>], text: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for &unit in units {
        let (_, c) = chars.next()?;
        if !accepts(unit, c) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

/// Where `units` start when they match at the end of `text` (a byte offset).
fn suffix(units: &[Option<char>], text: &str) -> Option<usize> {
    let mut chars = text.char_indices().rev();
    let mut start = text.len();
    for &unit in units.iter().rev() {
        let (i, c) = chars.next()?;
        if !accepts(unit, c) {
            return None;
        }
        start = i;
    }
    Some(start)
}

/// The byte offset after the first `n` characters of `text`.
fn skip(text: &str, n: usize) -> Option<usize> {
    match n {
        0 => Some(0),
        _ => text.char_indices().nth(n - 1).map(|(i, c)| i + c.len_utf8()),
    }
}

/// A segment between two `*`: its leading and trailing `?` are characters to skip, and what is
/// left (its core) starts and ends with a character of its own.
#[derive(Debug, Clone)]
struct Middle {
    before: usize,
    core: Core,
    after: usize,
}

#[derive(Debug, Clone)]
enum Core {
    /// Only `?`: nothing to find.
    Empty,
    /// No `?`: found as bytes.
    Literal(Finder<'static>),
    /// `?` between characters: found by shift-and.
    Masked(Masks),
}

impl Middle {
    fn new(units: &[Option<char>]) -> Middle {
        let before = units.iter().take_while(|u| u.is_none()).count();
        let after = units[before..].iter().rev().take_while(|u| u.is_none()).count();
        let core = &units[before..units.len() - after];
        let core = if core.is_empty() {
            Core::Empty
        } else if let Some(literal) = core.iter().copied().collect::<Option<String>>() {
            Core::Literal(Finder::new(literal.as_bytes()).into_owned())
        } else {
            Core::Masked(Masks::new(core))
        };
        Middle { before, core, after }
    }

    /// Where the leftmost match in `text` ends (a byte offset).
    fn find(&self, text: &str) -> Option<usize> {
        let start = skip(text, self.before)?;
        let end = start
            + match &self.core {
                Core::Empty => 0,
                Core::Literal(finder) => {
                    finder.find(&text.as_bytes()[start..])? + finder.needle().len()
                }
                Core::Masked(masks) => masks.find_end(&text[start..])?,
            };
        // Every match has the same length: if the leftmost lacks room after it, all do.
        Some(end + skip(&text[end..], self.after)?)
    }
}

/// A core with `?` for the shift-and: bit `i` of the state is set after a character when the
/// core's first `i + 1` characters match the text up to it.
#[derive(Debug, Clone)]
struct Masks {
    /// The core's length in characters (at least 2: it starts and ends with a character).
    len: usize,
    /// The bits of the `?`, one per character of the core.
    any: Vec<u64>,
    /// The bits of each character of the core.
    by_char: HashMap<char, Bits>,
    /// The core's first character: no match is under way until the text has it.
    first: Finder<'static>,
}

/// The bits of one character of a core.
#[derive(Debug, Clone)]
enum Bits {
    /// All of them, with the `?`'s: for a character in more than an eighth of the core's
    /// words (so at most 8 × 64 such characters, whatever the core).
    Dense(Vec<u64>),
    /// Its non-zero words (index, bits) in order: few, so the memory stays linear in the core
    /// however many different characters it has.
    Sparse(Vec<(usize, u64)>),
}

impl Masks {
    fn new(core: &[Option<char>]) -> Masks {
        let words = core.len().div_ceil(64);
        let mut any = vec![0; words];
        let mut sparse: HashMap<char, Vec<(usize, u64)>> = HashMap::new();
        for (i, unit) in core.iter().enumerate() {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            match unit {
                None => any[word] |= bit,
                Some(c) => {
                    let list = sparse.entry(*c).or_default();
                    match list.last_mut() {
                        Some((w, bits)) if *w == word => *bits |= bit,
                        _ => list.push((word, bit)),
                    }
                }
            }
        }
        let by_char = sparse
            .into_iter()
            .map(|(c, list)| {
                if list.len() * 8 <= words {
                    return (c, Bits::Sparse(list));
                }
                let mut dense = any.clone();
                for (w, bits) in list {
                    dense[w] |= bits;
                }
                (c, Bits::Dense(dense))
            })
            .collect();
        let first = core.first().copied().flatten().unwrap_or('?');
        let first = Finder::new(first.encode_utf8(&mut [0; 4]).as_bytes()).into_owned();
        Masks { len: core.len(), any, by_char, first }
    }

    /// Where the leftmost match in `text` ends (a byte offset).
    fn find_end(&self, text: &str) -> Option<usize> {
        if text.len() < self.len {
            return None; // fewer bytes than the core has characters
        }
        let words = self.any.len();
        let (last_word, last_bit) = ((self.len - 1) / 64, 1u64 << ((self.len - 1) % 64));
        // The state before and after a character; words past `live` are zero.
        let (mut state, mut next) = (vec![0u64; words], vec![0u64; words]);
        let (mut live, mut next_live) = (0, 0);
        let mut at = 0;
        while at < text.len() {
            if live == 0 {
                at += self.first.find(&text.as_bytes()[at..])?;
            }
            let c = text[at..].chars().next()?;
            at += c.len_utf8();
            let reach = (live + 1).min(words);
            if next_live > reach {
                next[reach..next_live].fill(0);
            }
            let (old, new) = (&state[..reach], &mut next[..reach]);
            match self.by_char.get(&c) {
                Some(Bits::Dense(bits)) => shift_and(old, &bits[..reach], new),
                own => {
                    shift_and(old, &self.any[..reach], new);
                    if let Some(Bits::Sparse(list)) = own {
                        for &(w, bits) in list.iter().take_while(|(w, _)| *w < reach) {
                            let carry = if w == 0 { 1 } else { old[w - 1] >> 63 };
                            new[w] |= ((old[w] << 1) | carry) & bits;
                        }
                    }
                }
            }
            next_live = new.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
            std::mem::swap(&mut state, &mut next);
            std::mem::swap(&mut live, &mut next_live);
            if state[last_word] & last_bit != 0 {
                return Some(at);
            }
        }
        None
    }
}

/// One step of the shift-and over whole words (the slices are as long, at least one word):
/// each bit moves up one character (a match may start at every character, so bit 0 comes in
/// set) and stays where `mask` allows it.
fn shift_and(old: &[u64], mask: &[u64], new: &mut [u64]) {
    let Some((first, rest)) = new.split_first_mut() else { return };
    *first = ((old[0] << 1) | 1) & mask[0];
    // Each word from two old ones, with no value carried from word to word: the compiler then
    // uses vector instructions (twice the speed).
    for (((new, &high), &low), &mask) in rest.iter_mut().zip(&old[1..]).zip(old).zip(&mask[1..]) {
        *new = ((high << 1) | (low >> 63)) & mask;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What a glob means, by dynamic programming: slow and plainly right.
    fn reference(pattern: &str, value: &str, match_case: bool) -> bool {
        let f = |c: char| if match_case { c } else { fold(c) };
        let p: Vec<char> = pattern.chars().map(f).collect();
        let v: Vec<char> = value.chars().map(f).collect();
        let mut row = vec![false; v.len() + 1];
        row[0] = true;
        for &pc in &p {
            let mut next = vec![false; v.len() + 1];
            for j in 0..=v.len() {
                next[j] = match pc {
                    '*' => row[j] || (j > 0 && next[j - 1]),
                    _ => j > 0 && row[j - 1] && (pc == '?' || pc == v[j - 1]),
                };
            }
            row = next;
        }
        row[v.len()]
    }

    #[test]
    fn every_short_pattern_means_what_it_says() {
        let words = |alphabet: &[char], longest: usize| {
            let mut all = vec![String::new()];
            let mut last = vec![String::new()];
            for _ in 0..longest {
                last = last
                    .iter()
                    .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                    .collect();
                all.extend(last.iter().cloned());
            }
            all
        };
        let values = words(&['a', 'b', 'B'], 5);
        for pattern in words(&['a', 'b', '*', '?'], 4) {
            for match_case in [false, true] {
                let glob = Glob::new(&pattern, match_case);
                for value in &values {
                    assert_eq!(
                        glob.matches(value),
                        reference(&pattern, value, match_case),
                        "`{pattern}` on `{value}`, match_case {match_case}"
                    );
                }
            }
        }
    }

    #[test]
    fn stars_take_any_character_and_case_folds_beyond_ascii() {
        assert!(Glob::new("*", false).matches("a/b\nc"));
        assert!(Glob::new("a*c", false).matches("a/\n/c"));
        assert!(Glob::new("PUIG*", false).matches("puig i Ferrer"));
        assert!(!Glob::new("PUIG*", true).matches("puig i Ferrer"));
        assert!(Glob::new("*ÀNGEL?", false).matches("Sant àngels"));
        assert!(Glob::new("?", false).matches("𝄞") && !Glob::new("??", false).matches("𝄞"));
        assert!(!Glob::new("", false).matches("a") && Glob::new("", false).matches(""));
        assert!(!Glob::new("a*a", false).matches("a"), "the ends do not overlap");
        assert!(Glob::new("[ab]", false).matches("[AB]"), "no classes: `[` is itself");
    }

    #[test]
    fn a_long_core_with_wildcards_spans_several_words() {
        let core = format!("x{}y{}z", "?".repeat(70), "?".repeat(100));
        let glob = Glob::new(&format!("*{core}*"), true);
        let hit = format!("{}x{}y{}z{}", "x".repeat(300), "-".repeat(70), "y".repeat(100), "z");
        assert!(glob.matches(&hit));
        assert!(!glob.matches(&hit.replace('y', "w")));
    }

    proptest! {
        #[test]
        fn any_glob_means_what_it_says(
            pattern in "[ab?*]{0,12}",
            value in "[abAB]{0,40}",
            match_case in any::<bool>(),
        ) {
            prop_assert_eq!(
                Glob::new(&pattern, match_case).matches(&value),
                reference(&pattern, &value, match_case)
            );
        }

        #[test]
        fn long_cores_mean_what_they_say(
            pattern in "\\*(a|b|\\?{1,30}){1,12}\\*(a|\\?)?",
            value in "[ab]{0,300}",
        ) {
            prop_assert_eq!(
                Glob::new(&pattern, true).matches(&value),
                reference(&pattern, &value, true)
            );
        }
    }
}
