//! Chess960 starting positions by number (Scharnagl's numbering, 0 to 959; 518 is the
//! standard start).

use crate::raw::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, Raw};

/// The files of the two knights among the five squares left once the bishops and the
/// queen stand: Scharnagl's order.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of position `n` (piece type indices, file a first), or `None` when `n`
/// is not in `0..960`.
pub(crate) fn back_rank(n: u32) -> Option<[usize; 8]> {
    if n >= 960 {
        return None;
    }
    let mut rank = [usize::MAX; 8];
    let light = (n % 4) as usize; // b, d, f or h
    let dark = (n / 4 % 4) as usize; // a, c, e or g
    rank[2 * light + 1] = BISHOP;
    rank[2 * dark] = BISHOP;
    let mut free: Vec<usize> = (0..8).filter(|&f| rank[f] == usize::MAX).collect();
    let queen = (n / 16 % 6) as usize;
    rank[free.remove(queen)] = QUEEN;
    let (a, b) = KNIGHT_PAIRS[(n / 96) as usize];
    rank[free[a]] = KNIGHT;
    rank[free[b]] = KNIGHT;
    let rest: Vec<usize> = (0..8).filter(|&f| rank[f] == usize::MAX).collect();
    rank[rest[0]] = ROOK;
    rank[rest[1]] = KING;
    rank[rest[2]] = ROOK;
    Some(rank)
}

/// The pieces of Chess960 position `n`, nothing else set.
pub(crate) fn placement(n: u32) -> Option<Raw> {
    let rank = back_rank(n)?;
    let mut raw = Raw::EMPTY;
    for (file, &kind) in rank.iter().enumerate() {
        raw.put(file as u8, kind, true, false);
        raw.put(56 + file as u8, kind, false, false);
        raw.put(8 + file as u8, PAWN, true, false);
        raw.put(48 + file as u8, PAWN, false, false);
    }
    Some(raw)
}

/// The number of the Chess960 starting position whose pieces `raw` has (promoted
/// pieces not allowed), or `None`.
pub(crate) fn number(raw: &Raw) -> Option<u32> {
    if raw.promoted != 0 {
        return None;
    }
    (0..960).find(|&n| placement(n).is_some_and(|p| p.kinds == raw.kinds && p.colors == raw.colors))
}
