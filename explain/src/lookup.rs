//! `magic` and `pext`: the relevant occupancy, its index, the table entry.

use super::*;

/// Software PEXT: the bits of `bits` selected by `mask`, packed to the bottom.
pub(super) fn pext(bits: u64, mask: u64) -> u64 {
    Bitboard(mask)
        .iter()
        .enumerate()
        .fold(0, |acc, (i, sq)| acc | ((bits >> sq as u8) & 1) << i)
}

/// Magic or PEXT: mask the relevant occupancy, turn it into an index, read the table.
pub(super) fn lookup(req: &Request, use_pext: bool) -> Vec<Section> {
    let sq = req.square;
    let mut sections = Vec::new();
    for &kind in kinds(req.piece) {
        let (mask, magic) = match kind {
            SliderPiece::Rook => (
                sliders::magic::rook_relevant(sq),
                sliders::magic::ROOK_MAGICS[sq as usize],
            ),
            _ => (
                sliders::magic::bishop_relevant(sq),
                sliders::magic::BISHOP_MAGICS[sq as usize],
            ),
        };
        let bits = mask.count_ones();
        let relevant = req.occupied.0 & mask;
        let mut st = Steps::new(req);
        st.add(
            format!(
                "{kind}: occupied & relevant mask ({bits} squares: the rays without their last square) = {}",
                square_list(Bitboard(relevant))
            ),
            &[
                p("occupied", req.occupied, true),
                p("relevant mask", Bitboard(mask), true),
                p("relevant", Bitboard(relevant), false),
            ],
            &["&", "="],
        );
        let index = if use_pext {
            let index = pext(req.occupied.0, mask);
            st.add(
                format!(
                    "{kind}: PEXT(occupied, mask) packs those {bits} bits into index {index:#b} = {index}"
                ),
                &[],
                &[],
            );
            index
        } else {
            let index = relevant.wrapping_mul(magic) >> (64 - bits);
            st.add(
                format!(
                    "{kind}: (relevant × 0x{magic:016x}) >> (64 − {bits}) = index {index}: the magic multiply gathers the {bits} bits without collisions that matter"
                ),
                &[],
                &[],
            );
            index
        };
        let attacks = Reference::attacks(kind, sq, Bitboard(relevant));
        st.add(
            format!(
                "{kind}: table[{sq}][{index}] = attacks {} (filled at compile time from every subset of the mask)",
                square_list(attacks)
            ),
            &[p("attacks", attacks, true)],
            &[],
        );
        sections.push(st.section(kind.name(), Part::Piece(kind), attacks));
    }
    sections
}
