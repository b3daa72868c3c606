//! With the `serde` feature (always on for this crate's tests: a dev-dependency on the crate
//! itself turns it on, so this file needs no `cfg` gate), diagnostics are plain data.

use cescacs_diagnostics::{Diagnostic, Span};

#[test]
fn diagnostics_are_plain_data_with_lower_case_severity() {
    let d = Diagnostic::warning("W0101", Span::new(20, 21), "expected 6 fields, found 5")
        .with_help("add the move number")
        .with_fix(Span::new(21, 21), " ?");
    let json = serde_json::to_string(&d).unwrap();
    assert!(json.contains(r#""severity":"warning""#), "{json}");
    assert!(json.contains(r#""span":{"start":20,"end":21}"#), "{json}");
    // `code` is a `&'static str`, so it reads back from static text.
    let text: &'static str = Box::leak(json.into_boxed_str());
    assert_eq!(serde_json::from_str::<Diagnostic>(text).unwrap(), d);
}
