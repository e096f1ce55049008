//! Sets the `rayscan_v3_copy` cfg (see `v3_copy`), and writes the two large attack
//! tables, magic and PEXT (107,648 words each), to `OUT_DIR` as raw words in the target's
//! byte order; `sliders::magic` and `sliders::pext` embed them with `include_bytes!`.
//!
//! Why not `const fn`, like every other table: the const evaluator is an interpreter, and
//! filling these two took 6.4 of the 7.4 s that `cargo check` spent on the crate. Here
//! they take milliseconds. The walk below is the plain one (square by square until a
//! blocker); the library's tests hold every slot of both tables to the reference
//! technique, for every square and every relevant occupancy.

use std::env;
use std::fs;
use std::path::Path;

#[allow(
    dead_code,
    reason = "the build script reads the numbers, not their docs' links"
)]
#[path = "src/sliders/magic/numbers.rs"]
mod numbers;

const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The squares reached from `sq` along each direction of `dirs`, up to and including the
/// first square of `occupied`; with `relevant`, each ray without its last square instead.
fn walk(sq: usize, dirs: &[(i32, i32); 4], occupied: u64, relevant: bool) -> u64 {
    let mut set = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            let last = !(0..8).contains(&(f + df)) || !(0..8).contains(&(r + dr));
            if relevant && last {
                break;
            }
            set |= bit;
            if !relevant && occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    set
}

/// Every subset of `mask`, in increasing order (the carry-rippler).
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let subset = next?;
        let after = subset.wrapping_sub(mask) & mask;
        next = (after != 0).then_some(after);
        Some(subset)
    })
}

/// The magic table: each square's slice (2^bits slots, rooks first, then bishops, in
/// square order) indexed by `(occupied & mask) * magic >> (64 - bits)`.
fn magic_table() -> Vec<u64> {
    let mut table = Vec::new();
    for (dirs, magics) in [
        (&ROOK, &numbers::ROOK_MAGICS),
        (&BISHOP, &numbers::BISHOP_MAGICS),
    ] {
        for sq in 0..64 {
            let mask = walk(sq, dirs, 0, true);
            let bits = mask.count_ones();
            let base = table.len();
            table.resize(base + (1 << bits), 0);
            for subset in subsets(mask) {
                let attacks = walk(sq, dirs, subset, false);
                let slot =
                    &mut table[base + (subset.wrapping_mul(magics[sq]) >> (64 - bits)) as usize];
                // Attack sets are never empty, so 0 marks a free slot.
                assert!(
                    *slot == 0 || *slot == attacks,
                    "magic number collision on square {sq}: two occupancies with different attacks share a slot"
                );
                *slot = attacks;
            }
        }
    }
    table
}

/// The PEXT table: each square's slice indexed by `PEXT(occupied, mask)`, which maps the
/// subsets in increasing order to 0, 1, 2 …: the carry-rippler's order.
fn pext_table() -> Vec<u64> {
    let mut table = Vec::new();
    for dirs in [&ROOK, &BISHOP] {
        for sq in 0..64 {
            let mask = walk(sq, dirs, 0, true);
            table.extend(subsets(mask).map(|subset| walk(sq, dirs, subset, false)));
        }
    }
    table
}

fn write(name: &str, words: &[u64]) {
    let big_endian = env::var("CARGO_CFG_TARGET_ENDIAN").is_ok_and(|e| e == "big");
    let bytes: Vec<u8> = words
        .iter()
        .flat_map(|w| {
            if big_endian {
                w.to_be_bytes()
            } else {
                w.to_le_bytes()
            }
        })
        .collect();
    let out = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    fs::write(Path::new(&out).join(name), bytes).expect("OUT_DIR is writable");
}

/// `crate::cpu::FEATURES`, the features of the hot paths' x86-64-v3 copy (a test in
/// `isa` holds the lists together).
const V3_FEATURES: [&str; 8] = [
    "avx", "avx2", "bmi1", "bmi2", "fma", "lzcnt", "movbe", "popcnt",
];

/// `crate::cpu::V4_FEATURES` beyond [`V3_FEATURES`]: the x86-64-v4 copy's.
const V4_EXTRA: [&str; 7] = [
    "avx512f",
    "avx512bw",
    "avx512cd",
    "avx512dq",
    "avx512vl",
    "avx512vpopcntdq",
    "avx512vbmi2",
];

/// Sets `rayscan_v3_copy` and `rayscan_v4_copy` where `isa` compiles its
/// x86-64-v3 and x86-64-v4 copies of the hot paths: on x86-64, unless the crate is built
/// with all their features already (`-C target-cpu=native` on a recent CPU), when a copy
/// would be the same code as the crate's own.
fn copies() {
    println!("cargo::rustc-check-cfg=cfg(rayscan_v3_copy)");
    println!("cargo::rustc-check-cfg=cfg(rayscan_v4_copy)");
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let enabled: Vec<&str> = features.split(',').collect();
    let has_v3 = V3_FEATURES.iter().all(|f| enabled.contains(f));
    let has_v4 = has_v3 && V4_EXTRA.iter().all(|f| enabled.contains(f));
    if arch == "x86_64" && !has_v3 {
        println!("cargo::rustc-cfg=rayscan_v3_copy");
    }
    if arch == "x86_64" && !has_v4 {
        println!("cargo::rustc-cfg=rayscan_v4_copy");
    }
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/sliders/magic/numbers.rs");
    copies();
    write("magic_attacks.bin", &magic_table());
    write("pext_attacks.bin", &pext_table());
}
