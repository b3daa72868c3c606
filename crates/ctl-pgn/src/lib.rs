//! ctl-pgn (work in progress).
