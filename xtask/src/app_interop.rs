//! `cargo xtask app-interop --engine DIR`: our app dialect checked against the official engine.
//!
//! The engine (the public repository cescacs/cescacs.typescript, its built `dist/`) is driven by
//! `xtask/app-interop/drive.mjs`, a script of ours that imports it at run time under node. For
//! each generated game (`cescacs_gen::generate_game`), we write the game with `ctl_pgn::app::to_app`
//! (the app PDTL of its start and its move list); the engine loads the PDTL ("Load new"), plays
//! the moves one by one and records its PDTL after each ply, its "Show mvs" text, and what it
//! ends with when it loads our PDTL and list at once ("Load new" + "Load mvs"). [`check`] then
//! compares every answer with our own replay: that is the whole test, and it needs no node, so
//! the answers for a few hundred games are committed (`xtask/app-interop/answers.jsonl`) and
//! `cargo test` checks them (`xtask/tests/app_interop.rs`).
//!
//! The driver wraps the engine's `Game.prototype.pushMove` so that promotions work at all (its
//! shipped build throws "piece from unique key" on every promotion; `docs/APP.md`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cescacs_board::Letters;
use ctl_pgn::ParsedGame;
use ctl_pgn::app::{from_app, to_app};
use pdtl::Dialect;
use serde::{Deserialize, Serialize};

use cescacs_gen::generate_game;

/// One game as given to the engine and what it answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// `SEED-INDEX-MAXPLIES`: the generated game (`generate_game(SEED, INDEX, MAXPLIES)`).
    pub id: String,
    /// Our `--to app` PDTL line (`None`: the initial position).
    pub pdtl: Option<String>,
    /// Our `--to app` move list.
    pub list: String,
    /// The engine's PDTL after "Load new" of our PDTL.
    pub start: Option<String>,
    /// The engine's PDTL after each move, played one by one.
    pub plies: Vec<String>,
    /// What stopped the engine while playing the moves one by one.
    pub error: Option<String>,
    /// The engine's "Show mvs" text after the moves it played.
    pub show: String,
    /// The engine's PDTL after "Load new" + "Load mvs" of the whole list.
    pub load: Option<String>,
    /// What stopped "Load mvs".
    #[serde(rename = "loadError")]
    pub load_error: Option<String>,
}

/// A game and its `--to app` text: the engine's job.
#[derive(Debug, Clone, Serialize)]
pub struct Job {
    /// See [`Answer::id`].
    pub id: String,
    /// See [`Answer::pdtl`].
    pub pdtl: Option<String>,
    /// See [`Answer::list`].
    pub list: String,
}

/// The job of generated game `index` of `seed`.
pub fn job(seed: u64, index: usize, max_plies: usize) -> Result<Job, String> {
    let id = format!("{seed}-{index}-{max_plies}");
    let text = generate_game(seed, index, max_plies).text;
    let file = ctl_an::parse_file(&text).file;
    let syntax = file.games.into_iter().next().ok_or_else(|| format!("{id}: no game"))?;
    let app =
        to_app(&ParsedGame::new(syntax, &text)).map_err(|d| format!("{id}: {}", d.message))?;
    Ok(Job { id, pdtl: app.pdtl, list: app.moves })
}

/// The spec PDTL of an app PDTL, or why it does not read.
fn from_app_pdtl(text: &str) -> Result<String, String> {
    Ok(read_app_pdtl(text)?.0)
}

/// The spec PDTL of an app PDTL and whether its castling field was ambiguous (`W0114`: the app
/// writes `KR` for either lone unmoved Rook, and here both Rooks stand on their home hexes).
fn read_app_pdtl(text: &str) -> Result<(String, bool), String> {
    let (spec, codes) = read_app_pdtl_codes(text)?;
    Ok((spec, codes.contains(&pdtl::codes::APP_KR_AMBIGUOUS)))
}

/// The spec PDTL of an app PDTL (`--from app`) and the codes of its warnings, or its first error.
pub(crate) fn read_app_pdtl_codes(text: &str) -> Result<(String, Vec<&'static str>), String> {
    let r = pdtl::read_in(text, &Letters::standard(), Dialect::App);
    match r.position {
        Some(p) => Ok((pdtl::to_string(&p), r.diagnostics.iter().map(|d| d.code).collect())),
        None => Err(r
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .map_or_else(|| "unreadable".to_string(), |d| format!("{} {}", d.code, d.message))),
    }
}

/// Whether two spec PDTLs differ in their castling field only.
pub(crate) fn castling_only(a: &str, b: &str) -> bool {
    let (fa, fb): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    fa.len() == fb.len() && (0..fa.len()).all(|i| i == 2 || fa[i] == fb[i])
}

/// What [`check`] found for one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Plies whose engine PDTL, read with `--from app`, equals our spec PDTL.
    pub plies_equal: usize,
    /// Plies whose engine PDTL differs from ours only in a castling field the app's dialect
    /// cannot make unambiguous (`W0114`).
    pub plies_ambiguous: usize,
    /// Whether the engine's "Load new" of our PDTL reads back as our start.
    pub start_equal: bool,
    /// Whether `convert --from app` of the engine's "Show mvs" replays to our positions (all the
    /// plies the engine played).
    pub show_equal: bool,
    /// Whether "Load new" + "Load mvs" of our text ends in our final position.
    pub load_equal: bool,
    /// Whether it ends there but for an ambiguous castling field (`W0114`).
    pub load_ambiguous: bool,
    /// Why the engine could not load or play the game (its own words), if it could not.
    pub engine_failure: Option<String>,
    /// Differences between the engine and us: each one a failure of the interop.
    pub differences: Vec<String>,
}

/// Compares the engine's answer with our own replay of the game.
pub fn check(answer: &Answer) -> Verdict {
    let mut v = Verdict::default();
    let mut parts = answer.id.split('-').map(str::parse::<usize>);
    let (Some(Ok(seed)), Some(Ok(index)), Some(Ok(max_plies))) =
        (parts.next(), parts.next(), parts.next())
    else {
        v.differences.push(format!("bad id `{}`", answer.id));
        return v;
    };
    // Our side: the text we give the app is still what we give it.
    let ours = match job(seed as u64, index, max_plies) {
        Ok(j) => j,
        Err(e) => {
            v.differences.push(e);
            return v;
        }
    };
    if ours.pdtl != answer.pdtl || ours.list != answer.list {
        v.differences.push("our --to app text changed since the answer was recorded".to_string());
        return v;
    }
    let whole = match &answer.pdtl {
        Some(p) => format!("{p}\n{}", answer.list),
        None => answer.list.clone(),
    };
    let replay = from_app(&whole);
    if replay.text.is_none() {
        v.differences
            .push(format!("our own --to app text does not read back: {:?}", replay.diagnostics));
        return v;
    }
    let positions: Vec<String> = replay.positions.iter().map(pdtl::to_string).collect();
    // "Load new" of our PDTL.
    if let Some(engine) = &answer.start {
        match from_app_pdtl(engine) {
            Ok(spec) if spec == positions[0] => v.start_equal = true,
            Ok(spec) => v.differences.push(format!(
                "start: engine `{engine}` reads as `{spec}`, ours `{}`",
                positions[0]
            )),
            Err(e) => v.differences.push(format!("start: engine `{engine}` does not read: {e}")),
        }
    }
    // Every ply.
    for (i, engine) in answer.plies.iter().enumerate() {
        let Some(expected) = positions.get(i + 1) else {
            v.differences
                .push(format!("ply {}: the engine played more moves than the list has", i + 1));
            break;
        };
        match read_app_pdtl(engine) {
            Ok((spec, _)) if &spec == expected => v.plies_equal += 1,
            // The app's text cannot say which Rook: not an error of ours, counted apart.
            Ok((spec, true)) if castling_only(&spec, expected) => v.plies_ambiguous += 1,
            Ok((spec, _)) => {
                v.differences.push(format!(
                    "ply {}: engine `{engine}` reads as `{spec}`, ours `{expected}`",
                    i + 1
                ));
                break;
            }
            Err(e) => {
                v.differences.push(format!("ply {}: engine `{engine}` does not read: {e}", i + 1));
                break;
            }
        }
    }
    // "Show mvs", read with `convert --from app` from our start.
    let shown = match &answer.pdtl {
        Some(p) => format!("{p}\n{}", answer.show),
        None => answer.show.clone(),
    };
    let from_show = from_app(&shown);
    let played = answer.plies.len();
    let show_positions: Vec<String> = from_show.positions.iter().map(pdtl::to_string).collect();
    if from_show.diagnostics.iter().any(|d| d.is_error()) {
        let d = from_show.diagnostics.iter().find(|d| d.is_error());
        v.differences.push(format!("Show mvs does not read: {:?}", d.map(|d| &d.message)));
    } else if show_positions.len() == played + 1 && show_positions[..] == positions[..=played] {
        v.show_equal = true;
    } else {
        v.differences.push(format!(
            "Show mvs replays to {} positions, not the {} of the plies played",
            show_positions.len(),
            played + 1
        ));
    }
    // "Load new" + "Load mvs".
    match (&answer.load, &answer.load_error) {
        (Some(engine), _) => match read_app_pdtl(engine) {
            Ok((spec, _)) if Some(&spec) == positions.last() => v.load_equal = true,
            Ok((spec, true)) if positions.last().is_some_and(|p| castling_only(&spec, p)) => {
                v.load_ambiguous = true;
            }
            Ok((spec, _)) => v
                .differences
                .push(format!("load: engine ends in `{spec}`, ours `{:?}`", positions.last())),
            Err(e) => v.differences.push(format!("load: engine `{engine}` does not read: {e}")),
        },
        (None, Some(e)) => v.engine_failure = Some(e.clone()),
        (None, None) => v.differences.push("load: no answer".to_string()),
    }
    if let Some(e) = &answer.error {
        v.engine_failure.get_or_insert_with(|| e.clone());
    }
    if v.engine_failure.is_none() && played + 1 != positions.len() {
        v.differences.push(format!("the engine played {played} of {} moves", positions.len() - 1));
    }
    v
}

/// The options of `cargo xtask app-interop`.
pub struct Options {
    /// The engine's `dist/` folder.
    pub engine: PathBuf,
    seed: u64,
    games: usize,
    max_plies: usize,
    record: Option<(PathBuf, usize)>,
    /// The `node` program.
    pub node: String,
    /// Load the hand-written forms (`crate::app_forms`) instead of generated games.
    pub forms: bool,
}

/// Reads `--engine DIR [--seed S] [--games N] [--max-plies M] [--record FILE N] [--node PATH]
/// [--forms]`.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        engine: PathBuf::new(),
        seed: 2026,
        games: 2000,
        max_plies: 160,
        record: None,
        node: "node".to_string(),
        forms: false,
    };
    let mut engine = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(|| format!("`{flag}` needs a value"));
        let number =
            |v: String| v.parse::<u64>().map_err(|_| format!("`{flag}`: `{v}` is not a number"));
        match flag.as_str() {
            "--engine" => engine = Some(PathBuf::from(value()?)),
            "--seed" => o.seed = number(value()?)?,
            "--games" => o.games = number(value()?)? as usize,
            "--max-plies" => o.max_plies = number(value()?)? as usize,
            "--node" => o.node = value()?,
            "--forms" => o.forms = true,
            "--record" => {
                let file = PathBuf::from(value()?);
                o.record = Some((file, number(value()?)? as usize));
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    o.engine = engine.ok_or("missing `--engine DIR` (a checkout of cescacs/cescacs.typescript)")?;
    Ok(o)
}

/// Runs the engine over `jobs`; its answers in the same order.
pub fn drive(root: &Path, engine: &Path, node: &str, jobs: &[Job]) -> Result<Vec<Answer>, String> {
    let script = root.join("xtask/app-interop/drive.mjs");
    let mut child = Command::new(node)
        .arg(&script)
        .arg(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run `{node} {}`: {e}", script.display()))?;
    let mut input = String::new();
    for j in jobs {
        input.push_str(&serde_json::to_string(j).map_err(|e| e.to_string())?);
        input.push('\n');
    }
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    writer.join().map_err(|_| "writer panicked")?.map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("the driver failed: {}", out.status));
    }
    let text = String::from_utf8(out.stdout).map_err(|e| e.to_string())?;
    text.lines()
        .map(|l| serde_json::from_str::<Answer>(l).map_err(|e| format!("driver output: {e}")))
        .collect()
}

/// Totals over many games.
#[derive(Debug, Default)]
pub struct Totals {
    /// Games driven.
    pub games: usize,
    /// Plies played by the engine, how many of its PDTLs equal ours, how many differ only in an
    /// ambiguous castling field.
    pub plies: (usize, usize, usize),
    /// Games whose start ("Load new" of our PDTL) reads back as ours, out of those with a PDTL.
    pub starts: (usize, usize),
    /// Games whose "Show mvs" replays to our positions.
    pub shows: usize,
    /// Games that "Load new" + "Load mvs" ends in our final position.
    pub loads: usize,
    /// ... or there but for an ambiguous castling field.
    pub loads_ambiguous: usize,
    /// Games the engine could not load or play, with its reason.
    pub failures: Vec<(String, String)>,
    /// Differences (interop failures).
    pub differences: Vec<(String, String)>,
}

impl Totals {
    /// Adds one game.
    pub fn add(&mut self, answer: &Answer, v: &Verdict) {
        self.games += 1;
        self.plies.0 += answer.plies.len();
        self.plies.1 += v.plies_equal;
        self.plies.2 += v.plies_ambiguous;
        self.loads_ambiguous += usize::from(v.load_ambiguous);
        if answer.pdtl.is_some() {
            self.starts.0 += 1;
            self.starts.1 += usize::from(v.start_equal);
        }
        self.shows += usize::from(v.show_equal);
        self.loads += usize::from(v.load_equal);
        if let Some(f) = &v.engine_failure {
            self.failures.push((answer.id.clone(), f.clone()));
        }
        for d in &v.differences {
            self.differences.push((answer.id.clone(), d.clone()));
        }
    }

    /// The report: counts, failures listed by reason, the first differences.
    pub fn report(&self) -> String {
        let mut s = format!(
            "games: {}\nplies played by the engine: {}, its PDTL read --from app equal to ours: {}, equal but for the castling field the app writes ambiguously (W0114): {}\nstarts from a PDTL: {}, read back equal: {}\n\"Show mvs\" replayed to our positions: {}\n\"Load new\" + \"Load mvs\" ending in our final position: {} (and {} there but for an ambiguous castling field)\ngames the engine could not load or play: {}\ndifferences: {}\n",
            self.games,
            self.plies.0,
            self.plies.1,
            self.plies.2,
            self.starts.0,
            self.starts.1,
            self.shows,
            self.loads,
            self.loads_ambiguous,
            self.failures.len(),
            self.differences.len()
        );
        let mut reasons: Vec<(&str, usize)> = Vec::new();
        for (_, r) in &self.failures {
            match reasons.iter_mut().find(|(x, _)| *x == r.as_str()) {
                Some(e) => e.1 += 1,
                None => reasons.push((r, 1)),
            }
        }
        for (r, n) in reasons {
            s.push_str(&format!("  {n} x {r}\n"));
        }
        for (id, d) in self.differences.iter().take(20) {
            s.push_str(&format!("  {id}: {d}\n"));
        }
        s
    }
}

/// Runs the whole interop check; `Ok(false)` when a difference was found.
pub fn run(root: &Path, o: &Options) -> Result<bool, String> {
    let jobs: Vec<Job> =
        (0..o.games).map(|i| job(o.seed, i, o.max_plies)).collect::<Result<_, _>>()?;
    let answers = drive(root, &o.engine, &o.node, &jobs)?;
    let mut totals = Totals::default();
    for a in &answers {
        totals.add(a, &check(a));
    }
    print!("{}", totals.report());
    if let Some((file, n)) = &o.record {
        // Games with en passant, scornful captures and promotions first (they are rare), then
        // the shortest others (games ended early by mate or stalemate among them), in game order.
        let rare = |a: &Answer| a.list.contains('@') || a.list.contains('=');
        let mut chosen: Vec<&Answer> = answers.iter().collect();
        chosen.sort_by_key(|a| (!rare(a), a.plies.len()));
        chosen.truncate(*n);
        chosen.sort_by_key(|a| answers.iter().position(|b| b.id == a.id));
        let mut text = String::new();
        for a in chosen {
            text.push_str(&serde_json::to_string(a).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        std::fs::write(file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        eprintln!("recorded {} answers in {}", answers.len().min(*n), file.display());
    }
    Ok(totals.differences.is_empty())
}
