//! The hostile-input suite under `cargo test` (issue 17): 300 seeded cases of every kind
//! (`xtask::hostile`), each keeping every invariant. `cargo xtask hostile --cases N --seed S`
//! is the long run, with the release CLI's figures; `HOSTILE_CASES` and `HOSTILE_SEED` set
//! this one.

#[test]
fn seeded_hostile_inputs_keep_every_invariant() {
    let cases: usize =
        std::env::var("HOSTILE_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("HOSTILE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x17);
    for (case, (kind, bytes)) in xtask::hostile::cases(cases, seed).enumerate() {
        if let Err(e) = xtask::hostile::check_invariants(bytes) {
            panic!("case {case} (kind {kind}): {e}");
        }
    }
}
