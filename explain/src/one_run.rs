//! `one-run`: Hyatt and Sherwin's rook and bishop in one run.

use super::*;

/// Hyatt and Sherwin's piece "in one run": empty-board attacks, xor-ed with the rays
/// behind four first hits found with the corner bits as stops.
pub(super) fn one_run(req: &Request) -> Vec<Section> {
    let sq = req.square;
    let corners = Bitboard::from(Square::A1) | Square::H8.into();
    let occ = req.occupied | corners;
    let mut sections = Vec::new();
    let mut formula = Vec::new();
    for &kind in kinds(req.piece) {
        let dirs = kind.directions();
        let empty = dirs
            .iter()
            .fold(Bitboard::EMPTY, |a, &d| a | masks::ray(d, sq));
        let mut st = Steps::new(req);
        st.add(
            format!(
                "{kind}: attacksEmpty[{sq}], and the occupancy with both corner bits (a1, h8) set as stops",
            ),
            &[
                p("attacksEmpty", empty, true),
                p("occupied | a1 | h8", occ, true),
            ],
            &[" "],
        );
        sections.push(st.section(format!("{kind} on the empty board"), Part::Intro, empty));
        let mut terms = vec![format!("attacksEmpty[{sq}]")];
        for &dir in dirs {
            let ray = masks::ray(dir, sq);
            let stop = ray
                | if dir.is_positive() {
                    Square::H8.into()
                } else {
                    Bitboard::from(Square::A1)
                };
            let hits = occ & stop;
            let hit = if dir.is_positive() {
                hits.first()
            } else {
                hits.last()
            }
            .unwrap_or(sq);
            let behind = masks::ray(dir, hit);
            let attacks = ray ^ behind;
            let short = dir.short_name().to_ascii_uppercase();
            terms.push(format!("ray{short}[{hit}]"));
            let mut st = Steps::new(req);
            st.add(
                format!(
                    "{}: (occupied | corners) & rayWstop = {}; {} -> {hit}{}; xor away ray{short}[{hit}]",
                    dir.name(),
                    square_list(hits),
                    if dir.is_positive() { "bitscan forward" } else { "bitscan reverse" },
                    if ray & req.occupied == Bitboard::EMPTY {
                        " (no blocker: the corner stop, whose ray is empty here)"
                    } else {
                        ""
                    }
                ),
                &[
                    p("rayWstop", stop, true),
                    p(format!("ray{short}[{hit}]"), behind, false),
                    p("attacks", attacks, true),
                ],
                &["->", "->"],
            );
            sections.push(st.section(dir.name(), Part::Ray(dir), attacks));
        }
        formula.push(terms.join(" ^ "));
    }
    let mut st = Steps::new(req);
    st.add(format!("in one run: {}", formula.join("  |  ")), &[], &[]);
    sections.push(st.section("formula", Part::Intro, Bitboard::EMPTY));
    sections
}
