//! `kogge-stone`: the fill by parallel prefix, three steps a direction.

use super::*;

pub(super) fn kogge_stone_ray(req: &Request, dir: Direction) -> Section {
    kogge_stone_steps(req, dir, dir.name().to_string())
}

/// Kogge-Stone's three steps along `dir`, each step's text starting with `name`.
pub(super) fn kogge_stone_steps(req: &Request, dir: Direction, name: String) -> Section {
    let s = i32::from(dir.offset());
    let empty = !req.occupied;
    let mut pro = empty.0 & !dir.opposite().wrap_mask().0;
    let mut generator = Bitboard::from(req.square).0;
    let mut st = Steps::new(req);
    // The propagator leaves out the file a shift in `dir` would wrap onto, if any.
    let propagator = match dir.file_delta() {
        1 => format!(
            "minus the a-file (a shift {} would wrap onto it)",
            dir.name()
        ),
        -1 => format!(
            "minus the h-file (a shift {} would wrap onto it)",
            dir.name()
        ),
        _ => format!(
            "(a shift {} keeps every square on its file: nothing wraps)",
            dir.name()
        ),
    };
    st.add(
        format!("{name}: generator = the slider; propagator = the empty squares {propagator}",),
        &[
            p("generator", Bitboard(generator), true),
            p("propagator", Bitboard(pro), false),
        ],
        &[" "],
    );
    for (k, by) in [(1, 1), (2, 2), (3, 4)] {
        generator |= pro & shift_by(generator, s * by);
        let text = format!(
            "{name}: step {k}: gen |= pro & shift(gen, {by}){}",
            if k < 3 {
                format!("; pro &= shift(pro, {by})")
            } else {
                String::new()
            }
        );
        if k < 3 {
            pro &= shift_by(pro, s * by);
            st.add(
                text,
                &[
                    p("generator", Bitboard(generator), true),
                    p("propagator", Bitboard(pro), false),
                ],
                &[" "],
            );
        } else {
            let attacks = Bitboard(generator).shift(dir);
            st.add(
                format!(
                    "{text}; one more shift {} = attacks {}",
                    dir.name(),
                    square_list(attacks)
                ),
                &[
                    p("fill", Bitboard(generator), true),
                    p("attacks", attacks, true),
                ],
                &["->"],
            );
        }
    }
    let attacks = Bitboard(generator).shift(dir);
    st.section(name, Part::Ray(dir), attacks)
}
