//! Every PDTL code of the registry (`cescacs_diagnostics::codes`, re-exported as `pdtl::codes`) is
//! documented in `docs/diagnostics/pdtl.md` (or, for the official app's dialect,
//! `docs/diagnostics/app.md`), and nothing more.

use std::collections::BTreeSet;

fn codes_in(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(4))
        .filter(|&i| {
            (bytes[i] == b'E' || bytes[i] == b'W')
                && bytes[i + 1..i + 5].iter().all(u8::is_ascii_digit)
                && text[i + 1..].starts_with("01")
                && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
        })
        .map(|i| text[i..i + 5].to_string())
        .collect()
}

#[test]
fn every_code_is_documented() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let (Ok(doc), Ok(app)) = (
        std::fs::read_to_string(format!("{root}/docs/diagnostics/pdtl.md")),
        std::fs::read_to_string(format!("{root}/docs/diagnostics/app.md")),
    ) else {
        // Outside the workspace (a published crate) the docs are not there.
        return;
    };
    let doc = doc + &app;
    let defined: BTreeSet<String> = cescacs_diagnostics::codes::ALL
        .iter()
        .filter(|c| c.family == cescacs_diagnostics::codes::Family::Pdtl)
        .map(|c| c.code.to_string())
        .collect();
    assert_eq!(defined.len(), 50);
    assert_eq!(codes_in(&doc), defined);
}
