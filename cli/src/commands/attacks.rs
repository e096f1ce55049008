//! `rayscan attacks`: the squares a rook, bishop or queen attacks, by one technique or
//! by all of them side by side.

use clap::ValueEnum;
use serde::Serialize;

use rayscan::Bitboard;
use rayscan::sliders::Technique;

use crate::shared::args::{Choice, Target, parse_technique_choice};
use crate::shared::diagram::{Panel, side_by_side, square_list};
use crate::shared::io::{hex, json_line, squares};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: Target,
    /// A technique name (see `rayscan techniques`) or `all` [default: the fastest].
    #[arg(long, value_name = "NAME|all", value_parser = parse_technique_choice)]
    technique: Option<Choice<Technique>>,
    /// `diagram` for people, `hex`: one line per technique, `<name> 0x<16 hex digits>`.
    #[arg(long, value_enum, default_value_t = Format::Diagram)]
    format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Diagram,
    Hex,
}

#[derive(Serialize)]
struct AttacksJson {
    piece: &'static str,
    square: String,
    occupied: String,
    results: Vec<ResultJson>,
}

#[derive(Serialize)]
struct ResultJson {
    technique: &'static str,
    attacks: String,
    squares: Vec<String>,
}

pub fn run(args: Args, json: bool) -> String {
    let target = &args.target;
    let occupied = target.occupied();
    let chosen: Vec<Technique> = match args.technique.unwrap_or(Choice::One(Technique::auto())) {
        Choice::All => Technique::available().collect(),
        Choice::One(t) => vec![t],
    };
    let results: Vec<(Technique, Bitboard)> = chosen
        .iter()
        .map(|&t| (t, t.attacks(target.piece, target.square, occupied)))
        .collect();
    if json {
        let out = AttacksJson {
            piece: target.piece.name(),
            square: target.square.to_string(),
            occupied: hex(occupied),
            results: results
                .iter()
                .map(|&(t, a)| ResultJson {
                    technique: t.name(),
                    attacks: hex(a),
                    squares: squares(a),
                })
                .collect(),
        };
        return json_line(&out);
    }
    if args.format == Format::Hex {
        return results
            .iter()
            .map(|&(t, a)| format!("{} {}\n", t.name(), hex(a)))
            .collect();
    }
    let (first_technique, first) = results[0];
    let mark = Some((
        target.square,
        target.piece.piece().to_char().to_ascii_uppercase(),
    ));
    let mut out = format!(
        "{} on {}, occupied {}\n\n",
        target.piece,
        target.square,
        hex(occupied)
    );
    out += &side_by_side(
        &[
            Panel::new("occupied", occupied, mark),
            Panel::new(format!("attacks ({first_technique})"), first, mark),
        ],
        &["->"],
    );
    out += &format!("\n{} squares: {}\n", first.len(), square_list(first));
    if results.len() > 1 {
        out += "\n";
        let width = results
            .iter()
            .map(|(t, _)| t.name().len())
            .max()
            .unwrap_or(0);
        for &(t, a) in &results {
            let verdict = if a == first { "agrees" } else { "DIFFERS" };
            out += &format!("{:<width$}  {}  {verdict}\n", t.name(), hex(a));
        }
    }
    out
}
