//! `subtraction`: o ^ (o - 2r), and the same on the reversed board.

use super::*;

pub(super) fn subtraction_ray(req: &Request, dir: Direction) -> Section {
    let sq = req.square;
    let line = dir.line();
    let mask = masks::line(line, sq);
    let o = req.occupied & mask;
    let reverse = |b: u64| {
        if line == Line::Rank {
            b.reverse_bits()
        } else {
            b.swap_bytes()
        }
    };
    let mut st = Steps::new(req);
    let attacks = if dir.is_positive() {
        let r = 1u64 << sq as u8;
        let diff = Bitboard(o.0.wrapping_sub(r.wrapping_mul(2)));
        let attacks = (o ^ diff) & mask;
        st.add(
            format!(
                "{}: o = occupied & {line} mask; (o ^ (o - 2r)) & mask",
                dir.name()
            ),
            &[
                p("o", o, true),
                p("o - 2r", diff, false),
                p("attacks", attacks, true),
            ],
            &["^", "="],
        );
        attacks
    } else {
        let ro = reverse(o.0);
        let rr = reverse(1 << sq as u8);
        let up = ro ^ ro.wrapping_sub(rr.wrapping_mul(2));
        let attacks = Bitboard(reverse(up)) & mask;
        let how = if line == Line::Rank {
            "bit reversal"
        } else {
            "byte swap"
        };
        st.add(
            format!(
                "{}: the same on the reversed board ({how}): reverse(o' ^ (o' - 2r')) & mask",
                dir.name()
            ),
            &[
                p("o' (reversed)", Bitboard(ro), false),
                p("o' ^ (o' - 2r')", Bitboard(up), false),
                p("attacks", attacks, true),
            ],
            &["->", "->"],
        );
        attacks
    };
    st.section(dir.name(), Part::Ray(dir), attacks)
}
