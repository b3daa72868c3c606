//! `cescacs standings`: the points, wins, draws, losses and tie-breaks of every player agree
//! with what the `Result` and player tags give when summed by hand, on the corpus and on a
//! generated collection of tournaments; the text, JSON and HTML of a small club are goldens.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{cescacs, compare_golden};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("standings").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// One player's line, summed by hand.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Line {
    games: u64,
    points: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    unfinished: u64,
    buchholz: u64,
    sonneborn_berger: u64,
}

/// A game read by hand: its event, White, Black, and the points of each side (`None`: no
/// result).
type Game = (String, String, String, Option<(u64, u64)>);

/// Every event's players, summed by hand from the tags of the games of `files`: a name is the
/// tag's value trimmed (`?` when missing or empty), the points those of the `Result` tag (the
/// result line when the tag is missing) as the spec's table gives them.
fn by_hand(files: &[PathBuf]) -> BTreeMap<String, BTreeMap<String, Line>> {
    let mut games: Vec<Game> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a readable file");
        for read in ctl_pgn::read_str(&text) {
            let game = read.game;
            let tag = |name: &str| {
                let value = game.tag(name).unwrap_or("").trim().to_string();
                if value.is_empty() { "?".to_string() } else { value }
            };
            let result = game
                .tag("Result")
                .map(str::to_string)
                .or_else(|| game.result().map(|r| r.as_str().to_string()));
            let points = match result.as_deref() {
                Some("3-0") => Some((3, 0)),
                Some("2-1") => Some((2, 1)),
                Some("1-1") => Some((1, 1)),
                Some("1-2") => Some((1, 2)),
                Some("0-3") => Some((0, 3)),
                _ => None,
            };
            games.push((tag("Event"), tag("White"), tag("Black"), points));
        }
    }
    let mut events: BTreeMap<String, BTreeMap<String, Line>> = BTreeMap::new();
    for (event, white, black, points) in &games {
        let players = events.entry(event.clone()).or_default();
        for (me, mine, theirs) in [
            (white, points.map(|p| p.0), points.map(|p| p.1)),
            (black, points.map(|p| p.1), points.map(|p| p.0)),
        ] {
            let line = players.entry(me.clone()).or_default();
            match (mine, theirs) {
                (Some(m), Some(t)) => {
                    line.games += 1;
                    line.points += m;
                    line.wins += u64::from(m > t);
                    line.draws += u64::from(m == t);
                    line.losses += u64::from(m < t);
                }
                _ => line.unfinished += 1,
            }
        }
    }
    for (event, white, black, points) in &games {
        let Some((w, b)) = points else { continue };
        let total = |name: &String| events[event][name].points;
        let (white_total, black_total) = (total(white), total(black));
        let players = events.get_mut(event).expect("the event");
        let line = players.get_mut(white).expect("White");
        line.buchholz += black_total;
        line.sonneborn_berger += w * black_total;
        let line = players.get_mut(black).expect("Black");
        line.buchholz += white_total;
        line.sonneborn_berger += b * white_total;
    }
    events
}

/// The lines `cescacs standings --format json` gives, by event and player; checks the ranks
/// on the way (points, Buchholz, Sonneborn-Berger, wins: never better below).
fn by_the_command(paths: &[PathBuf]) -> BTreeMap<String, BTreeMap<String, Line>> {
    let mut args = vec!["standings".to_string(), "--format".to_string(), "json".to_string()];
    args.extend(paths.iter().map(|p| p.display().to_string()));
    let out = cescacs(&args).output();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut events = BTreeMap::new();
    for table in json["events"].as_array().expect("events") {
        let mut players = BTreeMap::new();
        let mut before: Option<(u64, u64, u64, u64, u64)> = None;
        for p in table["players"].as_array().expect("players") {
            let n = |key: &str| p[key].as_u64().unwrap_or_else(|| panic!("{key}: {p}"));
            let merit = (n("points"), n("buchholz"), n("sonneborn_berger"), n("wins"), n("rank"));
            if let Some(b) = before {
                assert!((b.0, b.1, b.2, b.3) >= (merit.0, merit.1, merit.2, merit.3), "{table}");
                assert_eq!(
                    b.4 == merit.4,
                    (b.0, b.1, b.2, b.3) == (merit.0, merit.1, merit.2, merit.3)
                );
            }
            before = Some(merit);
            let line = Line {
                games: n("games"),
                points: n("points"),
                wins: n("wins"),
                draws: n("draws"),
                losses: n("losses"),
                unfinished: n("unfinished"),
                buchholz: n("buchholz"),
                sonneborn_berger: n("sonneborn_berger"),
            };
            players.insert(p["name"].as_str().expect("a name").to_string(), line);
        }
        let name = table["event"].as_str().expect("an event").to_string();
        assert!(events.insert(name, players).is_none(), "one table per event");
    }
    events
}

fn ctl_pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_corpus_standings_are_the_tags_summed_by_hand() {
    for dir in ["corpus/valid", "corpus/generated"] {
        let files = ctl_pgn_files(&root().join(dir));
        assert!(files.len() > 10, "{dir}");
        let hand = by_hand(&files);
        assert_eq!(by_the_command(&[root().join(dir)]), hand, "{dir}");
        assert!(hand.values().flat_map(|e| e.values()).any(|l| l.points > 0), "{dir} scores");
    }
}

/// Generated games made tournaments: two events, a double round robin and random pairings,
/// names written with spaces around them and a missing `Black` tag, results drawn at random
/// (as games that end by resignation or agreement: the standings read the results, not the
/// positions), a tenth unfinished.
#[test]
fn a_generated_collection_s_standings_are_the_tags_summed_by_hand() {
    let dir = scratch("generated");
    let players =
        ["Puig, Anna", "Ros, Joan", " Sala, Eva", "Vila, Pau ", "Moix, Rita", "Ferrer, Lluc"];
    let mut pairings: Vec<(&str, usize, usize)> = Vec::new();
    for cycle in 0..2 {
        for a in 0..players.len() {
            for b in a + 1..players.len() {
                let (w, bl) = if cycle == 0 { (a, b) } else { (b, a) };
                pairings.push(("Spring Round Robin", w, bl));
            }
        }
    }
    let mut rng = cescacs_gen::Rng(43);
    for _ in 0..40 {
        let (a, b) = (rng.below(players.len()), rng.below(players.len()));
        if a != b {
            pairings.push(("Autumn Open", a, b));
        }
    }
    let results = ["3-0", "2-1", "1-1", "1-2", "0-3", "3-0", "0-3", "1-1", "2-1", "*"];
    let mut files: Vec<String> = vec![String::new(); 3];
    for (i, (event, white, black)) in pairings.iter().enumerate() {
        let game = cescacs_gen::generate_game(43, i, 30).text;
        let result = results[rng.below(results.len())];
        // The result line is the text's last word.
        let body = game.trim_end();
        let cut = body.rfind([' ', '\n']).expect("moves before the result");
        let game = format!("{}{result}\n", &body[..=cut]);
        let mut text = String::new();
        for line in game.lines() {
            let replaced = if line.starts_with("[Event ") {
                format!("[Event \"{event}\"]")
            } else if line.starts_with("[White ") {
                format!("[White \"{}\"]", players[*white])
            } else if line.starts_with("[Black ") {
                if i == 7 { continue } else { format!("[Black \"{}\"]", players[*black]) }
            } else if line.starts_with("[Result ") {
                format!("[Result \"{result}\"]")
            } else {
                line.to_string()
            };
            text.push_str(&replaced);
            text.push('\n');
        }
        let file = &mut files[i % 3];
        if !file.is_empty() {
            file.push('\n');
        }
        file.push_str(&text);
    }
    let mut paths = Vec::new();
    for (i, text) in files.iter().enumerate() {
        let path = dir.join(format!("part-{i}.ctl-pgn"));
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    let hand = by_hand(&paths);
    assert!(hand["Spring Round Robin"].contains_key("Sala, Eva"), "names are trimmed");
    assert!(hand["Spring Round Robin"].contains_key("?"), "a missing name is `?`");
    assert_eq!(by_the_command(std::slice::from_ref(&dir)), hand);
    assert_eq!(by_the_command(&paths), hand, "files or their folder alike");
}

#[test]
fn a_club_s_standings_as_text_json_and_a_page() {
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/club.ctl-pgn");
    let club = club.to_str().unwrap();
    for (format, golden) in [
        ("text", "standings-club.txt"),
        ("json", "standings-club.json"),
        ("html", "standings-club.html"),
    ] {
        let out = cescacs(&["standings", "--format", format, club]).output();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        // The page stands alone: its styles are in it (the viewer's and the site's, whose
        // own tests hold them), left out of the golden.
        if let (Some(start), Some(end)) = (text.find("<style>"), text.find("</style>")) {
            assert!(end - start > 1000, "the styles are in the page");
            text.replace_range(start..end + "</style>".len(), "<style>…</style>");
        }
        compare_golden(golden, &text);
    }
    let out = cescacs(&["standings", "--one-table", club]).output();
    compare_golden("standings-club-one-table.txt", &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_selection_of_every_command_chooses_the_games() {
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/club.ctl-pgn");
    let club = club.to_str().unwrap();
    let json = |args: &[&str]| {
        let mut all = vec!["standings", "--format", "json"];
        all.extend(args);
        all.push(club);
        let out = cescacs(&all).output();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let blitz = json(&["--where", "Event=blitz"]);
    assert_eq!(blitz["events"].as_array().map(Vec::len), Some(1));
    assert_eq!(blitz["events"][0]["event"], "Blitz");
    // A glob on the tags as written: the Blitz game writes " Puig, Anna ".
    let puig = json(&["--player", "*Puig*", "--one-table"]);
    assert_eq!(puig["events"][0]["event"], serde_json::Value::Null);
    assert_eq!(puig["events"][0]["games"], 4);
    let stdin = cescacs(&["standings", "-"]).stdin(std::fs::read(club).unwrap()).output();
    let file = cescacs(&["standings", club]).output();
    assert_eq!(stdin.stdout, file.stdout, "standard input as a file");
    let none = cescacs(&["standings", "--where", "Event=Nothing", club]).output();
    assert_eq!(none.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&none.stderr).starts_with("warning: "));
}
