//! The glue of the package's `Position`, `Game`, `standings` and `tree`: `npm/api.js` wraps the
//! functions and the class named with a leading `_` (not exported by the package) into its
//! JavaScript classes.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{options, text, thrown, to_js};
use crate::toolkit::{self, ApiError};

fn js<T: serde::Serialize>(value: Result<T, ApiError>) -> Result<JsValue, JsValue> {
    to_js(&value.map_err(|e| thrown(&e))?)
}

/// A PDTL's canonical text, side to move, check and outcome.
#[wasm_bindgen(js_name = _positionOf, unchecked_return_type = "PositionData")]
pub fn position_of(pdtl: JsValue) -> Result<JsValue, JsValue> {
    js(toolkit::position_of(&text(&pdtl)?))
}

/// The piece on a hex of a position.
#[wasm_bindgen(js_name = _pieceAt, unchecked_return_type = "PieceOn | null")]
pub fn piece_at(pdtl: JsValue, hex: JsValue) -> Result<JsValue, JsValue> {
    js(toolkit::piece_at(&text(&pdtl)?, &text(&hex)?))
}

/// A move played at a position: the move and the PDTL after it.
#[wasm_bindgen(js_name = _play, unchecked_return_type = "Played")]
pub fn play(pdtl: JsValue, played: JsValue) -> Result<JsValue, JsValue> {
    js(toolkit::play(&text(&pdtl)?, &text(&played)?))
}

/// The standings of a collection, as `cescacs standings --format json` gives them.
#[wasm_bindgen(unchecked_return_type = "Standings")]
pub fn standings(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "StandingsOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    js(Ok(toolkit::standings(&self::text(&text)?, &options)))
}

/// The opening tree of a collection, as `cescacs tree --format json` gives it.
#[wasm_bindgen(unchecked_return_type = "OpeningTree")]
pub fn tree(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TreeOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    js(toolkit::tree(&self::text(&text)?, &options))
}

/// A game of the game model, its nodes named by number (the package's `Game` wraps it).
#[wasm_bindgen(js_name = _GameModel)]
pub struct GameModel(toolkit::GameModel);

fn done<T>(value: Result<T, ApiError>) -> Result<T, JsValue> {
    value.map_err(|e| thrown(&e))
}

#[wasm_bindgen(js_class = _GameModel)]
impl GameModel {
    /// Every game of a text, each `[game, diagnostics]`.
    pub fn read(text: JsValue) -> Result<Array, JsValue> {
        let games = Array::new();
        for read in toolkit::GameModel::read(&self::text(&text)?) {
            let pair = Array::new();
            pair.push(&GameModel(read.game).into());
            pair.push(&to_js(&read.diagnostics)?);
            games.push(&pair);
        }
        Ok(games)
    }

    /// A new game, from the initial position or from a PDTL.
    #[wasm_bindgen(constructor)]
    pub fn new(pdtl: Option<String>) -> Result<GameModel, JsValue> {
        done(toolkit::GameModel::new(pdtl.as_deref())).map(GameModel)
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> GameModel {
        GameModel(self.0.clone())
    }

    /// The tags, `[name, value]` each.
    pub fn tags(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.tags())
    }

    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: &str, value: &str, push: bool) -> Result<(), JsValue> {
        done(self.0.set_tag(name, value, push))
    }

    #[wasm_bindgen(js_name = removeTags)]
    pub fn remove_tags(&mut self, name: &str) -> usize {
        self.0.remove_tags(name)
    }

    pub fn node(&self, id: usize) -> Result<JsValue, JsValue> {
        js(self.0.node(id))
    }

    pub fn pair(&self, id: usize) -> Result<JsValue, JsValue> {
        js(self.0.pair(id))
    }

    pub fn outcome(&self, id: usize) -> Result<JsValue, JsValue> {
        js(self.0.outcome(id))
    }

    pub fn position(&self, id: usize) -> Result<Option<String>, JsValue> {
        done(self.0.position(id))
    }

    #[wasm_bindgen(js_name = addMove)]
    pub fn add_move(&mut self, after: usize, text: &str, written: bool) -> Result<usize, JsValue> {
        done(self.0.add_move(after, text, written))
    }

    #[wasm_bindgen(js_name = addVariation)]
    pub fn add_variation(
        &mut self,
        pair: usize,
        side: &str,
        text: &str,
        written: bool,
    ) -> Result<usize, JsValue> {
        done(self.0.add_variation(pair, side, text, written))
    }

    #[wasm_bindgen(js_name = variationBranch)]
    pub fn variation_branch(&self, pair: usize, side: &str) -> Result<usize, JsValue> {
        done(self.0.variation_branch(pair, side))
    }

    #[wasm_bindgen(js_name = addEmptyVariation)]
    pub fn add_empty_variation(&mut self, pair: usize) -> Result<usize, JsValue> {
        done(self.0.add_empty_variation(pair))
    }

    pub fn annotate(&mut self, node: usize, annotation: JsValue) -> Result<(), JsValue> {
        let annotation: toolkit::Annotation = options(&Some(annotation))?;
        done(self.0.annotate(node, &annotation))
    }

    pub fn comments(&mut self, place: JsValue) -> Result<JsValue, JsValue> {
        let place = super::value::<toolkit::Place>(&place)?;
        js(self.0.comments(&place))
    }

    #[wasm_bindgen(js_name = setComments)]
    pub fn set_comments(&mut self, place: JsValue, texts: Vec<String>) -> Result<(), JsValue> {
        let place = super::value::<toolkit::Place>(&place)?;
        done(self.0.set_comments(&place, &texts))
    }

    #[wasm_bindgen(js_name = setLabel)]
    pub fn set_label(
        &mut self,
        pair: usize,
        index: usize,
        label: Option<u32>,
    ) -> Result<(), JsValue> {
        done(self.0.set_label(pair, index, label))
    }

    pub fn result(&self) -> Option<String> {
        self.0.result()
    }

    #[wasm_bindgen(js_name = setResult)]
    pub fn set_result(&mut self, result: &str) -> Result<(), JsValue> {
        done(self.0.set_result(result))
    }

    pub fn remove(&mut self, node: usize) -> Result<(), JsValue> {
        done(self.0.remove(node))
    }

    pub fn promote(&mut self, first: usize) -> Result<(), JsValue> {
        done(self.0.promote(first))
    }

    pub fn write(&self, ascii: bool) -> String {
        self.0.write(ascii)
    }
}
