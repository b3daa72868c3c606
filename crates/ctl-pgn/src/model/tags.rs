//! Editing a game's tags, which keep their order. The `Variant`, `Redefine` and `PDTL` tags
//! give the game's letters and start position: editing one reads them again and plays the
//! moves again from there.

use cescacs_diagnostics::Span;
use ctl_an::syntax::Tag;

use super::error::EditError;
use super::game::Game;
use crate::parsed::{Setup, tag_ref};

/// The tags whose values the setup is read from.
const SETUP_TAGS: [&str; 4] = ["Variant", "Redefine", "PDTL", "DPTL"];

/// The tags the spec places last: `Redefine` just before `PDTL`, `PDTL` last.
const LAST_TAGS: [&str; 3] = ["Redefine", "PDTL", "DPTL"];

impl Game {
    /// The tags, in order.
    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// Sets the value of the first tag named `name`, or adds the tag where the spec places it:
    /// a `PDTL` tag last, a `Redefine` tag just before `PDTL` (else last), any other before
    /// those two (else last). Setting `Variant`, `Redefine` or `PDTL` reads the letters and the
    /// start position again, and every move's board move with them: the moves are kept as
    /// written (set `Redefine` before a `PDTL` written in its letters; `convert` rewrites
    /// letters).
    ///
    /// ```
    /// let mut game = ctl_pgn::Game::new();
    /// game.set_tag("PDTL", "/14:3k3/8:3E3/1:1K/ w - - 0 1")?;
    /// game.set_tag("Event", "CG")?;
    /// let names: Vec<&str> = game.tags().iter().map(|t| t.name.as_str()).collect();
    /// assert_eq!(names, ["Variant", "Event", "PDTL"]);
    /// assert_eq!(game.start().unwrap().pieces().count(), 3);
    /// assert!(game.set_tag("Two words", "x").is_err());
    /// # Ok::<(), ctl_pgn::EditError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), EditError> {
        let tag = new_tag(name, value)?;
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = tag.value,
            None => {
                let before: &[&str] = match name {
                    "PDTL" | "DPTL" => &[],
                    "Redefine" => &["PDTL", "DPTL"],
                    _ => &LAST_TAGS,
                };
                let at = self
                    .tags
                    .iter()
                    .position(|t| before.contains(&t.name.as_str()))
                    .unwrap_or(self.tags.len());
                self.tags.insert(at, tag);
            }
        }
        self.tags_changed(name);
        Ok(())
    }

    /// Adds a tag at the end, even when one of that name is there (`Annotator` may be
    /// repeated): to write tags in an order of one's own.
    pub fn push_tag(&mut self, name: &str, value: &str) -> Result<(), EditError> {
        let at = self.tags.len();
        self.insert_tag(at, name, value)
    }

    /// Adds a tag at `index` (at the end when past it).
    pub fn insert_tag(&mut self, index: usize, name: &str, value: &str) -> Result<(), EditError> {
        let tag = new_tag(name, value)?;
        self.tags.insert(index.min(self.tags.len()), tag);
        self.tags_changed(name);
        Ok(())
    }

    /// Removes the tag at `index`, and gives it.
    pub fn remove_tag(&mut self, index: usize) -> Option<Tag> {
        (index < self.tags.len()).then(|| {
            let tag = self.tags.remove(index);
            self.tags_changed(&tag.name);
            tag
        })
    }

    /// Removes every tag named `name`; how many there were.
    pub fn remove_tags(&mut self, name: &str) -> usize {
        let before = self.tags.len();
        self.tags.retain(|t| t.name != name);
        let removed = before - self.tags.len();
        if removed > 0 {
            self.tags_changed(name);
        }
        removed
    }

    /// After a tag named `name` changed: the setup read again when it comes from it.
    fn tags_changed(&mut self, name: &str) {
        if SETUP_TAGS.contains(&name) {
            let refs: Vec<_> = self.tags.iter().map(tag_ref).collect();
            // The values are read on their own: their diagnostics point at whole values.
            self.setup = Setup::read(&refs, "");
            self.replay();
        }
    }
}

/// A tag made through the API (no span), its name and value checked: a name of letters,
/// digits and `_`, a value on one line.
fn new_tag(name: &str, value: &str) -> Result<Tag, EditError> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(EditError::TagName(name.to_string()));
    }
    if value.contains(['\n', '\r']) {
        return Err(EditError::TagValue(value.to_string()));
    }
    Ok(Tag {
        span: Span::default(),
        name: name.to_string(),
        name_span: Span::default(),
        value: value.to_string(),
        value_span: Span::default(),
    })
}
