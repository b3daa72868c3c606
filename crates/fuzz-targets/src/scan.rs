//! The contract of the fast path `ctl_an::scan::game`: when it reads a text, the full reader
//! reads the same text as exactly one non-empty game without any diagnostic, and the events
//! rebuild that game's tree exactly (spans included).

use ctl_an::Limits;
use ctl_an::scan::{CommentEvent, Flow, TagEvent, Visitor};
use ctl_an::syntax::{
    Comment, GameResult, Move, Movetext, Pair, PairNumber, Ply, Record, Reference, Spanned, Tag,
    Variation,
};
use ctl_an::{GameOutput, Span};

/// One line being rebuilt: the main line (first) or an open variation.
#[derive(Debug, Default)]
struct Line {
    open: usize,
    label: Option<Spanned<u32>>,
    comments: Vec<Comment>,
    pairs: Vec<Pair>,
    /// Whether the last pair has its White ply yet.
    white_set: bool,
}

/// A visitor that rebuilds the tree the full reader would build from the events, or says
/// where the events broke the order the scanner promises.
#[derive(Debug, Default)]
pub struct Rebuild {
    tags: Vec<Tag>,
    movetext: Option<Span>,
    lines: Vec<Line>,
    result: Option<Spanned<GameResult>>,
    closing_comments: Vec<Comment>,
    /// The first event out of order, if any.
    pub broken: Option<String>,
}

impl Rebuild {
    fn line(&mut self) -> &mut Line {
        if self.lines.is_empty() {
            self.lines.push(Line::default());
        }
        let n = self.lines.len();
        &mut self.lines[n - 1]
    }

    fn broken(&mut self, what: &str) -> Flow {
        self.broken.get_or_insert_with(|| what.to_string());
        Flow::Continue
    }

    fn ply(&mut self, ply: Ply) -> Flow {
        let line = self.line();
        let white_set = line.white_set;
        let Some(pair) = line.pairs.last_mut() else { return self.broken("a ply before a number") };
        pair.span = Span::new(pair.span.start, ply.span().end);
        if !white_set {
            pair.white = ply;
            line.white_set = true;
        } else if pair.black.is_none() {
            pair.black = Some(ply);
        } else {
            return self.broken("a third ply in a pair");
        }
        Flow::Continue
    }

    /// The game the events told, if they were in order.
    pub fn game(mut self) -> Result<Record, String> {
        if let Some(b) = self.broken {
            return Err(b);
        }
        if self.lines.len() > 1 {
            return Err("a variation left open".into());
        }
        let main = self.lines.pop().unwrap_or_default();
        let span = self.movetext.ok_or("no movetext event")?;
        let movetext = Movetext {
            span,
            comments: main.comments,
            pairs: main.pairs,
            result: self.result,
            closing_comments: self.closing_comments,
        };
        let first = self.tags.first().map_or(span.start, |t| t.span.start);
        let last = if span.is_empty() {
            self.tags.last().map_or(span.end, |t| t.span.end)
        } else {
            span.end
        };
        Ok(Record { span: Span::new(first, last.max(first)), tags: self.tags, movetext })
    }
}

impl Visitor for Rebuild {
    fn tag(&mut self, tag: TagEvent<'_>) -> Flow {
        if self.movetext.is_some() {
            return self.broken("a tag in the movetext");
        }
        self.tags.push(Tag {
            span: tag.span,
            name: tag.name.to_string(),
            name_span: tag.name_span,
            value: tag.value.to_string(),
            value_span: tag.value_span,
        });
        Flow::Continue
    }

    fn movetext(&mut self, span: Span) -> Flow {
        if self.movetext.replace(span).is_some() {
            return self.broken("two movetexts");
        }
        Flow::Continue
    }

    fn comment(&mut self, event: &CommentEvent<'_>) -> Flow {
        let comment = event.to_comment();
        let wanted = comment
            .references
            .iter()
            .filter(|r| matches!(r.value, Reference::Move { .. } | Reference::Variation(_)));
        if !event.move_references.iter().eq(wanted) {
            return self.broken("a comment's move references not those of its references");
        }
        // After the result (whether or not a pair came first), comments close the game.
        if self.lines.len() <= 1 && self.result.is_some() {
            self.closing_comments.push(comment);
            return Flow::Continue;
        }
        let line = self.line();
        match line.pairs.last_mut() {
            Some(p) => p.comments.push(comment),
            None => line.comments.push(comment),
        }
        Flow::Continue
    }

    fn number(&mut self, number: PairNumber) -> Flow {
        let line = self.line();
        line.pairs.push(Pair {
            span: number.span,
            number,
            white: Ply::Omitted(Span::default()),
            black: None,
            comments: Vec::new(),
            variations: Vec::new(),
        });
        line.white_set = false;
        Flow::Continue
    }

    fn omitted(&mut self, span: Span) -> Flow {
        self.ply(Ply::Omitted(span))
    }

    fn mv(&mut self, mv: &Move) -> Flow {
        self.ply(Ply::Move(mv.clone()))
    }

    fn begin_variation(&mut self, span_start: usize, label: Option<Spanned<u32>>) -> Flow {
        self.lines.push(Line { open: span_start, label, ..Line::default() });
        Flow::Continue
    }

    fn end_variation(&mut self, span: Span) -> Flow {
        if self.lines.len() < 2 {
            return self.broken("a variation closed that was not open");
        }
        let line = self.lines.pop().unwrap_or_default();
        if line.open != span.start {
            return self.broken("a variation closed at another start");
        }
        let v = Variation {
            span,
            label: line.label,
            comments: line.comments,
            pairs: line.pairs,
            closed: true,
        };
        match self.line().pairs.last_mut() {
            Some(p) => p.variations.push(v),
            None => return self.broken("a variation before any pair"),
        }
        Flow::Continue
    }

    fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        if self.result.replace(result).is_some() {
            return self.broken("two results");
        }
        Flow::Continue
    }
}

/// What the full reader gives for `text`: its one non-empty game, if it gives exactly one
/// and no diagnostic at all.
pub fn clean_game(text: &str, limits: &Limits) -> Option<Record> {
    let outputs: Vec<GameOutput> = ctl_an::games_with(text, limits).collect();
    if outputs.iter().any(|g| !g.diagnostics.is_empty()) {
        return None;
    }
    let mut games = outputs.into_iter().filter(|g| !g.game.is_empty());
    let game = games.next()?;
    games.next().is_none().then_some(game.game)
}

/// Scans `text`; when the scanner reads it, panics unless the contract holds. Returns whether
/// it read it.
pub fn scan_text(text: &str, limits: &Limits) -> bool {
    let mut rebuild = Rebuild::default();
    if ctl_an::scan::game(text, limits, &mut rebuild).is_err() {
        return false;
    }
    let outputs: Vec<GameOutput> = ctl_an::games_with(text, limits).collect();
    let diagnostics: Vec<_> = outputs.iter().flat_map(|g| &g.diagnostics).collect();
    assert!(
        diagnostics.is_empty(),
        "the scanner read a text the full reader reports: {diagnostics:#?}\n{text:?}"
    );
    let games: Vec<&Record> =
        outputs.iter().filter(|g| !g.game.is_empty()).map(|g| &g.game).collect();
    assert_eq!(games.len(), 1, "the scanner read one game, the reader {}:\n{text:?}", games.len());
    let rebuilt = rebuild.game().unwrap_or_else(|e| panic!("events out of order: {e}\n{text:?}"));
    assert_eq!(&rebuilt, games[0], "the events differ from the tree:\n{text:?}");
    true
}

/// Scans `text` as [`scan_text`] does, and panics too when the scanner falls back on a text
/// the full reader reads as one game without a diagnostic: the scanner must read every such
/// text. Returns whether it read it.
pub fn scan_complete(text: &str, limits: &Limits) -> bool {
    let read = scan_text(text, limits);
    assert!(
        read || clean_game(text, limits).is_none(),
        "the full reader reads this text cleanly but the scanner fell back ({limits:?}):\n{text:?}"
    );
    read
}

/// The fuzz entry point: any bytes, read as one game with the default limits (the scanner
/// reads it exactly when the full reader reads it cleanly) and with tight ones (the scanner
/// must fall back before any limit could be reached).
pub fn scan(data: &[u8]) {
    let text = crate::input::text_of(data);
    scan_complete(&text, &Limits::DEFAULT);
    let tight = Limits {
        nesting: 1,
        comment_bytes: 24,
        line_bytes: 40,
        tags: 2,
        plies: 3,
        pairs: 3,
        variations: 1,
        strays: 1,
    };
    scan_text(&text, &tight);
}
