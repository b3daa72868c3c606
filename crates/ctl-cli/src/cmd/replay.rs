//! `cescacs replay`: the positions of a game's main line, one canonical PDTL per line.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use cescacs_board::Diagnostic;
use ctl_pgn::Game;
use ctl_pgn::render::TextRenderer;
use ctl_pgn::{Check, Level};

use crate::games;
use crate::input::Input;
use crate::output::{self, ColorChoice};

const EXAMPLES: &str = "\
Examples:
  cescacs replay game.ctl-pgn                 the positions of the first game
  cescacs replay --game 3 games.ctl-pgn       of the third game of the file
  cescacs replay --where 'Black=Ros*' g.ctl-pgn   of the first game Black played by a Ros
  cescacs replay --level coherence g.ctl-pgn  replay what is only algebraically coherent
  cescacs replay g.ctl-pgn | tail -n 1        the final position
  cescacs replay --moves g.ctl-pgn            each move beside the position it leads to

Exit status: 0 the whole main line was replayed and the game has no error, 1 an error (the
positions up to it are printed, the diagnostics go to standard error), 2 bad usage or I/O failure.";

/// Replay a game's main line: the start position's canonical PDTL, then the PDTL after each ply.
///
/// Replaying stops at the first move that cannot be played (at the rules level, an illegal move).
/// Other errors of the game, such as a missing `[Variant]` tag, do not stop it: the positions are
/// printed and the errors reported on standard error, with exit status 1.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Which game: the first one selected (`--game N`, `--where TAG=GLOB`), the first of the
    /// file by default.
    #[command(flatten)]
    pub selection: games::Selection,

    /// How strictly each move is checked before it is played.
    #[arg(long, value_enum, default_value_t = ReplayLevel::Rules)]
    pub level: ReplayLevel,

    /// Print each move beside the position it leads to: `MOVE<tab>PDTL` (`1. E7-E13`,
    /// `1. …, E21-E15`), the start position as `start<tab>PDTL`.
    #[arg(long)]
    pub moves: bool,

    /// Colour the diagnostics on standard error.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// The CTL-PGN file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// `--level` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReplayLevel {
    /// The spec's minimal reader: moves need only be algebraically coherent.
    Coherence,
    /// Full legality.
    Rules,
}

/// Runs the command (see [`Args`] for the exit status).
pub fn run(args: Args) -> ExitCode {
    let input = if args.file.as_os_str() == "-" { Input::Stdin } else { Input::File(args.file) };
    let Some((piece, wanted)) = (match games::find_game(&input, &args.selection) {
        Ok(found) => found,
        Err(e) => {
            output::error(output::cannot_read(input.display(), e));
            return ExitCode::from(output::FAILURE);
        }
    }) else {
        return ExitCode::from(output::FAILURE);
    };
    let Some((_, found)) = piece.games().find(|(n, _)| *n == wanted) else {
        return ExitCode::from(output::FAILURE);
    };
    let decoded = &piece.decoded;
    let mut game = Game::new(found.game.clone(), &decoded.text);
    game.set_syntax_errors(&found.diagnostics);
    let level = match args.level {
        ReplayLevel::Coherence => Level::Coherence,
        ReplayLevel::Rules => Level::Rules,
    };
    let line = game.main_line(level);
    // The game's own errors (encoding, syntax, setup tags); the move error is the replay's.
    // The reader gives each record its own syntax errors, wherever they are (a line skipped
    // for its length may start after the last move kept).
    let game_span = game.span();
    let mut errors: Vec<Diagnostic> = decoded
        .diagnostics
        .iter()
        .filter(|d| d.span.start >= game_span.start && d.span.start <= game_span.end)
        .chain(&found.diagnostics)
        .chain(Check::new(Level::Syntax).game(&game).iter())
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    errors.extend(game.setup_diagnostics().iter().filter(|d| d.is_error()).cloned());
    errors.extend(line.error.iter().cloned());
    if game.start().is_none() && !errors.iter().any(Diagnostic::is_error) {
        output::error("the game's start position cannot be read");
        return ExitCode::from(output::ERRORS);
    }
    Diagnostic::sort(&mut errors);
    let moves = args.moves.then(|| main_line_moves(&game, &decoded.text));
    let written = print_positions(&line.positions, moves.as_deref());
    if !errors.is_empty() {
        let color = args.color.enabled(&io::stderr());
        let mut cap = args.max_errors.cap();
        errors.retain(|d| cap.admit(d.severity));
        let name = input.display();
        let renderer = TextRenderer::at(&name, decoded.shown(), piece.start, color);
        let mut stderr = io::stderr().lock();
        for d in errors.iter() {
            let _ = stderr
                .write_all(renderer.render(&d.clone().shifted(piece.start.offset)).as_bytes());
        }
        if let Some(line) = cap.omitted_line(&name) {
            let _ = stderr.write_all(line.as_bytes());
        }
    }
    match written {
        Err(e) => output::write_failed(output::STDOUT, &e),
        _ if errors.is_empty() => ExitCode::SUCCESS,
        _ => ExitCode::from(output::ERRORS),
    }
}

/// The plies of the main line as people read them, `1. E7-E13` or `1. …, E21-E15`, as written
/// (made terminal-safe), in the order of the positions they lead to.
fn main_line_moves(game: &Game, text: &str) -> Vec<String> {
    let mut moves = Vec::new();
    for pair in &game.movetext().pairs {
        let number =
            format!("{}{}", pair.number.value, if pair.number.unknown { "?" } else { "." });
        let written = |ply: &ctl_an::syntax::Ply| {
            output::safe(text.get(ply.span().range()).unwrap_or_default()).into_owned()
        };
        if !matches!(pair.white, ctl_an::syntax::Ply::Omitted(_)) {
            moves.push(format!("{number} {}", written(&pair.white)));
        }
        if let Some(black) = &pair.black {
            moves.push(format!("{number} \u{2026}, {}", written(black)));
        }
    }
    moves
}

/// One canonical PDTL a line; with `moves`, each after the move that leads to it.
fn print_positions(
    positions: &[cescacs_board::Position],
    moves: Option<&[String]>,
) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (i, p) in positions.iter().enumerate() {
        if let Some(moves) = moves {
            let played =
                if i == 0 { "start" } else { moves.get(i - 1).map_or("?", String::as_str) };
            write!(out, "{played}\t")?;
        }
        writeln!(out, "{}", pdtl::to_string(p))?;
    }
    out.flush()
}
