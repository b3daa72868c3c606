//! The events of a parsed game, for the replay: the tree walked in text order (the inverse of
//! what the fast scanner's events rebuild).

use ctl_an::scan::Flow;
use ctl_an::syntax::{Pair, Ply, Variation};

use super::events::Replay;
use super::observer::Observer;
use crate::parsed::ParsedGame;

/// Tells `replay` every event of `game`, in text order: tags, the movetext, comments, pairs
/// (number, plies, the pair's comments, its variations), the result and the closing comments.
/// Stops early when the replay answers [`Flow::Fallback`].
///
/// A move with a syntax error inside (as [`ParsedGame::set_syntax_errors`] was told) is passed as
/// unreadable, so that it is not reported again.
pub(crate) fn walk<O: Observer>(game: &ParsedGame, replay: &mut Replay<'_, O>) -> Flow {
    let mut w = Walk { game, replay };
    w.game().map_or(Flow::Fallback, |()| Flow::Continue)
}

struct Walk<'a, 'r, 't, O> {
    game: &'a ParsedGame,
    replay: &'r mut Replay<'t, O>,
}

/// `?` on a [`Flow`].
fn go(flow: Flow) -> Option<()> {
    (flow == Flow::Continue).then_some(())
}

impl<O: Observer> Walk<'_, '_, '_, O> {
    fn game(&mut self) -> Option<()> {
        for t in self.game.tags() {
            go(self.replay.tag(&t.name, t.name_span, &t.value, t.value_span, t.span))?;
        }
        go(self.replay.movetext())?;
        let mt = self.game.movetext();
        for c in &mt.comments {
            go(self.replay.comment(c))?;
        }
        self.pairs(&mt.pairs)?;
        if let Some(result) = mt.result {
            go(self.replay.result(result))?;
        }
        for c in &mt.closing_comments {
            go(self.replay.comment(c))?;
        }
        Some(())
    }

    fn pairs(&mut self, pairs: &[Pair]) -> Option<()> {
        for pair in pairs {
            go(self.replay.number(pair.number))?;
            self.ply(&pair.white)?;
            match &pair.black {
                None => {}
                // `…` in Black's place is held only with a syntax error: the line stops.
                Some(Ply::Omitted(span)) => go(self.replay.invalid(*span))?,
                Some(black) => self.ply(black)?,
            }
            for c in &pair.comments {
                go(self.replay.comment(c))?;
            }
            for v in &pair.variations {
                self.variation(v)?;
            }
        }
        Some(())
    }

    fn ply(&mut self, ply: &Ply) -> Option<()> {
        go(match ply {
            Ply::Move(m) => self.replay.mv(m, !self.game.has_syntax_error_in(m.span)),
            Ply::Omitted(span) => self.replay.omitted(*span),
            Ply::Invalid { span, .. } => self.replay.invalid(*span),
        })
    }

    fn variation(&mut self, v: &Variation) -> Option<()> {
        go(self.replay.begin_variation(v.label))?;
        for c in &v.comments {
            go(self.replay.comment(c))?;
        }
        self.pairs(&v.pairs)?;
        go(self.replay.end_variation())
    }
}
