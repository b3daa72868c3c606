//! The server's options beyond the protocol: the debounce, the limits of one analysis, the test
//! probe. The command line (`cescacs lsp`) and the tests set them; the server only reads them.

use std::time::Duration;

/// How the server behaves beyond the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// How long after the last change of a document its diagnostics are computed and published,
    /// so that typing does not check the file at every keystroke.
    pub debounce: Duration,
    /// Answer the request `cescacs/panicProbe` by panicking, so that tests can show that a failing
    /// handler is answered with an error and does not stop the server. Off by default.
    pub panic_probe: bool,
    /// How long the check of one document may run: past it, no further game is checked and a
    /// diagnostic says where the check stopped. 20 s by default.
    pub analysis_time: Duration,
    /// The largest document checked, in bytes: a larger one gets one diagnostic and nothing
    /// else. By default [`ctl_an::FILE_BYTES`], the most the commands that read a whole file
    /// read.
    pub document_bytes: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            debounce: Duration::from_millis(200),
            panic_probe: false,
            analysis_time: Duration::from_secs(20),
            document_bytes: usize::try_from(ctl_an::FILE_BYTES).unwrap_or(usize::MAX),
        }
    }
}
