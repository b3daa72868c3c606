//! The game viewer in a notebook: a whole page of `cescacs-viewer` for a text's games (the
//! board, its controls and keys, the move lists, each game's positions), self-contained, and
//! that page in an `<iframe>` for a notebook cell (the Python module's `Game._repr_html_`).
//! The page is made as the viewer's pages are ([`viewer::page_at`](crate::viewer::page_at)),
//! with the viewer's one script and style sheet.

use cescacs_diagram::escape;
use cescacs_viewer::{SCRIPT, STYLE};

use crate::viewer::page_at;

/// A self-contained page of the viewer showing the games of `text` (its first chunk, up to
/// the next `[Variant` tag), titled `title`.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let page = cescacs_toolkit::notebook::page(text, "A game");
/// assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<title>A game</title>"));
/// assert!(page.contains("CescacsViewer") && page.contains("E21-E15"));
/// ```
pub fn page(text: &str, title: &str) -> String {
    let shown = page_at(text.as_bytes(), 0, title);
    let data = serde_json::to_string(&shown.games).unwrap_or_else(|_| "[]".to_string());
    // Inside <script>, `</` could end the element: JSON may write it `<\/`.
    let data = data.replace("</", "<\\/");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>\n{STYLE}</style>\n</head>\n<body>\n<div class=\"notes\">{}</div>\n<main>\n{}{}</main>\n\
         <script type=\"application/json\" id=\"data\">{data}</script>\n<script>\n{SCRIPT}</script>\n\
         </body>\n</html>\n",
        escape(title),
        shown.notes,
        cescacs_viewer::board(),
        shown.sections,
    )
}

/// [`page`] in an `<iframe>` (its own document, so that the viewer's ids and keys do not meet
/// those of the notebook or of another game shown), `height` pixels high.
///
/// ```
/// let frame = cescacs_toolkit::notebook::frame("", "Empty", 600);
/// assert!(frame.starts_with("<iframe srcdoc=\"&lt;!DOCTYPE html&gt;"));
/// ```
pub fn frame(text: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe srcdoc=\"{}\" title=\"{}\" style=\"width: 100%; height: {height}px; border: 0\" \
         sandbox=\"allow-scripts\"></iframe>",
        escape(&page(text, title)),
        escape(title),
    )
}
