//! Bytes read by the word: the few helpers every byte-level reader shares (the vocabulary
//! types' `read_prefix` and the fast scanner).

/// The eight bytes at `at` as one little-endian word, 0 past the end: a whole token in one
/// bounds check, its bytes taken apart by shifts.
#[inline(always)]
pub(crate) fn word_at(bytes: &[u8], at: usize) -> u64 {
    match bytes.get(at..at + 8) {
        Some(&[a, b, c, d, e, f, g, h]) => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
        _ => word_near_end(bytes, at),
    }
}

#[cold]
#[inline(never)]
fn word_near_end(bytes: &[u8], at: usize) -> u64 {
    let rest = bytes.get(at..).unwrap_or_default();
    rest.iter().take(8).rev().fold(0, |word, &b| word << 8 | u64::from(b))
}

/// The byte at `at`, or 0 past the end (a NUL in the text is never read as anything, so the
/// two cannot be confused).
#[inline(always)]
pub(crate) fn byte_at(bytes: &[u8], at: usize) -> u8 {
    bytes.get(at).copied().unwrap_or(0)
}

/// The one-byte blanks between items, as the lexer skips them: space, tab, form feed and line
/// ends (LF, CR). The byte-order mark, which the lexer skips too, is three bytes ([`BOM`]).
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    // One test of a bit set over the bytes up to the space.
    const BLANKS: u64 = 1 << b' ' | 1 << b'\n' | 1 << b'\t' | 1 << b'\r' | 1 << 0x0c;
    b <= b' ' && BLANKS >> b & 1 == 1
}

/// The byte-order mark U+FEFF in UTF-8, which the lexer skips as a blank anywhere.
pub(crate) const BOM: &[u8] = "\u{feff}".as_bytes();

/// Where the one-byte blanks from `at` on end.
#[inline(always)]
pub(crate) fn after_blanks(bytes: &[u8], mut at: usize) -> usize {
    while is_blank(byte_at(bytes, at)) {
        at += 1;
    }
    at
}
