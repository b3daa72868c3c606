//! What a caught panic says, for the message that reports it: the server's loop and the
//! analysis worker both catch one (a bug must not end the session) and report it alike.

/// The message of a panic caught by `catch_unwind`, or "a panic" when it carries none.
pub(crate) fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}
