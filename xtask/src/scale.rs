//! `cargo xtask hostile --scale` (issue 30): every command over each hostile shape at N, 2N and
//! 4N bytes, with its time, peak memory and output at each size; a run fails when a command
//! grows faster than linearly (time or output), goes over the memory budget, or ends with a
//! status other than 0, 1 or 2.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::generate::Rng;
use crate::hostile::{Measured, bytes as human, measure_from};

/// The most memory any command may take on any shape at any size: the budget.
pub const BUDGET_KB: u64 = 200_000;

/// Growth allowed from N to 4N before it counts as faster than linear: twice the linear
/// factor, for the noise of a shared machine.
const SLACK: f64 = 2.0;

/// Times below this are noise: growth is measured from it.
const FLOOR_SECONDS: f64 = 0.05;

/// Output below this is a fixed cost (a capped report): growth is measured past it.
const FLOOR_OUTPUT: u64 = 64 << 10;

/// How a command reads its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum From {
    /// The path is its last argument.
    File,
    /// Standard input (`pdtl -`).
    Stdin,
}

/// One hostile shape: its name, how to make `n` units of it, the unit count N, and the
/// commands run over it.
struct Shape {
    name: &'static str,
    make: fn(usize) -> Vec<u8>,
    n: usize,
    commands: Vec<(&'static [&'static str], From)>,
}

const V: &str = "[Variant \"C'escacs\"]\n";

/// Every command that reads games, and `convert --to app`.
fn game_commands() -> Vec<(&'static [&'static str], From)> {
    let mut all: Vec<(&'static [&'static str], From)> =
        crate::hostile::COMMANDS.iter().map(|c| (*c, From::File)).collect();
    all.push((&["convert", "--to", "app"], From::File));
    all
}

fn shapes() -> Vec<Shape> {
    let games = game_commands;
    vec![
        Shape {
            name: "`*` lines",
            make: |n| "*\n".repeat(n).into_bytes(),
            n: 1_250_000,
            commands: games(),
        },
        Shape { name: "`[` flood", make: |n| vec![b'['; n], n: 25_000, commands: games() },
        Shape { name: "`)` flood", make: |n| vec![b')'; n], n: 25_000, commands: games() },
        Shape { name: "`(` flood", make: |n| vec![b'('; n], n: 25_000, commands: games() },
        Shape {
            name: "random bytes",
            make: |n| {
                let mut rng = Rng(30);
                (0..n).map(|_| rng.next() as u8).collect()
            },
            n: 250_000,
            commands: games(),
        },
        Shape {
            name: "`1. …` repeated",
            make: |n| format!("{V}{}*\n", "1. …\n".repeat(n)).into_bytes(),
            n: 250_000,
            commands: games(),
        },
        Shape {
            name: "sibling variations",
            make: |n| format!("{V}1. E7-E13\n{}*\n", "(1. F8-F12)\n".repeat(n)).into_bytes(),
            n: 25_000,
            commands: games(),
        },
        Shape {
            name: "games with comments",
            make: |n| format!("{V}1. E7-E13: {{a comment}} *\n\n").repeat(n).into_bytes(),
            n: 45_000,
            commands: games(),
        },
        Shape {
            name: "valid games",
            make: |n| crate::generate::generate_corpus(2026, n, 200).text.into_bytes(),
            n: 10_000_000,
            commands: games(),
        },
        Shape {
            name: "a PDTL line of `/` within `pdtl::MAX_BYTES`",
            make: |n| {
                let mut line = vec![b'/'; n];
                line.push(b'\n');
                line
            },
            n: 4_000,
            commands: vec![(&["pdtl", "-"], From::Stdin)],
        },
        Shape {
            name: "a PDTL line of `/`",
            make: |n| {
                let mut line = vec![b'/'; n];
                line.push(b'\n');
                line
            },
            n: 256_000,
            commands: vec![
                (&["pdtl", "-"], From::Stdin),
                (&["pdtl", "--from", "app", "-"], From::Stdin),
            ],
        },
    ]
}

/// What one command gave at N, 2N and 4N.
struct Series {
    input: [u64; 3],
    runs: [Measured; 3],
}

impl Series {
    /// Why the series fails, if it does.
    fn verdict(&self) -> Option<String> {
        let mut why = Vec::new();
        for (m, size) in self.runs.iter().zip(self.input) {
            if !matches!(m.code, Some(0..=2)) {
                why.push(format!("status {:?} at {}", m.code, human(size)));
            }
            if m.peak_kb.is_some_and(|kb| kb > BUDGET_KB) {
                why.push(format!("{} over the budget at {}", mb(m.peak_kb), human(size)));
            }
        }
        let (first, last) = (&self.runs[0], &self.runs[2]);
        if last.seconds > 4.0 * SLACK * first.seconds.max(FLOOR_SECONDS) {
            why.push(format!("time {:.2} s, then {:.2} s at 4N", first.seconds, last.seconds));
        }
        if last.output > (4.0 * SLACK) as u64 * first.output.max(FLOOR_OUTPUT) {
            why.push(format!("output {}, then {} at 4N", human(first.output), human(last.output)));
        }
        (!why.is_empty()).then(|| why.join("; "))
    }
}

/// Runs `cargo xtask hostile --scale` with the release CLI `cli`, its inputs under `dir`;
/// returns the report in Markdown, or it as an error when a series fails.
pub fn run(cli: &Path, dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out = format!(
        "Each command over each shape at N, 2N and 4N (time, peak RSS, output); budget {} MB, \
         growth from N to 4N allowed up to ×{} (time from {FLOOR_SECONDS} s, output from {}).\n\n\
         | shape | command | input N / 2N / 4N | time | peak RSS | output | status |\n\
         |---|---|---|---|---|---|---|\n",
        BUDGET_KB / 1000,
        4.0 * SLACK,
        human(FLOOR_OUTPUT),
    );
    let mut failures = Vec::new();
    for shape in shapes() {
        let inputs: Vec<Vec<u8>> = [1, 2, 4].iter().map(|k| (shape.make)(shape.n * k)).collect();
        let paths: Vec<_> = (0..3).map(|i| dir.join(format!("scale-{i}.ctl-pgn"))).collect();
        for (path, bytes) in paths.iter().zip(&inputs) {
            std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        for (args, from) in &shape.commands {
            let mut runs = Vec::new();
            for path in &paths {
                let mut command = Command::new(cli);
                command.args(*args).env("NO_COLOR", "1");
                let stdin = match from {
                    From::File => {
                        command.arg(path);
                        Stdio::null()
                    }
                    From::Stdin => Stdio::from(
                        std::fs::File::open(path)
                            .map_err(|e| format!("{}: {e}", path.display()))?,
                    ),
                };
                runs.push(measure_from(&mut command, stdin)?);
            }
            let runs: [Measured; 3] = runs.try_into().map_err(|_| "three runs".to_string())?;
            let series = Series { input: [0, 1, 2].map(|i| inputs[i].len() as u64), runs };
            let verdict = series.verdict();
            let three = |f: &dyn Fn(&Measured) -> String| {
                series.runs.iter().map(f).collect::<Vec<_>>().join(" / ")
            };
            out.push_str(&format!(
                "| {} | `{}` | {} | {} | {} | {} | {} |\n",
                shape.name,
                args.join(" "),
                series.input.map(human).join(" / "),
                three(&|m| format!("{:.2} s", m.seconds)),
                three(&|m| mb(m.peak_kb)),
                three(&|m| human(m.output)),
                verdict.as_deref().map_or("ok".to_string(), |why| format!("**{why}**")),
            ));
            if let Some(why) = verdict {
                failures.push(format!("{} `{}`: {why}", shape.name, args.join(" ")));
            }
        }
        for path in &paths {
            let _ = std::fs::remove_file(path);
        }
    }
    if failures.is_empty() {
        Ok(out)
    } else {
        Err(format!("{out}\n{} series failed:\n{}", failures.len(), failures.join("\n")))
    }
}

/// Peak memory for people.
fn mb(kb: Option<u64>) -> String {
    kb.map_or("?".to_string(), |kb| format!("{:.1} MB", kb as f64 / 1000.0))
}
