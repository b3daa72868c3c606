//! `cescacs standings`: the crosstable of each event of the games selected (or of them all):
//! points as C'escacs scores a result, wins, draws, losses, Buchholz and Sonneborn-Berger,
//! ranked (`ctl_pgn::standings`), as text, JSON or a web page.

use std::path::PathBuf;
use std::process::ExitCode;

use ctl_pgn::standings::{GameScore, Grouping, Standings, StandingsBuilder};

use crate::crosstable;
use crate::games::batches::map_paths;
use crate::games::{Chooser, Criteria, Selection};
use crate::output;
use crate::text_table::{self, Align};

const EXAMPLES: &str = "\
Examples:
  cescacs standings games/                          a crosstable per event of the games below games/
  cescacs standings --where 'Event=Club*' games/    of the events whose name starts with Club
  cescacs standings --one-table --date-from 2025 games/   one table of every game from 2025 on
  cescacs standings --format json games.ctl-pgn     {\"events\": [{\"event\", \"players\": [...]}]}
  cescacs standings --format html games/ > standings.html   a web page

Points are the result's: 3-0 gives White 3 and Black 0, 2-1 (White stalemates) 2 and 1, 1-1
one each, 1-2 and 0-3 the other way round; a stalemate counts as a win. An unfinished game (`*`,
or no result) is counted apart and scores nothing. A player is the White or Black tag's value,
trimmed (`?` when missing); an event the Event tag's. Ranked by points, then Buchholz (the
opponents' points, once per game), then Sonneborn-Berger (each opponent's points times the
points taken from them in a game), then wins; players equal on all four share a rank. The
table is an all-play-all grid (the points of each game against each player, `*` unfinished)
when every two players met, at most four times, and there are at most 20 of them; else a
list.

Games are read as `cescacs check` reads them, but their problems are not reported: run `cescacs
check` for those. Exit status: 0 done (also when no game is selected), 2 bad usage or a file
that could not be read.";

/// Rank the players of each event of the games selected: points, wins, draws, losses, Buchholz
/// and Sonneborn-Berger.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The output: a table per event, JSON, or a web page.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// One table of every game selected, whatever its `Event` tag.
    #[arg(long)]
    pub one_table: bool,

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
    /// A table per event (a grid when it fits).
    Text,
    /// `{"events": [{"event", "games", "unfinished", "all_play_all", "players": [...]}]}`.
    Json,
    /// A web page with a table per event.
    Html,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let mut chooser = match Chooser::for_command(&args.selection, &args.criteria) {
        Ok(chooser) => chooser,
        Err(status) => return status,
    };
    let grouping = if args.one_table { Grouping::All } else { Grouping::ByEvent };
    let mut builder = StandingsBuilder::new(grouping);
    let failed =
        map_paths(&args.paths, &mut chooser, GameScore::of_lazy, |score| builder.add(score));
    chooser.finish();
    let standings = builder.finish();
    output::to_stdout(output::exit_code(0, failed), |out| match args.format {
        Format::Text => out.write_all(text(&standings).as_bytes()),
        Format::Json => output::json_document(out, &standings),
        Format::Html => out.write_all(crate::html::standings_page(&standings).as_bytes()),
    })
}

/// The tables as text: each event's title, then its players' lines (with the grid when it
/// fits), a blank line between two events.
fn text(standings: &Standings) -> String {
    let mut out = String::new();
    for (i, table) in standings.events.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&output::safe(&crosstable::title(table)));
        out.push_str("\n\n");
        let grid = crosstable::grid(table);
        let mut head: Vec<String> = crosstable::head(table).into_iter().map(String::from).collect();
        let mut align = vec![Align::Right, Align::Left];
        align.resize(head.len(), Align::Right);
        if grid.is_some() {
            head.extend((1..=table.players.len()).map(|n| n.to_string()));
            align.resize(head.len(), Align::Left);
        }
        let mut rows = vec![head];
        for (p, player) in table.players.iter().enumerate() {
            let mut row = crosstable::line(table, player);
            if let Some(grid) = &grid {
                row.extend(grid[p].iter().cloned());
            }
            rows.push(row);
        }
        out.push_str(&text_table::render(&rows, &align));
    }
    out
}
