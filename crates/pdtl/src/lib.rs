//! pdtl (work in progress).
