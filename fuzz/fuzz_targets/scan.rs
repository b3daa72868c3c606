//! Fuzz target: `cescacs_fuzz_targets::scan` (its documentation lists the invariants).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cescacs_fuzz_targets::scan(data));
