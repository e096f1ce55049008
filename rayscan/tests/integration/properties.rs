//! Property tests (proptest): FEN round trips, the incremental Zobrist key, generated
//! moves against the one-move legality test, copy-make, and the FEN parser on arbitrary
//! text. Positions come from random playouts: a start FEN (standard, Kiwipete, Chess960
//! starts in X-FEN and Shredder-FEN, and every suite position under `tests/data/`) and a
//! list of move choices, each picking `moves[choice % len]`, stopping at mate or stalemate.
//!
//! Failure persistence is off (no `proptest-regressions` files): a failure prints the
//! shrunk input, which is what to copy into a regression test.

use std::collections::HashSet;
use std::sync::LazyLock;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use rayscan::chess_move::Move;
use rayscan::position::Position;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Start FENs: the two classics and Chess960 starts by hand first (proptest shrinks
/// towards the front), then every suite position.
static STARTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut fens: Vec<String> = [
        STARTPOS,
        KIWIPETE,
        // Chess960 starts, Shredder-FEN and X-FEN.
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
        "qrknrbbn/pppppppp/8/8/8/8/PPPPPPPP/QRKNRBBN w EBeb - 0 1",
        // An inner castling rook beside an outer one: X-FEN needs its file letter.
        "rr2k2r/pppppppp/8/8/8/8/PPPPPPPP/RR2K2R w KBkb - 0 1",
        // Promotions and en passant close at hand.
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]
    .map(String::from)
    .to_vec();
    fens.extend(crate::common::suite_fens());
    fens
});

/// Every move a position could be asked about: from × to × kind.
static CANDIDATES: LazyLock<Vec<Move>> = LazyLock::new(crate::common::every_candidate);

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A playout: start FEN, whether to force the Chess960 flag, and the move choices.
fn playouts(max_plies: usize) -> impl Strategy<Value = (String, bool, Vec<u16>)> {
    (
        select(STARTS.as_slice()),
        any::<bool>(),
        vec(any::<u16>(), 0..=max_plies),
    )
}

/// One position of a playout, with the moves that led to it (for failure messages).
struct Ply {
    pos: Position,
    line: String,
}

/// The positions of a playout, the start included, in order.
fn playout(start: &str, chess960: bool, choices: &[u16]) -> Vec<Ply> {
    let (mut pos, _) = Position::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    if chess960 {
        pos.set_chess960(true);
    }
    let mut line = String::new();
    let mut plies = vec![Ply {
        pos,
        line: line.clone(),
    }];
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves
            .get(choice as usize % moves.len())
            .expect("an index below the length");
        line.push(' ');
        line.push_str(&m.uci(true).to_string());
        pos = pos.play(m);
        plies.push(Ply {
            pos,
            line: line.clone(),
        });
    }
    plies
}

/// FEN print → parse → print, plain and Shredder. The Chess960 flag is not in the FEN:
/// reading it back sets it only where the castling rights need it, so unless `exact_flag`
/// it may come back off (a Chess960 game whose rights are gone), never on.
fn assert_round_trip(pos: &Position, exact_flag: bool, context: &str) -> Result<(), TestCaseError> {
    for shredder in [false, true] {
        let text = pos
            .fen_with(rayscan::position::CastlingNotation::shredder_if(shredder))
            .to_string();
        let back = match Position::from_fen(&text) {
            Ok((back, _)) => back,
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "{text} refused: {e}; {context}"
                )));
            }
        };
        prop_assert_eq!(
            back.fen_with(rayscan::position::CastlingNotation::shredder_if(shredder))
                .to_string(),
            text.clone(),
            "printed again; {}",
            context
        );
        prop_assert_eq!(
            back.to_string(),
            pos.to_string(),
            "plain print of {}; {}",
            text,
            context
        );
        prop_assert_eq!(back.key(), pos.key(), "key of {}; {}", text, context);
        if exact_flag {
            prop_assert_eq!(back.is_chess960(), pos.is_chess960(), "flag of {}", text);
        } else {
            prop_assert!(
                !back.is_chess960() || pos.is_chess960(),
                "{} read back as Chess960; {}",
                text,
                context
            );
        }
        let mut same = back;
        same.set_chess960(pos.is_chess960());
        prop_assert_eq!(same, *pos, "{} read back; {}", text, context);
    }
    Ok(())
}

/// An error message starts with a lowercase letter.
fn lowercase_initial(message: &str) -> bool {
    message.chars().next().is_some_and(char::is_lowercase)
}

/// A board of 64 cells (rooks likely on the back ranks, kings placed apart) with
/// FEN-like remaining fields: often accepted, so that the round trip meets odd castling
/// rights, en-passant squares (some with the pawn that skipped them and one to take it)
/// and clocks.
fn near_valid_fen() -> impl Strategy<Value = String> {
    let back = |rook: char| {
        prop_oneof![
            5 => Just(None),
            3 => Just(Some(rook)),
            1 => select(&['N', 'B', 'Q', 'n', 'b', 'q', 'r', 'R', 'p'][..]).prop_map(Some),
        ]
    };
    let middle = prop_oneof![
        20 => Just(None),
        1 => select(&['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'][..]).prop_map(Some),
    ];
    // None: "-"; Some((file, skipped pawn placed, capturer placed)); or any square's text.
    let ep = prop_oneof![
        3 => Just(Ok(None)),
        3 => (0..8usize, any::<bool>(), prop_oneof![Just(None), Just(Some(-1)), Just(Some(1))])
            .prop_map(|t| Ok(Some(t))),
        1 => "[a-h][1-8]".prop_map(Err),
    ];
    (
        (vec(back('R'), 8), vec(middle, 48), vec(back('r'), 8)),
        (
            prop_oneof![0..8usize, 0..64usize],
            prop_oneof![56..64usize, 0..64usize],
        ),
        any::<bool>(),
        "-|[KQkqA-Ha-h]{1,4}",
        ep,
        "( [0-9]{1,3}( [0-9]{1,3})?)?",
    )
        .prop_map(
            |((first, middle, last), (white_king, black_king), white, castling, ep, clocks)| {
                let mut cells: Vec<Option<char>> = first;
                cells.extend(middle);
                cells.extend(last);
                let ep = match ep {
                    Err(text) => text,
                    Ok(None) => "-".to_string(),
                    Ok(Some((file, pawn, capturer))) => {
                        // White to move: a black pawn skipped rank 6 from rank 7 to rank 5.
                        let (skipped, from, to, them, us) = if white {
                            (5, 6, 4, 'p', 'P')
                        } else {
                            (2, 1, 3, 'P', 'p')
                        };
                        if pawn {
                            cells[skipped * 8 + file] = None;
                            cells[from * 8 + file] = None;
                            cells[to * 8 + file] = Some(them);
                            if let Some(side) = capturer {
                                let f = file as i32 + side;
                                if (0..8).contains(&f) {
                                    cells[to * 8 + f as usize] = Some(us);
                                }
                            }
                        }
                        format!("{}{}", (b'a' + file as u8) as char, skipped + 1)
                    }
                };
                cells[white_king] = Some('K');
                cells[black_king] = Some('k');
                let placement = crate::common::placement(&cells);
                let side = if white { 'w' } else { 'b' };
                format!("{placement} {side} {castling} {ep}{clocks}")
            },
        )
}

/// A valid FEN with a few characters replaced, inserted or deleted.
fn mutated_fen() -> impl Strategy<Value = String> {
    let edit = (0..3u8, any::<prop::sample::Index>(), any::<char>());
    (select(STARTS.as_slice()), vec(edit, 1..4)).prop_map(|(fen, edits)| {
        let mut chars: Vec<char> = fen.chars().collect();
        for (op, at, c) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 if i < chars.len() => chars[i] = c,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, c),
            }
        }
        chars.into_iter().collect()
    })
}

/// Property 5: whatever the text, `from_fen` answers; what it accepts round-trips, what
/// it refuses has a message.
fn parse_anything(text: &str) -> Result<(), TestCaseError> {
    // The lenient reader too: what it reads it writes exactly, and a position made of it
    // is refused or accepted, never a panic.
    match rayscan::Setup::from_fen(text) {
        Ok(setup) => {
            for notation in [
                rayscan::position::CastlingNotation::Standard,
                rayscan::position::CastlingNotation::Shredder,
            ] {
                let printed = setup.fen_with(notation).to_string();
                let mut back = rayscan::Setup::from_fen(&printed)
                    .map_err(|e| TestCaseError::fail(format!("{printed:?}: {e}")))?;
                back.set_chess960(setup.is_chess960());
                prop_assert_eq!(back, setup, "{:?} from {:?}", printed, text);
            }
            // Its moves: the legal among the pseudo-legal, each playable.
            let pseudo = setup.pseudo_legal_moves();
            for m in setup.legal_moves().iter() {
                prop_assert!(
                    pseudo.as_slice().contains(m),
                    "{} in {:?}",
                    m.uci(true),
                    text
                );
                let mut child = setup;
                child.play(*m);
            }
            let all = rayscan::setup::Problems::ALL;
            if let Ok(pos) = Position::from_setup(setup, all) {
                prop_assert_eq!(pos.key(), pos.compute_key(), "setup of {:?}", text);
            }
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(lowercase_initial(&message), "message {:?}", message);
        }
    }
    match Position::from_fen(text) {
        Ok((pos, _)) => {
            prop_assert_eq!(pos.key(), pos.compute_key(), "key of {:?}", text);
            assert_round_trip(&pos, true, &format!("parsed from {text:?}"))
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(lowercase_initial(&message), "message {:?}", message);
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// 1. FEN print → parse → print is stable along playouts, plain and Shredder, with
    /// and without the Chess960 flag forced.
    #[test]
    fn fen_round_trips_along_playouts((start, chess960, choices) in playouts(120)) {
        for ply in playout(&start, chess960, &choices) {
            assert_round_trip(&ply.pos, false, &format!("from {start} by{}", ply.line))?;
        }
    }

    /// 2. The key `play` keeps incrementally is the key computed from scratch, both by
    /// `compute_key` and by reading the printed FEN.
    #[test]
    fn incremental_key_is_the_key_from_scratch((start, chess960, choices) in playouts(120)) {
        for ply in playout(&start, chess960, &choices) {
            let pos = ply.pos;
            prop_assert_eq!(pos.key(), pos.compute_key(), "{} from {} by{}", pos, start, ply.line);
            let (parsed, _) = Position::from_fen(&pos.to_string()).unwrap();
            prop_assert_eq!(pos.key(), parsed.key(), "{} from {} by{}", pos, start, ply.line);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// 4. Copy-make: playing any legal move leaves the position it was played from as it was.
    #[test]
    fn copy_make_leaves_the_original_untouched((start, chess960, choices) in playouts(120)) {
        for ply in playout(&start, chess960, &choices) {
            let pos = ply.pos;
            let copy = pos;
            let (fen, key) = (pos.fen_with(rayscan::position::CastlingNotation::Shredder).to_string(), pos.key());
            for m in pos.legal_moves().iter() {
                let after = pos.play(m);
                prop_assert_ne!(after, pos, "{:?} changed nothing in {}", m, fen);
                prop_assert_eq!(pos, copy, "after {:?} from {} by{}", m, start, ply.line);
                prop_assert_eq!(pos.fen_with(rayscan::position::CastlingNotation::Shredder).to_string(), fen.clone(), "after {:?}", m);
                prop_assert_eq!(pos.key(), key, "after {:?} in {}", m, fen);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// 3. Generated == legal at every ply: every generated move passes `is_legal` (and
    /// `is_pseudo_legal`), every candidate `is_legal` accepts is generated and
    /// `is_legal_fast` agrees with it on every candidate, and no move is generated twice.
    #[test]
    fn generated_moves_are_the_legal_moves((start, chess960, choices) in playouts(80)) {
        for ply in playout(&start, chess960, &choices) {
            let pos = ply.pos;
            let context = format!("{} from {} by{}", pos.fen_with(rayscan::position::CastlingNotation::Shredder), start, ply.line);
            let moves = pos.legal_moves();
            let set: HashSet<Move> = moves.iter().collect();
            prop_assert_eq!(set.len(), moves.len(), "duplicates in {:?}; {}", moves, context);
            for m in moves.iter() {
                prop_assert!(pos.is_pseudo_legal(m), "{:?} not pseudo-legal; {}", m, context);
                prop_assert!(pos.is_legal(m), "{:?} generated, not legal; {}", m, context);
            }
            for &m in CANDIDATES.iter() {
                let legal = pos.is_legal(m);
                if legal {
                    prop_assert!(set.contains(&m), "{:?} legal, not generated; {}", m, context);
                }
                prop_assert_eq!(pos.is_legal_fast(m), legal, "is_legal_fast({:?}); {}", m, context);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(10000))]

    /// 5a. FEN-shaped text never panics the parser.
    #[test]
    fn fen_shaped_text_never_panics(
        text in "[KQRBNPkqrbnp1-9/]{0,80}( [wb-])?( [KQkqA-Ha-h-]{0,6})?( [a-h1-8-]{0,3})?( [0-9]{0,4}){0,2}"
    ) {
        parse_anything(&text)?;
    }

    /// 5b. Arbitrary text (any chars, up to 200) never panics the parser.
    #[test]
    fn arbitrary_text_never_panics(chars in vec(any::<char>(), 0..=200)) {
        parse_anything(&chars.into_iter().collect::<String>())?;
    }

    /// 5c. Valid FENs with a few characters replaced, inserted or deleted.
    #[test]
    fn mutated_fens_never_panic(text in mutated_fen()) {
        parse_anything(&text)?;
    }

    /// 5d. Random boards with FEN-like fields: about a third accepted, so the round trip meets
    /// odd castling rights, en-passant squares and clocks.
    #[test]
    fn near_valid_fens_round_trip(text in near_valid_fen()) {
        parse_anything(&text)?;
    }
}

/// Hand-picked mutations of valid FENs are refused with a message starting in lowercase.
#[test]
fn mutated_fens_give_lowercase_messages() {
    let mutations = [
        "",
        "   ",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 x",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R/8 w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2RR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2 w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K11R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3X2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R6R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R2KK2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2P w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R x KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R W KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkz - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkqK - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq e9 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq e3 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - -1 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 x",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 99999999999",
        // The side not to move in check: a rook on h1 turned black, White's move turned Black's.
        "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP|R3K2R w KQkq - 0 1",
    ];
    // What was mutated is valid as written.
    for valid in [KIWIPETE, "4k3/8/8/8/8/8/8/4K2R w - - 0 1"] {
        assert!(Position::from_fen(valid).is_ok(), "{valid}");
    }
    for fen in mutations {
        let e = match Position::from_fen(fen) {
            Ok((pos, _)) => panic!("{fen:?} accepted as {pos}"),
            Err(e) => e,
        };
        let message = e.to_string();
        assert!(!message.is_empty(), "{fen:?}");
        assert!(lowercase_initial(&message), "{fen:?}: {message:?}");
        let problem = e.problem().to_string();
        assert!(!problem.is_empty(), "{fen:?}");
        assert!(
            !problem.starts_with(char::is_uppercase),
            "{fen:?}: {problem:?}"
        );
    }
}
