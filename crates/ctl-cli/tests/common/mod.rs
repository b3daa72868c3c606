//! What the command-line tests share: running the built `cescacs`.
// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// A run of `cescacs` being set up: by default colours off, no input, the test's directory.
pub struct Cescacs {
    command: Command,
    stdin: Vec<u8>,
}

/// `cescacs ARGS`, to be set up further and run with [`Cescacs::output`].
pub fn cescacs<S: AsRef<OsStr>>(args: &[S]) -> Cescacs {
    let mut command = Command::new(BIN);
    command.args(args).env("NO_COLOR", "1");
    Cescacs { command, stdin: Vec::new() }
}

impl Cescacs {
    /// What the command reads on its standard input.
    pub fn stdin(mut self, bytes: impl AsRef<[u8]>) -> Cescacs {
        self.stdin = bytes.as_ref().to_vec();
        self
    }

    /// Runs the command in `dir`.
    pub fn current_dir(mut self, dir: &Path) -> Cescacs {
        self.command.current_dir(dir);
        self
    }

    /// Leaves colours to the command's own choice (no `NO_COLOR`).
    pub fn coloured(mut self) -> Cescacs {
        self.command.env_remove("NO_COLOR");
        self
    }

    /// Runs it to its end. The input is written from another thread, so that a command that
    /// writes much before it reads cannot block on a full pipe; a command that stops at a usage
    /// error closes its input early, and that broken pipe is no failure.
    pub fn output(mut self) -> Output {
        let mut child = self
            .command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut input = child.stdin.take().expect("piped");
        let stdin = self.stdin;
        let writer = std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut input, &stdin);
        });
        let out = child.wait_with_output().expect("the binary finishes");
        writer.join().expect("the writer of the input");
        out
    }
}

/// Runs `cescacs ARGS` with `stdin` as its input and colours off.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    cescacs(args).stdin(stdin).output()
}

/// Compares `now` with the golden file `tests/golden/NAME`, or writes it under `BLESS=1`; a
/// difference fails at its first line.
pub fn compare_golden(name: &str, now: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, now).expect("the golden file is writable");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
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
