//! CTL-PGN: C'escacs game files read, validated, diagnosed and written canonically.
#![forbid(unsafe_code)]

pub mod convert;
pub mod decode;
pub mod game;
pub mod reader;
pub mod filter;
#[cfg(feature = "render")]
pub mod render;
pub mod split;
pub mod tags;
pub mod validate;
pub mod write;
