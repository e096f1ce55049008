//! `reference`: the walk square by square.

use super::*;

pub(super) fn walk_ray(req: &Request, dir: Direction) -> Section {
    let mut attacks = Bitboard::EMPTY;
    let mut steps = Vec::new();
    let mut cur = req.square;
    while let Some(next) = cur.offset(dir) {
        attacks.insert(next);
        if req.occupied.contains(next) {
            steps.push(format!("{next} (occupied: stop)"));
            break;
        }
        steps.push(next.to_string());
        cur = next;
    }
    if steps.is_empty() {
        steps.push("off the board at once".into());
    }
    let text = format!(
        "{}: step from {}: {}",
        dir.name(),
        req.square,
        steps.join(", ")
    );
    one_step(req, dir, text, attacks)
}
