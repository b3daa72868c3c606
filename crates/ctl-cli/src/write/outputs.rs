//! The outputs of one run, as the commands that write files use them: a name each ([`Names`]),
//! checked before anything is written ([`target::check`]), written whole or not at all
//! ([`Pending`]).

use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::Pending;
use super::name::Names;
use super::target::{self, Inputs};
use crate::input::Input;

/// The outputs of a run that reads `inputs`.
#[derive(Debug)]
pub struct Outputs {
    inputs: Inputs,
    names: Names,
    force: bool,
}

impl Outputs {
    /// The outputs of a run that reads `inputs`, replacing files already there only with
    /// `--force`.
    pub fn new(inputs: &[Input], force: Force) -> Outputs {
        Outputs { inputs: Inputs::new(inputs), names: Names::default(), force: force.force }
    }

    /// The path of an output to be called `wanted` in `dir`, taken for it: `wanted`, or a
    /// numbered name when another output of the run has that one ([`Names::claim`]). A name
    /// the user gave (`-o FILE`, `index.html`) is taken before any made from what is read, so
    /// it stays as given.
    pub fn name(&mut self, dir: &Path, wanted: impl AsRef<OsStr>) -> PathBuf {
        dir.join(self.names.claim(dir, wanted.as_ref()))
    }

    /// [`Outputs::name`] in the folder of the file `path`: the path of an output to be called
    /// `wanted` beside it (`path` itself for its own name, as the user wrote it).
    pub fn beside(&mut self, path: &Path, wanted: impl AsRef<OsStr>) -> PathBuf {
        let name = self.names.claim(super::atomic::folder_of(path), wanted.as_ref());
        path.with_file_name(name)
    }

    /// Whether `target` may be written ([`target::check`]): said before the work of making it.
    pub fn check(&self, target: &Path) -> io::Result<()> {
        target::check(target, &self.inputs, self.force)
    }

    /// The output `target` to write part by part, then [`Outputs::finish`].
    pub fn start(&self, target: &Path) -> io::Result<Pending> {
        self.check(target)?;
        Pending::new(target)
    }

    /// Puts an output started with [`Outputs::start`] in place.
    pub fn finish(&self, pending: Pending) -> io::Result<()> {
        pending.commit(self.force)
    }

    /// Writes the output `target` with `write`, whole or not at all.
    pub fn write(
        &self,
        target: &Path,
        write: impl FnOnce(&mut Pending) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut pending = self.start(target)?;
        write(&mut pending)?;
        self.finish(pending)
    }
}

/// `--force`: the one switch that lets a command replace files it did not write in this run.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Force {
    /// Replace the files that already exist at the outputs' names (by default such a file is
    /// left as it is and reported, status 2). An input is never replaced, nor a file behind a
    /// symbolic link: the link itself is replaced.
    #[arg(long)]
    pub force: bool,
}
