//! What the golden-file tests share.

use std::path::Path;

/// Compares `now` with the golden file at `path`, or rewrites the file under `BLESS=1` (or
/// `UPDATE_GOLDEN=1`); a difference fails at its first line.
pub fn compare_golden(path: impl AsRef<Path>, now: &str) {
    let path = path.as_ref();
    if std::env::var_os("BLESS").is_some() || std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, now).expect("golden file is writable");
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    if now != want {
        let line = now.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{} differs at line {}:\n  now:    {:?}\n  golden: {:?}\nrerun with BLESS=1 and review the diff",
            path.display(),
            line + 1,
            now.lines().nth(line),
            want.lines().nth(line)
        );
    }
}
