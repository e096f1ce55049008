//! Perft on several threads and with the shared hash table must count exactly what the
//! single-threaded, unhashed perft counts: totals and every root move.

use std::collections::BTreeMap;

use rayscan::movegen::Generator;
use rayscan::perft::Perft;
use rayscan::perft::hash::PerftTable;
use rayscan::position::Position;
use rayscan::sliders::Technique;

const CASES: [(&str, u32, u64); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
        422_333,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

fn divide_map(g: Generator, pos: &Position, depth: u32) -> BTreeMap<String, u64> {
    let mut map = BTreeMap::new();
    Perft::new(depth)
        .generator(g)
        .technique(g.default_technique())
        .divide(pos, |m, n| {
            map.insert(m.to_string(), n);
        })
        .unwrap();
    map
}

#[test]
fn threads_and_hash_count_exactly_what_perft_counts() {
    // A tiny table (one entry) and a small one force constant replacement.
    let tables = [PerftTable::new(0).unwrap(), PerftTable::new(1).unwrap()];
    for (fen, depth, expected) in CASES {
        let pos = Position::from_fen(fen).unwrap().0;
        let single = divide_map(Generator::PieceWise, &pos, depth);
        assert_eq!(single.values().sum::<u64>(), expected, "{fen}");
        for threads in [1, 2, 3] {
            for table in [None, Some(&tables[0]), Some(&tables[1])] {
                let mut roots = BTreeMap::new();
                let mut perft = Perft::new(depth)
                    .technique(Technique::auto())
                    .threads(threads);
                if let Some(table) = table {
                    perft = perft.hash(table);
                }
                let total = perft
                    .divide(&pos, |m, n| {
                        roots.insert(m.to_string(), n);
                    })
                    .unwrap();
                assert_eq!(total, expected, "{fen} threads {threads}");
                assert_eq!(roots, single, "{fen} threads {threads}");
            }
        }
    }
}

#[test]
fn every_generator_runs_on_threads() {
    let (fen, depth, expected) = CASES[1];
    let pos = Position::from_fen(fen).unwrap().0;
    for g in Generator::ALL {
        let perft = Perft::new(depth)
            .generator(g)
            .technique(g.default_technique());
        assert_eq!(perft.threads(2).count(&pos), Ok(expected), "{g}");
    }
    let staged = Perft::new(3).generator(Generator::Staged);
    assert!(
        staged
            .technique(Technique::Magic)
            .threads(2)
            .count(&pos)
            .is_err()
    );
    for depth in 0..=2 {
        let direct = Perft::new(depth).count(&pos);
        let threaded = Perft::new(depth).threads(2).count(&pos);
        assert_eq!(threaded, direct, "depth {depth}");
    }
}

#[test]
fn the_table_stores_and_refuses() {
    let t = PerftTable::new(1).unwrap();
    assert_eq!(t.bytes(), 1 << 20);
    t.store(0x1234_5678, 5, 99);
    assert_eq!(t.probe(0x1234_5678, 5), Some(99));
    assert_eq!(t.probe(0x1234_5678, 4), None, "another depth");
    assert_eq!(
        t.probe(0x1234_5678 + (1 << 40), 5),
        None,
        "another key, same slot"
    );
    assert!(PerftTable::new(usize::MAX).is_err());
}
