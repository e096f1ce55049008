//! cozy-chess's perft with bulk counting, built without the `pext` feature, driven by the
//! side-by-side harness over a pipe: each line `DEPTH FEN` on standard input is answered
//! with the node count on standard output. The harness times each request itself.

use std::io::{BufRead, Write};

use cozy_chess::Board;

#[path = "../../src/cozy.rs"]
mod cozy;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("a line from the harness");
        let (depth, fen) = line.split_once(' ').expect("DEPTH FEN");
        let depth: u32 = depth.parse().expect("a depth");
        let board = Board::from_fen(fen, false).expect("a valid FEN");
        let nodes = if depth == 0 {
            1
        } else {
            cozy::perft(&board, depth)
        };
        writeln!(out, "{nodes}").expect("the harness listens");
        out.flush().expect("the harness listens");
    }
}
