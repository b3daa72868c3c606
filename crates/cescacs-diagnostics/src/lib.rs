//! The diagnostics of the C'escacs notation toolkit, below every other crate of it, as ruff
//! keeps its diagnostics apart from its rules: the one [`Diagnostic`] type the readers report
//! with ([`Span`], [`Label`], [`Fix`], [`Severity`]), the registry of every code ([`codes`]),
//! and text made safe for a terminal ([`terminal`]).
//!
//! ```
//! use cescacs_diagnostics::{Diagnostic, Span, codes};
//! let d = Diagnostic::warning(codes::pdtl::FIVE_FIELDS, Span::new(20, 21), "expected 6 fields, found 5");
//! assert!(!d.is_error());
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod codes;
mod diagnostic;
pub mod terminal;

pub use diagnostic::{Diagnostic, Fix, Label, Severity, Span, grouped};

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
