//! Searches the magic numbers that `rayscan::sliders::magic` ships and prints them as Rust.
//!
//! `cargo run --release -p rayscan --example find_magics [SEED]`. With the default seed it
//! prints exactly the shipped tables (a unit test checks the same); another seed finds
//! another valid set.

use rayscan::sliders::magic::{SEARCH_SEED, find_magic};
use rayscan::{SliderPiece, Square};

fn main() {
    let seed = match std::env::args().nth(1) {
        None => SEARCH_SEED,
        Some(text) => {
            let digits = text.trim_start_matches("0x");
            match u64::from_str_radix(digits, 16) {
                Ok(seed) if seed != 0 => seed,
                _ => {
                    eprintln!(
                        "find_magics: error: invalid seed {text:?}: expected a non-zero hex number"
                    );
                    std::process::exit(2);
                }
            }
        }
    };
    let mut state = seed;
    for (piece, name) in [(SliderPiece::Rook, "ROOK"), (SliderPiece::Bishop, "BISHOP")] {
        println!("pub static {name}_MAGICS: [u64; 64] = [");
        for sq in Square::ALL {
            let magic = find_magic(piece, sq, &mut state).expect("rooks and bishops have magics");
            println!("    0x{magic:016x},");
        }
        println!("];");
    }
}
