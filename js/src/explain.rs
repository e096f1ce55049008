//! The slider techniques and their walkthroughs (the `rayscan-explain` crate, the same
//! that `rayscan explain` prints and `rayscan serve` serves), as JSON text for
//! JavaScript to parse.

use rayscan::position::Placement;
use rayscan::sliders::Technique;
use rayscan::{SliderPiece, Square};
use wasm_bindgen::prelude::*;

/// Every technique: name, description, table bytes, whether it works ray by ray, which
/// is the default here.
#[wasm_bindgen]
pub fn techniques() -> String {
    serde_json::to_string(&rayscan_explain::techniques()).unwrap_or_default()
}

/// The walkthrough of `technique` (empty: the default) for the slider on `square` among
/// the pieces of `fen` (its first field is enough), as `rayscan serve`'s
/// `/api/explain` answers it; `piece` (`rook`, `bishop`, `queen`; empty or `auto`: the
/// slider on the square, else a queen). An error names the bad argument.
#[wasm_bindgen(js_name = explainSquare)]
pub fn explain_square(
    fen: &str,
    technique: &str,
    square: &str,
    piece: &str,
) -> Result<String, String> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let pieces: Placement = field.parse().map_err(|e| format!("fen: {e}"))?;
    let technique = match technique {
        "" => Technique::auto(),
        name => Technique::ALL
            .iter()
            .copied()
            .find(|t| t.name() == name)
            .ok_or_else(|| format!("technique: {name:?} is not one of rayscan's techniques"))?,
    };
    let square: Square = square.parse().map_err(|e| format!("square: {e}"))?;
    let piece = match piece {
        "" | "auto" => None,
        name => Some(
            name.parse::<SliderPiece>()
                .map_err(|e| format!("piece: {e}"))?,
        ),
    };
    let (_, view) = rayscan_explain::on_square(technique, square, &pieces, piece);
    serde_json::to_string(&view).map_err(|e| e.to_string())
}
