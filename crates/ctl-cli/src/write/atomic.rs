//! Every file is written whole or not at all: its content goes to a temporary file in its
//! target's folder (`.cescacs-XXXXXX.tmp`), which one rename then puts in place. A full disk, an
//! error or an interruption never leaves a truncated or empty output, nor a truncated file over
//! an earlier good one.
//!
//! A temporary file is removed on failure, and when INT, TERM or HUP ends the run: the first
//! temporary file of a run starts a thread that waits for those signals, removes the temporary
//! files alive and exits with status 128 + the signal's number, as a shell reports a run that a
//! signal ended. A run that writes no file keeps the default behaviour of the signals.

use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The temporary files alive now: what the cleanup of a signal removes. The cleanup holds the
/// lock until the run exits, so a step done under it ([`Pending::commit`], [`Pending::copy_over`])
/// is never cut in the middle.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether a run that writes many files must stop after the error `e`: the disk (or the
/// user's quota) is full, which it says once, `the disk is full: no more WHAT written`, instead
/// of failing once per file.
pub fn stops_run(e: &io::Error, what: &str) -> bool {
    let full = matches!(e.kind(), io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded);
    if full {
        crate::output::say(format_args!("the disk is full: no more {what} written"));
    }
    full
}

/// The folder of `path` (`.` for a bare name).
pub(super) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A file being written: a temporary file beside its target, which [`Pending::commit`] renames
/// onto the target. Dropped before, it is removed.
pub struct Pending {
    temp: Option<tempfile::NamedTempFile>,
    target: PathBuf,
}

impl Pending {
    /// A new file for `target`, created with the permissions any new file of the user gets
    /// (read and write for all, less the umask).
    pub fn new(target: &Path) -> io::Result<Pending> {
        let mut builder = tempfile::Builder::new();
        as_new_files(&mut builder);
        Pending::with(builder, target)
    }

    /// A file to replace `target` with, readable by its owner only until
    /// [`Pending::set_permissions`] gives it the target's.
    pub(super) fn private(target: &Path) -> io::Result<Pending> {
        Pending::with(tempfile::Builder::new(), target)
    }

    fn with(mut builder: tempfile::Builder<'_, '_>, target: &Path) -> io::Result<Pending> {
        cleanup::install();
        let mut live = live();
        let temp = builder.prefix(".cescacs-").suffix(".tmp").tempfile_in(folder_of(target))?;
        live.push(temp.path().to_path_buf());
        Ok(Pending { temp: Some(temp), target: target.to_path_buf() })
    }

    fn file(&mut self) -> io::Result<&mut File> {
        self.temp
            .as_mut()
            .map(tempfile::NamedTempFile::as_file_mut)
            .ok_or_else(|| io::Error::other("the temporary file is gone"))
    }

    /// Gives the file the owner and group `meta` names; an error when the user may not.
    #[cfg(unix)]
    pub(super) fn set_owner(&mut self, meta: &fs::Metadata) -> io::Result<()> {
        use std::os::unix::fs::MetadataExt;
        let file = self.file()?;
        let now = file.metadata()?;
        if (now.uid(), now.gid()) != (meta.uid(), meta.gid()) {
            std::os::unix::fs::fchown(&*file, Some(meta.uid()), Some(meta.gid()))?;
        }
        Ok(())
    }

    /// Gives the file `permissions` (after [`Pending::set_owner`], which may clear some bits).
    pub(super) fn set_permissions(&mut self, permissions: fs::Permissions) -> io::Result<()> {
        self.file()?.set_permissions(permissions)
    }

    /// Puts the file in place of its target in one rename: over a file already there only when
    /// `replace` is true (the new file's data is then first synced to disk, so that a crash
    /// leaves the old file or the new one), else an error of kind `AlreadyExists` and nothing
    /// changes. A symbolic link at the target is replaced, never followed.
    pub fn commit(mut self, replace: bool) -> io::Result<()> {
        if replace && fs::symlink_metadata(&self.target).is_ok() {
            self.file()?.sync_all()?;
        }
        let target = self.target.clone();
        let mut live = live();
        let temp =
            self.temp.take().ok_or_else(|| io::Error::other("the temporary file is gone"))?;
        let path = temp.path().to_path_buf();
        let done = if replace { temp.persist(&target) } else { temp.persist_noclobber(&target) };
        // On failure the temporary file comes back and is removed here, before the lock goes.
        let done = done.map(drop).map_err(|e| {
            let _ = e.file.close();
            e.error
        });
        live.retain(|p| *p != path);
        match done {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "the file exists: not overwritten (`--force` replaces it)",
            )),
            other => other,
        }
    }

    /// Copies the whole file over the content of `original` (the file it replaces, open for
    /// writing), which keeps that file's inode: its hard links, owner, group, mode. The part
    /// that the new content adds is written first, so that a full disk leaves `original` as it
    /// was; should the copy fail after that, the temporary file is kept and the error names it,
    /// since it then holds the only whole copy.
    pub(super) fn copy_over(mut self, original: &mut File) -> io::Result<()> {
        self.file()?.sync_all()?;
        let mut live = live();
        let mut temp =
            self.temp.take().ok_or_else(|| io::Error::other("the temporary file is gone"))?;
        let new_len = temp.as_file().metadata()?.len();
        let old_len = original.metadata()?.len();
        if new_len > old_len {
            let grown = copy_range(temp.as_file_mut(), original, old_len..new_len)
                .and_then(|()| original.sync_data());
            if let Err(e) = grown {
                let _ = original.set_len(old_len);
                let path = temp.path().to_path_buf();
                let _ = temp.close();
                live.retain(|p| *p != path);
                return Err(e);
            }
        }
        let copied = copy_range(temp.as_file_mut(), original, 0..old_len.min(new_len))
            .and_then(|()| original.set_len(new_len))
            .and_then(|()| original.sync_all());
        let path = temp.path().to_path_buf();
        live.retain(|p| *p != path);
        match copied {
            Ok(()) => temp.close(),
            Err(e) => match temp.keep() {
                Ok((_, kept)) => Err(io::Error::new(
                    e.kind(),
                    format!(
                        "{e}; the file is half-written, its whole new text is in `{}`",
                        kept.display()
                    ),
                )),
                Err(_) => Err(e),
            },
        }
    }
}

/// Files made by `builder` get the mode of any new file (0666 less the umask), not a
/// temporary file's 0600.
#[cfg(unix)]
fn as_new_files(builder: &mut tempfile::Builder<'_, '_>) {
    use std::os::unix::fs::PermissionsExt;
    builder.permissions(fs::Permissions::from_mode(0o666));
}

#[cfg(not(unix))]
fn as_new_files(_: &mut tempfile::Builder<'_, '_>) {}

/// Copies the bytes `range` of `from` to the same offsets of `to`.
fn copy_range(from: &mut File, to: &mut File, range: std::ops::Range<u64>) -> io::Result<()> {
    from.seek(SeekFrom::Start(range.start))?;
    to.seek(SeekFrom::Start(range.start))?;
    let copied = io::copy(&mut from.take(range.end - range.start), to)?;
    if copied == range.end - range.start {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the temporary file is shorter than written",
        ))
    }
}

impl Write for Pending {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file()?.flush()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let mut live = live();
            let path = temp.path().to_path_buf();
            let _ = temp.close();
            live.retain(|p| *p != path);
        }
    }
}

/// The cleanup on INT, TERM and HUP.
#[cfg(unix)]
mod cleanup {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

    /// Starts, once per run, the thread that waits for the signals. Should the signals not be
    /// caught (no thread can start), their default behaviour stays: the run ends as before.
    pub(super) fn install() {
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            let _ = std::thread::Builder::new().name("cleanup".into()).spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held until the exit: no step under the lock starts or is cut.
                    let live = super::live();
                    for path in live.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}

/// No signals to catch: a run ended by the system may leave a temporary file.
#[cfg(not(unix))]
mod cleanup {
    pub(super) fn install() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_appears_whole_at_its_commit_and_only_then() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("page.html");
        let mut pending = Pending::new(&target).unwrap();
        pending.write_all(b"<p>whole</p>").unwrap();
        assert!(!target.exists());
        let temp = names(dir.path());
        assert!(temp.len() == 1 && temp[0].starts_with(".cescacs-"), "{temp:?}");
        pending.commit(false).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "<p>whole</p>");
        assert_eq!(names(dir.path()), ["page.html"]);
        // The mode of any file the user makes, not a temporary file's 0600.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let made = dir.path().join("made");
            fs::write(&made, "").unwrap();
            let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&target), mode(&made));
        }
    }

    #[test]
    fn a_file_that_exists_is_replaced_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.ctl-pgn");
        fs::write(&target, "earlier").unwrap();
        let mut pending = Pending::new(&target).unwrap();
        pending.write_all(b"new").unwrap();
        let refused = pending.commit(false).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert!(refused.to_string().contains("--force"), "{refused}");
        assert_eq!(fs::read_to_string(&target).unwrap(), "earlier");
        assert_eq!(names(dir.path()), ["out.ctl-pgn"], "no temporary file left");
        let mut pending = Pending::new(&target).unwrap();
        pending.write_all(b"new").unwrap();
        pending.commit(true).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_file_dropped_before_its_commit_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut pending = Pending::new(&dir.path().join("x.html")).unwrap();
        pending.write_all(b"half of it").unwrap();
        drop(pending);
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn copying_over_keeps_the_file_and_fits_any_length() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("game.ctl-pgn");
        for (old, new) in [("a longer old text", "short"), ("old", "a longer new text"), ("", "x")]
        {
            fs::write(&target, old).unwrap();
            let mut original = fs::OpenOptions::new().write(true).open(&target).unwrap();
            let mut pending = Pending::private(&target).unwrap();
            pending.write_all(new.as_bytes()).unwrap();
            pending.copy_over(&mut original).unwrap();
            assert_eq!(fs::read_to_string(&target).unwrap(), new);
            assert_eq!(names(dir.path()), ["game.ctl-pgn"]);
        }
    }
}
