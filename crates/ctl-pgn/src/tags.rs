//! Tag linting: the first tag, tag order and the value formats of the spec's tags (docs/DECISIONS.md 4),
//! dates checked against the calendar ([`TagDate`], `W0320`).
//!
//! The order rules are the spec's ("Labels"): a registered game has its game record (`Event`,
//! `Site`, `Date`, `Round`, `White`/`WhiteNA`, `WhiteAlias`, `Black`/`BlackNA`, `BlackAlias`,
//! `Result`) right after `Variant` and in that order (`W0301`, `W0307`); a minimalist record has
//! `Id` second and its publisher's `Annotator` third (`W0308`, `W0319`); `Title` follows `Lang`
//! (`W0309`); repeated `Annotator` and `Example` tags are consecutive (`W0302`); `Redefine` comes
//! just before `PDTL`, else last (`W0303`); `PDTL` is last (`W0304`).
//!
//! Only a wrong `[Variant "C'escacs"]` value is an error; every other finding is a warning, because
//! the spec's own examples bend the order rules and a reader must stay forgiving (docs/DECISIONS.md 2).

use cescacs_diagnostics::codes::tags as codes;
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::GameResult;

mod date;
pub use date::{Day, NoSuchDay, TagDate};

/// One tag as written: its name and its (unescaped) value, with spans into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagRef<'a> {
    /// The tag name, e.g. `Event`.
    pub name: &'a str,
    /// Where the name is.
    pub name_span: Span,
    /// The value with its escapes resolved.
    pub value: &'a str,
    /// Where the value is, quotes excluded.
    pub value_span: Span,
    /// The whole tag, brackets included.
    pub span: Span,
}

/// The variant this toolkit reads.
pub const VARIANT: &str = "C'escacs";

/// The tags of a game record (the seven-tag roster after `Variant`, and the players' aliases),
/// with their rank in the spec's order. `WhiteNA`/`BlackNA` stand in for `White`/`Black`; an alias
/// comes right after its player's tag (the spec: "If the WhiteAlias label is used, it will be the
/// eighth label").
const ROSTER: [(&str, u8); 11] = [
    ("Event", 0),
    ("Site", 1),
    ("Date", 2),
    ("Round", 3),
    ("White", 4),
    ("WhiteNA", 4),
    ("WhiteAlias", 5),
    ("Black", 6),
    ("BlackNA", 6),
    ("BlackAlias", 7),
    ("Result", 8),
];

/// The roster tags that identify a registered game. `Date` and `Result` may also appear in a
/// minimalist record (after its `Id`), so they alone do not make a record a registered game.
const IDENTIFYING: [&str; 9] =
    ["Event", "Site", "Round", "White", "WhiteNA", "WhiteAlias", "Black", "BlackNA", "BlackAlias"];

/// Every tag the spec names (and `DPTL`, the spec examples' misspelling of `PDTL`); used to
/// catch near misses such as `Timecontrol`, and to complete tag names in an editor.
pub const KNOWN: [&str; 30] = [
    "Variant",
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Id",
    "Annotator",
    "AnnotatorId",
    "EventDate",
    "MatchDate",
    "Termination",
    "Lang",
    "Title",
    "Revisited",
    "Model",
    "Mode",
    "WhiteType",
    "BlackType",
    "TimeControl",
    "WhiteNA",
    "BlackNA",
    "WhiteAlias",
    "BlackAlias",
    "Example",
    "Redefine",
    "PDTL",
    "DPTL",
];

/// Tags that may be repeated (the spec: "Annotator ... together with the Example label, these are the
/// only label identifiers that can be repeated").
const REPEATABLE: [&str; 2] = ["Annotator", "Example"];

/// The results a `Result` tag may hold.
pub const RESULTS: [&str; 6] = [
    GameResult::WhiteWins.as_str(),
    GameResult::BlackWins.as_str(),
    GameResult::Draw.as_str(),
    GameResult::WhiteStalemates.as_str(),
    GameResult::BlackStalemates.as_str(),
    GameResult::Unfinished.as_str(),
];

/// Lints the tags of one game, in file order.
///
/// ```
/// use cescacs_diagnostics::Span;
/// use ctl_pgn::tags::{TagRef, lint_tags};
/// let tag = |name, value, at: usize| TagRef {
///     name,
///     name_span: Span::new(at + 1, at + 1 + name.len()),
///     value,
///     value_span: Span::new(at, at),
///     span: Span::new(at, at + 10),
/// };
/// let tags = [tag("Variant", "C'escacs", 0), tag("Date", "2021-6-4", 20)];
/// let found = lint_tags(&tags);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].code, "W0310");
/// ```
pub fn lint_tags(tags: &[TagRef<'_>]) -> Vec<Diagnostic> {
    lint(tags, true).0
}

/// Lists of tag names the lints of names found nothing in, from the last games. Those lints
/// read the names and their order only, so a game with the names of one of these lists needs
/// only its values linted: the games of a file mostly share a few lists of tag names.
#[derive(Default)]
pub(crate) struct CleanNames {
    lists: Vec<NameList>,
    /// The list replaced next when a new one is remembered.
    next: usize,
}

/// How many lists of names [`CleanNames`] keeps (with and without `[PDTL]`, `[Redefine]`...).
const CLEAN_NAME_LISTS: usize = 8;

/// Tag names, one after the other, and where each ends.
#[derive(Default)]
struct NameList {
    names: String,
    ends: Vec<usize>,
}

impl NameList {
    fn is(&self, tags: &[TagRef<'_>]) -> bool {
        self.ends.len() == tags.len()
            && tags.iter().zip(&self.ends).enumerate().all(|(i, (tag, &end))| {
                let start = if i == 0 { 0 } else { self.ends[i - 1] };
                self.names.get(start..end) == Some(tag.name)
            })
    }

    fn set(&mut self, tags: &[TagRef<'_>]) {
        self.names.clear();
        self.ends.clear();
        for tag in tags {
            self.names.push_str(tag.name);
            self.ends.push(self.names.len());
        }
    }
}

/// [`lint_tags`], the lints of names skipped when `clean` holds the same names (and the names
/// remembered in it when those lints find nothing).
pub(crate) fn lint_tags_after(tags: &[TagRef<'_>], clean: &mut CleanNames) -> Vec<Diagnostic> {
    let known = clean.lists.iter().any(|list| list.is(tags));
    let (out, names_clean) = lint(tags, !known);
    if !known && names_clean {
        if clean.lists.len() < CLEAN_NAME_LISTS {
            clean.lists.push(NameList::default());
        }
        let at = clean.next % clean.lists.len();
        clean.lists[at].set(tags);
        clean.next = at + 1;
    }
    out
}

/// The lints, those of names only when asked; and whether those found nothing.
fn lint(tags: &[TagRef<'_>], names: bool) -> (Vec<Diagnostic>, bool) {
    let mut out = Vec::new();
    check_variant(tags, &mut out);
    let mut of_names = 0;
    if names {
        let before = out.len();
        check_roster_order(tags, &mut out);
        check_record_first(tags, &mut out);
        check_minimalist(tags, &mut out);
        check_title_after_lang(tags, &mut out);
        check_repeats(tags, &mut out);
        check_consecutive(tags, &mut out);
        check_redefine_and_pdtl(tags, &mut out);
        of_names = out.len() - before;
    }
    for tag in tags {
        if names {
            let before = out.len();
            check_name(tag, &mut out);
            of_names += out.len() - before;
        }
        check_value(tag, &mut out);
    }
    Diagnostic::sort(&mut out);
    (out, of_names == 0)
}

/// The value of the first tag. A record with no `[Variant]` tag at all is the syntax layer's
/// `E0217` (games are split at `[Variant` tags, so this tag, when present, is always first).
fn check_variant(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let Some(first) = tags.first().filter(|t| t.name == "Variant") else { return };
    if first.value == "Grand C'escacs" {
        out.push(
            Diagnostic::error(
                codes::GRAND_CESCACS,
                first.value_span,
                "Grand C'escacs is not supported",
            )
            .with_note(
                "Grand C'escacs is an experimental variant on a larger board; this game is skipped",
            ),
        );
    } else if first.value != VARIANT {
        out.push(
            Diagnostic::error(
                codes::WRONG_VARIANT,
                first.value_span,
                format!("expected the variant `C'escacs`, found `{}`", first.value),
            )
            .with_fix(first.value_span, VARIANT),
        );
    }
}

fn roster_rank(name: &str) -> Option<u8> {
    ROSTER.iter().find(|(n, _)| *n == name).map(|&(_, rank)| rank)
}

/// The player tags an alias follows: `WhiteAlias` after `White` or `WhiteNA`.
fn player_of(alias: &str) -> Option<[&'static str; 2]> {
    match alias {
        "WhiteAlias" => Some(["White", "WhiteNA"]),
        "BlackAlias" => Some(["Black", "BlackNA"]),
        _ => None,
    }
}

const ROSTER_ORDER: &str = "the game record's order is Variant, Event, Site, Date, Round, White (or \
                            WhiteNA), WhiteAlias, Black (or BlackNA), BlackAlias, Result";

/// `W0301`: the game record's tags that are present keep the spec's relative order, and an alias
/// comes right after its player's tag.
fn check_roster_order(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let mut last: Option<(u8, &TagRef<'_>)> = None;
    // Tags reported as out of order: they do not count as standing between an alias and its
    // player's tag (moving them away is the fix).
    let mut moved = Vec::new();
    for (i, tag) in tags.iter().enumerate() {
        let Some(rank) = roster_rank(tag.name) else { continue };
        if let Some((last_rank, prev)) = last {
            if rank < last_rank {
                moved.push(i);
                out.push(
                    Diagnostic::warning(
                        codes::TAG_ORDER,
                        tag.span,
                        format!(
                            "tag `{}` is out of order: it belongs before `{}`",
                            tag.name, prev.name
                        ),
                    )
                    .with_label(prev.span, "this tag comes later in the spec's order")
                    .with_note(ROSTER_ORDER),
                );
                continue;
            }
        }
        last = Some((rank, tag));
        // An alias after a player's tag that is not just before it (an alias before its player's
        // tag is already reported above, on the player's tag).
        let Some(players) = player_of(tag.name) else { continue };
        let player = tags[..i].iter().rev().find(|t| players.contains(&t.name));
        let before = (0..i).rev().find(|j| !moved.contains(j)).map(|j| &tags[j]);
        if let (Some(player), Some(before)) = (player, before) {
            if !players.contains(&before.name) {
                out.push(
                    Diagnostic::warning(
                        codes::TAG_ORDER,
                        tag.span,
                        format!(
                            "tag `{}` is out of order: it comes right after `{}`",
                            tag.name, player.name
                        ),
                    )
                    .with_label(player.span, "the player's tag")
                    .with_label(before.span, "this tag stands between them")
                    .with_note(ROSTER_ORDER),
                );
            }
        }
    }
}

/// Whether the record is a registered game: it has a tag that identifies a game.
fn is_registered_game(tags: &[TagRef<'_>]) -> bool {
    tags.iter().any(|t| IDENTIFYING.contains(&t.name))
}

/// The tags after the initial `Variant` tag.
fn after_variant<'t, 'a>(tags: &'t [TagRef<'a>]) -> &'t [TagRef<'a>] {
    match tags.first() {
        Some(first) if first.name == "Variant" => &tags[1..],
        _ => tags,
    }
}

/// `W0307`: in a registered game, the game record's tags come right after `Variant`, before any
/// other tag (the spec numbers them second to eighth, aliases ninth and tenth; `Id` "is
/// incorporated after the labels that identify the game"). One warning, on the first tag of the
/// game record found after another tag.
fn check_record_first(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    if !is_registered_game(tags) {
        return;
    }
    let body = after_variant(tags);
    let Some(other) = body.iter().position(|t| roster_rank(t.name).is_none()) else { return };
    let Some(late) = body[other..].iter().find(|t| roster_rank(t.name).is_some()) else { return };
    if out.iter().any(|d| d.span == late.span) {
        // Already out of order within the game record: one warning per tag.
        return;
    }
    out.push(
        Diagnostic::warning(
            codes::GAME_RECORD_LATE,
            late.span,
            format!(
                "tag `{}` is out of order: the game record's tags come right after `Variant`, \
                 before `{}`",
                late.name, body[other].name
            ),
        )
        .with_label(body[other].span, "this tag belongs after the game record's tags")
        .with_note(ROSTER_ORDER),
    );
}

/// A minimalist record (the spec's "Minimalist registration labels"): `Id` second, right after
/// `Variant`, and the publisher's `Annotator` third (after `Date` and `Result` when a finished
/// game gives them: "this would relegate the Annotator tag to the fourth or fifth position").
/// `W0308` for a misplaced `Id` or `Annotator`, `W0319` for a missing `Annotator`.
fn check_minimalist(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    if is_registered_game(tags) {
        return;
    }
    let Some(id_at) = tags.iter().position(|t| t.name == "Id") else { return };
    let id = &tags[id_at];
    let variant_first = tags.first().is_some_and(|t| t.name == "Variant");
    if variant_first && id_at != 1 {
        out.push(
            Diagnostic::warning(
                codes::MINIMALIST_ORDER,
                id.span,
                format!(
                    "tag `Id` is out of order: a record identified by `Id` has it second, right \
                     after `Variant`, before `{}`",
                    tags[1].name
                ),
            )
            .with_label(tags[1].span, "this tag comes second instead"),
        );
    }
    match tags.iter().position(|t| t.name == "Annotator") {
        None => {
            let mut d = Diagnostic::warning(
                codes::NO_ANNOTATOR,
                id.span,
                "expected an `Annotator` tag naming the publisher of this `Id`, found none",
            )
            .with_help("a record identified by `Id` names its publisher in an `Annotator` tag right after `Id`");
            if let Some(publisher) = publisher_of(id.value) {
                d = d.with_fix(
                    Span::new(id.span.end, id.span.end),
                    format!(" [Annotator \"{publisher}\"]"),
                );
            }
            out.push(d);
        }
        Some(annotator_at) if annotator_at > id_at => {
            let between = &tags[id_at + 1..annotator_at];
            if let Some(intruder) = between.iter().find(|t| !matches!(t.name, "Date" | "Result")) {
                out.push(
                    Diagnostic::warning(
                        codes::MINIMALIST_ORDER,
                        tags[annotator_at].span,
                        format!(
                            "tag `Annotator` is out of order: in a record identified by `Id` it \
                             comes right after `Id` (and `Date`, `Result` when given), before `{}`",
                            intruder.name
                        ),
                    )
                    .with_label(intruder.span, "this tag belongs after the first `Annotator`"),
                );
            }
        }
        // Before `Id`: `Id` is not second, reported above.
        Some(_) => {}
    }
}

/// The publisher part of an `Id` value (`Cescacs` of `Cescacs-X01-en`).
fn publisher_of(id: &str) -> Option<&str> {
    let publisher = id.split(['-', '\u{2010}']).next()?;
    (is_id(id) && !publisher.is_empty()).then_some(publisher)
}

/// `W0309`: `Title` "will appear after the Lang label" (a title changes with the language).
fn check_title_after_lang(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let at = |name: &str| tags.iter().position(|t| t.name == name);
    let (Some(lang), Some(title)) = (at("Lang"), at("Title")) else { return };
    if title < lang {
        out.push(
            Diagnostic::warning(
                codes::TITLE_BEFORE_LANG,
                tags[title].span,
                "tag `Title` is out of order: it belongs after `Lang`",
            )
            .with_label(tags[lang].span, "the `Lang` tag")
            .with_note("a title changes with the language of the comments, so it follows `Lang`"),
        );
    }
}

fn check_repeats(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    for (i, tag) in tags.iter().enumerate() {
        if REPEATABLE.contains(&tag.name) {
            continue;
        }
        if let Some(first) = tags[..i].iter().find(|t| t.name == tag.name) {
            out.push(
                Diagnostic::warning(
                    codes::REPEATED_TAG,
                    tag.span,
                    format!("tag `{}` is repeated", tag.name),
                )
                .with_label(first.span, "first given here")
                .with_note("only `Annotator` and `Example` may be repeated"),
            );
        }
    }
}

/// `W0302`: the tags that may be repeated (`Annotator`, `Example`) are consecutive.
fn check_consecutive(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    for name in REPEATABLE {
        let positions: Vec<usize> =
            tags.iter().enumerate().filter(|(_, t)| t.name == name).map(|(i, _)| i).collect();
        for pair in positions.windows(2) {
            if pair[1] != pair[0] + 1 {
                out.push(
                    Diagnostic::warning(
                        codes::REPEATS_APART,
                        tags[pair[1]].span,
                        format!("`{name}` tags are not consecutive"),
                    )
                    .with_label(tags[pair[0]].span, format!("the previous `{name}` tag"))
                    .with_label(tags[pair[0] + 1].span, "this tag stands between them")
                    .with_help(format!("write all `{name}` tags one after the other")),
                );
            }
        }
    }
}

fn check_redefine_and_pdtl(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let is_pdtl = |t: &TagRef<'_>| t.name == "PDTL" || t.name == "DPTL";
    if let Some(i) = tags.iter().position(is_pdtl) {
        if i + 1 != tags.len() {
            out.push(
                Diagnostic::warning(
                    codes::PDTL_NOT_LAST,
                    tags[i].span,
                    "the `PDTL` tag must be the last tag",
                )
                .with_label(tags[i + 1].span, "this tag follows it"),
            );
        }
    }
    if let Some(i) = tags.iter().position(|t| t.name == "Redefine") {
        let pdtl = tags.iter().find(|t| is_pdtl(t));
        let well_placed = match (tags.get(i + 1), pdtl) {
            (Some(next), Some(_)) => is_pdtl(next),
            (None, None) => true,
            _ => false,
        };
        if !well_placed {
            let d = match pdtl {
                Some(pdtl) => Diagnostic::warning(
                    codes::REDEFINE_PLACE,
                    tags[i].span,
                    "the `Redefine` tag must come just before the `PDTL` tag",
                )
                .with_label(pdtl.span, "the `PDTL` tag")
                .with_note(
                    "the letters of `Redefine` also apply to the PDTL value that follows it",
                ),
                None => Diagnostic::warning(
                    codes::REDEFINE_PLACE,
                    tags[i].span,
                    "the `Redefine` tag must be the last tag",
                )
                .with_label(tags[tags.len() - 1].span, "the last tag"),
            };
            out.push(d);
        }
    }
}

fn check_name(tag: &TagRef<'_>, out: &mut Vec<Diagnostic>) {
    if KNOWN.contains(&tag.name) {
        return;
    }
    if let Some(known) = KNOWN.iter().find(|k| k.eq_ignore_ascii_case(tag.name)) {
        out.push(
            Diagnostic::warning(
                codes::TAG_NAME_CASE,
                tag.name_span,
                format!("unknown tag `{}`; tag names are case-sensitive", tag.name),
            )
            .with_help(format!("did you mean `{known}`?"))
            .with_fix(tag.name_span, *known),
        );
    }
}

fn check_value(tag: &TagRef<'_>, out: &mut Vec<Diagnostic>) {
    let v = tag.value;
    let (ok, expected): (bool, &str) = match tag.name {
        "Date" | "EventDate" | "MatchDate" => match TagDate::read(v).map(|date| date.days()) {
            None => (false, "a date `YYYY-MM-DD`, with `?` for unknown digits"),
            Some(Ok(_)) => return,
            Some(Err(no_such_day)) => {
                out.push(Diagnostic::warning(
                    codes::NO_SUCH_DAY,
                    tag.value_span,
                    format!(
                        "expected a day of the calendar in tag `{}`, found `{v}`: {no_such_day}",
                        tag.name
                    ),
                ));
                return;
            }
        },
        "Round" => (is_round(v), "a round such as `1`, `2.1`, `-` or `?`"),
        "Result" => (RESULTS.contains(&v), "one of `3-0`, `0-3`, `1-1`, `2-1`, `1-2`, `*`"),
        "Id" => (
            is_id(v),
            "an identifier of letters, digits and hyphens, publisher first (`Cescacs-X01-en`)",
        ),
        "Lang" => {
            (is_lang(v), "an ISO 639 language code of 2 or 3 lower-case letters (`en`, `ca`)")
        }
        "TimeControl" => (
            is_time_control(v),
            "`?`, `-`, `N/S`, `S`, `S+I` or `*S` (numbers of moves and seconds)",
        ),
        "Mode" => (
            ["OTB", "ICS", "TC", "EM", "BBS"].contains(&v),
            "one of `OTB`, `ICS`, `TC`, `EM`, `BBS`",
        ),
        "Termination" => (
            ["abandoned", "rules infraction", "time forfeit", "death", "emergency"].contains(&v),
            "one of `abandoned`, `rules infraction`, `time forfeit`, `death`, `emergency`",
        ),
        "WhiteType" | "BlackType" => (["human", "program"].contains(&v), "`human` or `program`"),
        _ => return,
    };
    if !ok {
        let code = match tag.name {
            "Date" | "EventDate" | "MatchDate" => codes::BAD_DATE,
            "Round" => codes::BAD_ROUND,
            "Result" => codes::BAD_RESULT_TAG,
            "Id" => codes::BAD_ID,
            "Lang" => codes::BAD_LANG,
            "TimeControl" => codes::BAD_TIME_CONTROL,
            "Mode" => codes::BAD_MODE,
            "Termination" => codes::BAD_TERMINATION,
            _ => codes::BAD_PLAYER_TYPE,
        };
        out.push(Diagnostic::warning(
            code,
            tag.value_span,
            format!("expected {expected} in tag `{}`, found `{v}`", tag.name),
        ));
    }
}

fn is_round(v: &str) -> bool {
    matches!(v, "-" | "\u{2010}" | "?")
        || (!v.is_empty()
            && v.split('.').all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit())))
}

fn is_id(v: &str) -> bool {
    let mut parts = v.split(['-', '\u{2010}']);
    let publisher = parts.next().unwrap_or_default();
    !publisher.is_empty()
        && publisher.chars().all(|c| c.is_ascii_alphanumeric())
        && v.contains(['-', '\u{2010}'])
        && v.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '\u{2010}' | ':' | '?'))
}

fn is_lang(v: &str) -> bool {
    (2..=3).contains(&v.len()) && v.bytes().all(|c| c.is_ascii_lowercase())
}

fn is_time_control(v: &str) -> bool {
    let num = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    match v {
        "?" | "-" => true,
        _ if v.starts_with('*') => num(&v[1..]),
        _ => match v.split_once(['/', '+']) {
            Some((a, b)) => num(a) && num(b),
            None => num(v),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags<'a>(list: &[(&'a str, &'a str)]) -> Vec<TagRef<'a>> {
        let mut at = 0;
        list.iter()
            .map(|&(name, value)| {
                let len = name.len() + value.len() + 5;
                let t = TagRef {
                    name,
                    name_span: Span::new(at + 1, at + 1 + name.len()),
                    value,
                    value_span: Span::new(at + name.len() + 3, at + name.len() + 3 + value.len()),
                    span: Span::new(at, at + len),
                };
                at += len + 1;
                t
            })
            .collect()
    }

    fn codes(list: &[(&str, &str)]) -> Vec<&'static str> {
        lint_tags(&tags(list)).iter().map(|d| d.code).collect()
    }

    /// Lists of tag names: the game record's tags in order, some left out, up to two more after
    /// them; then the same list with two neighbours swapped (so most lists are clean, and some
    /// near misses have names of the same lengths in other places).
    fn name_lists() -> impl proptest::strategy::Strategy<Value = Vec<Vec<&'static str>>> {
        use proptest::strategy::Strategy;
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        let extra = proptest::sample::select(vec![
            "PDTL",
            "Redefine",
            "Annotator",
            "Example",
            "Lang",
            "Title",
            "Id",
            "Timecontrol",
            "Custom",
            "Event",
            "Variant",
        ]);
        (
            proptest::collection::vec(proptest::bool::weighted(0.9), roster.len()),
            proptest::collection::vec(extra, 0..3),
            proptest::collection::vec(proptest::option::of(0usize..10), 1..5),
        )
            .prop_map(move |(keep, extra, swaps)| {
                let mut base = vec!["Variant"];
                base.extend(roster.iter().zip(keep).filter(|(_, k)| *k).map(|(n, _)| *n));
                base.extend(extra);
                let mut lists = vec![base.clone()];
                for swap in swaps {
                    let mut names = base.clone();
                    if let Some(i) = swap.filter(|&i| i + 1 < names.len()) {
                        names.swap(i, i + 1);
                    }
                    lists.push(names);
                }
                lists
            })
    }

    proptest::proptest! {
        /// Games drawn from a few lists of names, with random values: linted after the games
        /// before them, they get the full lints.
        #[test]
        fn lints_after_clean_names_are_the_full_lints(
            lists in name_lists(),
            games in proptest::collection::vec((0usize..6, proptest::collection::vec(
                proptest::sample::select(vec![
                    "C'escacs", "C'escacs", "Chess", "?", "2024-05-21", "2024-5-21", "*", "1-1",
                    "2.1", "x", "Cescacs-X01-en", "en",
                ]),
                12,
            )), 1..16),
        ) {
            let mut clean = CleanNames::default();
            for (list, values) in &games {
                let names = &lists[list % lists.len()];
                let game: Vec<(&str, &str)> =
                    names.iter().zip(values).map(|(&n, &v)| (n, v)).collect();
                let game = tags(&game);
                proptest::prop_assert_eq!(lint_tags_after(&game, &mut clean), lint_tags(&game));
            }
        }
    }

    #[test]
    fn the_spec_game_record_is_clean() {
        let list = [
            ("Variant", "C'escacs"),
            ("Event", "CG"),
            ("Site", "Barcelona, Catalunya ESP"),
            ("Date", "2021-06-04"),
            ("Round", "\u{2010}"),
            ("White", "Mestre, Rut"),
            ("Black", "Sasal, Cesc"),
            ("Result", "*"),
            ("Annotator", "Cescacs"),
            ("Annotator", "Sasal, Cesc"),
            ("Lang", "en"),
        ];
        assert_eq!(codes(&list), Vec::<&str>::new());
    }

    #[test]
    fn wrong_and_unsupported_variants() {
        assert_eq!(codes(&[("Variant", "Chess")]), ["E0302"]);
        assert_eq!(codes(&[("Variant", "Grand C'escacs")]), ["E0303"]);
    }

    #[test]
    fn roster_order_annotators_and_repeats() {
        assert_eq!(codes(&[("Variant", "C'escacs"), ("Site", "?"), ("Event", "CG")]), ["W0301"]);
        let a = [
            ("Variant", "C'escacs"),
            ("Annotator", "Cescacs"),
            ("Result", "0-3"),
            ("Annotator", "Cescacs"),
        ];
        assert_eq!(codes(&a), ["W0302"]);
        assert_eq!(codes(&[("Variant", "C'escacs"), ("Lang", "en"), ("Lang", "ca")]), ["W0305"]);
    }

    #[test]
    fn redefine_and_pdtl_placement() {
        let ok = [("Variant", "C'escacs"), ("Redefine", "FAN"), ("PDTL", "x")];
        assert_eq!(codes(&ok), Vec::<&str>::new());
        assert_eq!(
            codes(&[("Variant", "C'escacs"), ("Redefine", "FAN"), ("Lang", "en")]),
            ["W0303"]
        );
        assert_eq!(codes(&[("Variant", "C'escacs"), ("PDTL", "x"), ("Lang", "en")]), ["W0304"]);
    }

    #[test]
    fn value_formats() {
        let bad = [
            ("Date", "2021-6-4", "W0310"),
            ("Date", "2025-13-45", "W0320"),
            ("EventDate", "2025-02-30", "W0320"),
            ("MatchDate", "2023-02-29", "W0320"),
            ("Date", "2025-13-??", "W0320"),
            ("Round", "first", "W0311"),
            ("Result", "1-0", "W0312"),
            ("Id", "Cescacs", "W0313"),
            ("Lang", "English", "W0314"),
            ("TimeControl", "40/", "W0315"),
            ("Mode", "otb", "W0316"),
            ("Termination", "resigned", "W0317"),
            ("WhiteType", "robot", "W0318"),
        ];
        for (name, value, code) in bad {
            let list = [("Variant", "C'escacs"), (name, value), ("Annotator", "Cescacs")];
            assert_eq!(codes(&list), [code], "{name} {value}");
        }
        let good = [
            ("Date", "201?-??-??"),
            ("Date", "2024-02-29"),
            ("Date", "20??-02-29"),
            ("Date", "????-??-??"),
            ("Round", "2.1"),
            ("Id", "Cescacs-X01-V-S:0:1:1-es"),
            ("Lang", "cat"),
            ("TimeControl", "4500+60"),
            ("TimeControl", "*180"),
            ("TimeControl", "40/9000"),
            ("Termination", "time forfeit"),
        ];
        for (name, value) in good {
            let list = [("Variant", "C'escacs"), (name, value), ("Annotator", "Cescacs")];
            assert_eq!(codes(&list), Vec::<&str>::new(), "{name}");
        }
    }

    #[test]
    fn near_miss_tag_names_get_a_fix() {
        let found = lint_tags(&tags(&[("Variant", "C'escacs"), ("Timecontrol", "?")]));
        assert_eq!(found[0].code, "W0306");
        assert_eq!(found[0].fixes[0].replacement, "TimeControl");
    }

    const V: (&str, &str) = ("Variant", "C'escacs");

    #[test]
    fn the_issue_example_is_reported_twice() {
        let list = [
            V,
            ("Lang", "en"),
            ("Title", "x"),
            ("Id", "Cescacs-X01"),
            ("Annotator", "Cescacs"),
            ("WhiteAlias", "w"),
            ("Event", "CG"),
        ];
        let found = lint_tags(&tags(&list));
        let what: Vec<(&str, &str)> =
            found.iter().map(|d| (d.code, d.message.split(':').next().unwrap())).collect();
        assert_eq!(
            what,
            [
                ("W0307", "tag `WhiteAlias` is out of order"),
                ("W0301", "tag `Event` is out of order")
            ]
        );
    }

    #[test]
    fn the_game_record_comes_right_after_variant() {
        let late = [V, ("Lang", "en"), ("Event", "CG"), ("Site", "?"), ("Result", "*")];
        let found = lint_tags(&tags(&late));
        assert_eq!(found.len(), 1, "one warning for the whole block: {found:?}");
        assert_eq!(found[0].code, "W0307");
        assert!(
            found[0].message.starts_with("tag `Event` is out of order"),
            "{}",
            found[0].message
        );
        // `Id` of a registered game comes after the game record.
        assert_eq!(codes(&[V, ("Event", "CG"), ("Id", "Cescacs-1"), ("Result", "*")]), ["W0307"]);
        assert_eq!(codes(&[V, ("Event", "CG"), ("Result", "*"), ("Id", "Cescacs-1")]), [""; 0]);
    }

    #[test]
    fn an_alias_comes_right_after_its_player() {
        let ok = [V, ("Event", "CG"), ("WhiteNA", "a@b"), ("WhiteAlias", "a"), ("Black", "?")];
        assert_eq!(codes(&ok), [""; 0]);
        let apart = [V, ("White", "?"), ("Round", "1"), ("WhiteAlias", "a")];
        // `Round` after `White` is out of order too.
        assert_eq!(codes(&apart), ["W0301"]);
        let apart = [V, ("White", "?"), ("Black", "?"), ("WhiteAlias", "a")];
        let found = lint_tags(&tags(&apart));
        let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["tag `WhiteAlias` is out of order: it belongs before `Black`"]);
        let gap = [V, ("Black", "?"), ("Result", "*"), ("BlackAlias", "b")];
        let found = lint_tags(&tags(&gap));
        assert_eq!(found[0].code, "W0301");
        assert_eq!(
            found[0].message,
            "tag `BlackAlias` is out of order: it belongs before `Result`"
        );
        let gap = [V, ("BlackNA", "b@c"), ("Annotator", "x"), ("BlackAlias", "b")];
        let found = lint_tags(&tags(&gap));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].message,
            "tag `BlackAlias` is out of order: it comes right after `BlackNA`"
        );
    }

    #[test]
    fn a_minimalist_record_has_id_second_and_annotator_third() {
        let ok = [V, ("Id", "Cescacs-X01"), ("Annotator", "Cescacs"), ("Lang", "en")];
        assert_eq!(codes(&ok), [""; 0]);
        // A finished game may give `Date` and `Result` between them.
        let ok = [
            V,
            ("Id", "Cescacs-X01"),
            ("Date", "????-??-??"),
            ("Result", "3-0"),
            ("Annotator", "C"),
        ];
        assert_eq!(codes(&ok), [""; 0]);
        assert_eq!(
            codes(&[V, ("Lang", "en"), ("Id", "Cescacs-X01"), ("Annotator", "C")]),
            ["W0308"]
        );
        assert_eq!(
            codes(&[V, ("Id", "Cescacs-X01"), ("Lang", "en"), ("Annotator", "C")]),
            ["W0308"]
        );
        let missing = lint_tags(&tags(&[V, ("Id", "Cescacs-X01"), ("Lang", "en")]));
        assert_eq!(missing[0].code, "W0319");
        assert_eq!(missing[0].fixes[0].replacement, " [Annotator \"Cescacs\"]");
    }

    #[test]
    fn title_follows_lang() {
        let list = [V, ("Id", "Cescacs-X01"), ("Annotator", "C"), ("Title", "t"), ("Lang", "en")];
        assert_eq!(codes(&list), ["W0309"]);
        let list = [V, ("Id", "Cescacs-X01"), ("Annotator", "C"), ("Lang", "en"), ("Title", "t")];
        assert_eq!(codes(&list), [""; 0]);
    }

    #[test]
    fn repeated_tags_are_consecutive() {
        let list = [V, ("Example", "a"), ("Lang", "en"), ("Example", "b")];
        let found = lint_tags(&tags(&list));
        assert_eq!(found[0].code, "W0302");
        assert_eq!(found[0].message, "`Example` tags are not consecutive");
    }
}
