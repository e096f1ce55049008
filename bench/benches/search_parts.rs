//! What a search's node costs in each library, part by part, on the positions a search
//! walks through: the moves onto the opponent's pieces generated (as the quiescence
//! search asks for them), every move generated, one move made, and a node's moves
//! sorted by the search's key (`search::order_key`), rayscan's `Move`s beside
//! cozy-chess's, the same keys in the same order. Then a Markdown table of nanoseconds
//! per position (per move made, for `play`).
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench search_parts
//! ```
//!
//! The positions are those two plies below each of the search's eight roots
//! (`search::POSITIONS`), a few thousand, which stay in the caches.

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::Criterion;
use rayscan::{Bitboard, Move, Position};
use rayscan_bench::search::{POSITIONS, order_key};
use rayscan_bench::{children, cozy_move, measuring, median_ns};

/// The parts, in the table's order: (name, what a row counts per).
const PARTS: [(&str, &str); 4] = [
    ("captures generated", "position"),
    ("moves generated", "position"),
    ("a move made", "move"),
    ("moves sorted by key", "position"),
];

/// The libraries, in the table's order.
const LIBRARIES: [&str; 2] = ["rayscan", "cozy-chess"];

/// The moves of `p`, each with the search's ordering key, in generation order.
fn keyed(p: &Position) -> Vec<(u32, Move)> {
    let mut moves = Vec::new();
    p.generate_moves(|set| {
        for m in set {
            let victim = p.captured_piece(m).map(|v| v as usize);
            let promotion = m.promotion().map(|q| q as usize);
            let key = order_key(
                victim,
                set.piece() as usize,
                m.from() as usize,
                m.to() as usize,
                promotion,
            );
            moves.push((key, m));
        }
        false
    });
    moves
}

/// Each of `lists` sorted by its key, highest first, as the search sorts a node's moves.
fn sort_each<T>(lists: &mut [Vec<(u32, T)>]) {
    for list in lists {
        list.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    }
}

fn main() {
    let since = SystemTime::now() - Duration::from_secs(2);
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .configure_from_args();

    let roots: Vec<Position> = POSITIONS
        .iter()
        .map(|fen| Position::from_fen(fen).expect("a valid FEN").0)
        .collect();
    let ours = children(&children(&roots));
    let theirs: Vec<cozy_chess::Board> = ours
        .iter()
        .map(|p| cozy_chess::Board::from_fen(&p.to_string(), false).expect("the same FEN"))
        .collect();
    let made: Vec<(usize, Move)> = ours
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.legal_moves().into_iter().map(move |m| (i, m)))
        .collect();
    let made_cozy: Vec<(usize, cozy_chess::Move)> =
        made.iter().map(|&(i, m)| (i, cozy_move(m))).collect();
    let lists: Vec<Vec<(u32, Move)>> = ours.iter().map(keyed).collect();
    let lists_cozy: Vec<Vec<(u32, cozy_chess::Move)>> = lists
        .iter()
        .map(|l| l.iter().map(|&(k, m)| (k, cozy_move(m))).collect())
        .collect();

    // Both libraries see the same moves: check before measuring.
    for (p, b) in ours.iter().zip(&theirs) {
        let (mut n, mut k) = (0, 0);
        p.generate_moves_to(p.color(!p.side_to_move()), |set| {
            n += set.len();
            false
        });
        let (opponent, mut all) = (b.colors(!b.side_to_move()), 0);
        b.generate_moves(|set| {
            all += set.len();
            let mut captures = set;
            captures.to &= opponent;
            k += captures.len();
            false
        });
        assert_eq!(n, k, "{p}");
        assert_eq!(p.legal_moves().len(), all, "{p}");
    }
    for &(i, m) in made.iter().step_by(97) {
        let mut b = theirs[i].clone();
        b.play(cozy_move(m));
        assert_eq!(ours[i].play(m).to_string(), b.to_string());
    }

    let mut group = criterion.benchmark_group("search-parts");
    group.bench_function("captures generated/rayscan", |b| {
        b.iter(|| {
            ours.iter().fold(0, |mut n, p| {
                let p = black_box(p);
                p.generate_moves_to(p.color(!p.side_to_move()), |set| {
                    n += set.len();
                    false
                });
                n
            })
        })
    });
    group.bench_function("captures generated/cozy-chess", |b| {
        b.iter(|| {
            theirs.iter().fold(0, |mut n, b| {
                let b = black_box(b);
                let opponent = b.colors(!b.side_to_move());
                b.generate_moves(|mut set| {
                    set.to &= opponent;
                    n += set.len();
                    false
                });
                n
            })
        })
    });
    group.bench_function("moves generated/rayscan", |b| {
        b.iter(|| {
            ours.iter().fold(0, |mut n, p| {
                black_box(p).generate_moves_to(Bitboard::FULL, |set| {
                    n += set.len();
                    false
                });
                n
            })
        })
    });
    group.bench_function("moves generated/cozy-chess", |b| {
        b.iter(|| {
            theirs.iter().fold(0, |mut n, b| {
                black_box(b).generate_moves(|set| {
                    n += set.len();
                    false
                });
                n
            })
        })
    });
    group.bench_function("a move made/rayscan", |b| {
        b.iter(|| {
            made.iter()
                .fold(0, |d, &(i, m)| d ^ black_box(&ours[i].play(m)).key())
        })
    });
    group.bench_function("a move made/cozy-chess", |b| {
        b.iter(|| {
            made_cozy.iter().fold(0, |d, &(i, m)| {
                let mut child = theirs[i].clone();
                child.play_unchecked(m);
                d ^ black_box(&child).hash()
            })
        })
    });
    group.bench_function("moves sorted by key/rayscan", |b| {
        b.iter_batched_ref(
            || lists.clone(),
            |lists| sort_each(lists),
            criterion::BatchSize::LargeInput,
        )
    });
    group.bench_function("moves sorted by key/cozy-chess", |b| {
        b.iter_batched_ref(
            || lists_cozy.clone(),
            |lists| sort_each(lists),
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
    criterion.final_summary();

    if measuring() {
        println!(
            "\n{} positions, {} moves\n\n| ns per position (per move, made) | rayscan | cozy-chess | cozy-chess / rayscan |",
            ours.len(),
            made.len()
        );
        println!("|---|--:|--:|--:|");
        for (part, per) in PARTS {
            let n = if per == "move" {
                made.len()
            } else {
                ours.len()
            } as f64;
            let ns: Vec<Option<f64>> = LIBRARIES
                .iter()
                .map(|lib| {
                    median_ns("search-parts", &format!("{part}/{lib}"), since).map(|t| t / n)
                })
                .collect();
            let cell = |x: Option<f64>| x.map_or_else(|| "-".to_owned(), |x| format!("{x:.1}"));
            let ratio = match (ns[0], ns[1]) {
                (Some(r), Some(c)) => format!("{:.2}×", c / r),
                _ => "-".to_owned(),
            };
            println!("| {part} | {} | {} | {ratio} |", cell(ns[0]), cell(ns[1]));
        }
    }
}
