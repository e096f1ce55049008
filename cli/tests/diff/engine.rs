//! A small, deliberately wrong engine: rayscan's legal moves with one bug planted, spoken
//! over UCI (`go perft`, Stockfish's output) or as a perftree script. The test binary runs
//! it when `RAYSCAN_TEST_ENGINE` names the bug, so that `rayscan diff` has an engine to
//! find bugs in whose every bug is known.

use std::io::{BufRead, Write};

use rayscan::chess_move::MoveKind;
use rayscan::{Move, Piece, Position};

/// The planted bugs, by the names the tests give `RAYSCAN_TEST_ENGINE`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Bug {
    /// None: the engine is right.
    None,
    /// A missing class of moves: no en passant.
    NoEnPassant,
    /// An illegal extra move: the king steps onto a square only a pawn attacks.
    KingIntoPawnAttack,
    /// A duplicate: promotions to a queen are listed twice.
    DuplicateQueenPromotion,
    /// A miscounted leaf: at the last ply, a castling move counts two.
    CastlingCountsTwo,
    /// A bulk count one too high when the side to move is in check (the divide at depth 1
    /// is right).
    BulkCountInCheck,
    /// Chess960: no castling where the king stays on its square (only the rook moves).
    Chess960KingStays,
    /// No en passant, and exits (status 3) when asked about a position after a move:
    /// the descent's second query.
    CrashAfterAMove,
    /// No en passant, and the moves listed in reverse order.
    ReversedNoEnPassant,
    /// Never answers `go perft`.
    Hang,
    /// Never says `uciok`.
    NoUciok,
    /// Right, but does not offer `UCI_Chess960`.
    NoChess960Option,
    /// `e2e4 20` instead of `e2e4: 20`.
    Malformed,
    /// A total one more than its lines.
    BadTotal,
    /// A move written `O-O`.
    UnknownMove,
    /// Answers `go perft` with 200 MB and no newline, then the right answer.
    EndlessLine,
}

impl Bug {
    pub fn from_name(name: &str) -> Bug {
        match name {
            "none" => Bug::None,
            "no-en-passant" => Bug::NoEnPassant,
            "king-into-pawn-attack" => Bug::KingIntoPawnAttack,
            "duplicate-queen-promotion" => Bug::DuplicateQueenPromotion,
            "castling-counts-two" => Bug::CastlingCountsTwo,
            "bulk-count-in-check" => Bug::BulkCountInCheck,
            "chess960-king-stays" => Bug::Chess960KingStays,
            "crash-after-a-move" => Bug::CrashAfterAMove,
            "reversed-no-en-passant" => Bug::ReversedNoEnPassant,
            "hang" => Bug::Hang,
            "no-uciok" => Bug::NoUciok,
            "no-chess960-option" => Bug::NoChess960Option,
            "malformed" => Bug::Malformed,
            "bad-total" => Bug::BadTotal,
            "unknown-move" => Bug::UnknownMove,
            "endless-line" => Bug::EndlessLine,
            other => panic!("no such bug {other:?}"),
        }
    }
}

/// The moves the engine lists: text, and the move to play (none for an illegal one,
/// which counts one leaf at any depth).
fn listed(pos: &Position, bug: Bug) -> Vec<(String, Option<Move>)> {
    let chess960 = pos.is_chess960();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let no_ep = matches!(
            bug,
            Bug::NoEnPassant | Bug::CrashAfterAMove | Bug::ReversedNoEnPassant
        );
        if no_ep && m.kind() == MoveKind::EnPassant {
            continue;
        }
        if bug == Bug::Chess960KingStays
            && chess960
            && m.is_castling()
            && m.king_destination() == m.from()
        {
            continue;
        }
        out.push((m.uci(chess960).to_string(), Some(m)));
        if bug == Bug::DuplicateQueenPromotion && m.promotion() == Some(Piece::Queen) {
            out.push((m.uci(chess960).to_string(), Some(m)));
        }
    }
    if bug == Bug::KingIntoPawnAttack {
        let us = pos.side_to_move();
        let king = pos.king(us);
        for to in rayscan::masks::king(king) - pos.color(us) {
            let attackers = pos.attackers_to(to) & pos.color(!us);
            let legal = pos
                .legal_moves()
                .iter()
                .any(|m| m.from() == king && m.to() == to);
            if !legal && !attackers.is_empty() && attackers.is_subset(pos.pieces(Piece::Pawn)) {
                out.push((format!("{king}{to}"), None));
            }
        }
    }
    if bug == Bug::UnknownMove {
        out.push(("O-O".to_string(), None));
    }
    if bug == Bug::ReversedNoEnPassant {
        out.reverse();
    }
    out
}

/// Exits as a crashing engine does, with a last word on stderr.
fn crash() -> ! {
    eprintln!("wrong-engine: crashing on purpose");
    std::process::exit(3);
}

/// Waits for ever, as a hanging engine does.
fn hang() -> ! {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// What one listed move counts at the last ply.
fn leaf(m: Option<Move>, bug: Bug) -> u64 {
    match m {
        Some(m) if bug == Bug::CastlingCountsTwo && m.is_castling() => 2,
        _ => 1,
    }
}

fn perft(pos: &Position, depth: u32, bug: Bug) -> u64 {
    let moves = listed(pos, bug);
    if depth == 1 {
        let extra = u64::from(bug == Bug::BulkCountInCheck && pos.is_check());
        return moves.iter().map(|(_, m)| leaf(*m, bug)).sum::<u64>() + extra;
    }
    moves.iter().map(|(_, m)| count(pos, *m, depth, bug)).sum()
}

/// A listed move's count in a divide at `depth`.
fn count(pos: &Position, m: Option<Move>, depth: u32, bug: Bug) -> u64 {
    match (m, depth) {
        (_, 1) => leaf(m, bug),
        (Some(m), _) => perft(&pos.play(m), depth - 1, bug),
        (None, _) => 1,
    }
}

fn divide(pos: &Position, depth: u32, bug: Bug) -> (Vec<(String, u64)>, u64) {
    let lines: Vec<(String, u64)> = listed(pos, bug)
        .into_iter()
        .map(|(text, m)| {
            let n = count(pos, m, depth, bug);
            (text, n)
        })
        .collect();
    let total = lines.iter().map(|(_, n)| n).sum::<u64>() + u64::from(bug == Bug::BadTotal);
    (lines, total)
}

/// The position of `fen` (or the start) with `moves` played, in the engine's notation.
fn setup(fen: Option<&str>, moves: &[&str], chess960: bool) -> Position {
    let mut pos = match fen {
        None => Position::startpos(),
        Some(fen) => {
            Position::from_fen(fen)
                .expect("the engine is given good FENs")
                .0
        }
    };
    if chess960 {
        pos.set_chess960(true);
    }
    for text in moves {
        let m = pos
            .parse_uci(text)
            .expect("the engine is given legal moves");
        pos = pos.play(m);
    }
    pos
}

/// Runs the engine with `bug` and exits: perftree's contract when the arguments are
/// `<depth> <fen> <moves>`, else UCI on stdin and stdout.
pub fn main(bug: Bug, args: &[String]) -> ! {
    // Where the tests look to see the engine was not left running.
    if let Some(file) = std::env::var_os("RAYSCAN_TEST_ENGINE_PID") {
        std::fs::write(file, std::process::id().to_string()).unwrap();
    }
    if let [depth, fen, moves] = args {
        let depth: u32 = depth.parse().expect("a depth");
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if bug == Bug::CrashAfterAMove && !moves.is_empty() {
            crash();
        }
        if bug == Bug::Hang {
            hang();
        }
        let pos = setup(Some(fen), &moves, false);
        let (lines, total) = divide(&pos, depth, bug);
        for (m, n) in lines {
            let sep = if bug == Bug::Malformed { ":" } else { " " };
            println!("{m}{sep}{n}");
        }
        println!("\n{total}");
        std::process::exit(0);
    }
    uci(bug);
    std::process::exit(0);
}

fn uci(bug: Bug) {
    let mut out = std::io::stdout().lock();
    let mut pos = Position::startpos();
    let mut moved = false;
    let mut chess960 = false;
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                writeln!(out, "id name wrong-engine").unwrap();
                if bug != Bug::NoChess960Option {
                    writeln!(out, "option name UCI_Chess960 type check default false").unwrap();
                }
                if bug != Bug::NoUciok {
                    writeln!(out, "uciok").unwrap();
                }
            }
            ["isready"] => writeln!(out, "readyok").unwrap(),
            ["setoption", "name", "UCI_Chess960", "value", v] => chess960 = *v == "true",
            ["position", rest @ ..] => {
                let at = rest
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(rest.len());
                let (root, moves) = rest.split_at(at);
                let moves = moves.get(1..).unwrap_or(&[]);
                let fen = match root {
                    ["startpos"] => None,
                    ["fen", fen @ ..] => Some(fen.join(" ")),
                    _ => panic!("bad position {line:?}"),
                };
                pos = setup(fen.as_deref(), moves, chess960);
                moved = !moves.is_empty();
            }
            ["go", "perft", depth] => {
                if bug == Bug::CrashAfterAMove && moved {
                    crash();
                }
                if bug == Bug::Hang {
                    hang();
                }
                if bug == Bug::EndlessLine {
                    let chunk = [b'x'; 1 << 16];
                    for _ in 0..3200 {
                        out.write_all(&chunk).unwrap();
                    }
                    writeln!(out).unwrap();
                }
                let (lines, total) = divide(&pos, depth.parse().unwrap(), bug);
                for (m, n) in lines {
                    let sep = if bug == Bug::Malformed { " " } else { ": " };
                    writeln!(out, "{m}{sep}{n}").unwrap();
                }
                writeln!(out, "\nNodes searched: {total}\n").unwrap();
            }
            ["quit"] => return,
            _ => {}
        }
        out.flush().unwrap();
    }
}
