//! `cargo xtask app-interop --engine DIR --forms`: positions written by hand in the official
//! app's style, each loaded by the engine ("Load new", then "Get") and read by us with `--from
//! app` (docs/APP.md, "What Load new reads").
//!
//! The positions are `xtask/app-interop/forms.tsv`, one a line: what we expect, an id naming the
//! form, the app PDTL, separated by tabs. The engine's answers are recorded in
//! `xtask/app-interop/forms.jsonl` (data only) and [`check`] compares each with our reading, so
//! `cargo test` (`xtask/tests/app_interop.rs`) checks them without node.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::app_interop::{Job, castling_only, drive, read_app_pdtl_codes as ours};

/// What we expect of a hand-written position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// The engine loads it; we read it with at least one warning, as the spec PDTL that the
    /// engine's own PDTL ("Get") reads as.
    Read,
    /// The engine loads it; we read it without a warning, as the engine's own PDTL reads.
    Same,
    /// The engine loads it, and its PDTL says `KR` with both Rooks at home: that reads (with
    /// `W0114`, the project's accepted guess) as ours but for the castling field.
    Ambiguous,
    /// The engine loads it; we refuse it (an error), as the project decided (docs/APP.md).
    Refused,
    /// Neither the engine nor we read it.
    BothRefuse,
    /// The engine refuses it; we read it (the spec's own forms, read in the app's dialect too).
    Lenient,
}

/// One hand-written position and the engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormAnswer {
    /// The form, in a few words.
    pub id: String,
    /// What we expect.
    pub expect: Expect,
    /// The app PDTL, as written by hand.
    pub pdtl: String,
    /// The engine's PDTL ("Get") after "Load new" of it.
    pub start: Option<String>,
    /// Why "Load new" refused it (the engine's words).
    pub error: Option<String>,
}

/// The hand-written positions of `forms.tsv`: (expect, id, PDTL).
pub fn forms(text: &str) -> Result<Vec<(Expect, String, String)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.splitn(3, '\t');
        let (Some(expect), Some(id), Some(pdtl)) = (cols.next(), cols.next(), cols.next()) else {
            return Err(format!("forms.tsv:{}: expected EXPECT<TAB>ID<TAB>PDTL", i + 1));
        };
        let expect: Expect = serde_json::from_str(&format!("\"{expect}\""))
            .map_err(|_| format!("forms.tsv:{}: unknown expectation `{expect}`", i + 1))?;
        out.push((expect, id.to_string(), pdtl.to_string()));
    }
    Ok(out)
}

/// Compares the engine's answer for one form with our reading: `Err` says what differs from
/// what is expected.
pub fn check(a: &FormAnswer) -> Result<(), String> {
    let mine = ours(&a.pdtl);
    let engine = a.start.as_deref().map(ours);
    match (a.expect, &mine, &engine) {
        (Expect::Read | Expect::Same, Ok((spec, warnings)), Some(Ok((back, _)))) => {
            if spec != back {
                return Err(format!(
                    "we read `{spec}`, the engine's `{:?}` reads `{back}`",
                    a.start
                ));
            }
            match (a.expect, warnings.is_empty()) {
                (Expect::Read, true) => Err("read without a warning".to_string()),
                (Expect::Same, false) => Err(format!("read with warnings {warnings:?}")),
                _ => Ok(()),
            }
        }
        (Expect::Ambiguous, Ok((spec, _)), Some(Ok((back, back_codes)))) => {
            if spec == back
                || !castling_only(spec, back)
                || !back_codes.contains(&pdtl::codes::APP_KR_AMBIGUOUS)
            {
                Err(format!("we read `{spec}`, the engine's PDTL reads `{back}` (W0114 expected)"))
            } else {
                Ok(())
            }
        }
        (Expect::Refused, Err(_), Some(_)) => Ok(()),
        (Expect::BothRefuse, Err(_), None) => Ok(()),
        (Expect::Lenient, Ok(_), None) => Ok(()),
        _ => Err(format!(
            "expected {:?}; we: {mine:?}; the engine: {:?} / {:?}, read back {engine:?}",
            a.expect, a.start, a.error
        )),
    }
}

/// Drives the engine over the forms of `forms.tsv`, checks each answer and writes them to
/// `forms.jsonl`; `Ok(false)` when an answer is not what its line expects.
pub fn run(root: &Path, engine: &Path, node: &str) -> Result<bool, String> {
    let dir = root.join("xtask/app-interop");
    let text = std::fs::read_to_string(dir.join("forms.tsv")).map_err(|e| e.to_string())?;
    let forms = forms(&text)?;
    let jobs: Vec<Job> = forms
        .iter()
        .map(|(_, id, pdtl)| Job { id: id.clone(), pdtl: Some(pdtl.clone()), list: String::new() })
        .collect();
    let answers = drive(root, engine, node, &jobs)?;
    let mut out = String::new();
    let mut ok = true;
    for ((expect, id, pdtl), a) in forms.into_iter().zip(answers) {
        let form = FormAnswer { id, expect, pdtl, start: a.start, error: a.error };
        match check(&form) {
            Ok(()) => println!("ok      {:<40} {}", form.id, form.start.as_deref().unwrap_or("-")),
            Err(e) => {
                ok = false;
                println!("DIFFERS {:<40} {e}", form.id);
            }
        }
        out.push_str(&serde_json::to_string(&form).map_err(|e| e.to_string())?);
        out.push('\n');
    }
    std::fs::write(dir.join("forms.jsonl"), out).map_err(|e| e.to_string())?;
    Ok(ok)
}
