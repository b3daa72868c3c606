//! Results as JSON, within a bound. JavaScript receives every result parsed from JSON (so that a
//! diagnostic is byte for byte the CLI's), and a JavaScript string has a largest length (V8's:
//! 2^29 - 24 UTF-16 units): a result past it could not be given at all, and one near it would
//! take gigabytes to build. So a result is written no further than its bound, and one that does
//! not fit is refused as it reaches it, before it takes the memory.

use std::io;

use serde::Serialize;

/// The most bytes of JSON one result may take: 256 MiB, well within a JavaScript string (even
/// one of two-byte characters), and past any real text's result. A larger one is refused
/// (`too-large`).
pub const RESULT_BYTES: usize = 256 << 20;

/// A buffer that takes no more than `limit` bytes.
struct Bounded {
    out: Vec<u8>,
    limit: usize,
}

impl io::Write for Bounded {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.out.len() + bytes.len() > self.limit {
            return Err(io::Error::new(io::ErrorKind::OutOfMemory, "past the bound"));
        }
        self.out.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `value` as JSON, or `None` when it would take more than `limit` bytes (it is then written no
/// further). The toolkit's values serialize without fail otherwise (no map has keys that are
/// not strings).
///
/// ```
/// use cescacs_wasm::toolkit::to_json;
/// assert_eq!(to_json(&["E7-E13"], 100).as_deref(), Some("[\"E7-E13\"]"));
/// assert_eq!(to_json(&["E7-E13"], 8), None);
/// ```
pub fn to_json(value: &impl Serialize, limit: usize) -> Option<String> {
    let mut bounded = Bounded { out: Vec::new(), limit };
    serde_json::to_writer(&mut bounded, value).ok()?;
    String::from_utf8(bounded.out).ok()
}
