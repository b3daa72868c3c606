//! CTL-PGN: C'escacs game files read, validated, diagnosed and written canonically.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod app;
pub mod check;
pub mod convert;
pub mod decode;
pub mod filter;
pub mod fixes;
pub mod game;
pub mod reader;
#[cfg(feature = "render")]
pub mod render;
pub mod split;
pub mod tags;
pub mod validate;
pub mod write;

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
