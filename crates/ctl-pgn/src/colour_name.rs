//! A side in JSON, by its name (`"white"`, `"black"`: [`Colour::name`]), for
//! `#[serde(with = "crate::colour_name")]`.

use cescacs_board::Colour;
use serde::{Deserialize, Deserializer, Serializer};

pub(crate) fn serialize<S: Serializer>(c: &Colour, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Colour, D::Error> {
    let name = String::deserialize(d)?;
    Colour::from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("not a colour: `{name}`")))
}
