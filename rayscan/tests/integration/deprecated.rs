//! The perft functions and module paths from before `perft::Perft` still build and count
//! what `Perft` counts: each is a forwarder, kept for code written against it.

#![allow(deprecated)]

use rayscan::movegen::{Generator, StagedHistory};
use rayscan::perft::stats::PerftStats;
use rayscan::perft::{LastPly, Method, Perft};
use rayscan::position::Position;
use rayscan::sliders::{Classical, KoggeStone, Magic, Technique};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn kiwipete() -> Position {
    Position::from_fen(KIWIPETE).unwrap().0
}

#[test]
fn the_old_perft_functions_count_what_perft_counts() {
    let pos = kiwipete();
    let want = Perft::new(3).count(&pos).unwrap();
    assert_eq!(want, 97_862);
    assert_eq!(rayscan::perft::perft::<Magic>(&pos, 3), want);
    assert_eq!(
        rayscan::perft::perft_directionwise::<KoggeStone>(&pos, 3),
        want
    );
    assert_eq!(rayscan::perft::perft_hybrid::<Classical>(&pos, 3), want);
    assert_eq!(rayscan::perft::perft_with(Technique::Magic, &pos, 3), want);
    let batch = Method {
        technique: Technique::Magic,
        last_ply: LastPly::Batch,
    };
    assert_eq!(rayscan::perft::perft_with(batch, &pos, 3), want);
    for g in Generator::ALL {
        let t = g.default_technique();
        assert_eq!(rayscan::perft::perft_by(g, t, &pos, 3), Ok(want), "{g}");
        let mut old = Vec::new();
        let total = rayscan::perft::divide_by(g, t, &pos, 2, |m, n| old.push((m, n)));
        let mut new = Vec::new();
        let perft = Perft::new(2).generator(g).technique(t);
        assert_eq!(
            perft.divide(&pos, |m, n| new.push((m, n))).ok(),
            total.ok(),
            "{g}"
        );
        assert_eq!(old, new, "{g}");
    }
    assert!(rayscan::perft::perft_by(Generator::Staged, Technique::Magic, &pos, 1).is_err());
    let mut roots = 0;
    assert_eq!(
        rayscan::perft::divide::<Magic>(&pos, 2, |_, _| roots += 1),
        2039
    );
    assert_eq!(roots, 48);
    let board = rayscan::mailbox::Mailbox::<rayscan::mailbox::Board16x12>::new(&pos);
    assert_eq!(rayscan::mailbox::perft(&board, 3), want);
    let mut history = StagedHistory::new();
    let staged = rayscan::movegen::perft_staged::<KoggeStone>(&pos, 3, 0, &mut history);
    assert_eq!(staged, want);
}

#[test]
fn the_old_statistics_hash_and_thread_functions_count_what_perft_counts() {
    use rayscan::parallel::{PerftTable, perft_parallel, perft_parallel_stats};
    let pos = kiwipete();
    let want: PerftStats = Perft::new(3).stats(&pos).unwrap();
    assert_eq!(rayscan::perft::stats::perft_stats::<Magic>(&pos, 3), want);
    let with = rayscan::perft::stats::perft_stats_with(Technique::Classical, &pos, 3);
    assert_eq!(with, want);
    let divided = rayscan::perft::stats::divide_stats(Technique::Magic, &pos, 3, |_, _| {});
    assert_eq!(divided, want);
    let threaded = perft_parallel_stats(Technique::Magic, &pos, 3, 2, |_, _| {});
    assert_eq!(threaded, want);

    let table = PerftTable::new(1).unwrap();
    let nodes = want.nodes;
    assert_eq!(
        rayscan::perft::hash::perft_hashed::<Magic>(&pos, 3, &table),
        nodes
    );
    let hashed = rayscan::perft::hash::perft_hashed_with(Technique::Magic, &pos, 3, &table);
    assert_eq!(hashed, nodes);
    let g = Generator::PieceWise;
    let on_threads = perft_parallel(g, Technique::Magic, &pos, 3, 2, Some(&table), |_, _| {});
    assert_eq!(on_threads, Ok(nodes));
    let refused = perft_parallel(
        Generator::Staged,
        Technique::Magic,
        &pos,
        3,
        2,
        None,
        |_, _| {},
    );
    assert!(refused.is_err());
}

#[test]
fn the_old_module_paths_still_name_what_moved() {
    let placement: rayscan::fen::Placement = "8/8/8/8/8/8/8/K6k".parse().unwrap();
    assert_eq!(
        placement,
        "8/8/8/8/8/8/8/K6k"
            .parse::<rayscan::position::Placement>()
            .unwrap()
    );
    let e4 = rayscan::dir_move::DirMove::new(
        rayscan::Square::E4,
        rayscan::dir_move::MoveDirection::Ray(rayscan::Direction::North),
    );
    assert_eq!(
        e4.to_move(&Position::startpos()).unwrap().to_string(),
        "e2e4"
    );
    let suite = rayscan::suite::parse("8/8/8/8/8/8/8/K6k w - - ;D1 3\n").unwrap();
    assert_eq!(suite[0].depths, vec![(1, 3)]);
}
