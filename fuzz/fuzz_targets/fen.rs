//! FEN parsing: `Position::from_fen` and `Placement::from_str` never panic on any text.
//! A position that parses prints (both plain FEN and Shredder-FEN) as text that parses
//! back to the same position and prints the same again, and its incremental Zobrist key
//! equals the key computed from scratch. A placement that parses prints as a field that
//! parses back to the same placement. A setup the lenient reader takes prints as text
//! that reads back to the same setup, and becomes a position or an error, never a panic;
//! its legal moves are pseudo-legal, and each plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rayscan::position::Placement;
use rayscan::position::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };

    if let Ok((pos, _warnings)) = Position::from_fen(text) {
        assert_eq!(pos.key(), pos.compute_key(), "zobrist key of {text:?}");
        for shredder in [false, true] {
            let printed = pos
                .fen_with(rayscan::position::CastlingNotation::shredder_if(shredder))
                .to_string();
            let (again, _) = Position::from_fen(&printed).unwrap_or_else(|e| {
                panic!("printed FEN {printed:?} (from {text:?}) does not parse: {e}")
            });
            assert_eq!(
                again, pos,
                "{printed:?} (from {text:?}) reads back differently"
            );
            assert_eq!(
                again
                    .fen_with(rayscan::position::CastlingNotation::shredder_if(shredder))
                    .to_string(),
                printed,
                "{printed:?} (from {text:?}) prints differently"
            );
        }
        assert_eq!(
            pos.to_string(),
            pos.fen_with(rayscan::position::CastlingNotation::Standard)
                .to_string()
        );
    }

    if let Ok(setup) = rayscan::Setup::from_fen(text) {
        for notation in [
            rayscan::position::CastlingNotation::Standard,
            rayscan::position::CastlingNotation::Shredder,
        ] {
            let printed = setup.fen_with(notation).to_string();
            let mut again = rayscan::Setup::from_fen(&printed).unwrap_or_else(|e| {
                panic!("printed setup {printed:?} (from {text:?}) does not read: {e}")
            });
            again.set_chess960(setup.is_chess960());
            assert_eq!(
                again, setup,
                "{printed:?} (from {text:?}) reads back differently"
            );
        }
        let pseudo = setup.pseudo_legal_moves();
        for m in setup.legal_moves().iter() {
            assert!(pseudo.as_slice().contains(m), "{} in {text:?}", m.uci(true));
            let mut child = setup;
            child.play(*m);
        }
        if let Ok(pos) = Position::from_setup(setup, rayscan::setup::Problems::ALL) {
            assert_eq!(pos.key(), pos.compute_key(), "setup of {text:?}");
        }
    }

    if let Ok(placement) = text.parse::<Placement>() {
        let printed = placement.to_string();
        let again: Placement = printed.parse().unwrap_or_else(|e| {
            panic!("printed placement {printed:?} (from {text:?}) does not parse: {e}")
        });
        assert_eq!(
            again, placement,
            "{printed:?} (from {text:?}) reads back differently"
        );
        assert_eq!(again.to_string(), printed);
    }
});
