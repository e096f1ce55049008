//! `garvin`: Garvin's BSF/BSR scan, line by line.

use super::*;

pub(super) fn garvin_line(req: &Request, line: Line) -> Section {
    let sq = req.square;
    // First hits, scanning the ray (or the source bit of an empty ray) with the edge as sentinel.
    let hit = |dir: Direction| {
        let ray = masks::ray(dir, sq);
        let scanned = if ray.is_empty() {
            Bitboard::from(sq)
        } else {
            ray
        };
        let hits = (req.occupied | dir.edge()) & scanned;
        let first = if dir.is_positive() {
            hits.first()
        } else {
            hits.last()
        };
        first.unwrap_or(sq)
    };
    let (pos, neg) = (line.positive(), line.negative());
    let (ph, nh) = (hit(pos), hit(neg));
    let table = |s: Square, d: Direction| {
        let r = masks::ray(d, s);
        if r.is_empty() { Bitboard::from(s) } else { r }
    };
    let between = table(ph, neg) & table(nh, pos);
    let attacks = (between | ph.into() | nh.into()).without(sq);
    let mut st = Steps::new(req);
    st.add(
        format!(
            "{line}: first hit {} = {ph} (LoBit), first hit {} = {nh} (HiBit); rayTable[{ph}][{}] & rayTable[{nh}][{}] = between, plus both hits",
            pos.name(), neg.name(), neg.short_name(), pos.short_name()
        ),
        &[
            p(format!("ray[{ph}][{}]", neg.short_name()), table(ph, neg), false),
            p(format!("ray[{nh}][{}]", pos.short_name()), table(nh, pos), false),
            p("attacks", attacks, true),
        ],
        &["&", "->"],
    );
    st.section(line.name(), Part::Line(line), attacks)
}
