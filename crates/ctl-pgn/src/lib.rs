//! CTL-PGN: C'escacs game files read, validated, diagnosed and written canonically.
#![forbid(unsafe_code)]

pub mod convert;
pub mod filter;
#[cfg(feature = "render")]
pub mod render;
pub mod split;
pub mod tags;
pub mod write;
