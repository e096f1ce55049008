//! The proof: every technique equals the reference walk.
//!
//! - every square × every subset of the relevant occupancy (4096 per rook square at
//!   most, 512 per bishop square), each also with the slider's own square and random
//!   noise on the squares that should not matter (edges, the rest of the board);
//! - every square × thousands of random full-board occupancies, including the corner
//!   bits that sentinel-based techniques add, and the full and empty boards;
//! - for ray-wise techniques, every subset of every ray and random boards through the
//!   ray and line getters, and the empty board against the masks.

use rayscan::masks;
use rayscan::sliders::magic::{bishop_relevant, rook_relevant};
use rayscan::sliders::{RayWise, Reference, Slider, Technique, WithRayWise, WithSlider};
use rayscan::{Bitboard, Direction, Line, Square};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A board with a density chosen at random between sparse and crowded.
    fn board(&mut self) -> Bitboard {
        let x = self.next();
        Bitboard(match x % 5 {
            0 => x & self.next() & self.next(),
            1 => x & self.next(),
            2 => x,
            3 => x | self.next(),
            _ => (x & self.next()) | 0x8000_0000_0000_0001,
        })
    }
}

fn check_piece<S: Slider>(sq: Square, occ: Bitboard) {
    let (rook, bishop) = (
        Reference::rook_attacks(sq, occ),
        Reference::bishop_attacks(sq, occ),
    );
    assert_eq!(
        S::rook_attacks(sq, occ),
        rook,
        "{} rook on {sq}, occupied {occ:?}",
        S::NAME
    );
    assert_eq!(
        S::bishop_attacks(sq, occ),
        bishop,
        "{} bishop on {sq}, occupied {occ:?}",
        S::NAME
    );
    assert_eq!(
        S::queen_attacks(sq, occ),
        rook | bishop,
        "{} queen on {sq}, occupied {occ:?}",
        S::NAME
    );
}

struct Exhaustive;

impl WithSlider for Exhaustive {
    type Output = usize;

    fn run<S: Slider>(self) -> usize {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for sq in Square::ALL {
            let own = Bitboard::from(sq);
            for relevant in [rook_relevant(sq), bishop_relevant(sq)] {
                for subset in Bitboard(relevant).subsets() {
                    let noise = Bitboard(rng.next() & !relevant);
                    for occ in [subset, subset | own, subset | noise, subset | noise | own] {
                        check_piece::<S>(sq, occ);
                        checked += 1;
                    }
                }
            }
            for _ in 0..3000 {
                let occ = rng.board();
                check_piece::<S>(sq, occ);
                check_piece::<S>(sq, occ | own);
                checked += 2;
            }
            for occ in [Bitboard::EMPTY, Bitboard::FULL, Bitboard::BORDER, own] {
                check_piece::<S>(sq, occ);
                checked += 1;
            }
        }
        checked
    }
}

#[test]
fn every_technique_equals_the_reference_exhaustively() {
    for &technique in Technique::ALL {
        let checked = technique.dispatch(Exhaustive);
        // 64 squares × (4 × relevant subsets + 6004) boards, for rooks and bishops.
        assert!(
            checked > 800_000,
            "{technique}: only {checked} boards checked"
        );
    }
}

struct Rays;

impl WithRayWise for Rays {
    type Output = ();

    fn run<S: RayWise>(self) {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for sq in Square::ALL {
            for dir in Direction::ALL {
                let ray = masks::ray(dir, sq);
                assert_eq!(
                    S::ray_attacks(dir, sq, Bitboard::EMPTY),
                    ray,
                    "{} {dir} {sq}",
                    S::NAME
                );
                // Every subset of the ray, with and without noise off the ray.
                for subset in ray.subsets() {
                    let noise = Bitboard(rng.next()) - ray;
                    for occ in [subset, subset | noise, subset | Bitboard::from(sq)] {
                        assert_eq!(
                            S::ray_attacks(dir, sq, occ),
                            Reference::ray_attacks(dir, sq, occ),
                            "{} {dir} from {sq}, occupied {occ:?}",
                            S::NAME
                        );
                    }
                }
            }
            for line in Line::ALL {
                assert_eq!(
                    S::line_attacks(line, sq, Bitboard::EMPTY),
                    masks::line(line, sq),
                    "{} {line} {sq}",
                    S::NAME
                );
                for _ in 0..200 {
                    let occ = rng.board();
                    assert_eq!(
                        S::line_attacks(line, sq, occ),
                        Reference::line_attacks(line, sq, occ),
                        "{} {line} through {sq}, occupied {occ:?}",
                        S::NAME
                    );
                }
            }
        }
    }
}

#[test]
fn ray_and_line_getters_equal_the_reference_and_the_masks() {
    let mut ray_wise = 0;
    for &technique in Technique::ALL {
        if technique.dispatch_ray_wise(Rays).is_some() {
            ray_wise += 1;
        }
    }
    assert_eq!(ray_wise, 12);
}

#[test]
fn empty_board_attacks_are_the_piece_masks() {
    for &technique in Technique::ALL {
        for sq in Square::ALL {
            assert_eq!(technique.rook_attacks(sq, Bitboard::EMPTY), masks::rook(sq));
            assert_eq!(
                technique.bishop_attacks(sq, Bitboard::EMPTY),
                masks::bishop(sq)
            );
            assert_eq!(
                technique.queen_attacks(sq, Bitboard::EMPTY),
                masks::queen(sq)
            );
        }
    }
}

#[test]
fn the_literature_example_bishop_on_g2() {
    // classical-approach.txt: occupied ∩ north-west(g2) = {a8, c6}; the first blocker is c6.
    let occupied = Bitboard(0xbdfd_0600_0040_ffdf);
    assert_eq!(
        occupied & masks::ray(Direction::NorthWest, Square::G2),
        [Square::A8, Square::C6].into_iter().collect()
    );
    let expected: Bitboard = [Square::F3, Square::E4, Square::D5, Square::C6]
        .into_iter()
        .collect();
    for &technique in Technique::ALL {
        let attacks = technique.bishop_attacks(Square::G2, occupied);
        assert_eq!(
            attacks & masks::ray(Direction::NorthWest, Square::G2),
            expected,
            "{technique}"
        );
    }
}
