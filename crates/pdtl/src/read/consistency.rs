//! Checks of the fields against each other and against what a side can own (docs/RULES.md 6.4).

use cescacs_board::{Colour, Column, EnPassant, Hex, HexColour, Piece, PieceKind, Position};
use cescacs_diagnostics::{Diagnostic, Span};

use super::cx::{Cx, Field};
use super::fields::{Castling, EnPassantField};
use super::placement::Placement;
use crate::codes;

/// One King per side; at most 1 D, 1 V, 2 R, 2 G, 2 N, 11 P, 4 E and one Bishop per hex colour.
pub(crate) fn census(cx: &mut Cx<'_>, placement: &Placement, field: Field<'_>) {
    for colour in Colour::ALL {
        for kind in PieceKind::ALL {
            let n = placement.counts[colour.index()][kind.index()];
            let fine = match kind {
                PieceKind::King => n == 1,
                PieceKind::Bishop => placement.bishops_on[colour.index()].iter().all(|&b| b <= 1),
                _ => n <= 1 || n <= kind.initial_count(),
            };
            if fine {
                continue;
            }
            let spans: Vec<Span> = placement
                .pieces
                .iter()
                .filter(|(_, p, _)| *p == Piece::new(colour, kind))
                .map(|&(_, _, s)| s)
                .collect();
            let written = cx.letters.letter(Piece::new(colour, kind));
            match kind {
                PieceKind::King if spans.is_empty() && placement.dropped => {}
                PieceKind::King if spans.is_empty() => cx.diags.push(
                    Diagnostic::error(
                        codes::NO_KING,
                        field.span(),
                        format!("expected one {colour} King (`{written}`), found none"),
                    )
                    .with_primary_label("in this placement"),
                ),
                PieceKind::King if spans.len() > 1 => {
                    for &extra in &spans[1..] {
                        cx.diags.push(
                            Diagnostic::error(
                                codes::TWO_KINGS,
                                extra,
                                format!("expected one {colour} King, found {}", spans.len()),
                            )
                            .with_label(spans[0], "the first one"),
                        );
                    }
                }
                PieceKind::Bishop => bishops(cx, placement, colour),
                _ => {
                    let max = usize::from(kind.initial_count());
                    for &extra in spans.iter().skip(max) {
                        let plural = if max == 1 { kind.name().to_string() } else { plural(kind) };
                        cx.diags.push(
                            Diagnostic::error(
                                codes::TOO_MANY_PIECES,
                                extra,
                                format!(
                                    "expected at most {max} {colour} {plural}, found {}",
                                    spans.len()
                                ),
                            )
                            .with_label(spans[0], "the first one")
                            .with_note(
                                "promotion only brings back pieces a side has lost, so no side ever \
                                 has more than it starts with",
                            ),
                        );
                    }
                }
            }
        }
    }
}

fn plural(kind: PieceKind) -> String {
    match kind {
        PieceKind::Pegasus => "Pegasi".to_string(),
        k => format!("{}s", k.name()),
    }
}

fn bishops(cx: &mut Cx<'_>, placement: &Placement, colour: Colour) {
    for hex_colour in HexColour::ALL {
        let spans: Vec<(Hex, Span)> = placement
            .pieces
            .iter()
            .filter(|(h, p, _)| {
                *p == Piece::new(colour, PieceKind::Bishop) && h.colour() == hex_colour
            })
            .map(|&(h, _, s)| (h, s))
            .collect();
        for &(hex, extra) in spans.iter().skip(1) {
            cx.diags.push(
                Diagnostic::error(
                    codes::BISHOPS_SAME_COLOUR,
                    extra,
                    format!(
                        "expected at most one {colour} Bishop on {} hexes, found {} (this one on {hex})",
                        hex_colour.name(),
                        spans.len()
                    ),
                )
                .with_label(spans[0].1, format!("the first one, on {}", spans[0].0))
                .with_note("Bishops never change hex colour, and a side has one per colour"),
            );
        }
    }
}

pub(crate) fn home(colour: Colour, column: Column, white_line: u8) -> Hex {
    let line = if colour == Colour::White { white_line } else { 28 - white_line };
    Hex::from_coords(i32::from(column.index()), i32::from(line)).unwrap_or_else(|| {
        // The three home hexes (G1, C3, I3 and their mirrors) are on the board.
        unreachable!("home hexes exist")
    })
}

/// Whatever the castling field says is unmoved must stand on its home hex (docs/RULES.md 6.1, 6.4).
pub(crate) fn castling(cx: &mut Cx<'_>, position: &Position, field: &Castling) {
    for (colour, part) in field.parts.iter() {
        let colour = *colour;
        let checks = [
            (part.king, PieceKind::King, home(colour, Column::G, 1), "King"),
            (part.queens_rook, PieceKind::Rook, home(colour, Column::C, 3), "Queen's Rook"),
            (part.kings_rook, PieceKind::Rook, home(colour, Column::I, 3), "King's Rook"),
        ];
        for (span, kind, hex, name) in checks {
            let Some(span) = span else { continue };
            let wanted = Piece::new(colour, kind);
            let found = position.piece_at(hex);
            if found == Some(wanted) {
                continue;
            }
            let letter = cx.letters.letter(wanted);
            let help = if kind == PieceKind::King {
                format!("if the {colour} King has moved, write `-` for {colour}")
            } else {
                format!(
                    "if the {colour} {name} has moved or was captured, leave out its `{letter}`"
                )
            };
            cx.diags.push(
                Diagnostic::error(
                    codes::CASTLING_CONTRADICTS_BOARD,
                    span,
                    format!(
                        "expected the {colour} {name} on {hex} (this `{letter}` says it has never moved), found {}",
                        describe(cx, found)
                    ),
                )
                .with_help(help),
            );
        }
    }
}

pub(crate) fn describe(cx: &Cx<'_>, piece: Option<Piece>) -> String {
    match piece {
        None => "an empty hex".to_string(),
        Some(p) => format!("a {} {} (`{}`)", p.colour, p.kind, cx.letters.letter(p)),
    }
}

fn is_promotion_hex(hex: Hex, colour: Colour) -> bool {
    let (first, last) = hex.column().line_range();
    hex.line().number() == if colour == Colour::White { last } else { first }
}

fn triple_step_hexes(colour: Colour) -> [Hex; 8] {
    [(3, 4), (4, 5), (5, 6), (6, 7), (8, 7), (9, 6), (10, 5), (11, 4)].map(|(c, l)| {
        let l = if colour == Colour::White { l } else { 28 - l };
        Hex::from_coords(c, l).unwrap_or_else(|| unreachable!("triple-step hexes exist"))
    })
}

/// The en-passant or scornful field must describe the last move of the side not to move.
pub(crate) fn en_passant(cx: &mut Cx<'_>, position: &Position, field: &EnPassantField) {
    let pawn_hex = match field.value {
        EnPassant::None => return,
        EnPassant::Double { pawn, .. }
        | EnPassant::Triple { pawn, .. }
        | EnPassant::Scornful(pawn) => pawn,
    };
    let mover = !position.turn();
    let found = position.piece_at(pawn_hex);
    let triple = matches!(field.value, EnPassant::Triple { .. });
    let what =
        if matches!(field.value, EnPassant::Scornful(_)) { "scornful" } else { "en-passant" };
    let pawn_ok = match found {
        Some(Piece { colour, kind }) if colour == mover => {
            kind == PieceKind::Pawn
                || (!triple && kind.is_regainable() && is_promotion_hex(pawn_hex, mover))
        }
        _ => false,
    };
    if !pawn_ok {
        let turn = position.turn();
        let mut d = Diagnostic::error(
            codes::EN_PASSANT_NO_PAWN,
            field.hex_span,
            format!(
                "expected a {mover} pawn on {pawn_hex} ({turn} is to move, so {mover} made the last move), found {}",
                describe(cx, found)
            ),
        )
        .with_primary_label(format!("the {what} field names this hex"));
        if found.is_some_and(|p| p.colour == turn && p.kind == PieceKind::Pawn) {
            d = d.with_help(format!(
                "the field belongs to the move just made: with this pawn, the turn would be `{}`",
                mover.char()
            ));
        }
        cx.diags.push(d);
        return;
    }
    let f = mover.forward();
    let (c, l) = pawn_hex.coords();
    match field.value {
        EnPassant::Double { line, .. } => {
            let crossed = l - 2 * f;
            if i32::from(line.number()) != crossed {
                lines_error(cx, field, pawn_hex, &[crossed], "double");
                return;
            }
            step_path(cx, position, field, pawn_hex, 2);
        }
        EnPassant::Triple { lines, .. } => {
            let mut wanted = [l - 2 * f, l - 4 * f];
            wanted.sort_unstable();
            let given = lines.map(|x| i32::from(x.number()));
            if given != wanted {
                lines_error(cx, field, pawn_hex, &wanted, "triple");
                return;
            }
            let origin = Hex::from_coords(c, l - 6 * f);
            if let Some(origin) = origin.filter(|o| !triple_step_hexes(mover).contains(o)) {
                cx.diags.push(
                    Diagnostic::error(
                        codes::EN_PASSANT_LINES,
                        field.span,
                        format!(
                            "expected a triple step from one of {mover}'s triple-step hexes, found one from {origin}"
                        ),
                    )
                    .with_note(format!(
                        "{mover} may triple-step only from {}",
                        triple_step_hexes(mover).map(|h| h.to_string()).join(", ")
                    )),
                );
                return;
            }
            step_path(cx, position, field, pawn_hex, 3);
        }
        EnPassant::Scornful(_) => scornful(cx, position, field, pawn_hex, mover),
        EnPassant::None => {}
    }
}

fn lines_error(cx: &mut Cx<'_>, field: &EnPassantField, pawn: Hex, wanted: &[i32], step: &str) {
    let expected: Vec<String> = wanted.iter().map(i32::to_string).collect();
    let expected = expected.join("-");
    let found = &cx.text[field.lines_span.range()];
    let mut d = Diagnostic::error(
        codes::EN_PASSANT_LINES,
        field.lines_span,
        format!(
            "expected `{expected}`, the line(s) a {step} step to {pawn} crosses, found `{found}`"
        ),
    );
    if wanted.iter().all(|&l| (0..=28).contains(&l)) {
        d = d.with_fix(field.lines_span, expected);
    }
    cx.diags.push(d);
}

/// The crossed hexes and the origin of a double (`n` = 2) or triple (3) step must exist and be
/// empty.
fn step_path(cx: &mut Cx<'_>, position: &Position, field: &EnPassantField, pawn: Hex, n: i32) {
    let mover = !position.turn();
    let f = mover.forward();
    let (c, l) = pawn.coords();
    for k in 1..=n {
        let role = if k == n { "started there" } else { "crossed it" };
        match Hex::from_coords(c, l - 2 * k * f) {
            None => {
                cx.diags.push(Diagnostic::error(
                    codes::EN_PASSANT_LINES,
                    field.span,
                    format!(
                        "expected a step of {n} hexes that ends on {pawn}, found that its start would be off the board"
                    ),
                ));
                return;
            }
            Some(h) => {
                if let Some(p) = position.piece_at(h) {
                    cx.diags.push(
                        Diagnostic::error(
                            codes::EN_PASSANT_NOT_EMPTY,
                            field.span,
                            format!(
                                "expected {h} empty (the pawn now on {pawn} {role}), found {}",
                                describe(cx, Some(p))
                            ),
                        )
                        .with_note("the field records a pawn step of the last move"),
                    );
                }
            }
        }
    }
}

/// The enemy pawns a scornful pawn of `mover` on `pawn` may have faced before its oblique step
/// (origin empty, enemy pawn ahead of the origin), and each oblique step that ends there, in words.
pub(crate) fn scornful_faced(
    position: &Position,
    pawn: Hex,
    mover: Colour,
) -> (Vec<Hex>, Vec<String>) {
    let f = mover.forward();
    let (c, l) = pawn.coords();
    let enemy_pawn = Some(Piece::new(!mover, PieceKind::Pawn));
    let mut faced = Vec::new();
    let mut described = Vec::new();
    for dc in [-1, 1] {
        let (Some(origin), Some(facing)) =
            (Hex::from_coords(c + dc, l - f), Hex::from_coords(c + dc, l + f))
        else {
            continue;
        };
        described.push(format!("from {origin} facing {facing}"));
        if position.piece_at(origin).is_none() && position.piece_at(facing) == enemy_pawn {
            faced.push(facing);
        }
    }
    (faced, described)
}

fn scornful(
    cx: &mut Cx<'_>,
    position: &Position,
    field: &EnPassantField,
    pawn: Hex,
    mover: Colour,
) {
    let (faced, described) = scornful_faced(position, pawn, mover);
    match faced.len() {
        0 => cx.diags.push(
            Diagnostic::error(
                codes::SCORNFUL_IMPOSSIBLE,
                field.span,
                format!(
                    "expected a {} pawn that the {mover} pawn on {pawn} faced before its oblique step ({}: empty origin, enemy pawn ahead of it), found none",
                    !mover,
                    if described.is_empty() { "no oblique step ends here".to_string() } else { described.join(" or ") }
                ),
            )
            .with_help("write `-` if the last move was not a scornful move"),
        ),
        1 => {}
        _ => cx.diags.push(
            Diagnostic::warning(
                codes::SCORNFUL_AMBIGUOUS,
                field.span,
                format!(
                    "expected one pawn that may capture the scornful pawn on {pawn}, found two ({} and {}); either may",
                    faced[0], faced[1]
                ),
            )
            .with_note("PDTL cannot say which pawn was faced (docs/RULES.md, choice 3)"),
        ),
    }
}

/// The side that just moved may not have left its King in check (docs/RULES.md 6.4): with the other
/// side to move, that King could be taken. Needs exactly one King per side.
pub(crate) fn not_to_move_in_check(cx: &mut Cx<'_>, position: &Position, placement: &Placement) {
    let turn = position.turn();
    let checked = !turn;
    let king_of = |colour: Colour| {
        let one = placement.counts[colour.index()][PieceKind::King.index()] == 1;
        placement.kings[colour.index()].filter(|_| one)
    };
    let (Some((king, king_span)), Some(_)) = (king_of(checked), king_of(turn)) else { return };
    let checkers = position.checkers(checked);
    let Some(&first) = checkers.first() else { return };
    let mut d = Diagnostic::error(
        codes::NOT_TO_MOVE_IN_CHECK,
        king_span,
        format!(
            "expected the side not to move to be out of check, found {checked} in check while {turn} is to move ({checked} King on {king} attacked by {})",
            describe_at(cx, position, first)
        ),
    )
    .with_primary_label(format!("{turn} could take this King"));
    for &hex in &checkers {
        if let Some(&(_, _, span)) = placement.pieces.iter().find(|(h, _, _)| *h == hex) {
            d = d.with_label(span, format!("gives check from {hex}"));
        }
    }
    if checkers.len() > 1 {
        d = d.with_note(format!("{} pieces give check", checkers.len()));
    }
    // The usual slip is the turn letter: offer it when the other side is not in check itself.
    d = if position.checkers(turn).is_empty() {
        d.with_help(format!("if it is {checked}'s turn, the turn field is `{}`", checked.char()))
    } else {
        d.with_note(format!("{turn} is in check too: no turn makes this position legal"))
    };
    cx.diags.push(d);
}

fn describe_at(cx: &Cx<'_>, position: &Position, hex: Hex) -> String {
    match position.piece_at(hex) {
        Some(p) => format!("the {} {} (`{}`) on {hex}", p.colour, p.kind, cx.letters.letter(p)),
        None => format!("{hex}"),
    }
}
