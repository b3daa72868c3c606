//! ctl-an (work in progress).
