//! Finding the files to read and turning their bytes into text (`ctl_pgn::decode`).
//!
//! Files are read as bytes. The text handed to the parsers has exactly as many bytes as the file,
//! so every span is an offset into the file as it is on disk:
//! - a UTF-8 byte order mark is replaced by three spaces (editors hide it; it is not content);
//! - each invalid UTF-8 sequence is replaced by as many spaces, and reported as `E0001` at its
//!   offset, so that the rest of the file is still read (docs/DECISIONS.md 8). People see `?` there.

use std::fs;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

/// Extension of the files found when a directory is given.
pub const EXTENSION: &str = "ctl-pgn";

/// One thing to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name people see, terminal-safe and on one line ([`crate::output::name`]): what
    /// every human-readable message shows.
    pub fn display(&self) -> String {
        crate::output::name(self.path_text())
    }

    /// The name as it is (a non-UTF-8 path made valid UTF-8): what JSON output holds.
    pub fn path_text(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// The size in bytes, when known (0 for standard input).
    pub fn size(&self) -> u64 {
        match self {
            Input::Stdin => 0,
            Input::File(path) => fs::metadata(path).map_or(0, |m| m.len()),
        }
    }

    /// The input as a stream of bytes (unbuffered: the readers buffer it themselves).
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::File(path) => {
                let file = fs::File::open(path)?;
                if file.metadata()?.is_dir() {
                    return Err(io::Error::other("is a directory"));
                }
                Box::new(file)
            }
        })
    }

    /// The whole content, at most [`ctl_an::FILE_BYTES`]: a bigger input (or an endless one,
    /// `/dev/zero`) is an error of kind `InvalidData`, read no further.
    pub fn read(&self) -> io::Result<Vec<u8>> {
        let limit = ctl_an::FILE_BYTES;
        let mut bytes = Vec::new();
        match self {
            Input::Stdin => io::stdin().lock().take(limit + 1).read_to_end(&mut bytes)?,
            Input::File(path) => fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?,
        };
        if bytes.len() as u64 > limit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "larger than {} MiB, the most this command reads at once \
                     (`check`, `fmt`, `filter`, `convert`, `replay` and `html` read any size, game by game)",
                    limit >> 20
                ),
            ));
        }
        Ok(bytes)
    }
}

/// What [`read_line`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A line, in the buffer without its line break (`\n`, or `\r\n`).
    Read,
    /// The end of the input.
    End,
}

/// Reads the next line of `reader` into `buf` (cleared first), without its line break, at most
/// `ctl_an::Limits::DEFAULT.line_bytes` of it (1 MiB, the bound on a line of every reader): a
/// longer line, or an endless one (`/dev/zero`), is an error of kind `InvalidData`, read no
/// further than the bound and one byte.
pub fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, number: usize) -> io::Result<Line> {
    let limit = ctl_an::Limits::DEFAULT.line_bytes;
    buf.clear();
    // The line, its `\r\n`, and no more: past that the line is too long whatever follows.
    let most = limit as u64 + 2;
    if (&mut *reader).take(most).read_until(b'\n', buf)? == 0 {
        return Ok(Line::End);
    }
    if buf.ends_with(b"\n") {
        buf.pop();
        if buf.ends_with(b"\r") {
            buf.pop();
        }
    }
    if buf.len() > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "line {number} is longer than {} MiB, the most a line may hold (`Limits::line_bytes`)",
                limit >> 20
            ),
        ));
    }
    Ok(Line::Read)
}

/// The bytes of all `inputs`, as far as known (see [`Input::size`]).
pub fn total_size(inputs: &[Input]) -> u64 {
    inputs.iter().map(Input::size).sum()
}

/// A path that could not be listed or does not exist.
#[derive(Debug)]
pub struct PathError {
    /// The path.
    pub path: PathBuf,
    /// Why.
    pub error: io::Error,
}

/// The inputs named by `paths`: files as given, directories searched recursively for
/// `*.ctl-pgn` files (in name order, so runs are reproducible), `-` for standard input.
/// Symbolic links to directories are not followed, so a link cycle cannot loop, and hidden
/// directories (`.git`, …) found while searching are skipped.
pub fn collect(paths: &[PathBuf]) -> (Vec<Input>, Vec<PathError>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut inputs, &mut errors),
            Ok(_) => inputs.push(Input::File(path.clone())),
            Err(error) => errors.push(PathError { path: path.clone(), error }),
        }
    }
    (inputs, errors)
}

/// The name of `input`'s output in a folder of outputs (`-o DIR`): its path below the folder
/// of `paths` it was found in, its file name when it was named itself, `stdin.ctl-pgn` for
/// standard input.
pub fn relative_name(input: &Input, paths: &[PathBuf]) -> PathBuf {
    let Input::File(path) = input else { return PathBuf::from(format!("stdin.{EXTENSION}")) };
    paths
        .iter()
        .filter(|root| root.is_dir())
        .find_map(|root| path.strip_prefix(root).ok())
        .map(Path::to_path_buf)
        .or_else(|| path.file_name().map(PathBuf::from))
        .unwrap_or_else(|| path.clone())
}

fn walk(dir: &Path, inputs: &mut Vec<Input>, errors: &mut Vec<PathError>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            errors.push(PathError { path: dir.to_path_buf(), error });
            return;
        }
    };
    let mut children = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => children.push(entry),
            Err(error) => errors.push(PathError { path: dir.to_path_buf(), error }),
        }
    }
    children.sort_by_key(|e| e.file_name());
    for entry in children {
        let path = entry.path();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            if !entry.file_name().as_encoded_bytes().starts_with(b".") {
                walk(&path, inputs, errors);
            }
        } else if path.extension().is_some_and(|e| e == EXTENSION)
            && fs::metadata(&path).is_ok_and(|m| m.is_file())
        {
            inputs.push(Input::File(path));
        }
    }
}

pub use ctl_pgn::decode::decode;
