//! `garvin32`: Garvin's scan on 32-bit halves.

use super::*;

/// Garvin's scan on 32-bit halves: the near half first, the far half only if the near
/// half of a crossing ray has no blocker.
pub(super) fn garvin32_ray(req: &Request, dir: Direction) -> Section {
    let sq = req.square;
    let hi = sq as u8 >= 32;
    let mut ray = masks::ray(dir, sq).0;
    if ray == 0 {
        ray = 1 << sq as u8;
    }
    let occ = (req.occupied | dir.edge()).0;
    let half = |bits: u64, high: bool| if high { bits >> 32 } else { bits & 0xffff_ffff };
    let place = |word: u64, high: bool| Bitboard(if high { word << 32 } else { word });
    let (near, far) = (half(ray, hi), half(ray, !hi));
    let first = |hits: u64| {
        if dir.is_positive() {
            hits.trailing_zeros()
        } else {
            63 - hits.leading_zeros()
        }
    };
    // The half-ray up to (and with) its first hit; callers make sure there is one.
    let cut = |ray: u64, occ: u64| {
        let at = first(ray & occ);
        if dir.is_positive() {
            ray & (u64::MAX >> (63 - at))
        } else {
            ray & (u64::MAX << at)
        }
    };
    let names = |high: bool| {
        if high {
            "high half (ranks 5-8)"
        } else {
            "low half (ranks 1-4)"
        }
    };
    let scan = if dir.is_positive() { "BSF" } else { "BSR" };
    let near_occ = half(occ, hi);
    let mut st = Steps::new(req);
    let near_hits = near & near_occ;
    let near_cut = if near_hits != 0 {
        cut(near, near_occ)
    } else {
        near
    };
    let near_text = if near_hits != 0 {
        let bit = first(near_hits) + if hi { 32 } else { 0 };
        format!(
            "{scan} finds bit {} = {}: the half-ray up to it is attacked",
            bit % 32,
            Square::ALL[bit as usize]
        )
    } else {
        "no hit: the whole near half-ray is attacked".to_string()
    };
    st.add(
        format!(
            "{}: {sq} is in the {}; near table word 0x{near:08x} & (occupied | edge) 0x{near_occ:08x}; {near_text}",
            dir.name(),
            names(hi),
        ),
        &[
            p("near half-ray", place(near, hi), true),
            p("occupied | edge", place(near_occ, hi), false),
            p("near attacks", place(near_cut, hi), true),
        ],
        &["&", "->"],
    );
    let mut attacks = place(near_cut, hi);
    if near_hits == 0 && far != 0 {
        let far_occ = half(occ, !hi);
        let far_cut = cut(far, far_occ);
        let bit = first(far & far_occ) + if hi { 0 } else { 32 };
        st.add(
            format!(
                "{}: the ray crosses into the {}: far word 0x{far:08x} & 0x{far_occ:08x}; {scan} finds bit {} = {}",
                dir.name(),
                names(!hi),
                bit % 32,
                Square::ALL[bit as usize]
            ),
            &[
                p("far half-ray", place(far, !hi), false),
                p("occupied | edge", place(far_occ, !hi), false),
                p("far attacks", place(far_cut, !hi), false),
            ],
            &["&", "->"],
        );
        attacks |= place(far_cut, !hi);
    }
    // An empty ray scanned its own source bit: the source is never attacked.
    let attacks = attacks.without(sq);
    st.add(
        format!(
            "{}: the two 32-bit words side by side = attacks {}",
            dir.name(),
            square_list(attacks)
        ),
        &[],
        &[],
    );
    st.section(dir.name(), Part::Ray(dir), attacks)
}
