//! `cargo xtask bench-report`: the release CLI on about 100 MB of generated games, at each check
//! level, with one thread and with all of them, against the targets of the performance issue;
//! then on the same games written with every feature of the generator (`cargo xtask gen
//! --rich`: comments with references, nested and labelled variations, FAN and Redefine
//! letters, NAGs...), and the time of the rich games over the plain ones, level by level. The rich
//! games' move tree written bare (every variation kept, every decoration removed) is measured
//! too, with one thread: `--rich` adds variations, so the rich games have more moves than the
//! plain ones, and the bare tree tells the decorations' cost from the extra moves'. In the same
//! rounds the chess anchor ([`anchor`]) validates chess PGN of the rich games' shape, and the
//! rules level's plies per second are given over its plies per second: the ratio per ply.
//!
//! Peak RSS is the child's `VmHWM` (the kernel's high-water mark of its resident set), read from
//! `/proc/<pid>/status` every few milliseconds while it runs: the last reading before the child
//! exits is the figure (a peak reached in its last milliseconds could be missed; the reader's
//! memory is bounded early in a run, so this does not happen in practice). Where `/proc` does not
//! exist the column says `n/a`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cescacs_board::Letters;

use cescacs_gen::Features;

pub mod anchor;

/// The seed of the bench-report corpus (not the corpus set's: these games are never committed).
pub const SEED: u64 = 6;
/// Longest game, in half-moves.
pub const MAX_PLIES: usize = 160;

/// Where the markers of the generated section of `docs/PERFORMANCE.md` are.
const BEGIN: &str = "<!-- bench-report:begin (written by `cargo xtask bench-report`) -->";
const END: &str = "<!-- bench-report:end -->";

/// The options of `cargo xtask bench-report`.
#[derive(Debug, Clone)]
pub struct Options {
    /// The repository root.
    pub root: PathBuf,
    /// Size of the corpus, in MB (10^6 bytes).
    pub megabytes: usize,
    /// Threads of the "all threads" runs (default: the cores of the machine).
    pub jobs: usize,
    /// Build the release CLI first.
    pub build: bool,
    /// Write the table into `docs/PERFORMANCE.md`.
    pub write: bool,
    /// Runs of each level and thread count; the median time is kept.
    pub runs: usize,
}

impl Options {
    /// Reads `[--mb N] [--jobs N] [--runs N] [--no-build] [--no-write]`.
    pub fn parse(root: PathBuf, args: &[String]) -> Result<Options, String> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut options =
            Options { root, megabytes: 100, jobs: cores, build: true, write: true, runs: 5 };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut number = || -> Result<usize, String> {
                let v = it.next().ok_or_else(|| format!("`{flag}` needs a number"))?;
                v.parse().map_err(|_| format!("`{flag}`: `{v}` is not a number"))
            };
            match flag.as_str() {
                "--mb" => options.megabytes = number()?.max(1),
                "--jobs" => options.jobs = number()?.max(1),
                "--runs" => options.runs = number()?.max(1),
                "--no-build" => options.build = false,
                "--no-write" => options.write = false,
                other => return Err(format!("unknown option `{other}` of `bench-report`")),
            }
        }
        Ok(options)
    }
}

/// One run of `cescacs check`.
#[derive(Debug, Clone)]
pub struct Run {
    /// `syntax`, `coherence` or `rules`.
    pub level: &'static str,
    /// `--jobs`, when the CLI has it.
    pub jobs: Option<usize>,
    /// Wall-clock seconds (the median of the runs).
    pub seconds: f64,
    /// Peak resident set, in bytes, when `/proc` told it (the largest of the runs).
    pub peak_rss: Option<u64>,
    /// Whether the CLI exited with 0.
    pub clean: bool,
}

/// A corpus measured.
#[derive(Debug, Clone)]
pub struct Input {
    /// `plain`, `rich` or `bare` (the rich games' move tree without decorations).
    pub name: &'static str,
    /// Where it was written.
    pub path: PathBuf,
    /// Its size.
    pub bytes: usize,
    /// Its games.
    pub games: usize,
    /// The half-moves of their main lines.
    pub plies: usize,
}

const LEVELS: [(&str, f64); 3] = [("syntax", 500.0), ("coherence", 300.0), ("rules", 200.0)];

/// Generates the corpora, builds and runs the CLI, prints the tables and writes them to the docs.
pub fn run(options: &Options) -> Result<String, String> {
    let plain = corpus(options, None)?;
    let rich = corpus(options, Some(plain.games))?;
    let (bare, rich_moves) = bare_tree(&rich)?;
    let plain_moves = moves_of(&plain.path)?;
    let inputs = [&plain, &rich, &bare];
    let cli = options.root.join("target/release/cescacs");
    if options.build {
        eprintln!("building the release CLI…");
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-p", "ctl-cli"])
            .current_dir(&options.root)
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err("the release build failed".into());
        }
    }
    let help = Command::new(&cli)
        .args(["check", "--help"])
        .output()
        .map_err(|e| format!("cannot run {}: {e} (build it, or drop --no-build)", cli.display()))?;
    let has_jobs = String::from_utf8_lossy(&help.stdout).contains("--jobs");
    let thread_counts: Vec<Option<usize>> =
        if has_jobs { vec![Some(1), Some(options.jobs)] } else { vec![None] };
    let load = load_average();
    // The bare tree is only compared at one thread.
    let one_thread = [thread_counts[0]];
    let configs: Vec<(usize, &'static str, Option<usize>)> = (0..inputs.len())
        .flat_map(|input| {
            let counts: &[Option<usize>] =
                if inputs[input].name == "bare" { &one_thread } else { &thread_counts };
            LEVELS
                .iter()
                .flat_map(move |&(level, _)| counts.iter().map(move |&jobs| (input, level, jobs)))
        })
        .collect();
    // Rounds over every configuration rather than one configuration at a time, so that a
    // passing load on the shared machine falls on all of them alike (the plain and the rich
    // corpus too); the median of each is kept.
    let mut samples: Vec<Vec<Run>> = vec![Vec::new(); configs.len()];
    let mut chess = chess_anchor(options, &thread_counts);
    for round in 1..=options.runs {
        eprintln!("round {round} of {}…", options.runs);
        for (i, &(input, level, jobs)) in configs.iter().enumerate() {
            samples[i].push(measure(&cli, &inputs[input].path, level, jobs, false)?);
        }
        if let Ok(anchor) = &mut chess {
            anchor.round()?;
        }
    }
    // Peak RSS from runs of their own: sampling `/proc` wakes a third thread every few
    // milliseconds, which slows a run that keeps both cores busy.
    eprintln!("peak RSS…");
    for (i, &(input, level, jobs)) in configs.iter().enumerate() {
        let sampled = measure(&cli, &inputs[input].path, level, jobs, true)?;
        samples[i].iter_mut().for_each(|run| run.peak_rss = sampled.peak_rss);
    }
    let mut by_input: Vec<Vec<Run>> = vec![Vec::new(); inputs.len()];
    for (&(input, _, _), runs) in configs.iter().zip(samples) {
        by_input[input].push(median(runs));
    }
    let [runs, rich_runs, bare_runs] =
        <[Vec<Run>; 3]>::try_from(by_input).map_err(|_| "three corpora")?;
    let mut table = table(&plain, &runs, options.runs, has_jobs, &load);
    table.push_str(&format!(
        "\nThe same {} games written rich (`cargo xtask gen --rich`: comments with every reference form, nested and labelled variations, FAN and Redefine letters, ratings and NAGs, escaped tags), one file of {:.1} MB, measured in the same rounds:\n\n",
        rich.games,
        rich.bytes as f64 / 1e6
    ));
    table.push_str(&rows(&rich, &rich_runs));
    table.push_str(&ratios(&runs, &rich_runs));
    table.push_str(&format!(
        "\nThe rich games have {:.1} % more moves than the plain ones: their own variations. Their move tree written bare (`ctl_pgn::filter::strip_decorations`: every variation kept, comments, ratings, NAGs and labels removed; standard letters; the canonical layout), one file of {:.1} MB, one thread, same rounds:\n\n",
        (rich_moves as f64 / plain_moves as f64 - 1.0) * 100.0,
        bare.bytes as f64 / 1e6
    ));
    table.push_str(&ratio_table(("tree bare", &bare_runs), ("rich", &rich_runs)));
    table.push_str(&chess_section(&chess, &[(&rich, &rich_runs), (&plain, &runs)]));
    if options.write {
        write_docs(&options.root.join("docs/PERFORMANCE.md"), &table)?;
    }
    Ok(table)
}

/// The chess anchor, built and given its PGN (as large as the CLI's corpus), for the thread
/// counts of the CLI's runs; the error says why it is left out.
fn chess_anchor(options: &Options, threads: &[Option<usize>]) -> Result<anchor::Anchor, String> {
    let threads: Vec<usize> = threads.iter().map(|t| t.unwrap_or(1)).collect();
    let chess = anchor::Anchor::prepare(&options.root, options.megabytes, SEED, &threads);
    if let Err(why) = &chess {
        eprintln!("{why}: the report goes on without the chess anchor");
    }
    chess
}

/// The anchor's section of the report: its figures and the rules level's ratio to it, the
/// annotated (rich) games first: they are the measure, the plain ones are shown for information.
fn chess_section(chess: &Result<anchor::Anchor, String>, inputs: &[(&Input, &[Run])]) -> String {
    match chess {
        Ok(anchor) => {
            let rules: Vec<(String, usize, f64, f64)> = inputs
                .iter()
                .flat_map(|&(input, runs)| {
                    runs.iter().filter(|r| r.level == "rules").map(move |r| {
                        let label = match input.name {
                            "rich" => "annotated C'escacs (`gen --rich`)".to_string(),
                            name => format!("generated C'escacs, {name}"),
                        };
                        let rate = input.bytes as f64 / 1e6 / r.seconds;
                        (label, r.jobs.unwrap_or(1), rate, input.plies as f64 / r.seconds)
                    })
                })
                .collect();
            anchor.section(&rules)
        }
        Err(why) => format!(
            "
Chess anchor not measured: {why}.
"
        ),
    }
}

/// The generated file, reused when a previous run left the same one: the plain games of about
/// `--mb` MB, or (`rich_games`) the first games of the same seed written with every feature.
fn corpus(options: &Options, rich_games: Option<usize>) -> Result<Input, String> {
    let dir = options.root.join("target/bench-report");
    let min_bytes = options.megabytes * 1_000_000;
    let name = if rich_games.is_some() { "rich" } else { "plain" };
    let suffix = if rich_games.is_some() { "-rich" } else { "" };
    let path = dir.join(format!("generated-{}MB-seed{SEED}{suffix}.ctl-pgn", options.megabytes));
    let facts = path.with_extension("facts");
    let features = if rich_games.is_some() { Features::RICH } else { Features::PLAIN };
    if let (Ok(meta), Ok(text)) = (std::fs::metadata(&path), std::fs::read_to_string(&facts)) {
        let numbers: Vec<usize> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        if let [bytes, games, plies] = numbers[..] {
            if meta.len() == bytes as u64
                && rich_games.is_none_or(|g| g == games)
                && starts_with_first_game(&path, &features)
            {
                return Ok(Input { name, path, bytes, games, plies });
            }
        }
    }
    eprintln!("generating {} MB of {name} games (seed {SEED})…", options.megabytes);
    let generated = match rich_games {
        None => cescacs_gen::generate_corpus(SEED, min_bytes, MAX_PLIES),
        Some(games) => cescacs_gen::generate_corpus_games(SEED, games, MAX_PLIES, &features),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    std::fs::write(&path, &generated.text)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let input = Input {
        name,
        path,
        bytes: generated.text.len(),
        games: generated.games,
        plies: generated.plies,
    };
    std::fs::write(&facts, format!("{} {} {}\n", input.bytes, input.games, input.plies))
        .map_err(|e| format!("cannot write {}: {e}", facts.display()))?;
    Ok(input)
}

/// The rich games' move tree written bare, next to their file (written again each run: reading
/// the rich file takes a few seconds), and the moves of that tree.
fn bare_tree(rich: &Input) -> Result<(Input, usize), String> {
    let text = read(&rich.path)?;
    let path = rich.path.with_extension("bare.ctl-pgn");
    eprintln!("writing the rich games' move tree bare…");
    let (mut out, mut moves) = (String::new(), 0);
    for record in ctl_an::games(&text) {
        if let Some(d) = record.diagnostics.first() {
            return Err(format!("{}: {} {}", rich.path.display(), d.code, d.message));
        }
        let mut game = record.game;
        if game.is_empty() {
            continue;
        }
        moves += moves_in(&game.movetext.pairs);
        ctl_pgn::filter::strip_decorations(&mut game.movetext);
        let (game, found) = ctl_pgn::convert::convert_game(&game, &Letters::standard());
        if let Some(d) = found.first() {
            return Err(format!("{}: {} {}", rich.path.display(), d.code, d.message));
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&ctl_pgn::write::write_game(&game, Default::default()));
    }
    std::fs::write(&path, &out).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok((Input { name: "bare", path, bytes: out.len(), ..*rich }, moves))
}

/// The moves of every line of the games of a file.
fn moves_of(path: &Path) -> Result<usize, String> {
    let text = read(path)?;
    Ok(ctl_an::games(&text).map(|g| moves_in(&g.game.movetext.pairs)).sum())
}

/// The moves of a line and of its variations, at every depth.
fn moves_in(pairs: &[ctl_an::syntax::Pair]) -> usize {
    pairs
        .iter()
        .map(|p| p.ply_count() + p.variations.iter().map(|v| moves_in(&v.pairs)).sum::<usize>())
        .sum()
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Whether the file begins with the generator's first game as it writes it today: a file left
/// by an older generator is written again.
fn starts_with_first_game(path: &Path, features: &Features) -> bool {
    use std::io::Read as _;
    let first = cescacs_gen::generate_game_with(SEED, 0, MAX_PLIES, features).text;
    let mut head = vec![0; first.len()];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok()
        && head == first.as_bytes()
}

/// Runs `cescacs check` once, timing it, and when `sample_rss` sampling its peak RSS.
fn measure(
    cli: &Path,
    file: &Path,
    level: &'static str,
    jobs: Option<usize>,
    sample_rss: bool,
) -> Result<Run, String> {
    let mut command = Command::new(cli);
    command.args(["check", "--level", level, "--color", "never"]);
    if let Some(j) = jobs {
        command.args(["--jobs", &j.to_string()]);
    }
    command.arg(file).stdout(Stdio::null()).stderr(Stdio::null());
    let started = Instant::now();
    let mut child = command.spawn().map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    let status_file = PathBuf::from(format!("/proc/{}/status", child.id()));
    let mut peak_rss = None;
    if !sample_rss {
        let status = child.wait().map_err(|e| format!("waiting for the CLI: {e}"))?;
        let seconds = started.elapsed().as_secs_f64();
        return Ok(Run { level, jobs, seconds, peak_rss, clean: status.success() });
    }
    let status = loop {
        if let Some(rss) = std::fs::read_to_string(&status_file).ok().as_deref().and_then(vm_hwm) {
            peak_rss = Some(peak_rss.map_or(rss, |p: u64| p.max(rss)));
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for the CLI: {e}")),
        }
    };
    Ok(Run {
        level,
        jobs,
        seconds: started.elapsed().as_secs_f64(),
        peak_rss,
        clean: status.success(),
    })
}

/// The run of median time, with the largest peak RSS and "clean" only if every run was.
fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let peak_rss = runs.iter().filter_map(|r| r.peak_rss).max();
    let clean = runs.iter().all(|r| r.clean);
    let mut middle = runs.swap_remove(runs.len() / 2);
    middle.peak_rss = peak_rss;
    middle.clean = clean;
    middle
}

/// `VmHWM:   123456 kB` in bytes.
fn vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The Markdown table with the date, the machine and the corpus.
fn table(input: &Input, runs: &[Run], rounds: usize, has_jobs: bool, load: &str) -> String {
    let mb = input.bytes as f64 / 1e6;
    let mut out = String::new();
    out.push_str(&format!(
        "Measured {} on {} ({} hardware threads, load average {load} at the start), release CLI, one file of {mb:.1} MB: {} games, {} plies (`cargo xtask bench-report`, seed {SEED}); each figure is the median of {rounds} runs.\n\n",
        today(),
        cpu_model(),
        std::thread::available_parallelism().map_or(1, usize::from),
        input.games,
        input.plies,
    ));
    if !has_jobs {
        out.push_str("`cescacs check` has no `--jobs` flag yet: each level ran once with the CLI's default threads.\n\n");
    }
    out.push_str(&rows(input, runs));
    let worst = runs.iter().filter_map(|r| r.peak_rss).max();
    out.push_str(&format!(
        "\nMemory target: a 1 GB file under 100 MB peak RSS. Here the file is {mb:.0} MB and the largest peak is {}{}.\n",
        worst.map_or("n/a".to_string(), |b| format!("{:.0} MB", b as f64 / 1e6)),
        match worst {
            Some(b) if b > 100_000_000 => " — over the target already at this size",
            _ => "",
        }
    ));
    out
}

/// The table of one corpus's runs: rates, peak RSS and the targets.
fn rows(input: &Input, runs: &[Run]) -> String {
    let mb = input.bytes as f64 / 1e6;
    let mut out = String::new();
    out.push_str("| level | threads | MB/s | games/s | plies/s | peak RSS | target | met |\n");
    out.push_str("| --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n");
    for (level, target) in LEVELS {
        let one = runs.iter().find(|r| r.level == level && r.jobs.is_none_or(|j| j == 1));
        for r in runs.iter().filter(|r| r.level == level) {
            let rate = mb / r.seconds;
            let (goal, met) = match (r.jobs, one) {
                (Some(j), Some(one)) if j > 1 => {
                    let speedup = one.seconds / r.seconds;
                    (format!("≥ 1.8× one thread (×{speedup:.2})"), speedup >= 1.8)
                }
                _ => (format!("≥ {target:.0} MB/s"), rate >= target),
            };
            let rss = r.peak_rss.map_or("n/a".to_string(), |b| format!("{:.0} MB", b as f64 / 1e6));
            out.push_str(&format!(
                "| {level} | {} | {rate:.1} | {:.0} | {:.0} | {rss} | {goal} | {}{} |\n",
                r.jobs.map_or("default".to_string(), |j| j.to_string()),
                input.games as f64 / r.seconds,
                input.plies as f64 / r.seconds,
                if met { "yes" } else { "no" },
                if r.clean { "" } else { " (exit ≠ 0)" },
            ));
        }
    }
    out
}

/// The time of the rich games over the same games written plain, level by level, one thread
/// (the bound at the rules level: 1.25).
fn ratios(plain: &[Run], rich: &[Run]) -> String {
    let intro = "\nThe same games, rich over plain, one thread (time of `check`; target at the rules level: at most 1.25×):\n\n";
    format!("{intro}{}", ratio_table(("plain", plain), ("rich", rich)))
}

/// The time of `runs` over `base`'s, level by level, one thread.
fn ratio_table((base_name, base): (&str, &[Run]), (name, runs): (&str, &[Run])) -> String {
    let mut out = format!(
        "| level | {base_name} | {name} | {name} / {base_name} |\n| --- | ---: | ---: | ---: |\n"
    );
    for (level, _) in LEVELS {
        if let (Some(b), Some(r)) = (one_thread(base, level), one_thread(runs, level)) {
            // Three decimals: the medians of a 20 MB file are a few tenths of a second, and the
            // ratio must be checkable from them.
            out.push_str(&format!("| {level} | {b:.3} s | {r:.3} s | ×{:.2} |\n", r / b));
        }
    }
    out
}

/// The median time of the one-thread run at `level`.
fn one_thread(runs: &[Run], level: &str) -> Option<f64> {
    runs.iter().find(|r| r.level == level && r.jobs.is_none_or(|j| j == 1)).map(|r| r.seconds)
}

fn today() -> String {
    Command::new("date")
        .args(["-u", "+%Y-%m-%d"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "(date unknown)".to_string())
}

/// The 1-minute load average: on a shared machine, how much the figures can be trusted.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "an unknown CPU".to_string())
}

/// Replaces the section between the markers (or appends it) in `docs/PERFORMANCE.md`.
fn write_docs(path: &Path, table: &str) -> Result<(), String> {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let section = format!("{BEGIN}\n{table}{END}");
    let new = match (old.find(BEGIN), old.find(END)) {
        (Some(b), Some(e)) if b < e => format!("{}{section}{}", &old[..b], &old[e + END.len()..]),
        _ => format!(
            "{}\n\n## Release CLI on a generated corpus (`cargo xtask bench-report`)\n\n{section}\n",
            old.trim_end()
        ),
    };
    std::fs::write(path, new).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peak_rss_from_proc_status() {
        let status = "Name:\tcescacs\nVmPeak:\t  9000 kB\nVmHWM:\t    2048 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(vm_hwm(status), Some(2 * 1024 * 1024));
        assert_eq!(vm_hwm("Name: x\n"), None);
    }

    #[test]
    fn the_docs_section_is_replaced_not_repeated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("PERFORMANCE.md");
        std::fs::write(&path, "# Performance\n\ntext\n").unwrap();
        write_docs(&path, "first\n").unwrap();
        write_docs(&path, "second\n").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# Performance\n\ntext\n"), "{text}");
        assert_eq!(text.matches(BEGIN).count(), 1, "{text}");
        assert!(text.contains("second") && !text.contains("first"), "{text}");
    }

    #[test]
    fn the_median_run_is_kept_with_the_largest_peak() {
        let run = |seconds, rss, clean| Run {
            level: "rules",
            jobs: Some(1),
            seconds,
            peak_rss: Some(rss),
            clean,
        };
        let m = median(vec![run(3.0, 10, true), run(1.0, 30, true), run(2.0, 20, false)]);
        assert_eq!((m.seconds, m.peak_rss, m.clean), (2.0, Some(30), false));
    }

    #[test]
    fn time_ratios_at_one_thread() {
        let run = |level, jobs, seconds| Run {
            level,
            jobs: Some(jobs),
            seconds,
            peak_rss: None,
            clean: true,
        };
        let plain = [run("syntax", 1, 1.0), run("rules", 1, 2.0), run("rules", 2, 1.0)];
        let rich = [run("syntax", 1, 1.5), run("rules", 1, 2.5), run("rules", 2, 9.0)];
        let text = ratios(&plain, &rich);
        assert!(text.contains("| syntax | 1.000 s | 1.500 s | ×1.50 |"), "{text}");
        assert!(text.contains("| rules | 2.000 s | 2.500 s | ×1.25 |"), "{text}");
        assert!(!text.contains("coherence"), "{text}");
        // Over the bare tree: the same table with the names given.
        let bare = [run("coherence", 1, 2.0), run("rules", 1, 4.0)];
        let rich = [run("coherence", 1, 2.2), run("rules", 1, 5.0), run("rules", 2, 9.0)];
        let text = ratio_table(("tree bare", &bare), ("rich", &rich));
        assert!(text.starts_with("| level | tree bare | rich | rich / tree bare |\n"), "{text}");
        assert!(text.contains("| coherence | 2.000 s | 2.200 s | ×1.10 |"), "{text}");
        assert!(text.contains("| rules | 4.000 s | 5.000 s | ×1.25 |"), "{text}");
        assert!(!text.contains("syntax"), "{text}");
    }

    /// The bare tree keeps every move of the rich games (the same plies, every variation) and
    /// nothing else, reads clean at the rules level, and has more moves than the plain games.
    #[test]
    fn the_rich_games_tree_written_bare() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, features: &Features| {
            let g = cescacs_gen::generate_corpus_games(SEED, 40, 80, features);
            let path = dir.path().join(name);
            std::fs::write(&path, &g.text).unwrap();
            let bytes = g.text.len();
            Input { name: "rich", path, bytes, games: g.games, plies: g.plies }
        };
        let plain = write("plain.ctl-pgn", &Features::PLAIN);
        let rich = write("rich.ctl-pgn", &Features::RICH);
        let (bare, moves) = bare_tree(&rich).unwrap();
        let text = std::fs::read_to_string(&bare.path).unwrap();
        assert!(!text.contains(['{', '$', '\u{2010}']) && !text.contains("Redefine"), "{text}");
        assert_eq!(moves_of(&bare.path).unwrap(), moves);
        assert!(moves > moves_of(&plain.path).unwrap());
        assert_eq!((bare.games, bare.plies, bare.bytes), (rich.games, rich.plies, text.len()));
        let checked = ctl_pgn::Check::new(ctl_pgn::Level::Rules).text(&text);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics.first());
        assert_eq!((checked.games, checked.plies), (rich.games, rich.plies));
    }

    #[test]
    fn options() {
        let args: Vec<String> = ["--mb", "5", "--no-build"].iter().map(|s| s.to_string()).collect();
        let o = Options::parse(PathBuf::from("."), &args).unwrap();
        assert_eq!((o.megabytes, o.build, o.write, o.runs), (5, false, true, 5));
        let three: Vec<String> = ["--runs", "3"].iter().map(|s| s.to_string()).collect();
        assert_eq!(Options::parse(PathBuf::from("."), &three).unwrap().runs, 3);
        assert!(Options::parse(PathBuf::from("."), &["--mb".to_string()]).is_err());
    }
}
