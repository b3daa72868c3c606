//! Tag linting: the first tag, tag order and the value formats of the spec's tags (decisions.md 4).
//!
//! Only a wrong `[Variant "C'escacs"]` value is an error; every other finding is a warning, because
//! the spec's own examples bend the order rules and a reader must stay forgiving (decisions.md 2).

use cescacs_board::{Diagnostic, Span};

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

/// The seven-tag roster of a game record, in the order the spec requires, after `Variant`.
/// `WhiteNA`/`BlackNA` may stand in for `White`/`Black`.
const ROSTER: [&[&str]; 7] = [
    &["Event"],
    &["Site"],
    &["Date"],
    &["Round"],
    &["White", "WhiteNA"],
    &["Black", "BlackNA"],
    &["Result"],
];

/// Every tag the spec names; used to catch near misses such as `Timecontrol`.
const KNOWN: [&str; 30] = [
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
pub const RESULTS: [&str; 6] = ["3-0", "0-3", "1-1", "2-1", "1-2", "*"];

/// Lints the tags of one game, in file order.
///
/// ```
/// use cescacs_board::Span;
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
    let mut out = Vec::new();
    check_variant(tags, &mut out);
    check_roster_order(tags, &mut out);
    check_repeats(tags, &mut out);
    check_annotators(tags, &mut out);
    check_redefine_and_pdtl(tags, &mut out);
    for tag in tags {
        check_name(tag, &mut out);
        check_value(tag, &mut out);
    }
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out
}

/// The value of the first tag. A record with no `[Variant]` tag at all is the syntax layer's
/// `E0217` (games are split at `[Variant` tags, so this tag, when present, is always first).
fn check_variant(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let Some(first) = tags.first().filter(|t| t.name == "Variant") else { return };
    if first.value == "Grand C'escacs" {
        out.push(
            Diagnostic::error("E0303", first.value_span, "Grand C'escacs is not supported")
                .with_note("Grand C'escacs is an experimental variant on a larger board; this game is skipped"),
        );
    } else if first.value != VARIANT {
        out.push(
            Diagnostic::error(
                "E0302",
                first.value_span,
                format!("expected the variant `C'escacs`, found `{}`", first.value),
            )
            .with_fix(first.value_span, VARIANT),
        );
    }
}

/// The roster tags that are present must keep the spec's relative order.
fn check_roster_order(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let rank = |name: &str| ROSTER.iter().position(|names| names.contains(&name));
    let mut last: Option<(usize, &TagRef<'_>)> = None;
    for tag in tags {
        let Some(r) = rank(tag.name) else { continue };
        if let Some((lr, prev)) = last {
            if r < lr {
                out.push(
                    Diagnostic::warning(
                        "W0301",
                        tag.span,
                        format!(
                            "tag `{}` is out of order: it belongs before `{}`",
                            tag.name, prev.name
                        ),
                    )
                    .with_label(prev.span, "this tag comes later in the spec's order")
                    .with_note(
                        "the order is Variant, Event, Site, Date, Round, White, Black, Result",
                    ),
                );
                continue;
            }
        }
        last = Some((r, tag));
    }
}

fn check_repeats(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    for (i, tag) in tags.iter().enumerate() {
        if REPEATABLE.contains(&tag.name) {
            continue;
        }
        if let Some(first) = tags[..i].iter().find(|t| t.name == tag.name) {
            out.push(
                Diagnostic::warning("W0305", tag.span, format!("tag `{}` is repeated", tag.name))
                    .with_label(first.span, "first given here")
                    .with_note("only `Annotator` and `Example` may be repeated"),
            );
        }
    }
}

fn check_annotators(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let positions: Vec<usize> =
        tags.iter().enumerate().filter(|(_, t)| t.name == "Annotator").map(|(i, _)| i).collect();
    for pair in positions.windows(2) {
        if pair[1] != pair[0] + 1 {
            out.push(
                Diagnostic::warning(
                    "W0302",
                    tags[pair[1]].span,
                    "`Annotator` tags are not consecutive",
                )
                .with_label(tags[pair[0]].span, "the previous `Annotator` tag")
                .with_help("write all `Annotator` tags one after the other"),
            );
        }
    }
}

fn check_redefine_and_pdtl(tags: &[TagRef<'_>], out: &mut Vec<Diagnostic>) {
    let is_pdtl = |t: &TagRef<'_>| t.name == "PDTL" || t.name == "DPTL";
    if let Some(i) = tags.iter().position(is_pdtl) {
        if i + 1 != tags.len() {
            out.push(
                Diagnostic::warning("W0304", tags[i].span, "the `PDTL` tag must be the last tag")
                    .with_label(tags[i + 1].span, "this tag follows it"),
            );
        }
    }
    if let Some(i) = tags.iter().position(|t| t.name == "Redefine") {
        let next = tags.get(i + 1);
        let has_pdtl = tags.iter().any(is_pdtl);
        let well_placed = match next {
            Some(n) => has_pdtl && is_pdtl(n),
            None => !has_pdtl,
        };
        if !well_placed {
            let message = if has_pdtl {
                "the `Redefine` tag must come just before the `PDTL` tag"
            } else {
                "the `Redefine` tag must be the last tag"
            };
            out.push(Diagnostic::warning("W0303", tags[i].span, message));
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
                "W0306",
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
        "Date" | "EventDate" | "MatchDate" => {
            (is_date(v), "a date `YYYY-MM-DD`, with `?` for unknown digits")
        }
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
            "Date" | "EventDate" | "MatchDate" => "W0310",
            "Round" => "W0311",
            "Result" => "W0312",
            "Id" => "W0313",
            "Lang" => "W0314",
            "TimeControl" => "W0315",
            "Mode" => "W0316",
            "Termination" => "W0317",
            _ => "W0318",
        };
        out.push(Diagnostic::warning(
            code,
            tag.value_span,
            format!("expected {expected} in tag `{}`, found `{v}`", tag.name),
        ));
    }
}

fn is_date(v: &str) -> bool {
    let b = v.as_bytes();
    let digit = |c: u8| c.is_ascii_digit() || c == b'?';
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, &c)| i == 4 || i == 7 || digit(c))
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
            assert_eq!(codes(&[("Variant", "C'escacs"), (name, value)]), [code], "{name} {value}");
        }
        let good = [
            ("Date", "201?-??-??"),
            ("Round", "2.1"),
            ("Id", "Cescacs-X01-V-S:0:1:1-es"),
            ("Lang", "cat"),
            ("TimeControl", "4500+60"),
            ("TimeControl", "*180"),
            ("TimeControl", "40/9000"),
            ("Termination", "time forfeit"),
        ];
        for (name, value) in good {
            assert_eq!(
                codes(&[("Variant", "C'escacs"), (name, value)]),
                Vec::<&str>::new(),
                "{name}"
            );
        }
    }

    #[test]
    fn near_miss_tag_names_get_a_fix() {
        let found = lint_tags(&tags(&[("Variant", "C'escacs"), ("Timecontrol", "?")]));
        assert_eq!(found[0].code, "W0306");
        assert_eq!(found[0].fixes[0].replacement, "TimeControl");
    }
}
