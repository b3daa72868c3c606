//! Rewriting a file in place without ever leaving it half-written: the new content goes to a
//! temporary file in the same directory, which then replaces the file in one rename. `fmt` and
//! `check --fix` write files this way.

use std::fs;
use std::io;
use std::path::Path;

/// Replaces the content of the file at `path` with what `write` writes, keeping the file's
/// permissions. If `write` (or anything after it) fails, the file is left as it was and the
/// temporary file is removed.
pub fn replace(path: &Path, write: impl FnOnce(&mut fs::File) -> io::Result<()>) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let permissions = fs::metadata(path)?.permissions();
    let mut tmp = tempfile::Builder::new().prefix(".cescacs-").suffix(".tmp").tempfile_in(dir)?;
    write(tmp.as_file_mut())?;
    tmp.as_file().sync_all()?;
    fs::set_permissions(tmp.path(), permissions)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_content() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ctl-pgn");
        fs::write(&path, "old").unwrap();
        replace(&path, |f| f.write_all(b"new content")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new content");
        assert_eq!(files_in(dir.path()), ["game.ctl-pgn"]);
    }

    /// A write interrupted half-way (here: an error after part of the content) leaves the
    /// original file whole and no temporary file behind.
    #[test]
    fn an_interrupted_write_leaves_the_file_intact() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ctl-pgn");
        fs::write(&path, "the original game").unwrap();
        let failed = replace(&path, |f| {
            f.write_all(b"half of the ne")?;
            Err(io::Error::other("interrupted"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "interrupted");
        assert_eq!(fs::read_to_string(&path).unwrap(), "the original game");
        assert_eq!(files_in(dir.path()), ["game.ctl-pgn"]);
    }

    #[test]
    fn a_missing_file_is_an_error_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("absent.ctl-pgn");
        assert!(replace(&path, |f| f.write_all(b"x")).is_err());
        assert!(files_in(dir.path()).is_empty());
    }
}
