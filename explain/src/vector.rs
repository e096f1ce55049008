//! `vector`: the 0x88 walk.

use super::*;

/// The 0x88 walk: add the increment to the 0x88 index until `i & 0x88` or a piece stops it.
pub(super) fn vector_ray(req: &Request, dir: Direction) -> Section {
    let inc = 16 * i32::from(dir.rank_delta()) + i32::from(dir.file_delta());
    let s = req.square as i32;
    let start = s + (s & !7);
    let mut i = start + inc;
    let mut attacks = Bitboard::EMPTY;
    let mut steps = Vec::new();
    loop {
        if i & 0x88 != 0 || !(0..128).contains(&i) {
            steps.push(format!("0x{:02x} & 0x88 != 0: off the board", i & 0xff));
            break;
        }
        let Some(sq) = Square::new(((i + (i & 7)) >> 1) as u8) else {
            break;
        };
        attacks.insert(sq);
        if req.occupied.contains(sq) {
            steps.push(format!("0x{i:02x} = {sq} (occupied: stop)"));
            break;
        }
        steps.push(format!("0x{i:02x} = {sq}"));
        i += inc;
    }
    let text = format!(
        "{}: 0x88 index of {} is 0x{start:02x} (16 × rank + file); add {inc:+}: {}",
        dir.name(),
        req.square,
        steps.join(", ")
    );
    one_step(req, dir, text, attacks)
}
