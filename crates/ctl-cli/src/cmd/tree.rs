//! `cescacs tree`: the opening tree of the games selected from a position
//! (`ctl_pgn::opening_tree`): each next move with its games, its score for the side that played
//! it and its share, to a depth, as text or JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use cescacs_board::{Colour, Letters, MoveNumber, Position};
use ctl_pgn::opening_tree::{OpeningTree, TreeBuilder, TreeMove};

use crate::games::batches::map_paths;
use crate::games::{Chooser, Criteria, Selection};
use crate::output;
use crate::text_table::{self, Align};

const EXAMPLES: &str = "\
Examples:
  cescacs tree games/                       the first moves of the games below games/
  cescacs tree --depth 4 games/             four plies deep
  cescacs tree --player 'Puig*' --depth 2 games/   the first two plies of the games a Puig played
  cescacs tree --depth 3 --from '/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1' games/
                                            from the position after 1. E7-E13 (a PDTL)
  cescacs tree --format json games.ctl-pgn  {\"position\", \"games\", \"moves\": [{\"move\", \"games\", ...}]}

Each line: a move, the games that played it there, its share of the games of the position
it was played from, and its score: the mean of the points the side that played it took from
those games (3 a win, 2 a stalemate, 1 a draw, 0 a loss; unfinished games have no points).
Positions are merged whatever the order of the moves that reached them (the move counters
aside): a position's moves are shown once, and a move that reaches it again says
`(transposes)`. A game counts from the first time its main line reaches the position, replayed
at the coherence level (a move the rules refuse is in the tree as played: `cescacs check` says
what is wrong).

Exit status: 0 done (also when no game is selected or reaches the position), 2 bad usage or a
file that could not be read.";

/// The opening tree of the games selected: the moves played from a position, with their games,
/// scores and shares.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The position the tree starts from: a whole PDTL (quoted), or `start` for the initial
    /// position. Its move counters are not compared.
    #[arg(long, value_name = "PDTL|start", default_value = super::START)]
    pub from: String,

    /// How many plies (half-moves) deep the tree goes.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub depth: u32,

    /// The output: an indented list of moves, or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    #[command(flatten)]
    pub selection: Selection,

    #[command(flatten)]
    pub criteria: Criteria,

    /// Files, folders (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", default_value = "-")]
    pub paths: Vec<PathBuf>,
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The position, then a move a line, indented by depth.
    Text,
    /// `{"position", "games", "moves": [{"move", "side", "games", "scored", "points", "score",
    /// "share", "moves"}]}`.
    Json,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let from = match pdtl::parse(&super::pdtl_text(&args.from, &Letters::standard())) {
        Ok(position) => position,
        Err(e) => {
            output::error(format_args!("`--from`: not a PDTL position: {e}"));
            return ExitCode::from(output::FAILURE);
        }
    };
    let mut chooser = match Chooser::for_command(&args.selection, &args.criteria) {
        Ok(chooser) => chooser,
        Err(status) => return status,
    };
    let mut builder = TreeBuilder::new(&from, args.depth as usize);
    let paths = builder.paths();
    let failed = map_paths(
        &args.paths,
        &mut chooser,
        |game| paths.of_lazy(game),
        |path| builder.add_path(path),
    );
    chooser.finish();
    let tree = builder.finish();
    output::to_stdout(output::exit_code(0, failed), |out| match args.format {
        Format::Text => out.write_all(text(&tree, &from).as_bytes()),
        Format::Json => output::json_document(out, &tree),
    })
}

/// The tree as text: the position and its games, then a line per move, indented by depth.
fn text(tree: &OpeningTree, from: &Position) -> String {
    let mut out = format!(
        "{}\n{}\n",
        tree.position,
        output::plural(tree.games, "game reaches it", "games reach it")
    );
    if tree.moves.is_empty() {
        return out;
    }
    let mut rows = vec![vec![
        "Move".to_string(),
        "Games".to_string(),
        "Share".to_string(),
        "Score".to_string(),
    ]];
    lines(&tree.moves, from, 0, &mut rows);
    out.push('\n');
    out.push_str(&text_table::render(
        &rows,
        &[Align::Left, Align::Right, Align::Right, Align::Right],
    ));
    out
}

/// A row per move of `moves`, `ply` plies from the tree's position, and of the moves after
/// each.
fn lines(moves: &[TreeMove], from: &Position, ply: usize, rows: &mut Vec<Vec<String>>) {
    for m in moves {
        let mut label = format!("{}{} {}", "  ".repeat(ply), number(from, ply, m.side), m.text);
        if m.transposes {
            label.push_str(" (transposes)");
        }
        rows.push(vec![
            label,
            m.games.to_string(),
            format!("{:.1} %", m.share * 100.0),
            m.score.map_or_else(|| "-".to_string(), |s| format!("{s:.2}")),
        ]);
        lines(&m.moves, from, ply + 1, rows);
    }
}

/// The number written before a move `ply` plies after `from`: `12.` before White's, `12. …,`
/// before Black's; `?` for a number the position does not know.
fn number(from: &Position, ply: usize, side: Colour) -> String {
    let black_first = usize::from(from.turn() == Colour::Black);
    let n = match from.move_number() {
        MoveNumber::Known(n) => (n.get() as usize + (ply + black_first) / 2).to_string(),
        MoveNumber::Unknown => "?".to_string(),
    };
    match side {
        Colour::White => format!("{n}."),
        Colour::Black => format!("{n}. \u{2026},"),
    }
}
