"""rayscan's Board on any board python-chess allows: random placements (kings missing or
doubled, pawns on the back rank, checks no game reaches, castling rights without their
rook, en-passant squares without their pawn), compared with python-chess call by call;
and the two ways rayscan answers (rayscan's positions where the board is valid, the
board's own rules elsewhere) held to each other on the perft suites."""

import random

import chess as pychess
import pytest

import rayscan as chess
from conftest import suite

SEEDS = range(40)


def random_pair(rng):
    """The same random board in python-chess and in rayscan, made through their
    setters (`set_piece_map`, `turn`, `castling_rights`, `ep_square`)."""
    chess960 = rng.random() < 0.3
    theirs = pychess.Board(None, chess960=chess960)
    ours = chess.Board(None, chess960=chess960)
    pieces = {}
    kings = rng.choice([0, 1, 2, 2, 2, 2, 3])
    for i in range(kings):
        pieces[rng.randrange(64)] = (pychess.KING, i % 2 == 0)
    for _ in range(rng.randrange(0, 18)):
        square = rng.randrange(64)
        kind = rng.choice([pychess.PAWN] * 4 + [pychess.KNIGHT, pychess.BISHOP, pychess.ROOK, pychess.QUEEN])
        pieces[square] = (kind, rng.random() < 0.5)
    # Rooks and kings on their squares now and then, so that castling has a chance.
    if rng.random() < 0.5:
        for square, piece in [(4, (6, True)), (60, (6, False)), (0, (4, True)), (7, (4, True)), (56, (4, False)), (63, (4, False))]:
            if rng.random() < 0.8:
                pieces[square] = piece
    theirs.set_piece_map({s: pychess.Piece(k, c) for s, (k, c) in pieces.items()})
    ours.set_piece_map({s: chess.Piece(k, c) for s, (k, c) in pieces.items()})
    turn = rng.random() < 0.5
    rights = theirs.rooks & (pychess.BB_RANK_1 | pychess.BB_RANK_8)
    rights = rng.choice([rights, rights & rng.getrandbits(64), rng.getrandbits(64) & (pychess.BB_RANK_1 | pychess.BB_RANK_8), 0])
    ep = None
    if rng.random() < 0.4:
        ep = rng.choice([rng.randrange(64), rng.randrange(16, 24), rng.randrange(40, 48)])
    for board in (theirs, ours):
        board.turn = turn
        board.castling_rights = rights
        board.ep_square = ep
    return theirs, ours


def uci_set(moves):
    return sorted(m.uci() for m in moves)


def compare(theirs, ours, where):
    assert ours.fen() == theirs.fen(), where
    for mode in ("fen", "xfen"):
        assert ours.fen(en_passant=mode) == theirs.fen(en_passant=mode), where
    assert ours.shredder_fen() == theirs.shredder_fen(), where
    assert ours.status() == theirs.status(), where
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), where
    for color in (True, False):
        assert ours.king(color) == theirs.king(color), where
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color), where
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color), where
    assert ours.castling_xfen() == theirs.castling_xfen(), where
    assert ours.checkers_mask() == theirs.checkers_mask(), where
    assert ours.is_check() == theirs.is_check(), where
    assert ours.was_into_check() == theirs.was_into_check(), where
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), where
    assert ours.has_pseudo_legal_en_passant() == theirs.has_pseudo_legal_en_passant(), where
    legal = uci_set(theirs.legal_moves)
    assert uci_set(ours.legal_moves) == legal, where
    assert ours.legal_moves.count() == len(legal), where
    assert uci_set(ours.pseudo_legal_moves) == uci_set(theirs.pseudo_legal_moves), where
    assert uci_set(ours.generate_legal_captures()) == uci_set(theirs.generate_legal_captures()), where
    assert uci_set(ours.generate_castling_moves()) == uci_set(theirs.generate_castling_moves()), where
    assert uci_set(ours.generate_legal_ep()) == uci_set(theirs.generate_legal_ep()), where
    assert ours.is_checkmate() == theirs.is_checkmate(), where
    assert ours.is_stalemate() == theirs.is_stalemate(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    for square in range(64):
        assert ours.attacks_mask(square) == theirs.attacks_mask(square), (where, square)
        for color in (True, False):
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square), (where, square)
            assert ours.pin_mask(color, square) == theirs.pin_mask(color, square), (where, square)
    assert ours.mirror().fen() == theirs.mirror().fen(), where


def test_any_board_answers_as_python_chess():
    for seed in SEEDS:
        rng = random.Random(seed)
        for n in range(25):
            theirs, ours = random_pair(rng)
            where = f"seed {seed} board {n}: {theirs.fen(en_passant='fen')} chess960={theirs.chess960}"
            compare(theirs, ours, where)
            # Every pseudo-legal move: its kind and SAN where legal, and the board after.
            for move in list(theirs.pseudo_legal_moves):
                ours_move = chess.Move.from_uci(move.uci())
                said = f"{where} move {move.uci()}"
                assert ours.is_pseudo_legal(ours_move), said
                assert ours.is_legal(ours_move) == theirs.is_legal(move), said
                assert ours.is_into_check(ours_move) == theirs.is_into_check(move), said
                assert ours.is_capture(ours_move) == theirs.is_capture(move), said
                assert ours.is_castling(ours_move) == theirs.is_castling(move), said
                assert ours.is_en_passant(ours_move) == theirs.is_en_passant(move), said
                assert ours.is_zeroing(ours_move) == theirs.is_zeroing(move), said
                assert ours.is_irreversible(ours_move) == theirs.is_irreversible(move), said
                if theirs.is_legal(move):
                    assert ours.san(ours_move) == theirs.san(move), said
                    assert ours.lan(ours_move) == theirs.lan(move), said
                    assert ours.parse_san(theirs.san(move)) == ours_move, said
                    assert ours.gives_check(ours_move) == theirs.gives_check(move), said
                theirs.push(move)
                ours.push(ours_move)
                assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), said
                assert ours.status() == theirs.status(), said
                assert uci_set(ours.legal_moves) == uci_set(theirs.legal_moves), said
                assert ours.pop() == ours_move and theirs.pop() == move
                assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), said


def test_games_from_any_board_go_on_as_python_chess():
    for seed in SEEDS:
        rng = random.Random(1000 + seed)
        theirs, ours = random_pair(rng)
        for ply in range(40):
            moves = list(theirs.legal_moves)
            if not moves or rng.random() < 0.1:
                if theirs.is_check():
                    break
                move = pychess.Move.null()
            else:
                move = rng.choice(moves)
            where = f"seed {seed} ply {ply}: {theirs.fen(en_passant='fen')} then {move.uci()}"
            if move:
                assert ours.san(chess.Move.from_uci(move.uci())) == theirs.san(move), where
            theirs.push(move)
            ours.push(chess.Move.from_uci(move.uci()))
            compare(theirs, ours, where)
            assert ours.is_repetition(2) == theirs.is_repetition(2), where
            assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), where
            assert ours.is_game_over() == theirs.is_game_over(), where
            assert ours.result(claim_draw=True) == theirs.result(claim_draw=True), where
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]


def reference_perft(board, depth):
    """Perft by the board's own rules (`_raw_legal_moves`, `push`, `pop`)."""
    moves = board._raw_legal_moves()
    if depth == 1:
        return len(moves)
    nodes = 0
    for move in moves:
        board.push(move)
        nodes += reference_perft(board, depth - 1)
        board.pop()
    return nodes


@pytest.mark.parametrize(
    "name,chess960",
    [
        ("standard.epd", False),
        ("fischer960.epd", True),
        ("xfen960.epd", True),
        ("random-std.epd", False),
        ("random960.epd", True),
    ],
)
def test_the_board_rules_count_what_rayscan_counts(name, chess960):
    """The rules a board that is not valid is played by, on the valid positions of the
    perft suites: the same counts as rayscan's generator (to 20,000 nodes a position)."""
    for fen, depth, nodes in suite(name, max_nodes=20_000):
        board = chess.Board(fen, chess960=chess960)
        assert reference_perft(board, depth) == nodes, fen
        assert sorted(m.uci() for m in board._raw_legal_moves()) == sorted(m.uci() for m in board.legal_moves), fen
