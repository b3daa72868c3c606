//! The decorations of a game written with [`Features`](crate::Features): comments with
//! references, labelled and nested variations, ratings and NAGs, letters.

use std::fmt::Write as _;

use cescacs_board::{BoardMove, Colour, HexColour, Letters, Piece, PieceKind, Position};

use crate::features::Features;
use crate::rng::Rng;
use crate::style::{Style, write_move};
use crate::words::{PHRASES, REDEFINES, RICH_RATINGS};

/// The decorations of a game written with [`Features`], and what its references may name.
pub(crate) struct Rich {
    pub(crate) features: Features,
    /// The decorations' random stream (never the moves').
    pub(crate) rng: Rng,
    /// The game's letters (standard, FAN or a `[Redefine]` set).
    pub(crate) letters: Letters,
    /// The labelled variations written so far.
    labels: Vec<Labelled>,
    /// The last label given.
    label: u32,
}

/// A labelled variation: its chain of `(move number, label)` from the main line (outermost
/// first, labelled variations only, as references name them), and its pairs (number, whether
/// White's move is written, whether Black's is).
struct Labelled {
    path: Vec<(u32, u32)>,
    pairs: Vec<(u32, bool, bool)>,
}

/// The letters of a game of [`Features::letters`]: FAN, a `[Redefine]` set or the standard
/// ones.
fn pick_letters(rng: &mut Rng) -> Letters {
    match rng.below(5) {
        0 => Letters::fan(),
        1 => Letters::from_redefine(REDEFINES[rng.below(REDEFINES.len())])
            .unwrap_or_else(|_| Letters::standard()),
        _ => Letters::standard(),
    }
}

/// Where a comment of the main line is written: after the pair `number` (both its moves), in
/// a game whose first pair is `first_number`, with White's move left out if `black_starts`.
#[derive(Clone, Copy)]
pub(crate) struct Here {
    pub(crate) number: u32,
    pub(crate) first_number: u32,
    pub(crate) black_starts: bool,
}

impl Rich {
    /// The decorations of the game whose moves draw from `stream`: their own random stream,
    /// derived from it, so that the moves (and the plain choices) never see it.
    pub(crate) fn new(features: &Features, stream: u64) -> Rich {
        let mut decor = Rng(stream ^ 0x5249_4348_5249_4348);
        decor.next();
        let letters = if features.letters { pick_letters(&mut decor) } else { Letters::standard() };
        Rich { features: *features, rng: decor, letters, labels: Vec::new(), label: 0 }
    }

    /// A rating and NAGs after a move now and then ([`Features::marks`]).
    pub(crate) fn marks(&mut self, suffix: &mut String) {
        if !self.features.marks {
            return;
        }
        if suffix.is_empty() && self.rng.chance(10) {
            suffix.push(' ');
            suffix.push_str(RICH_RATINGS[self.rng.below(RICH_RATINGS.len())]);
        }
        if self.rng.chance(6) {
            for _ in 0..self.rng.below(2) + 1 {
                let _ = write!(suffix, " ${}", self.rng.below(139) + 1);
            }
        }
    }

    /// The letter of a piece in this game's letters, as references write it.
    pub(crate) fn piece_letter(&self, piece: Piece) -> char {
        self.letters.letter(piece)
    }

    /// A comment with references, written after the pair `here.number` of the main line: the
    /// last move `m` (played by `mover`, giving `after`) names its hex and its piece.
    pub(crate) fn comment(
        &mut self,
        after: &Position,
        m: &BoardMove,
        mover: Colour,
        here: Here,
    ) -> String {
        let phrase = PHRASES[self.rng.below(PHRASES.len())];
        let to = m.to();
        let piece = after.piece_at(to);
        let piece_ref = match piece {
            Some(pc) if pc.kind == PieceKind::Bishop && self.rng.chance(50) => {
                let shade = match to.colour() {
                    HexColour::Black => 'd',
                    HexColour::White => 'l',
                    HexColour::Coloured => 'c',
                };
                format!("~{}[{shade}]", self.piece_letter(pc))
            }
            Some(pc) => format!("~{}{to}", self.piece_letter(pc)),
            None => format!("~{to}"),
        };
        let king = self.piece_letter(Piece::new(mover.opponent(), PieceKind::King));
        // A move already played: a pair from the first to this one, and one of its plies.
        let k = here.first_number
            + self.rng.below((here.number - here.first_number + 1) as usize) as u32;
        let white_written = k > here.first_number || !here.black_starts;
        let player = match self.rng.below(3) {
            0 if white_written => "@W",
            1 => "@B",
            _ => "",
        };
        let who = if mover == Colour::White { "@W" } else { "@B" };
        let mut text = match self.rng.below(4) {
            0 => format!("{{ {who}: {piece_ref} {phrase} ~{to}; see #{k}{player} }}"),
            1 => format!("{{: ${} after #{k}{player}, {piece_ref} }}", self.rng.below(139) + 1),
            2 => format!("{{ ~{king} {phrase} {piece_ref}, @W and @B agree since #{k} }}"),
            _ => format!("{{ {piece_ref} {phrase} #{k}{player} }}"),
        };
        if let Some(label) = self.label_reference() {
            text.insert_str(text.len() - 1, &format!("; compare {label} "));
        }
        text
    }

    /// A reference to a labelled variation written so far, in one of the spec's forms
    /// (`#12.2`, `#14[#12.2]`, `#14[#12.2]@W`, `#16[#14.1#12.2]`), if there is one.
    fn label_reference(&mut self) -> Option<String> {
        if self.labels.is_empty() || self.rng.chance(40) {
            return None;
        }
        let l = &self.labels[self.rng.below(self.labels.len())];
        // Innermost first, as the spec writes a path.
        let path: String = l.path.iter().rev().map(|(n, label)| format!("#{n}.{label}")).collect();
        let (n, white, black) = l.pairs[self.rng.below(l.pairs.len())];
        Some(match self.rng.below(3) {
            0 if l.path.len() == 1 => path,
            1 if white => format!("#{n}[{path}]@W"),
            1 if black => format!("#{n}[{path}]@B"),
            _ => format!("#{n}[{path}]"),
        })
    }

    /// A variation from `from` (the position before the move it replaces, of pair `number`),
    /// starting with `alt` and going on a few moves; maybe labelled, maybe holding a nested
    /// one after its first pair, maybe with nesting dots and a comment. `path` is the chain of
    /// labelled variations it is written in.
    pub(crate) fn variation(
        &mut self,
        style: &Style,
        from: &Position,
        number: u32,
        alt: BoardMove,
        depth: usize,
        path: &[(u32, u32)],
    ) -> String {
        let mut plies: Vec<(Position, BoardMove)> = vec![(from.clone(), alt)];
        let mut p = from.play_unchecked(&alt);
        for _ in 0..self.rng.below(4) {
            let moves = p.legal_board_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = moves[self.rng.below(moves.len())];
            let next = p.play_unchecked(&m);
            plies.push((p, m));
            p = next;
        }
        let label = self.rng.chance(60).then(|| {
            self.label += 1;
            self.label
        });
        let mut chain = path.to_vec();
        if let Some(l) = label {
            chain.push((number, l));
        }
        let dots = ".".repeat(depth);
        let dotted = self.rng.chance(50);
        let mut items: Vec<String> = Vec::new();
        let mut pairs = Vec::new();
        let mut n = number;
        let mut i = 0;
        while i < plies.len() {
            let (pos, m) = &plies[i];
            let text = write_move(pos, m, style, &self.letters);
            let pair = if pos.turn() == Colour::White {
                match plies.get(i + 1) {
                    Some((pos2, m2)) => {
                        i += 1;
                        pairs.push((n, true, true));
                        format!("{n}. {text}, {}", write_move(pos2, m2, style, &self.letters))
                    }
                    None => {
                        pairs.push((n, true, false));
                        format!("{n}. {text}")
                    }
                }
            } else {
                pairs.push((n, false, true));
                format!("{n}. {}, {text}", style.ellipsis)
            };
            items.push(pair);
            let (last_pos, last_move) = &plies[i];
            i += 1;
            if items.len() == 1 && depth < 3 && self.rng.chance(40) {
                // A nested variation: another move instead of the first pair's last one.
                let others: Vec<BoardMove> =
                    last_pos.legal_board_moves().into_iter().filter(|a| a != last_move).collect();
                if !others.is_empty() {
                    let other = others[self.rng.below(others.len())];
                    let nested = self.variation(style, last_pos, n, other, depth + 1, &chain);
                    items.push(nested);
                }
            }
            if self.features.comments && self.rng.chance(20) {
                let to = last_move.to();
                items.push(format!("{{ ~{to} after #{n}, @W to think }}"));
            }
            n += 1;
        }
        if label.is_some() {
            self.labels.push(Labelled { path: chain, pairs });
        }
        let mut out = String::from("(");
        if let Some(l) = label {
            let _ = write!(out, "$[{l}] ");
        }
        for (k, item) in items.iter().enumerate() {
            if k > 0 {
                out.push(' ');
                if dotted {
                    out.push_str(&dots);
                }
            }
            out.push_str(item);
        }
        out.push(')');
        out
    }
}
