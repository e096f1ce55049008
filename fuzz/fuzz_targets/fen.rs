//! FEN parsing: `Position::from_fen` and `Placement::from_str` never panic on any text.
//! A position that parses prints (both plain FEN and Shredder-FEN) as text that parses
//! back to the same position and prints the same again, and its incremental Zobrist key
//! equals the key computed from scratch. A placement that parses prints as a field that
//! parses back to the same placement.
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
