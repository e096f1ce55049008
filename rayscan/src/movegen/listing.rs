//! Writing a set of moves into a [`MoveList`]: one move at a time on every CPU
//! ([`OneByOne`]), or a whole half-board of targets at a time with AVX-512's compress
//! ([`Compress`]).
//!
//! A piece's set is its square and a bitboard of targets; a pawn set is a bitboard of
//! targets and one step back to each source. Listed one by one, each target costs a
//! bitscan, a shift, a store and a loop test, and the loop's exit is a guess the CPU
//! often gets wrong, since the sets' sizes vary. With AVX-512 VBMI2, the 32 moves a set
//! could hold on one half of the board sit ready in a register (lane `i` is the move to
//! square `i`), `VPCOMPRESSW` packs the lanes the set's bits name to the front, in square
//! order, and one store writes them: two compresses and two stores per set, whatever its
//! size, and no loop. The same moves in the same order as [`OneByOne`], which the tests
//! here check target by target.
//!
//! It pays in the loop engines write, `for m in pos.legal_moves()` and `play`: no bitscan
//! per move and no loop exit to guess.

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::square::Square;

/// How a set's moves are written into a list. `at` is the first free slot, as the caller
/// counts it ([`MoveList::write`]); each method returns the next free slot.
pub(crate) trait Writer: Copy {
    /// The moves of the piece on `from` to each square of `to`, in square order.
    fn targets(self, list: &mut MoveList, at: usize, from: Square, to: Bitboard) -> usize;

    /// The pawn moves to each square of `to` from the square `back` below it (in square
    /// index), in square order.
    fn pawns(self, list: &mut MoveList, at: usize, to: Bitboard, back: i32) -> usize;
}

/// The source of a pawn move to `to`, `back` squares before it.
#[inline(always)]
pub(crate) fn source(to: Square, back: i32) -> Square {
    Square::from_index_masked((to as i32 - back) as u32)
}

/// One move at a time: a bitscan per target. Every CPU; the reference for [`Compress`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct OneByOne;

impl Writer for OneByOne {
    #[inline(always)]
    fn targets(self, list: &mut MoveList, at: usize, from: Square, to: Bitboard) -> usize {
        let mut at = at;
        for to in to {
            at = list.write(at, Move::new(from, to, MoveKind::Normal));
        }
        at
    }

    #[inline(always)]
    fn pawns(self, list: &mut MoveList, at: usize, to: Bitboard, back: i32) -> usize {
        let mut at = at;
        for to in to {
            at = list.write(at, Move::new(source(to, back), to, MoveKind::Normal));
        }
        at
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use compress::Compress;

#[cfg(target_arch = "x86_64")]
mod compress {
    use super::*;
    use core::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_loadu_si512, _mm512_maskz_compress_epi16,
        _mm512_or_si512, _mm512_set1_epi16, _mm512_storeu_si512, _mm512_sub_epi16,
    };

    /// Lane `i` holds `i`: the target squares of the board's lower half (add 32 for the
    /// upper half).
    static SQUARES: [u16; 32] = {
        let mut lanes = [0; 32];
        let mut i = 0;
        while i < 32 {
            lanes[i] = i as u16;
            i += 1;
        }
        lanes
    };

    /// Lane `i` holds `i << 6`, then `(32 + i) << 6`: a move's target field for each
    /// square of the lower half, then of the upper half.
    static TARGETS: [[u16; 32]; 2] = {
        let mut lanes = [[0; 32]; 2];
        let mut i = 0;
        while i < 32 {
            lanes[0][i] = (i as u16) << 6;
            lanes[1][i] = ((32 + i) as u16) << 6;
            i += 1;
        }
        lanes
    };

    /// 32 moves at a time with AVX-512 VBMI2's compress. A value exists only where the
    /// CPU has AVX-512 F, BW and VBMI2: that is what makes its `unsafe` calls sound.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Compress(());

    impl Compress {
        /// The writer, promised usable: the caller has checked that the CPU has AVX-512
        /// F, BW and VBMI2 (every CPU of [`crate::cpu::x86_64_v4`] has them).
        ///
        /// # Safety
        /// The CPU running the program must have AVX-512 F, BW and VBMI2.
        #[inline(always)]
        pub(crate) const unsafe fn new_unchecked() -> Compress {
            Compress(())
        }

        /// The writer where the crate itself is compiled with AVX-512 F, BW and VBMI2
        /// (`-C target-cpu=native` on Zen 4 and 5 or Intel since Ice Lake): every CPU
        /// that runs the program then has them.
        #[inline(always)]
        pub(crate) const fn compiled() -> Option<Compress> {
            if cfg!(all(
                target_feature = "avx512f",
                target_feature = "avx512bw",
                target_feature = "avx512vbmi2"
            )) {
                Some(Compress(()))
            } else {
                None
            }
        }

        /// Whether the CPU this runs on could use the writer (tests only).
        #[cfg(all(test, feature = "std"))]
        pub(crate) fn detected() -> Option<Compress> {
            let has = std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi2");
            // SAFETY: the CPU has the features, just asked.
            has.then(|| unsafe { Compress::new_unchecked() })
        }
    }

    /// Writes lane `i` of `low` for each bit `i` of the lower half of `set`, then lane
    /// `i` of `high` for each bit `32 + i`, from slot `at` on; returns the next free slot.
    /// Each half is packed and stored whole (64 bytes): the slots past the moves get
    /// stray values, which the list's length leaves out. Near the list's end, where 64
    /// slots are not left (only unreachable positions have so many moves), returns
    /// `None` and writes nothing.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
    #[inline]
    fn write_lanes(
        list: &mut MoveList,
        at: usize,
        set: Bitboard,
        low: __m512i,
        high: __m512i,
    ) -> Option<usize> {
        let slots = list.spare_64(at)?;
        let (lower, upper) = (set.0 as u32, (set.0 >> 32) as u32);
        let first = _mm512_maskz_compress_epi16(lower, low);
        let second = _mm512_maskz_compress_epi16(upper, high);
        let base = slots.as_mut_ptr();
        // SAFETY: `slots` holds 64 moves (`MaybeUninit<Move>` has the layout of `Move`,
        // two bytes, any two a valid `Move`); each unaligned store writes 32: the first
        // slots 0 to 31, the second from the count of the lower half's moves (at most
        // 32) on, so below 64. A lane's 16 bits land low byte first, as `Move` keeps them.
        unsafe {
            _mm512_storeu_si512(base.cast::<__m512i>(), first);
            _mm512_storeu_si512(
                base.add(lower.count_ones() as usize).cast::<__m512i>(),
                second,
            );
        }
        Some(at + set.len() as usize)
    }

    impl Writer for Compress {
        #[inline(always)]
        fn targets(self, list: &mut MoveList, at: usize, from: Square, to: Bitboard) -> usize {
            // SAFETY: a `Compress` exists only where the CPU has the features.
            unsafe { targets(list, at, from, to) }
                .unwrap_or_else(|| OneByOne.targets(list, at, from, to))
        }

        #[inline(always)]
        fn pawns(self, list: &mut MoveList, at: usize, to: Bitboard, back: i32) -> usize {
            // SAFETY: as above.
            unsafe { pawns(list, at, to, back) }
                .unwrap_or_else(|| OneByOne.pawns(list, at, to, back))
        }
    }

    /// [`Compress::targets`]: the moves from `from` to every square, the source field
    /// or-ed into the target fields.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
    #[inline]
    fn targets(list: &mut MoveList, at: usize, from: Square, to: Bitboard) -> Option<usize> {
        let from = _mm512_set1_epi16(from as i16);
        let [low, high] = TARGETS.each_ref().map(|lanes| load(lanes));
        write_lanes(
            list,
            at,
            to,
            _mm512_or_si512(low, from),
            _mm512_or_si512(high, from),
        )
    }

    /// [`Compress::pawns`]: each square's source is the square `back` before it, taken
    /// modulo 64 as [`source`] takes it.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
    #[inline]
    fn pawns(list: &mut MoveList, at: usize, to: Bitboard, back: i32) -> Option<usize> {
        let squares = load(&SQUARES);
        let sixty_three = _mm512_set1_epi16(63);
        // Lane i: (i - back) mod 64, and (32 + i - back) mod 64.
        let low_from = _mm512_and_si512(
            _mm512_sub_epi16(squares, _mm512_set1_epi16(back as i16)),
            sixty_three,
        );
        let high_from = _mm512_and_si512(
            _mm512_sub_epi16(squares, _mm512_set1_epi16((back - 32) as i16)),
            sixty_three,
        );
        let [low, high] = TARGETS.each_ref().map(|lanes| load(lanes));
        write_lanes(
            list,
            at,
            to,
            _mm512_or_si512(low, low_from),
            _mm512_or_si512(high, high_from),
        )
    }

    /// 32 lanes of 16 bits, read from an array of 32.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn load(lanes: &[u16; 32]) -> __m512i {
        // SAFETY: an unaligned load of 64 bytes, the size of the array.
        unsafe { _mm512_loadu_si512(lanes.as_ptr().cast::<__m512i>()) }
    }
}

#[cfg(all(test, target_arch = "x86_64", feature = "std"))]
mod tests {
    use super::*;
    use crate::chess_move::MAX_MOVES;

    /// Sets to list: the empty and the full board, each half, each single square, and
    /// pseudo-random sets, sparse and dense.
    fn sets() -> Vec<Bitboard> {
        let mut sets = vec![
            Bitboard(0),
            Bitboard(!0),
            Bitboard(0xffff_ffff),
            Bitboard(!0 << 32),
        ];
        sets.extend((0..64).map(|i| Bitboard(1 << i)));
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..1000 {
            let (a, b) = (next(), next());
            sets.extend([a & b, a | b, a & b & (b >> 3), a].map(Bitboard));
        }
        sets
    }

    /// What `write` lists after `prefix` null moves, the null moves included.
    fn listed(prefix: usize, write: impl FnOnce(&mut MoveList, usize) -> usize) -> Vec<Move> {
        let mut list = MoveList::new();
        for _ in 0..prefix {
            list.push(Move::NULL);
        }
        let at = write(&mut list, prefix);
        list.set_len_written(at);
        list.as_slice().to_vec()
    }

    /// Checks that both writers list the same moves after `prefix` null moves, and that
    /// those are `expected`, as many as the list has room for.
    fn same_lists(
        prefix: usize,
        expected: impl Iterator<Item = Move>,
        one_by_one: impl FnOnce(&mut MoveList, usize) -> usize,
        packed: impl FnOnce(&mut MoveList, usize) -> usize,
        what: &str,
    ) {
        let one = listed(prefix, one_by_one);
        assert_eq!(listed(prefix, packed), one, "{what} after {prefix}");
        let expected: Vec<Move> = expected.take(MAX_MOVES - prefix).collect();
        assert_eq!(one[prefix..], expected, "{what} after {prefix}");
    }

    /// The writer of AVX-512, where the CPU has it: on other CPUs there is nothing to
    /// compare (and `legal_moves()` never uses it there).
    fn compress() -> Option<Compress> {
        let compress = Compress::detected();
        if compress.is_none() {
            eprintln!("skipped: this CPU has no AVX-512 VBMI2");
        }
        compress
    }

    /// A piece's moves: the same list, in square order, from every square to every set,
    /// after lists of several lengths, and near the list's end (where the compress falls
    /// back to one by one, and the moves past the capacity are dropped alike).
    #[test]
    fn compressed_piece_moves_are_the_moves_one_by_one() {
        let Some(compress) = compress() else { return };
        let mut compared = 0;
        for prefix in [0, 1, 31, 200, MAX_MOVES - 64, MAX_MOVES - 63, MAX_MOVES - 5] {
            for (i, to) in sets().into_iter().enumerate() {
                let from = Square::ALL[i % 64];
                same_lists(
                    prefix,
                    to.into_iter().map(|t| Move::new(from, t, MoveKind::Normal)),
                    |l, at| OneByOne.targets(l, at, from, to),
                    |l, at| compress.targets(l, at, from, to),
                    &format!("{from:?} to {to:?}"),
                );
                compared += 1;
            }
        }
        assert!(compared > 20_000);
    }

    /// Pawn moves: the same list for every pawn direction (one and two steps, both
    /// captures, both sides) and every set.
    #[test]
    fn compressed_pawn_moves_are_the_moves_one_by_one() {
        let Some(compress) = compress() else { return };
        for back in [8, 16, 7, 9, -8, -16, -7, -9] {
            for prefix in [0, 3, MAX_MOVES - 64, MAX_MOVES - 40] {
                for to in sets() {
                    same_lists(
                        prefix,
                        to.into_iter()
                            .map(|t| Move::new(source(t, back), t, MoveKind::Normal)),
                        |l, at| OneByOne.pawns(l, at, to, back),
                        |l, at| compress.pawns(l, at, to, back),
                        &format!("{to:?} back {back}"),
                    );
                }
            }
        }
    }
}
