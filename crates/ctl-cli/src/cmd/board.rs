//! `cescacs board`: draw a position, given as PDTL or as a game of a CTL-PGN file at a ply, as
//! a text diagram or a self-contained SVG (the `cescacs-diagram` crate).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_board::{Colour, Hex, Letters, Position};
use cescacs_diagram::{Diagram, PieceStyle};
use cescacs_viewer::move_hexes;
use ctl_an::syntax::Ply;
use ctl_pgn::Level;
use ctl_pgn::ParsedGame;

use crate::games;
use crate::output;
use crate::write::{self, Outputs};

const EXAMPLES: &str = "\
Examples:
  cescacs board start                                      text diagram of the initial position
  cescacs board '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'    text diagram of a PDTL position
  cescacs board --svg -o start.svg start                   the initial position as an SVG picture
  cescacs board game.ctl-pgn                               the last position of the first game
  cescacs board --ply 12 --game 2 -o p.svg games.ctl-pgn   game 2 after its 12th ply, last move marked
  cescacs board --flip --letters fan game.ctl-pgn          Black at the bottom, FAN symbols
  cescacs board --where 'White=puig*' games/               the first game of a Puig below games/

The text diagram ends with a legend of its signs. The SVG draws each piece as its letter in a
disc (white or black), readable with any font; --symbols draws the spec's Unicode symbols instead,
in the SVG and in the text (Pegasus and Wyvern need a font with Unicode's Chess Symbols block, such
as Noto Sans Symbols 2).

A FILE may be a folder (its *.ctl-pgn files in name order): the first game selected is drawn.

Exit status: 0 drawn (or no game selected: one warning line, nothing drawn), 1 the position
cannot be read or the game cannot be replayed to the ply, 2 bad usage (a ply past the end of the
game: `--ply 99` of a 12-ply game) or I/O failure.";

/// Draw the board of a position or of a game at a ply: text, or a self-contained SVG.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Write an SVG picture (the default when OUT ends in `.svg`).
    #[arg(long, conflicts_with = "text")]
    pub svg: bool,

    /// Write the text diagram (the default otherwise).
    #[arg(long)]
    pub text: bool,

    /// Turn the board to show it as Black sees it: Black at the bottom.
    #[arg(long)]
    pub flip: bool,

    /// Piece letters: `standard`, `fan`, or a Redefine value such as "B@J, Q@D, W@V". A PDTL is
    /// read with them; a game is drawn with its own letters unless this is given.
    #[arg(long, value_name = "SPEC", value_parser = cescacs_toolkit::convert::letters)]
    pub letters: Option<Letters>,

    /// Draw the spec's Unicode piece symbols: in the SVG instead of letters in discs, in the
    /// text diagram instead of letters.
    #[arg(long)]
    pub symbols: bool,

    /// For a game: the ply to draw, 0 for the start position (default: the last one).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,

    /// For a file: the game to draw, the first one selected (the first game of the file
    /// without a selection).
    #[command(flatten)]
    pub selection: games::Selection,

    /// Write the picture to this file instead of standard output (whole or not at all; never
    /// over the input, nor over a file already there unless `--force`).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub force: write::Force,

    /// A PDTL string (quote it), `start` for the initial position, a CTL-PGN file or folder, or
    /// `-` for a CTL-PGN file on standard input.
    #[arg(value_name = "PDTL|FILE")]
    pub input: String,
}

/// What to draw.
struct Picture {
    position: Position,
    letters: Letters,
    last_move: Option<(Hex, Hex)>,
    title: String,
}

/// A failure: its message and exit status.
struct Failed(String, u8);

/// Runs the command (see the exit status in the examples).
pub fn run(args: Args) -> ExitCode {
    match draw(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failed(message, status)) => {
            // An empty message: said already (no game selected).
            if !message.is_empty() {
                output::error(message);
            }
            ExitCode::from(status)
        }
    }
}

fn draw(args: &Args) -> Result<(), Failed> {
    let picture = picture(args)?;
    let svg = args.svg
        || (!args.text
            && args.output.as_ref().is_some_and(|p| p.extension().is_some_and(|e| e == "svg")));
    let letters = args.letters.clone().unwrap_or(picture.letters);
    let mut diagram = Diagram::new(&picture.position)
        .letters(letters.clone())
        .flipped(args.flip)
        .pieces(if args.symbols { PieceStyle::Symbols } else { PieceStyle::Discs })
        .title(picture.title.clone())
        .legend(true);
    if let Some((from, to)) = picture.last_move {
        diagram = diagram.last_move(from, to);
    }
    let content = if svg {
        diagram.to_svg()
    } else {
        format!(
            "{}{}\n{}\n",
            diagram.to_text(),
            picture.title,
            pdtl::write(&picture.position, &letters)
        )
    };
    let written = match &args.output {
        Some(path) => {
            // The input, when it is a file (or a folder of them), is never the picture.
            let inputs = match Path::new(&args.input) {
                _ if args.input == "-" => vec![crate::input::Input::Stdin],
                file if file.exists() => crate::input::collect(&[file.to_path_buf()]).0,
                _ => Vec::new(),
            };
            let mut outputs = Outputs::new(&inputs, args.force);
            let target = outputs.beside(path, path.file_name().unwrap_or(path.as_os_str()));
            outputs
                .write(&target, |out| out.write_all(content.as_bytes()))
                .map_err(|e| output::cannot_write(path.display(), e))
        }
        None => {
            let mut out = io::stdout().lock();
            match out.write_all(content.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if !output::reader_gone(&e) => Err(output::cannot_write(output::STDOUT, e)),
                _ => Ok(()),
            }
        }
    };
    written.map_err(|m| Failed(m, output::FAILURE))
}

fn picture(args: &Args) -> Result<Picture, Failed> {
    let input = args.input.as_str();
    let file = input == "-" || Path::new(input).is_file() || Path::new(input).is_dir();
    let looks_like_pdtl = (input.starts_with('/') && input.contains(':'))
        || input.trim().eq_ignore_ascii_case(super::START);
    if !file && !looks_like_pdtl {
        return Err(Failed(
            format!(
                "`{input}` is neither a file nor a PDTL position (which starts with `/`, or is `start`)"
            ),
            output::FAILURE,
        ));
    }
    if file {
        return game_picture(args);
    }
    if args.ply.is_some() {
        return Err(Failed("`--ply` needs a game file, not a PDTL".to_string(), output::FAILURE));
    }
    let letters = args.letters.clone().unwrap_or_else(Letters::standard);
    let input = super::pdtl_text(input, &letters);
    let input = input.as_ref();
    let read = pdtl::read(input, &letters);
    if !read.diagnostics.is_empty() {
        let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let text = ctl_pgn::render::render_text(&read.diagnostics, "<argument>", input, color);
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
    let position = read.position.ok_or_else(|| {
        Failed("the PDTL does not describe a position".to_string(), output::ERRORS)
    })?;
    Ok(Picture { position, letters, last_move: None, title: "C'escacs position".to_string() })
}

fn game_picture(args: &Args) -> Result<Picture, Failed> {
    let (inputs, path_errors) = crate::input::collect(&[PathBuf::from(&args.input)]);
    if let Some(e) = path_errors.first() {
        return Err(Failed(output::cannot_read(e.path.display(), &e.error), output::FAILURE));
    }
    // Read game by game: memory is bounded by the largest game, not by the file.
    let mut chooser = games::Chooser::new(&args.selection);
    let found = games::find_game(&inputs, &mut chooser)
        .map_err(|(name, e)| Failed(output::cannot_read(name, e), output::FAILURE))?;
    chooser.finish();
    // No game selected: said by the chooser, nothing to draw, not an error.
    let (_, chunk, wanted) = found.ok_or_else(|| Failed(String::new(), output::CLEAN))?;
    let Some((_, found)) = chunk.games().find(|(n, _)| *n == wanted) else {
        return Err(Failed(String::new(), output::FAILURE));
    };
    let game = ParsedGame::new(found.game.clone(), &chunk.decoded.text);
    let replayed = game.main_line(Level::Coherence);
    let written = game.movetext().ply_count();
    let ply = args.ply.unwrap_or(replayed.positions.len().saturating_sub(1));
    let Some(position) = replayed.positions.get(ply).cloned() else {
        let why = match (&replayed.error, replayed.positions.is_empty()) {
            (_, true) => "its start position cannot be read".to_string(),
            (Some(e), _) => {
                format!("it stops at ply {}: {} [{}]", replayed.positions.len(), e.message, e.code)
            }
            (None, _) => format!("it has {written} plies"),
        };
        let status = if ply > written { output::FAILURE } else { output::ERRORS };
        return Err(Failed(format!("game {wanted} cannot be drawn at ply {ply}: {why}"), status));
    };
    let last = ply.checked_sub(1).and_then(|i| {
        let before = replayed.positions.get(i)?;
        last_move(&game, i, before.turn())
    });
    let title = match &last {
        Some((_, text)) => format!("Game {wanted}, after ply {ply}: {text}"),
        None => format!("Game {wanted}, ply {ply}"),
    };
    Ok(Picture {
        position,
        letters: game.letters().clone(),
        last_move: last.map(|(hexes, _)| hexes),
        title,
    })
}

/// The origin and destination of the main line's ply `index` (from 0), and its text.
fn last_move(game: &ParsedGame, index: usize, side: Colour) -> Option<((Hex, Hex), String)> {
    let mv = game
        .movetext()
        .pairs
        .iter()
        .flat_map(|p| std::iter::once(&p.white).chain(p.black.as_ref()))
        .filter(|ply| !matches!(ply, Ply::Omitted(_)))
        .nth(index)?
        .as_move()?;
    Some((move_hexes(mv, side)?, mv.to_string()))
}
