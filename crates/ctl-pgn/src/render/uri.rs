//! `file://` URIs for paths, as editors and LSP clients expect them.

use std::path::Path;

/// The `file://` URI of `path`, made absolute against the current directory (without touching
/// the file system), with every byte other than unreserved ASCII and `/` percent-encoded.
///
/// ```
/// use std::path::Path;
/// use ctl_pgn::render::file_uri;
/// assert_eq!(file_uri(Path::new("/games/Moià 1.ctl-pgn")), "file:///games/Moi%C3%A0%201.ctl-pgn");
/// assert!(file_uri(Path::new("relative.ctl-pgn")).starts_with("file:///"));
/// ```
pub fn file_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        absolute.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = absolute.to_string_lossy().into_owned().into_bytes();
    uri_of_absolute(&bytes, cfg!(windows))
}

/// The URI of an absolute path given as bytes; `windows` turns `\` into `/`, drops the verbatim
/// prefix `\\?\` and keeps the drive letter's colon (`file:///C:/games/a.ctl-pgn`).
pub(crate) fn uri_of_absolute(path: &[u8], windows: bool) -> String {
    let mut path = path.to_vec();
    if windows {
        if let Some(rest) = path.strip_prefix(br"\\?\") {
            path = rest.to_vec();
        }
        for b in &mut path {
            if *b == b'\\' {
                *b = b'/';
            }
        }
    }
    let mut out = String::from("file://");
    // A Windows drive path gets the slash an absolute URI path needs; a UNC path `//server/x`
    // already names its authority.
    let drive = windows && path.len() >= 2 && path[0].is_ascii_alphabetic() && path[1] == b':';
    if drive {
        out.push('/');
        out.push(char::from(path[0]));
        out.push(':');
        path.drain(..2);
    } else if !path.starts_with(b"/") {
        out.push('/');
    } else if windows && path.starts_with(b"//") {
        path.drain(..2);
    }
    for &b in &path {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uri_of_absolute;

    #[test]
    fn unix_paths() {
        assert_eq!(uri_of_absolute(b"/a/b c.ctl-pgn", false), "file:///a/b%20c.ctl-pgn");
        assert_eq!(uri_of_absolute(b"/x/#?%:", false), "file:///x/%23%3F%25%3A");
        assert_eq!(uri_of_absolute(b"/bad/\xff", false), "file:///bad/%FF");
        assert_eq!(uri_of_absolute("/Martí/∞".as_bytes(), false), "file:///Mart%C3%AD/%E2%88%9E");
    }

    #[test]
    fn windows_paths() {
        assert_eq!(
            uri_of_absolute(br"C:\games\a b.ctl-pgn", true),
            "file:///C:/games/a%20b.ctl-pgn"
        );
        assert_eq!(uri_of_absolute(br"\\?\D:\g.ctl-pgn", true), "file:///D:/g.ctl-pgn");
        assert_eq!(
            uri_of_absolute(br"\\server\share\g.ctl-pgn", true),
            "file://server/share/g.ctl-pgn"
        );
    }
}
