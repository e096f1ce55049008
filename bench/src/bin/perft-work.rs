//! The work of perft, for the guard that fails when it grows (`tests/work.rs`): the
//! default perft ([`Position::perft`], the method [`Method::auto`] names for this CPU as
//! `RAYSCAN_CPU` leaves it) of each position of [`WORK`], between two stops of the
//! process's own (`SIGSTOP`), where a tracer counts the instructions executed. Prints the
//! method and the nodes counted.
//!
//! ```text
//! cargo run --release -p rayscan-bench --bin perft-work   # stops twice: run it traced
//! ```

use rayscan::Position;
use rayscan::perft::Method;

/// Positions and depths: openings, a middle game full of captures and promotions,
/// castling both ways, Chess960, an endgame. Small, because counting instructions one by
/// one is slow (tens of microseconds each in a virtual machine).
pub const WORK: [(&str, u32); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        2,
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        2,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        2,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
];

/// Stops the process, for the tracer to see: a signal-delivery stop.
fn stop() {
    // SAFETY: `getpid` and `kill` have no preconditions; SIGSTOP only stops the process.
    let sent = unsafe { libc::kill(libc::getpid(), libc::SIGSTOP) };
    assert_eq!(sent, 0, "SIGSTOP: {}", std::io::Error::last_os_error());
}

fn main() {
    let work: Vec<(Position, u32)> = WORK
        .iter()
        .map(|&(fen, depth)| (Position::from_fen(fen).expect("a valid FEN").0, depth))
        .collect();
    // Everything done once before the count, outside it: the CPU's features asked,
    // the first perft run.
    let method = Method::auto();
    let warm = work[0].0.perft(1);
    stop();
    let mut nodes = 0;
    for (pos, depth) in &work {
        nodes += pos.perft(*depth);
    }
    stop();
    println!("{} {} {nodes}", method.technique, method.last_ply);
    assert_eq!(warm, 20);
}
