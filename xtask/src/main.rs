//! `cargo xtask`: project automation that is not part of the shipped tools.
//!
//! Wired by `.cargo/config.toml` (`[alias] xtask = "run --package xtask --"`), in the style of
//! rust-analyzer. `cargo xtask help` lists the tasks.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xtask::corpus::{self, Format};
use xtask::generate;

const HELP: &str = "\
cargo xtask <TASK>

Tasks:
  help    print this help
  gen --seed S --games N --out DIR [--max-plies M] [--rich] [--comments] [--variations]
      [--hyphen] [--letters] [--marks] [--escapes]
          write N random legal games as CTL-PGN (one file each), reproducible from S.
          The options write the same games (the same main lines) richer: comments with every
          reference form of the spec, nested and labelled variations with nesting dots, the
          U+2010 hyphen everywhere, FAN and [Redefine] games, more ratings and NAGs, an
          escaped tag value; --rich turns them all on
  corpus [--bless] [--format text|json]
          the round trip of corpus/: every file read, checked at the rules level, written
          canonically and read again (same tree), canonical-* files byte-identical, every line
          replayed and every position through PDTL and back, diagnostics equal to the goldens
          (NAME.diagnostics, or NAME.diagnostics.json with --format json), the generated set
          (2,000 games, seed 2026, written to target/corpus-generated/) checked too and its
          committed sample corpus/generated/ equal to the generator's output.
          --bless rewrites the goldens of both formats and the sample: review the diff.
          Exit 1 on any difference (the first one shown as a unified diff).
  app-interop --engine DIR [--seed S] [--games N] [--max-plies M] [--record FILE N] [--node PATH]
              [--forms]
          drive the official engine (a checkout of cescacs/cescacs.typescript; its dist/ under
          node 20) over N generated games (default 2000, seed 2026) written with `convert --to
          app`: its PDTL after every ply, its \"Show mvs\" text and its \"Load mvs\" of our text,
          each compared with our replay; print the counts; --record writes the answers for N games
          (those with en passant, scornful captures or promotions first, then the shortest): the
          test data of xtask/tests/app_interop.rs. Exit 1 on a difference.
          --forms instead loads each hand-written position of xtask/app-interop/forms.tsv (the
          forms the app's \"Load new\" reads, docs/APP.md), compares the engine's PDTL with our
          --from app reading as each line expects, and records the answers in forms.jsonl.
  docs [--check]
          write docs/diagnostics.md, the index of the diagnostic codes, from the registry
          (crates/cescacs-diagnostics/src/codes.rs); --check only compares (exit 1 when stale)
  hostile [--cases N] [--seed S] [--no-build] [--big] [--scale]
          the long run of the hostile-input suite: N seeded cases (default 2000) of 13 hostile
          kinds, each checked in process for the invariants (no panic, spans in range, capped
          terminal-safe report, valid JSON, fmt meaning-preserving and idempotent); then the
          release CLI (built first unless --no-build) runs every game-reading command on each
          case and on the issue's reproducers (--big adds a valid 200 MB file), and the worst
          time, peak RSS and output per input byte are printed as Markdown (docs/RELIABILITY.md);
          then the file-writing reproducers of issue 38 (names, inputs as outputs, links, owner
          and mode, INT/TERM/HUP, a full tmpfs when root), each with its safe result or not.
          Exit 1 on a broken invariant or a status other than 0, 1 or 2. --scale runs instead
          every command (and the language server) over each hostile shape at N, 2N and 4N (time,
          peak RSS, output) and fails on growth faster than linear or memory over 200 MB.
          Exit 1 on a broken invariant or a status other than 0, 1 or 2.
  npm     build the npm package `cescacs` into target/npm/cescacs/: crates/cescacs-wasm for
          wasm32-unknown-unknown (profile `wasm`, build in target/wasm/), its glue and types by
          wasm-bindgen (ES and CommonJS), the classes (npm/api.js), the entries index.js,
          index.cjs, browser.js and manual.js, index.d.ts, package.json, README and licences;
          print the .wasm's size.
          Needs scripts/wasm-toolchain.sh first
  wheel [--profile P] [--out DIR]
          the Python package `cescacs` as one abi3 wheel (CPython 3.9 on), built by maturin in
          release (or the cargo profile P) into target/dist/ (or DIR): `pip install` it with no
          Rust toolchain. maturin from PATH, CESCACS_MATURIN, or installed into target/maturin/
  playground [--no-build]
          build the npm package (as `npm`; --no-build takes the one in target/npm/cescacs) and
          write the playground into target/playground/: index.html, its script and styles, and
          the package in cescacs/ (with the game viewer's viewer.js and viewer.css). Serve it
          with any static server, e.g. `python3 -m http.server -d target/playground`
  dist [--no-build]
          write what the project ships into target/dist/: the npm package's tarball
          (cescacs-VERSION.tgz, `npm pack` of the package built as `npm`), the playground site
          (playground/), the Python wheel (as `wheel`, release) and the VS Code extension
          (cescacs-ctl-pgn.vsix); print each one's size. --no-build takes the package in
          target/npm/cescacs and makes neither the wheel nor the .vsix
  bench-report [--mb N] [--jobs N] [--runs N] [--no-build] [--no-write]
          generate about N MB (default 100) of games into target/bench-report/, run the release
          `cescacs check` on it at each level (syntax, coherence, rules), with 1 thread and with
          all (when the CLI has --jobs), each --runs times (default 5, the median kept), print MB/s,
          games/s, plies/s and peak RSS, and write the table into docs/PERFORMANCE.md; then the
          same on the same games written with `gen --rich` (target/bench-report/*-rich.ctl-pgn),
          the rich/plain time ratios, and the rich games over their move tree written bare
          (*-rich.bare.ctl-pgn: every variation kept, every decoration removed), one thread;
          and in the same rounds the chess anchor (pgn-reader + shakmaty on generated chess PGN
          of the rich games' shape), with the rules level's plies/s over the anchor's
";

fn main() -> ExitCode {
    let task = std::env::args().nth(1);
    let args: Vec<String> = std::env::args().skip(2).collect();
    let result = match task.as_deref() {
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Some("gen") => generate::parse_args(&args).and_then(|o| generate::run(&o)).map(|()| true),
        Some("corpus") => run_corpus(&args),
        Some("docs") => match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            [] => xtask::docs::run(&root(), false),
            ["--check"] => xtask::docs::run(&root(), true),
            _ => Err(format!("unknown options {args:?} of `docs`")),
        },
        Some("app-interop") => xtask::app_interop::parse_args(&args).and_then(|o| {
            if o.forms {
                xtask::app_forms::run(&root(), &o.engine, &o.node)
            } else {
                xtask::app_interop::run(&root(), &o)
            }
        }),
        Some("bench-report") => xtask::bench_report::Options::parse(root(), &args)
            .and_then(|o| xtask::bench_report::run(&o))
            .map(|table| {
                print!("{table}");
                true
            }),
        Some("hostile") => xtask::hostile::Options::parse(&args)
            .and_then(|o| {
                if o.scale {
                    xtask::hostile::build(&root(), &o)?;
                    xtask::scale::run(
                        &root().join("target/release/cescacs"),
                        &root().join("target/hostile"),
                    )
                } else {
                    xtask::hostile::run(&root(), &o)
                }
            })
            .map(|report| {
                print!("{report}");
                true
            }),
        Some("npm") => xtask::npm::build(&root()).map(|built| {
            let gzipped = built.wasm_gzipped.map_or_else(String::new, |g| format!(", {g} gzipped"));
            println!(
                "{}: cescacs_wasm_bg.wasm {} bytes{gzipped}",
                built.dir.display(),
                built.wasm_bytes
            );
            true
        }),
        Some("playground") => match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            [] => xtask::playground::run(&root(), true),
            ["--no-build"] => xtask::playground::run(&root(), false),
            _ => Err(format!("unknown options {args:?} of `playground`")),
        }
        .map(|dir| {
            println!(
                "{}: serve it, e.g. python3 -m http.server -d {}",
                dir.display(),
                dir.display()
            );
            true
        }),
        Some("dist") => match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            [] => xtask::dist::run(&root(), true),
            ["--no-build"] => xtask::dist::run(&root(), false),
            _ => Err(format!("unknown options {args:?} of `dist`")),
        }
        .map(|made| {
            for artefact in made {
                println!("{}: {} bytes", artefact.path.display(), artefact.bytes);
            }
            true
        }),
        Some("wheel") => wheel(&args),
        Some(other) => Err(format!("unknown task `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The repository root: xtask lives in `<root>/xtask`.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_owned)
}

/// `cargo xtask wheel [--profile P] [--out DIR]`.
fn wheel(args: &[String]) -> Result<bool, String> {
    let (mut profile, mut out) = ("release".to_string(), root().join(xtask::wheel::OUT));
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--profile" => profile = it.next().ok_or("`--profile` needs a cargo profile")?.clone(),
            "--out" => out = PathBuf::from(it.next().ok_or("`--out` needs a folder")?),
            other => return Err(format!("unknown option `{other}` of `wheel`")),
        }
    }
    let wheel = xtask::wheel::build_profile(&root(), &out, &profile)?;
    println!("{}: {} bytes", wheel.path.display(), wheel.bytes);
    Ok(true)
}

fn run_corpus(args: &[String]) -> Result<bool, String> {
    let mut options = corpus::Options::new(root());
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--bless" => options.bless = true,
            "--format" => {
                let value = it.next().ok_or("`--format` needs `text` or `json`")?;
                options.formats = vec![value.parse::<Format>()?];
            }
            other => return Err(format!("unknown option `{other}` of `corpus`")),
        }
    }
    options.write_generated = Some(root().join("target/corpus-generated"));
    let report = corpus::run(&options)?;
    print!("{report}");
    Ok(report.passed())
}
