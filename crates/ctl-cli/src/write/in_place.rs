//! Rewriting a file where it is (`fmt`, `check --fix`) as the user would edit it: a symbolic
//! link is followed and its target rewritten (the link stays); the file keeps its hard links,
//! owner, group and mode; a file the user may not write is refused, even when the user is
//! root and could (a read-only file says so). The new content is written whole to a
//! temporary file first ([`super::atomic`]), then:
//! - renamed over the file when that keeps everything: one link, and an owner and group the
//!   temporary file can be given;
//! - else copied over the file's content, so that the file (its inode) stays and every link sees
//!   the new content.

use std::fs;
use std::io;
use std::path::Path;

use super::atomic::Pending;

/// Replaces the content of the file at `path` (through a symbolic link: of its target) with
/// what `write` writes. If anything fails the file is left as it was (see
/// [`Pending::copy_over`] for the one exception, which says so) and no temporary file remains.
pub fn replace(path: &Path, write: impl FnOnce(&mut Pending) -> io::Result<()>) -> io::Result<()> {
    let real = fs::canonicalize(path)?;
    let meta = fs::metadata(&real)?;
    if !meta.is_file() {
        return Err(io::Error::other("not a regular file: not rewritten"));
    }
    if meta.permissions().readonly() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("the file is read-only{}: not rewritten", mode(&meta)),
        ));
    }
    // Whether the user may write the file (its permissions, its ACL, a read-only mount), asked
    // of the system itself; the handle is where the content is copied when it cannot be renamed.
    let mut original = fs::OpenOptions::new().write(true).open(&real)?;
    let mut pending = Pending::private(&real)?;
    write(&mut pending)?;
    if links(&meta) == 1 && keeps_owner(&mut pending, &meta) {
        pending.set_permissions(meta.permissions())?;
        pending.commit(true)
    } else {
        pending.copy_over(&mut original)
    }
}

/// ` (mode 0444)`: how `ls -l` would show why a file is read-only.
#[cfg(unix)]
fn mode(meta: &fs::Metadata) -> String {
    use std::os::unix::fs::PermissionsExt;
    format!(" (mode {:04o})", meta.permissions().mode() & 0o7777)
}

#[cfg(not(unix))]
fn mode(_: &fs::Metadata) -> String {
    String::new()
}

/// How many names the file has.
#[cfg(unix)]
fn links(meta: &fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn links(_: &fs::Metadata) -> u64 {
    1
}

/// Whether the temporary file now has the owner and group of the file it replaces.
#[cfg(unix)]
fn keeps_owner(pending: &mut Pending, meta: &fs::Metadata) -> bool {
    pending.set_owner(meta).is_ok()
}

#[cfg(not(unix))]
fn keeps_owner(_: &mut Pending, _: &fs::Metadata) -> bool {
    true
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

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_hard_links_and_mode_are_kept() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.ctl-pgn");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.ctl-pgn");
        std::os::unix::fs::symlink("real.ctl-pgn", &link).unwrap();
        let hard = dir.path().join("hard.ctl-pgn");
        fs::hard_link(&real, &hard).unwrap();
        let inode = fs::metadata(&real).unwrap().ino();
        replace(&link, |f| f.write_all(b"new")).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        for name in [&real, &hard, &link] {
            assert_eq!(fs::read_to_string(name).unwrap(), "new", "{}", name.display());
        }
        let meta = fs::metadata(&real).unwrap();
        assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
        assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
        // One link: renamed, the mode given to the new file.
        fs::remove_file(&hard).unwrap();
        replace(&real, |f| f.write_all(b"newer")).unwrap();
        let meta = fs::metadata(&real).unwrap();
        assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
        assert_eq!(fs::read_to_string(&real).unwrap(), "newer");
        assert_eq!(files_in(dir.path()), ["link.ctl-pgn", "real.ctl-pgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_whoever_runs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ctl-pgn");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let refused = replace(&path, |f| f.write_all(b"new")).unwrap_err();
        assert_eq!(refused.to_string(), "the file is read-only (mode 0444): not rewritten");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(files_in(dir.path()), ["game.ctl-pgn"]);
    }
}
