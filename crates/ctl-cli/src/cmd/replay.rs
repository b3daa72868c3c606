//! `cescacs replay`: the positions of the main lines of games, one canonical PDTL per line (or
//! one JSON object per position).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use cescacs_diagnostics::{Diagnostic, Span};
use cescacs_toolkit::read::{JsonOptions, Locate, Parsed, ParsedRecord, Records};
use cescacs_toolkit::replay;
use ctl_pgn::Level;
use ctl_pgn::ParsedGame;
use ctl_pgn::render::TextRenderer;

use crate::games;
use crate::input::{self, Input};
use crate::output::{self, ColorChoice};

const EXAMPLES: &str = "\
Examples:
  cescacs replay game.ctl-pgn                 the positions of the game (of each game: see below)
  cescacs replay --game 3 games.ctl-pgn       of the third game of the file
  cescacs replay --where 'Black=Ros*' g.ctl-pgn   of the games Black played by a Ros
  cescacs replay --level coherence g.ctl-pgn  replay what is only algebraically coherent
  cescacs replay g.ctl-pgn | tail -n 1        the final position (of a one-game file)
  cescacs replay --moves g.ctl-pgn            each move beside the position it leads to
  cescacs replay --format jsonl games/        every game below games/, one JSON object per ply

One game selected: its positions, one PDTL a line. Several (every game of every file by
default): each game's positions as a block headed by `# FILE game N`, blocks separated by a
blank line. --format jsonl: one object per position, the start included (ply 0, move null):
{\"file\":\"g.ctl-pgn\",\"game\":1,\"ply\":1,\"move\":\"E7-E13\",\"pdtl\":\"...\"}.
A selection that selects no game is said in one warning line (status 0).

Exit status: 0 every main line was replayed and no game has an error, 1 an error (each game's
positions up to it are printed, the diagnostics go to standard error), 2 bad usage or I/O
failure.";

/// Replay the main lines of games: the start position's canonical PDTL, then the PDTL after
/// each ply.
///
/// Replaying a game stops at the first move that cannot be played (at the rules level, an
/// illegal move). Other errors of the game, such as a missing `[Variant]` tag, do not stop it:
/// the positions are printed and the errors reported on standard error, with exit status 1.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Which games (every game of every input by default).
    #[command(flatten)]
    pub selection: games::Selection,

    /// How strictly each move is checked before it is played.
    #[arg(long, value_enum, default_value_t = ReplayLevel::Rules)]
    pub level: ReplayLevel,

    /// Print each move beside the position it leads to: `MOVE<tab>PDTL` (`1. E7-E13`,
    /// `1. …, E21-E15`), the start position as `start<tab>PDTL`.
    #[arg(long)]
    pub moves: bool,

    /// The output: PDTL lines, or one JSON object per position.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Colour the diagnostics on standard error.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// CTL-PGN files, folders (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// PDTL lines (with `--moves`, each after its move).
    Text,
    /// One JSON object per position: file, game, ply, move, pdtl.
    Jsonl,
}

/// `--level` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReplayLevel {
    /// The spec's minimal reader: moves need only be algebraically coherent.
    Coherence,
    /// Full legality.
    Rules,
}

/// The positions of one game's main line, and where the game is.
struct Block {
    file: String,
    game: usize,
    positions: Vec<cescacs_board::Position>,
    /// Each ply's number (`1.`, `1. …,`) and move as written.
    moves: Vec<(String, String)>,
}

/// Runs the command (see [`Args`] for the exit status).
pub fn run(args: Args) -> ExitCode {
    let (inputs, path_errors) = input::collect(&args.paths);
    let mut failure = !path_errors.is_empty();
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let mut chooser = games::Chooser::new(&args.selection);
    let mut out = Out { stream: io::BufWriter::new(io::stdout().lock()), held: None, blocks: 0 };
    let mut errors = 0;
    for input in &inputs {
        chooser.start(input);
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(e) => {
                output::error(output::cannot_read(input.display(), e));
                failure = true;
                continue;
            }
        };
        let mut records = Records::new(reader, JsonOptions::default());
        while let Some(record) = records.next() {
            let record = match record {
                Ok(record) => record,
                Err(e) => {
                    output::error(output::cannot_read(input.display(), e));
                    failure = true;
                    break;
                }
            };
            let game = match record.parse() {
                Parsed::Game(game) => game,
                Parsed::Around(around) => {
                    let stray = around.stray_errors();
                    errors += usize::from(!stray.is_empty());
                    let span = around.output.game.span;
                    let (shown, chunk) = (around.decoded.shown(), around.start.offset);
                    show(
                        &args,
                        &input.display(),
                        Shown { shown, chunk, locate: around.locate },
                        span,
                        stray,
                    );
                    continue;
                }
            };
            let (number, last) = (game.number, game.last_of_chunk);
            if chooser.choose(number, game.game.syntax(), &game.decoded.text) {
                let (block, failed) = replay_game(&args, input, game);
                errors += usize::from(failed);
                if let Err(e) = out.block(block, &args) {
                    return output::write_failed(output::STDOUT, &e);
                }
            }
            if last && chooser.done_after(number) {
                break;
            }
        }
    }
    if let Err(e) = out.finish(&args) {
        return output::write_failed(output::STDOUT, &e);
    }
    chooser.finish();
    output::exit_code(errors, failure)
}

/// Replays `game` of `input`: its block of positions, and whether it has errors (reported on
/// standard error).
fn replay_game(args: &Args, input: &Input, game: ParsedRecord<'_>) -> (Block, bool) {
    let level = match args.level {
        ReplayLevel::Coherence => Level::Coherence,
        ReplayLevel::Rules => Level::Rules,
    };
    let mut replayed = replay::replay(game, level);
    let game = &mut replayed.record;
    let name = input.display();
    let mut failed = !replayed.errors.is_empty();
    if game.game.start().is_none() && !failed {
        let number = game.number;
        output::error(format_args!("{name}: game {number}: its start position cannot be read"));
        failed = true;
    }
    let (shown, chunk) = (game.decoded.shown(), game.start.offset);
    let span = game.game.span();
    show(args, &name, Shown { shown, chunk, locate: game.locate }, span, replayed.errors.clone());
    let moves = main_line_moves(&game.game, &game.decoded.text);
    let block = Block { file: name, game: game.number, positions: replayed.main.positions, moves };
    (block, failed)
}

/// The text of a record's chunk, to show its diagnostics against.
struct Shown<'a, 'l> {
    shown: &'a str,
    /// Where the chunk starts in the input.
    chunk: usize,
    /// Where the record's stretch of the chunk is in the input: a chunk may hold many games (a
    /// run of games without tags is one chunk), so each record's reports are rendered against
    /// its own stretch, and the chunk's lines are counted once, not once per game.
    locate: &'l mut Locate,
}

/// Renders `errors` (chunk offsets, around `span`, a record's) of the input `name` on standard
/// error, sorted, within the cap of `--max-errors`.
fn show(args: &Args, name: &str, text: Shown<'_, '_>, span: Span, mut errors: Vec<Diagnostic>) {
    if errors.is_empty() {
        return;
    }
    Diagnostic::sort(&mut errors);
    let color = args.color.enabled(&io::stderr());
    let mut cap = args.max_errors.cap();
    errors.retain(|d| cap.admit(d.severity));
    let window = text.locate.window(text.shown, span, &errors);
    let renderer = TextRenderer::at(name, &text.shown[window.text], window.start, color);
    let mut stderr = io::stderr().lock();
    for d in errors.iter() {
        let _ = stderr.write_all(renderer.render(&d.clone().shifted(text.chunk)).as_bytes());
    }
    if let Some(line) = cap.omitted_line(name) {
        let _ = stderr.write_all(line.as_bytes());
    }
}

/// Standard output: the first block is held until a second one shows whether the run replays
/// one game (its positions alone, as `cescacs pdtl -` reads them) or several (blocks with
/// headers). Memory is bounded by the largest game.
struct Out<W: Write> {
    stream: W,
    held: Option<Block>,
    blocks: usize,
}

impl<W: Write> Out<W> {
    fn block(&mut self, block: Block, args: &Args) -> io::Result<()> {
        self.blocks += 1;
        if args.format == Format::Jsonl {
            return write_jsonl(&mut self.stream, &block);
        }
        if let Some(first) = self.held.take() {
            write_text(&mut self.stream, &first, args.moves, Some(true))?;
        }
        if self.blocks == 1 {
            self.held = Some(block);
            return Ok(());
        }
        write_text(&mut self.stream, &block, args.moves, Some(false))
    }

    fn finish(&mut self, args: &Args) -> io::Result<()> {
        if let Some(only) = self.held.take() {
            write_text(&mut self.stream, &only, args.moves, None)?;
        }
        self.stream.flush()
    }
}

/// One block of PDTL lines; `header`: `None` for the one game of a run, else whether it is the
/// first block (the others start with a blank line).
fn write_text(
    out: &mut impl Write,
    block: &Block,
    moves: bool,
    header: Option<bool>,
) -> io::Result<()> {
    if let Some(first) = header {
        if !first {
            writeln!(out)?;
        }
        writeln!(out, "# {} game {}", output::safe(&block.file), block.game)?;
    }
    for (i, p) in block.positions.iter().enumerate() {
        if moves {
            let played = match i.checked_sub(1).map(|m| block.moves.get(m)) {
                None => "start".to_string(),
                Some(None) => "?".to_string(),
                Some(Some((number, mv))) => format!("{number} {}", output::safe(mv)),
            };
            write!(out, "{played}\t")?;
        }
        writeln!(out, "{}", pdtl::to_string(p))?;
    }
    Ok(())
}

/// One JSON object per position of the block, its keys in the order file, game, ply, move,
/// pdtl.
fn write_jsonl(out: &mut impl Write, block: &Block) -> io::Result<()> {
    let file = serde_json::Value::from(block.file.as_str());
    for (i, p) in block.positions.iter().enumerate() {
        let mv = i.checked_sub(1).and_then(|m| block.moves.get(m)).map(|(_, mv)| mv.as_str());
        let mv = serde_json::Value::from(mv);
        let pdtl = serde_json::Value::from(pdtl::to_string(p));
        writeln!(
            out,
            "{{\"file\":{file},\"game\":{},\"ply\":{i},\"move\":{mv},\"pdtl\":{pdtl}}}",
            block.game
        )?;
    }
    Ok(())
}

/// The plies of the main line as people read them, `1.` and `E7-E13` or `1. …,` and
/// `E21-E15`, exactly as written, in the order of the positions they lead to.
fn main_line_moves(game: &ParsedGame, text: &str) -> Vec<(String, String)> {
    let mut moves = Vec::new();
    for pair in &game.movetext().pairs {
        let number =
            format!("{}{}", pair.number.value, if pair.number.unknown { "?" } else { "." });
        let written = |ply: &ctl_an::syntax::Ply| {
            text.get(ply.span().range()).unwrap_or_default().to_string()
        };
        if !matches!(pair.white, ctl_an::syntax::Ply::Omitted(_)) {
            moves.push((number.clone(), written(&pair.white)));
        }
        if let Some(black) = &pair.black {
            moves.push((format!("{number} \u{2026},"), written(black)));
        }
    }
    moves
}
