//! rayscan's root API as an engine author uses it, from a crate outside the workspace.

use rayscan::{
    Bitboard, Color, LegalMoves, Move, MoveKind, MoveList, Piece, Position, Square, UciMove,
};
use rayscan_downstream::{evaluate, white_to_move, Search};
use serde::{Deserialize, Serialize};

#[test]
fn parse_iterate_and_play() {
    let position: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    let moves: LegalMoves = position.legal_moves();
    let by_ref: Vec<Move> = (&moves).into_iter().collect();
    let by_value: Vec<Move> = moves.into_iter().collect();
    assert_eq!(by_ref, by_value);
    assert_eq!(moves.len(), 48);
    assert!(moves.contains(&by_value[0]));
    let mut list = MoveList::from(&moves);
    list.sort_by_key(|m| m.to());
    assert_eq!(list.len(), 48);
    assert_eq!(list.iter().rev().count(), 48);
    let sets: usize = moves.sets().map(|set| set.len()).sum();
    assert_eq!(sets, 48);
    let castles = by_value
        .iter()
        .filter(|m| m.kind() == MoveKind::Castling)
        .count();
    assert_eq!(castles, 2);
    let pawns: Bitboard = position.colored(Color::White, Piece::Pawn);
    assert!(pawns.contains(Square::D5));
    assert!("8/8/8/8".parse::<Position>().is_err());
    assert_eq!(position.perft(2), 2039);
}

#[test]
fn game_end_and_material() {
    let fools_mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    assert!(fools_mate.is_checkmate() && !fools_mate.is_stalemate());
    let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
    let bare: Position = "8/8/4k3/8/8/3BK3/8/8 b - - 0 1".parse().unwrap();
    assert!(bare.is_insufficient_material());
    assert!(!Position::startpos().is_insufficient_material());
}

#[test]
fn keys_null_moves_and_killers() {
    let start = Position::startpos();
    assert_eq!(start.polyglot_key(), 0x463b_9618_1691_fc9c);
    let null = start.play_null();
    assert!(!white_to_move(&null));
    assert_eq!(
        null.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    );
    let killer = Move::new(Square::G1, Square::F3, MoveKind::Normal);
    assert!(start.is_legal_fast(killer));
    assert!(!null.is_legal_fast(killer));
    assert!(!start.is_legal_fast(Move::new(Square::E2, Square::E5, MoveKind::Normal)));
}

#[test]
fn a_small_search_finds_mate_in_one_and_wins_material() {
    // White mates with Qxf7#.
    let scholar: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
        .parse()
        .unwrap();
    let mut search = Search::new(3);
    let (score, best) = search.negamax(&scholar, 3, -1_000_000, 1_000_000);
    assert_eq!(best.map(|m| m.to_string()), Some("h5f7".to_string()));
    assert!(score >= 100_000 - 10, "{score}");
    // A hanging queen is taken.
    let hanging: Position = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1".parse().unwrap();
    let (score, best) = Search::new(2).negamax(&hanging, 2, -1_000_000, 1_000_000);
    assert_eq!(best.map(|m| m.to_string()), Some("d2d5".to_string()));
    assert_eq!(score, evaluate(&hanging) + 900);
}

#[test]
fn serde_reads_and_writes_text() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Record {
        position: Position,
        /// A move is read back as UCI text, which only its position resolves.
        best: UciMove,
        target: Square,
        piece: Piece,
        side: Color,
    }
    let record = Record {
        position: Position::startpos(),
        best: "e2e4".parse().unwrap(),
        target: Square::E4,
        piece: Piece::Pawn,
        side: Color::White,
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"position":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","best":"e2e4","target":"e4","piece":"pawn","side":"white"}"#
    );
    let back = serde_json::from_str::<Record>(&json).unwrap();
    assert_eq!(back, record);
    let e4 = back.best.to_move(&back.position).unwrap();
    assert_eq!(serde_json::to_string(&e4).unwrap(), r#""e2e4""#);
    let bad = json.replace("KQkq - 0 1", "KQkq - 0 1 extra fields");
    let err = serde_json::from_str::<Record>(&bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("fen"), "{err}");
}
