//! Where an output may go: never onto one of the run's inputs, whatever name reaches it (the same
//! path, a symbolic link to it, a hard link of it: the same device and inode), never over a file
//! that exists unless the run was asked to (`--force`), and never into a folder through a
//! symbolic link below the output folder.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::input::Input;

/// What tells a file apart whatever its name: its device and inode.
#[cfg(unix)]
type Id = (u64, u64);

/// What tells a file apart where no inode is known: its canonical path.
#[cfg(not(unix))]
type Id = PathBuf;

/// The file at `path`, a symbolic link followed.
#[cfg(unix)]
fn id(path: &Path) -> Option<Id> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The file at `path` itself, a symbolic link not followed.
#[cfg(unix)]
fn own_id(path: &Path) -> Option<Id> {
    use std::os::unix::fs::MetadataExt;
    fs::symlink_metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The file standard input reads, when it is a file (`< game.ctl-pgn`).
#[cfg(unix)]
fn stdin_id() -> Option<Id> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = fs::File::from(fd).metadata().ok()?;
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn id(path: &Path) -> Option<Id> {
    fs::canonicalize(path).ok()
}

#[cfg(not(unix))]
fn own_id(path: &Path) -> Option<Id> {
    fs::canonicalize(path).ok()
}

#[cfg(not(unix))]
fn stdin_id() -> Option<Id> {
    None
}

/// The files a run reads, which no output may be.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Each input's file, with its name as people see it.
    files: HashMap<Id, String>,
}

impl Inputs {
    /// The files of `inputs` (standard input's too, when it is a file).
    pub fn new(inputs: &[Input]) -> Inputs {
        let files = inputs
            .iter()
            .filter_map(|input| {
                let id = match input {
                    Input::Stdin => stdin_id(),
                    Input::File(path) => id(path),
                };
                id.map(|id| (id, input.display()))
            })
            .collect();
        Inputs { files }
    }

    /// The input that the file at `path` is, if any: the same file, reached through a symbolic
    /// link or by a hard link of it.
    pub fn which(&self, path: &Path) -> Option<&str> {
        [id(path), own_id(path)]
            .into_iter()
            .flatten()
            .find_map(|id| self.files.get(&id))
            .map(String::as_str)
    }
}

/// Whether an output may be written at `target`: an error saying why not when it is one of
/// `inputs` (whatever `force` says), or when a file (or a symbolic link, even a dangling one)
/// is there and `force` is false.
pub fn check(target: &Path, inputs: &Inputs, force: bool) -> io::Result<()> {
    if let Some(input) = inputs.which(target) {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("it is the input `{input}` (the same file): never overwritten"),
        ));
    }
    if !force && fs::symlink_metadata(target).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "the file exists: not overwritten (`--force` replaces it)",
        ));
    }
    Ok(())
}

/// The folder `base/relative`, its folders below `base` created when missing. One that is a
/// symbolic link is an error, not followed, so that no output leaves `base` through a link;
/// `relative` must be a plain relative path (no `..`, no root).
pub fn folder_below(base: &Path, relative: &Path) -> io::Result<PathBuf> {
    let mut dir = base.to_path_buf();
    for component in relative.components() {
        let Component::Normal(name) = component else {
            return Err(io::Error::other(format!(
                "`{}` is not a path below the output folder",
                relative.display()
            )));
        };
        dir.push(name);
        match fs::symlink_metadata(&dir) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(io::Error::other(format!(
                    "`{}` is a symbolic link: not followed",
                    dir.display()
                )));
            }
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(io::Error::other(format!("`{}` is not a folder", dir.display()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(&dir)?,
            Err(e) => return Err(e),
        }
    }
    Ok(dir)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_found_by_any_of_its_names() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("g.ctl-pgn");
        fs::write(&game, "x").unwrap();
        let link = dir.path().join("g.html");
        std::os::unix::fs::symlink(&game, &link).unwrap();
        let hard = dir.path().join("hard.html");
        fs::hard_link(&game, &hard).unwrap();
        let inputs = Inputs::new(&[Input::File(game.clone())]);
        for name in [&game, &link, &hard] {
            assert!(inputs.which(name).is_some(), "{}", name.display());
            let refused = check(name, &inputs, true).unwrap_err();
            assert!(refused.to_string().contains("the same file"), "{refused}");
        }
        let other = dir.path().join("other.html");
        assert_eq!(inputs.which(&other), None);
        check(&other, &inputs, false).unwrap();
        fs::write(&other, "mine").unwrap();
        assert!(check(&other, &inputs, false).unwrap_err().to_string().contains("--force"));
        check(&other, &inputs, true).unwrap();
        // A dangling link exists too.
        let dangling = dir.path().join("dangling.html");
        std::os::unix::fs::symlink("/nowhere/at/all", &dangling).unwrap();
        assert!(check(&dangling, &inputs, false).is_err());
    }

    #[test]
    fn no_folder_below_the_output_is_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        fs::create_dir(&out).unwrap();
        let made = folder_below(&out, Path::new("a/b")).unwrap();
        assert!(made.is_dir() && made.ends_with("out/a/b"));
        std::os::unix::fs::symlink(dir.path(), out.join("away")).unwrap();
        let refused = folder_below(&out, Path::new("away/c")).unwrap_err();
        assert!(refused.to_string().contains("symbolic link"), "{refused}");
        assert!(!dir.path().join("c").exists());
        assert!(folder_below(&out, Path::new("../up")).is_err());
    }
}
