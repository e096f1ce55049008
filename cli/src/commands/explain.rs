//! `rayscan explain`: a technique's walkthrough (the `rayscan-explain` crate) printed as
//! sentences and side-by-side diagrams, or as JSON with that text inside.

use std::fmt::Write;

use rayscan::sliders::Technique;
use rayscan_explain::{Request, Walkthrough, WalkthroughJson, explain};
use serde::Serialize;

use crate::shared::args::{Target, parse_technique};
use crate::shared::diagram::{Panel, side_by_side, square_list};
use crate::shared::io::{hex, json_line};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: Target,
    /// Any technique (see `rayscan techniques`).
    #[arg(long, value_name = "NAME", default_value = "classical", value_parser = parse_technique)]
    technique: Technique,
}

/// `rayscan explain`: the walkthrough as text, or as JSON with the text inside.
pub fn run(args: Args, json: bool) -> String {
    let technique = args.technique;
    let req = Request {
        technique,
        piece: args.target.piece,
        square: args.target.square,
        occupied: args.target.occupied(),
    };
    let walk = explain(&req);
    let text = text(&walk);
    if !json {
        return text;
    }
    #[derive(Serialize)]
    struct ExplainJson<'a> {
        technique: &'static str,
        piece: &'static str,
        square: String,
        occupied: String,
        attacks: String,
        #[serde(flatten)]
        walkthrough: WalkthroughJson,
        text: &'a str,
    }
    json_line(&ExplainJson {
        technique: technique.name(),
        piece: req.piece.name(),
        square: req.square.to_string(),
        occupied: hex(req.occupied),
        attacks: hex(technique.attacks(req.piece, req.square, req.occupied)),
        walkthrough: walk.json(),
        text: &text,
    })
}

/// The walkthrough as text: sentences and side-by-side diagrams.
pub fn text(walk: &Walkthrough) -> String {
    let panel = |p: &rayscan_explain::Panel| Panel::new(p.caption.clone(), p.set, p.mark);
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", walk.title);
    out.push_str(&side_by_side(
        &[Panel::new("occupied", walk.occupied, walk.mark)],
        &[],
    ));
    out.push('\n');
    for s in &walk.sections {
        for step in &s.steps {
            out.push_str(&step.text);
            out.push('\n');
            if !step.panels.is_empty() {
                let panels: Vec<Panel> = step.panels.iter().map(panel).collect();
                out.push_str(&side_by_side(&panels, &step.ops));
            }
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} attacks = union of the above: {}",
        walk.piece,
        square_list(walk.attacks)
    );
    out.push_str(&side_by_side(
        &[Panel::new("attacks", walk.attacks, walk.mark)],
        &[],
    ));
    for m in &walk.mismatches {
        out.push_str(m);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayscan::{Bitboard, SliderPiece, Square};

    #[test]
    fn the_text_ends_with_the_union() {
        let req = Request {
            technique: Technique::Classical,
            piece: SliderPiece::Rook,
            square: Square::D4,
            occupied: Bitboard::EMPTY,
        };
        assert!(text(&explain(&req)).contains("rook attacks = union of the above"));
    }
}
