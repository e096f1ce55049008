//! `lanes`: Kogge-Stone in the eight lanes of one register.

use super::*;

/// The `lanes` technique: the Kogge-Stone fill of each of the piece's directions, each in
/// its own lane of one register, after a section that says what the lanes hold.
pub(super) fn lanes(req: &Request) -> Vec<Section> {
    let dirs = req.piece.directions();
    let lanes: Vec<String> = dirs
        .iter()
        .map(|&d| format!("{} {}", d.index(), d.name()))
        .collect();
    let shifts: Vec<String> = dirs
        .iter()
        .map(|&d| {
            let (way, s) = if d.is_positive() {
                ("left", d.offset())
            } else {
                ("right", -d.offset())
            };
            format!("{}: {way} by {s}, {}, {}", d.index(), 2 * s, 4 * s)
        })
        .collect();
    let mut st = Steps::new(req);
    st.add(
        format!(
            "one register holds 8 bitboards, lane i filling in direction i of the compass rose \
             (0 north … 7 north-west); the {} works in lanes {}. Each step below is one \
             instruction for all lanes at once: a lane shifts by its own count (vpsllvq, \
             vpsrlvq; a count of 64 gives nothing, so each lane shifts one way only: {}) and \
             masks its own wrap file. The attacks are the union of the lanes.",
            req.piece,
            lanes.join(", "),
            shifts.join("; ")
        ),
        &[p("slider", Bitboard::from(req.square), true)],
        &[],
    );
    let mut st2 = Steps::new(req);
    st2.add(
        "perft's batched last ply (--last-ply batch, whatever the technique) fills the same \
         register with 8 children instead: two plies above the leaves, each child of a node \
         differs from the others by one move, so eight children are counted in about the \
         instructions of one, one child per lane and one direction at a time."
            .to_string(),
        &[],
        &[],
    );
    let mut sections = vec![
        st.section("the lanes", Part::Intro, Bitboard::EMPTY),
        st2.section("eight children at a time", Part::Intro, Bitboard::EMPTY),
    ];
    sections.extend(
        dirs.iter()
            .map(|&d| kogge_stone_steps(req, d, format!("lane {} ({})", d.index(), d.name()))),
    );
    sections
}
