//! `read(write(p)) == p` over random valid positions, and the reader's robustness on any input.

use cescacs_board::{
    CastlingRights, Colour, EnPassant, Hex, Letters, Line, MoveNumber, Piece, PieceKind, Position,
};
use proptest::prelude::*;

fn hex(i: usize) -> Hex {
    Hex::from_index(i % 169).unwrap()
}

fn at(c: i32, l: i32) -> Option<Hex> {
    Hex::from_coords(c, l)
}

/// Whether a side may add one more piece of a kind on `h` (docs/RULES.md 6.4 limits).
fn may_add(p: &Position, piece: Piece, h: Hex) -> bool {
    let same = p.pieces().filter(|&(_, q)| q == piece);
    if piece.kind == PieceKind::Bishop {
        return !same.into_iter().any(|(b, _)| b.colour() == h.colour());
    }
    same.count() < usize::from(piece.kind.initial_count())
}

fn mirror(colour: Colour, white_line: i32) -> i32 {
    if colour == Colour::White { white_line } else { 28 - white_line }
}

#[allow(clippy::type_complexity)]
fn position() -> impl Strategy<Value = Position> {
    (
        (any::<bool>(), 0usize..169, any::<bool>(), 0usize..169),
        prop::collection::vec((0usize..169, any::<bool>(), 0usize..8), 0..70),
        (any::<bool>(), any::<[bool; 6]>()),
        (0u8..4, 0usize..169, any::<bool>(), 0usize..8),
        (0u32..300, prop::option::of(1u32..5000)),
    )
        .prop_map(
            |(kings, others, (turn, castle), (ep_kind, ep_hex, ep_side, ep_pick), counters)| {
                let mut p = Position::empty();
                let (wk_home, wk, bk_home, bk) = kings;
                let wk = if wk_home { at(8, 1).unwrap() } else { hex(wk) };
                let mut bk = if bk_home { at(8, 27).unwrap() } else { hex(bk) };
                if bk == wk {
                    bk = hex(wk.index() + 1);
                }
                p.set_piece(wk, Some(Piece::new(Colour::White, PieceKind::King)));
                p.set_piece(bk, Some(Piece::new(Colour::Black, PieceKind::King)));
                for (i, white, k) in others {
                    let h = hex(i);
                    let colour = if white { Colour::White } else { Colour::Black };
                    let kind = PieceKind::ALL[k]; // never the King (index 8)
                    let piece = Piece::new(colour, kind);
                    if p.piece_at(h).is_none() && may_add(&p, piece, h) {
                        p.set_piece(h, Some(piece));
                    }
                }
                let turn = if turn { Colour::White } else { Colour::Black };
                p.set_turn(turn);
                for (n, colour) in Colour::ALL.into_iter().enumerate() {
                    // Put the Rooks home now and then, so that castling rights get exercised.
                    for (bit, c) in [(1, 4), (2, 10)] {
                        let home = at(c, mirror(colour, 3)).unwrap();
                        let rook = Piece::new(colour, PieceKind::Rook);
                        if castle[3 * n + bit]
                            && p.piece_at(home).is_none()
                            && may_add(&p, rook, home)
                        {
                            p.set_piece(home, Some(rook));
                        }
                    }
                }
                // docs/RULES.md 6.4: the side that just moved is not in check. Take off the pieces
                // that give check (adjacent Kings are left to the filter below).
                while let Some(&h) = p.checkers(!turn).first() {
                    if p.piece_at(h).is_some_and(|x| x.kind == PieceKind::King) {
                        break;
                    }
                    p.set_piece(h, None);
                }
                for (n, colour) in Colour::ALL.into_iter().enumerate() {
                    let on = |c: i32, l: i32, kind| {
                        p.piece_at(at(c, mirror(colour, l)).unwrap())
                            == Some(Piece::new(colour, kind))
                    };
                    let king = castle[3 * n] && on(8, 1, PieceKind::King);
                    let rights = CastlingRights {
                        king_unmoved: king,
                        queens_rook: king && castle[3 * n + 1] && on(4, 3, PieceKind::Rook),
                        kings_rook: king && castle[3 * n + 2] && on(10, 3, PieceKind::Rook),
                    };
                    p.set_castling(colour, rights);
                }
                let (clock, number) = counters;
                p.set_halfmove_clock(clock);
                p.set_move_number(
                    number.and_then(MoveNumber::known).unwrap_or(MoveNumber::Unknown),
                );
                let _ = ep_side;
                if let Some(q) = with_en_passant(&p, ep_kind, hex(ep_hex), ep_pick) {
                    p = q;
                }
                p
            },
        )
        .prop_filter("the side not to move is in check", |p| p.checkers(!p.turn()).is_empty())
}

/// Tries to give the position an en-passant or scornful field that fits the board, changing only
/// hexes that hold no King or castling piece; `None` when that does not work out.
fn with_en_passant(p: &Position, kind: u8, h: Hex, pick: usize) -> Option<Position> {
    let mover = !p.turn();
    let f = mover.forward();
    let pawn = Piece::new(mover, PieceKind::Pawn);
    let mut q = p.clone();
    let clear = |q: &mut Position, h: Hex| -> Option<()> {
        match q.piece_at(h) {
            Some(x) if x.kind == PieceKind::King || x.kind == PieceKind::Rook => None,
            _ => {
                q.set_piece(h, None);
                Some(())
            }
        }
    };
    let put = |q: &mut Position, h: Hex, piece: Piece| -> Option<()> {
        clear(q, h)?;
        if !may_add(q, piece, h) {
            return None;
        }
        q.set_piece(h, Some(piece));
        Some(())
    };
    let (c, l) = h.coords();
    let field = match kind {
        0 => return None,
        1 => {
            at(c, l - 4 * f)?;
            clear(&mut q, at(c, l - 2 * f)?)?;
            clear(&mut q, at(c, l - 4 * f)?)?;
            put(&mut q, h, pawn)?;
            EnPassant::Double { pawn: h, line: Line::new((l - 2 * f) as u8)? }
        }
        2 => {
            let (tc, tl) = [(3, 4), (4, 5), (5, 6), (6, 7), (8, 7), (9, 6), (10, 5), (11, 4)][pick];
            let origin = at(tc, mirror(mover, tl))?;
            let (c, l) = origin.coords();
            let to = at(c, l + 6 * f)?;
            for k in 0..3 {
                clear(&mut q, at(c, l + 2 * k * f)?)?;
            }
            put(&mut q, to, pawn)?;
            let a = Line::new((l + 2 * f) as u8)?;
            let b = Line::new((l + 4 * f) as u8)?;
            EnPassant::Triple { pawn: to, lines: [a.min(b), a.max(b)] }
        }
        _ => {
            let dc = if pick % 2 == 0 { 1 } else { -1 };
            clear(&mut q, at(c + dc, l - f)?)?;
            put(&mut q, at(c + dc, l + f)?, Piece::new(!mover, PieceKind::Pawn))?;
            put(&mut q, h, pawn)?;
            EnPassant::Scornful(h)
        }
    };
    // The changes may have taken a castling piece or a King off; start again from scratch then.
    if q.king(Colour::White).is_none() || q.king(Colour::Black).is_none() {
        return None;
    }
    for colour in Colour::ALL {
        if q.castling(colour) != p.castling(colour) {
            return None;
        }
    }
    // The new pawns (or the hexes cleared for the step) may give check to the side that moved.
    if !q.checkers(mover).is_empty() {
        return None;
    }
    q.set_en_passant(field);
    q.set_halfmove_clock(0);
    Some(q)
}

fn tables() -> [Letters; 4] {
    [
        Letters::standard(),
        Letters::fan(),
        Letters::from_redefine("B@J, W@V, Q@D").unwrap(),
        Letters::from_redefine("L@J, S@N, T@R, W@V").unwrap(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn read_write_round_trips(p in position(), t in 0usize..4) {
        let letters = &tables()[t];
        let text = pdtl::write(&p, letters);
        let r = pdtl::read(&text, letters);
        // A scornful field may fit two facing pawns; that warning is the only one allowed.
        let unexpected: Vec<_> = r.diagnostics.iter().filter(|d| d.code != "W0110").collect();
        prop_assert!(unexpected.is_empty(), "{text}: {unexpected:?}");
        prop_assert_eq!(r.position.as_ref(), Some(&p), "{}", text);
        prop_assert_eq!(pdtl::write(&p, letters), text);
    }

    /// The official app's dialect round-trips too (docs/APP.md): only the guesses its text
    /// needs may warn (`W0114`: `KR` with both Rooks home), and the position comes back whole.
    #[test]
    fn app_dialect_round_trips(p in position(), t in 0usize..4) {
        let letters = &tables()[t];
        let text = pdtl::write_in(&p, letters, pdtl::Dialect::App);
        let r = pdtl::read_in(&text, letters, pdtl::Dialect::App);
        let unexpected: Vec<_> =
            r.diagnostics.iter().filter(|d| !matches!(d.code, "W0110" | "W0114")).collect();
        prop_assert!(unexpected.is_empty(), "{text}: {unexpected:?}");
        prop_assert_eq!(r.position.as_ref(), Some(&p), "{}", text);
    }

    /// Line entries in any order (the app's "Load new" places each on its line): the same
    /// position, with `W0118` for each entry below a lower line, and nothing else new.
    #[test]
    fn app_dialect_reads_line_entries_in_any_order(
        p in position(),
        t in 0usize..4,
        order in prop::collection::vec(any::<prop::sample::Index>(), 29),
    ) {
        let letters = &tables()[t];
        let text = pdtl::write_in(&p, letters, pdtl::Dialect::App);
        let (placement, rest) = text.split_once(' ').unwrap();
        let mut entries: Vec<&str> =
            placement.trim_matches('/').split('/').collect();
        for (i, at) in order.iter().enumerate().take(entries.len()) {
            let j = at.index(entries.len());
            entries.swap(i, j);
        }
        let shuffled = format!("/{}/ {rest}", entries.join("/"));
        let r = pdtl::read_in(&shuffled, letters, pdtl::Dialect::App);
        let unexpected: Vec<_> = r
            .diagnostics
            .iter()
            .filter(|d| !matches!(d.code, "W0110" | "W0114" | "W0118"))
            .collect();
        prop_assert!(unexpected.is_empty(), "{shuffled}: {unexpected:?}");
        prop_assert_eq!(r.position.as_ref(), Some(&p), "{}", shuffled);
        let descending = entries
            .windows(2)
            .all(|w| {
                let n = |e: &str| e.split(':').next().unwrap().parse::<u8>().unwrap();
                n(w[0]) > n(w[1])
            });
        let reordered = r.diagnostics.iter().any(|d| d.code == "W0118");
        prop_assert_eq!(reordered, !descending, "{}", shuffled);
    }

    #[test]
    fn reading_anything_never_panics_and_spans_stay_on_char_boundaries(
        s in "[/0-9:a-zA-Z@ ?♔♚🩐‐,\\[\\]-]{0,60}"
    ) {
        for (letters, dialect) in tables().into_iter().flat_map(|l| {
            [(l.clone(), pdtl::Dialect::Spec), (l, pdtl::Dialect::App)]
        }) {
            let r = match dialect {
                pdtl::Dialect::Spec => pdtl::read(&s, &letters),
                pdtl::Dialect::App => pdtl::read_in(&s, &letters, dialect),
            };
            prop_assert_eq!(r.position.is_some(), !r.has_errors());
            for d in &r.diagnostics {
                prop_assert!(d.span.end <= s.len());
                prop_assert!(s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end));
                for l in &d.labels {
                    prop_assert!(s.is_char_boundary(l.span.start) && s.is_char_boundary(l.span.end));
                }
            }
            if let Some(p) = r.position {
                // Whatever was accepted writes out as a string that reads back to the same position.
                let again = pdtl::read(&pdtl::write(&p, &letters), &letters);
                prop_assert_eq!(again.position, Some(p));
            }
        }
    }
}

#[test]
fn generator_covers_every_field_shape() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = [0usize; 4];
    let mut castling = 0;
    for _ in 0..2000 {
        let p = position().new_tree(&mut runner).unwrap().current();
        let i = match p.en_passant() {
            EnPassant::None => 0,
            EnPassant::Double { .. } => 1,
            EnPassant::Triple { .. } => 2,
            EnPassant::Scornful(_) => 3,
        };
        seen[i] += 1;
        castling += usize::from(p.castling(Colour::White).queens_rook);
    }
    assert!(seen.iter().all(|&n| n >= 20), "{seen:?}");
    assert!(castling >= 10, "{castling}");
}
