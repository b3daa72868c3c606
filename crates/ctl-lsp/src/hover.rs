//! Hovers: a move in words with the position after it; what a comment reference points to.

use cescacs_board::{Colour, HexColour, Letters, Piece, Position};
use cescacs_diagram::Diagram;
use ctl_an::syntax::{HexShade, Move, Rating, Reference, Spanned};
use ctl_pgn::ParsedGame;

use crate::describe::describe;
use crate::references::{Target, labelled, resolve_move};
use crate::walk::{self, CommentAt, MoveAt, Node};
use cescacs_board::internals::MatchWritten;

/// The Markdown of a hover over `node`, and the span it is about.
pub(crate) fn hover(
    game: &ParsedGame,
    source: &str,
    node: &Node<'_>,
) -> Option<(String, cescacs_diagnostics::Span)> {
    match node {
        Node::Move { at, mv } => Some((on_move(game, source, at, mv), mv.span)),
        Node::Reference { at, reference } => {
            on_reference(game, source, at, reference).map(|text| (text, reference.span))
        }
    }
}

fn heading(game: &ParsedGame, at: &MoveAt) -> String {
    let pairs = walk::pairs_of(game.movetext(), &at.line).unwrap_or_default();
    let number = pairs.get(at.pair).map_or(0, |p| p.number.value);
    let whose = if at.side == Colour::White { "White" } else { "Black" };
    let line = if at.line.is_empty() { String::new() } else { " (in a variation)".to_string() };
    format!("{whose}'s move {number}{line}")
}

fn on_move(game: &ParsedGame, source: &str, at: &MoveAt, mv: &Move) -> String {
    let written = source.get(mv.span.range()).unwrap_or_default();
    let mut out = format!("**{}**: `{written}`\n\n", heading(game, at));
    let before = match walk::position_before(game, at) {
        Ok(p) => p,
        Err(stopped) => {
            let place = stopped
                .span
                .and_then(|s| source.get(s.range()))
                .map_or(String::new(), |t| format!(" at `{t}`"));
            out.push_str(&format!(
                "The position is unknown: the line stops{place}: {}.",
                stopped.reason
            ));
            return out;
        }
    };
    let letters = game.letters();
    let played = match walk::play(&before, mv, letters) {
        Ok(played) => played,
        Err(stopped) => {
            out.push_str(&format!("This move cannot be played here: {}.", stopped.reason));
            return out;
        }
    };
    out.push_str(&describe(&before, &played.mv, &played.after));
    out.push('.');
    if let Ok(spec) = ctl_pgn::validate::move_spec(mv, letters) {
        if let Err(e) = before.match_move(&spec) {
            out.push_str(&format!("\n\n⚠ Not a legal move: {e}."));
        }
    }
    out.push_str("\n\nPosition after it:\n\n");
    out.push_str(&position_block(&played.after, letters));
    out
}

/// A text diagram and the PDTL of a position.
fn position_block(position: &Position, letters: &Letters) -> String {
    let diagram = Diagram::new(position).letters(letters.clone()).to_text();
    format!("```text\n{diagram}```\n\n`{}`\n", pdtl::write(position, letters))
}

fn on_reference(
    game: &ParsedGame,
    source: &str,
    at: &CommentAt,
    reference: &Spanned<Reference>,
) -> Option<String> {
    let movetext = game.movetext();
    match &reference.value {
        Reference::Player(colour) => {
            let tag = if *colour == Colour::White { "White" } else { "Black" };
            let name =
                game.tag(tag).map_or("(no `".to_string() + tag + "` tag)", |t| t.value.clone());
            Some(format!("**The {tag} player**: {name}"))
        }
        Reference::Nag(n) => Some(format!("**NAG ${n}**{}", nag_meaning(*n))),
        Reference::Hex(hex) => {
            let mut out = format!(
                "**Hex {hex}**: column {}, line {}, a {} hex",
                hex.column(),
                hex.line(),
                hex.colour().name()
            );
            if let Ok(p) = position_at(game, at) {
                let here = match p.piece_at(*hex) {
                    Some(piece) => format!("the {} stands on it", piece_name(piece)),
                    None => "it is empty".to_string(),
                };
                out.push_str(&format!("; here {here}"));
            }
            out.push('.');
            Some(out)
        }
        Reference::Piece { letter, hex, shade } => {
            let letters = game.letters();
            let piece = letters.piece_of(*letter).or_else(|| letters.guess_piece(*letter))?;
            let mut out = format!("**The {}", piece_name(piece));
            if let Some(shade) = shade {
                out.push_str(&format!(" of the {} hexes", shade_name(*shade)));
            }
            if let Some(hex) = hex {
                out.push_str(&format!(" on {hex}"));
            }
            out.push_str("**");
            if let Ok(p) = position_at(game, at) {
                match hex {
                    Some(hex) => match p.piece_at(*hex) {
                        Some(found) if found == piece => out.push_str(": it stands there."),
                        Some(found) => {
                            out.push_str(&format!(": {hex} holds the {} here.", piece_name(found)))
                        }
                        None => out.push_str(&format!(": {hex} is empty here.")),
                    },
                    None => {
                        let hexes: Vec<String> = p
                            .pieces()
                            .filter(|&(h, found)| {
                                found == piece && shade.is_none_or(|s| shade_of(h.colour()) == s)
                            })
                            .map(|(h, _)| h.to_string())
                            .collect();
                        if hexes.is_empty() {
                            out.push_str(": none on the board here.");
                        } else {
                            out.push_str(&format!(": on {} here.", hexes.join(", ")));
                        }
                    }
                }
            }
            Some(out)
        }
        Reference::Move { number, path, player } => {
            let target = resolve_move(movetext, at, *number, path, *player);
            let what = match player {
                Some(c) => format!("{c}'s move {number}"),
                None => format!("Move {number}"),
            };
            let place = if path.is_empty() {
                String::new()
            } else {
                " of a labelled variation".to_string()
            };
            Some(match target.as_ref().and_then(|t| t.span(movetext)) {
                Some(span) => {
                    let text = source.get(span.range()).unwrap_or_default();
                    let mut out = format!("**{what}{place}**: `{}`", one_line(text));
                    if let Some(Target::Move(at)) = &target {
                        if let Some(text) = move_in_words(game, at) {
                            out.push_str(&format!("\n\n{text}"));
                        }
                    }
                    out
                }
                None => format!("**{what}{place}**: not found in this line"),
            })
        }
        Reference::Variation(id) => {
            let title = format!("**The variation `$[{}]` at move {}**", id.label, id.move_number);
            let line = labelled(movetext, std::slice::from_ref(id));
            let span = line.as_ref().and_then(|l| walk::variation_of(movetext, l)).map(|v| v.span);
            Some(match span.and_then(|s| source.get(s.range())) {
                Some(text) => format!("{title}: `{}`", one_line(text)),
                None => format!("{title}: no such variation"),
            })
        }
    }
}

fn move_in_words(game: &ParsedGame, at: &MoveAt) -> Option<String> {
    let pairs = walk::pairs_of(game.movetext(), &at.line)?;
    let pair = pairs.get(at.pair)?;
    let ply = if at.side == Colour::White { Some(&pair.white) } else { pair.black.as_ref() };
    let mv = ply?.as_move()?;
    let before = walk::position_before(game, at).ok()?;
    let played = walk::play(&before, mv, game.letters()).ok()?;
    Some(describe(&before, &played.mv, &played.after))
}

/// The position where a comment stands.
fn position_at(game: &ParsedGame, at: &CommentAt) -> Result<Position, walk::Stopped> {
    walk::position_in_line(game, &at.line, at.pairs_played())
}

/// A long or multi-line text shortened to one line for a hover title.
fn one_line(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.chars().count() > 120 {
        let cut: String = joined.chars().take(117).collect();
        format!("{cut}…")
    } else {
        joined
    }
}

fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.colour, piece.kind)
}

fn shade_of(colour: HexColour) -> HexShade {
    match colour {
        HexColour::White => HexShade::Light,
        HexColour::Black => HexShade::Dark,
        HexColour::Coloured => HexShade::Coloured,
    }
}

fn shade_name(shade: HexShade) -> &'static str {
    match shade {
        HexShade::Light => "white (light)",
        HexShade::Dark => "black (dark)",
        HexShade::Coloured => "coloured",
    }
}

/// The spec's rating NAGs; other numbers are the standard PGN glyphs' business.
fn nag_meaning(n: u32) -> String {
    let Some(rating) = Rating::from_nag(n) else {
        return ": a Numeric Annotation Glyph".to_string();
    };
    format!(": {} (`{rating}`)", rating.meaning())
}
