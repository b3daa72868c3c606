//! The chess anchor of `cargo xtask bench-report`: pgn-reader + shakmaty validating a generated
//! chess PGN of the annotated C'escacs games' shape (`benches/benches/chess_anchor.rs`: tags,
//! comments, ratings, NAGs and variations at the same rates per ply, every line's moves
//! validated), timed in the same rounds as the CLI, so that the rules level's plies per second
//! can be given as a ratio to the field's mark measured on the same machine at the same time.
//! The ratio per ply is the measure (what players and libraries feel); the ratio per byte is
//! printed beside it, a C'escacs ply being longer text than a chess one.
//!
//! The anchor is a bench target of the `cescacs-benches` crate (its crates are dev-dependencies
//! there, never dependencies of the toolkit): it is built with `cargo bench --no-run` and run as
//! a process, `--check FILE --threads N`, timed from outside like the CLI. When it cannot be
//! built (no network for its crates, say) the report says so and goes on without it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The anchor's program and its input.
#[derive(Debug, Clone)]
pub struct Anchor {
    /// The bench executable.
    pub exe: PathBuf,
    /// The generated chess PGN.
    pub path: PathBuf,
    /// Its size.
    pub bytes: usize,
    /// Its games.
    pub games: usize,
    /// Their plies.
    pub plies: usize,
    /// Per thread count, the seconds of each run.
    pub runs: Vec<(usize, Vec<f64>)>,
}

impl Anchor {
    /// Builds the anchor and writes its PGN (about `megabytes` MB of games of `seed`, reused
    /// while it exists); `threads` are the thread counts to measure.
    pub fn prepare(
        root: &Path,
        megabytes: usize,
        seed: u64,
        threads: &[usize],
    ) -> Result<Anchor, String> {
        eprintln!("building the chess anchor…");
        let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["bench", "-p", "cescacs-benches", "--bench", "chess_anchor", "--no-run"])
            .args(["--message-format", "json"])
            .current_dir(root)
            .stderr(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !output.status.success() {
            return Err("the chess anchor did not build".into());
        }
        let exe = executable(&String::from_utf8_lossy(&output.stdout))
            .ok_or("cargo named no chess_anchor executable")?;
        let dir = root.join("target/bench-report");
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        // Named by its shape: a file of an older generator (bare chess games) is not reused.
        let path = dir.join(format!("chess-annotated-{megabytes}MB-seed{seed}.pgn"));
        let facts = path.with_extension("facts");
        let known = std::fs::read_to_string(&facts).ok().and_then(|t| three_numbers(&t));
        let (bytes, games, plies) = match known {
            Some(f) if std::fs::metadata(&path).is_ok_and(|m| m.len() == f.0 as u64) => f,
            _ => {
                eprintln!("generating {megabytes} MB of chess games (seed {seed})…");
                let out = Command::new(&exe)
                    .arg("--write")
                    .arg(&path)
                    .args(["--mb", &megabytes.to_string(), "--seed", &seed.to_string()])
                    .output()
                    .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
                let text = String::from_utf8_lossy(&out.stdout).to_string();
                let f = three_numbers(&text)
                    .filter(|_| out.status.success())
                    .ok_or("the chess anchor did not write its PGN")?;
                std::fs::write(&facts, text)
                    .map_err(|e| format!("cannot write {}: {e}", facts.display()))?;
                f
            }
        };
        let runs = threads.iter().map(|&t| (t, Vec::new())).collect();
        Ok(Anchor { exe, path, bytes, games, plies, runs })
    }

    /// One run of each thread count (a round of the report).
    pub fn round(&mut self) -> Result<(), String> {
        for (threads, seconds) in &mut self.runs {
            let started = Instant::now();
            let status = Command::new(&self.exe)
                .arg("--check")
                .arg(&self.path)
                .args(["--threads", &threads.to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(|e| format!("cannot run {}: {e}", self.exe.display()))?;
            if !status.success() {
                return Err("the chess anchor found an illegal move in its own PGN".into());
            }
            seconds.push(started.elapsed().as_secs_f64());
        }
        Ok(())
    }

    /// The median plies (of the main lines) a second with `threads` threads.
    pub fn plies_per_second(&self, threads: usize) -> Option<f64> {
        let rate = self.megabytes_per_second(threads)?;
        Some(rate * 1e6 / self.bytes as f64 * self.plies as f64)
    }

    /// The median MB/s with `threads` threads.
    pub fn megabytes_per_second(&self, threads: usize) -> Option<f64> {
        let (_, seconds) = self.runs.iter().find(|(t, _)| *t == threads)?;
        let mut s = seconds.clone();
        s.sort_by(f64::total_cmp);
        let median = *s.get(s.len() / 2)?;
        Some(self.bytes as f64 / 1e6 / median)
    }

    /// The report's section: the anchor's figures, then for each rules-level run (a label, its
    /// threads, its MB/s, its plies/s) the ratios to the anchor with as many threads: of plies
    /// (the measure; plies of the main lines on both sides, each side also replaying its
    /// variations) and of bytes.
    pub fn section(&self, rules: &[(String, usize, f64, f64)]) -> String {
        let mut out = format!(
            "\nChess anchor (`benches/benches/chess_anchor.rs`: pgn-reader + shakmaty at full legality, every variation replayed) on {:.1} MB of generated chess PGN in the annotated games' shape (tags, a third of the games from a `FEN`, comments, ratings, NAGs and variations at the rich C'escacs games' rates per ply): {} games, {} plies in their main lines ({:.1} bytes a ply), same rounds, median:\n\n",
            self.bytes as f64 / 1e6,
            self.games,
            self.plies,
            self.bytes as f64 / self.plies.max(1) as f64,
        );
        out.push_str("| anchor threads | plies/s | MB/s |\n| --- | ---: | ---: |\n");
        for (threads, _) in &self.runs {
            if let (Some(plies), Some(rate)) =
                (self.plies_per_second(*threads), self.megabytes_per_second(*threads))
            {
                out.push_str(&format!("| {threads} | {plies:.0} | {rate:.1} |\n"));
            }
        }
        out.push_str(
            "\n| rules level | threads | plies/s | anchor plies/s | ratio per ply (target ≥ 1.0) | MB/s | anchor MB/s | ratio per byte |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
        );
        for (label, threads, rate, plies) in rules {
            if let (Some(anchor_plies), Some(anchor)) =
                (self.plies_per_second(*threads), self.megabytes_per_second(*threads))
            {
                out.push_str(&format!(
                    "| {label} | {threads} | {plies:.0} | {anchor_plies:.0} | {:.2} | {rate:.1} | {anchor:.1} | {:.2} |\n",
                    plies / anchor_plies,
                    rate / anchor,
                ));
            }
        }
        out
    }
}

/// The path of the `chess_anchor` executable in cargo's JSON messages.
fn executable(messages: &str) -> Option<PathBuf> {
    const KEY: &str = "\"executable\":\"";
    messages.lines().filter(|l| l.contains("\"name\":\"chess_anchor\"")).find_map(|l| {
        let start = l.find(KEY)? + KEY.len();
        let end = start + l[start..].find('"')?;
        Some(PathBuf::from(&l[start..end]))
    })
}

/// `bytes games plies` as the anchor prints them.
fn three_numbers(text: &str) -> Option<(usize, usize, usize)> {
    let n: Vec<usize> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    match n[..] {
        [a, b, c] => Some((a, b, c)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_executable_is_found_in_cargos_messages() {
        let messages = concat!(
            "{\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"rules\"},\"executable\":\"/t/rules-1\"}\n",
            "{\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"chess_anchor\"},\"executable\":\"/t/chess_anchor-2\"}\n",
            "{\"reason\":\"build-finished\",\"success\":true}\n",
        );
        assert_eq!(executable(messages), Some(PathBuf::from("/t/chess_anchor-2")));
        assert_eq!(executable("{\"reason\":\"build-finished\"}"), None);
    }

    #[test]
    fn ratios_use_the_anchor_with_as_many_threads() {
        let anchor = Anchor {
            exe: PathBuf::new(),
            path: PathBuf::new(),
            bytes: 100_000_000,
            games: 1000,
            plies: 20_000_000,
            runs: vec![(1, vec![2.0, 0.5, 1.0]), (2, vec![0.5])],
        };
        assert_eq!(anchor.megabytes_per_second(1), Some(100.0));
        assert_eq!(anchor.megabytes_per_second(2), Some(200.0));
        assert_eq!(anchor.megabytes_per_second(3), None);
        assert_eq!(anchor.plies_per_second(1), Some(20_000_000.0));
        let rules = [("rich".into(), 1, 50.0, 5e6), ("rich".into(), 2, 150.0, 2e7)];
        let text = anchor.section(&rules);
        assert!(
            text.contains("| rich | 1 | 5000000 | 20000000 | 0.25 | 50.0 | 100.0 | 0.50 |"),
            "{text}"
        );
        assert!(
            text.contains("| rich | 2 | 20000000 | 40000000 | 0.50 | 150.0 | 200.0 | 0.75 |"),
            "{text}"
        );
        assert!(text.contains("| 1 | 20000000 | 100.0 |"), "{text}");
    }

    #[test]
    fn facts_are_three_numbers() {
        assert_eq!(three_numbers("10 2 30\n"), Some((10, 2, 30)));
        assert_eq!(three_numbers("10 2\n"), None);
    }
}
