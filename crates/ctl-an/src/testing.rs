//! What the crate's unit tests share.

/// Random moves, right and wrong, from the pieces of every form.
pub(crate) fn random_moves(count: usize) -> Vec<String> {
    const PIECES: &[&str] = &[
        "",
        "",
        "J",
        "N",
        "P",
        "K",
        "A",
        "E",
        "\u{2658}",
        "\u{265f}",
        "\u{1fa50}",
        "\u{2616}",
        "x",
        "\u{2654}",
    ];
    const COLUMNS: &[&str] = &["A", "E", "F", "K", "R", "X", "Z", "J", "a", "", "\u{2658}"];
    const LINES: &[&str] =
        &["0", "1", "5", "7", "9", "10", "13", "28", "29", "07", "123", "", "1a"];
    const SEPARATORS: &[&str] =
        &["-", "-", "\u{2010}", "\u{d7}", "*", "@", "@@", "\u{2013}", "=", "", " ", "x"];
    const PROMOTIONS: &[&str] =
        &["", "", "", "", "=D", "=&", "=\u{2658}", "=K", "=DX", "=\u{2658}E"];
    const CHECKS: &[&str] =
        &["", "", "", "+", "+^", "++", "+\u{221e}", "#", " +", "+\u{221e}\u{221e}"];
    const AFTER: &[&str] = &[
        "",
        "",
        ",",
        "\n",
        " ?",
        "!",
        " !?",
        "\u{25c7}",
        " $14",
        "$",
        " (=)",
        " (",
        "(1.",
        ":",
        " :",
        " ?? $3 (=) :",
        "\n\n{",
        " \u{feff}",
    ];
    const WHOLE: &[&str] =
        &["KRK-HIO", "KRD\u{2010}DE", "KRR-HGG", "KRX-", "KRK-", "E27=D", "E27=&"];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut pick = |list: &[&'static str]| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        list[(state % list.len() as u64) as usize]
    };
    (0..count)
        .map(|_| {
            let core = if pick(&["", "", "", "", "", "", "", "", "", "w"]) == "w" {
                pick(WHOLE).to_string()
            } else {
                [
                    pick(PIECES),
                    pick(COLUMNS),
                    pick(LINES),
                    pick(SEPARATORS),
                    pick(PIECES),
                    pick(COLUMNS),
                    pick(LINES),
                    pick(PROMOTIONS),
                ]
                .concat()
            };
            [core.as_str(), pick(CHECKS), pick(AFTER)].concat()
        })
        .collect()
}
