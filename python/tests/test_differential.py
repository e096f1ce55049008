"""rayscan against python-chess over random games, standard and Chess960: the legal
moves, SAN both ways, the FEN after every push and pop, and the game-end flags.

RAYSCAN_GAMES (default 24) sets how many games of each kind are played."""

import os
import random

import chess as pychess
import pytest

import rayscan

GAMES = int(os.environ.get("RAYSCAN_GAMES", "24"))
PLIES = 160


def same_state(ours, theirs, where):
    assert ours.fen() == theirs.fen(), where
    assert ours.turn == theirs.turn, where
    assert ours.ep_square == theirs.ep_square, where
    assert ours.castling_rights == theirs.clean_castling_rights(), where
    assert (ours.halfmove_clock, ours.fullmove_number) == (theirs.halfmove_clock, theirs.fullmove_number), where
    assert ours.is_check() == theirs.is_check(), where
    assert ours.is_checkmate() == theirs.is_checkmate(), where
    assert ours.is_stalemate() == theirs.is_stalemate(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves(), where
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition(), where
    assert ours.is_game_over() == theirs.is_game_over(), where
    ours_outcome, theirs_outcome = ours.outcome(), theirs.outcome()
    if theirs_outcome is None:
        assert ours_outcome is None, where
    else:
        assert ours_outcome.termination.name == theirs_outcome.termination.name, where
        assert ours_outcome.winner == theirs_outcome.winner, where
    for square in range(64):
        a, b = ours.piece_at(square), theirs.piece_at(square)
        assert (a and (a.piece_type, a.color, a.symbol())) == (b and (b.piece_type, b.color, b.symbol())), where


def play_game(seed, chess960):
    rng = random.Random(seed)
    if chess960:
        theirs = pychess.Board.from_chess960_pos(rng.randrange(960))
    else:
        theirs = pychess.Board()
    ours = rayscan.Board(theirs.fen(), chess960=chess960)
    fens = [theirs.fen()]
    for ply in range(PLIES):
        where = f"seed {seed}, ply {ply}, {theirs.fen()}"
        same_state(ours, theirs, where)
        legal = sorted(m.uci() for m in theirs.legal_moves)
        assert sorted(m.uci() for m in ours.legal_moves) == legal, where
        assert ours.legal_moves.count() == len(legal), where
        if not legal:
            break
        for uci in legal:
            theirs_move = pychess.Move.from_uci(uci)
            ours_move = rayscan.Move.from_uci(uci)
            assert ours_move in ours.legal_moves and ours.is_legal(ours_move), where
            san = theirs.san(theirs_move)
            assert ours.san(ours_move) == san, f"{uci}: {where}"
            assert ours.parse_san(san) == ours_move, f"{san}: {where}"
            assert theirs.parse_san(ours.san(ours_move)) == theirs_move, where
            assert ours.is_capture(ours_move) == theirs.is_capture(theirs_move), f"{uci}: {where}"
            assert ours.is_castling(ours_move) == theirs.is_castling(theirs_move), f"{uci}: {where}"
            assert ours.is_en_passant(ours_move) == theirs.is_en_passant(theirs_move), f"{uci}: {where}"
            assert ours.gives_check(ours_move) == theirs.gives_check(theirs_move), f"{uci}: {where}"
        # Now and then take a move back and play another, to test pop.
        if theirs.move_stack and rng.random() < 0.1:
            assert ours.pop().uci() == theirs.pop().uci(), where
            fens.pop()
            assert ours.fen() == theirs.fen() == fens[-1], where
            continue
        uci = rng.choice(legal)
        if rng.random() < 0.5:
            ours.push(rayscan.Move.from_uci(uci))
        else:
            ours.push_san(theirs.san(pychess.Move.from_uci(uci)))
        theirs.push_uci(uci)
        fens.append(theirs.fen())
        assert ours.fen() == theirs.fen(), where
        if theirs.is_game_over():
            break
    same_state(ours, theirs, f"seed {seed}, end, {theirs.fen()}")
    # Take the whole game back.
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()
    with pytest.raises(IndexError):
        ours.pop()


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_standard_game(seed):
    play_game(seed, chess960=False)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_chess960_game(seed):
    play_game(1000 + seed, chess960=True)


def repetition_game(moves, chess960=False):
    ours, theirs = rayscan.Board(), pychess.Board()
    for uci in moves:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        for count in (2, 3, 4, 5):
            assert ours.is_repetition(count) == theirs.is_repetition(count), (uci, count)
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
        assert ours.can_claim_draw() == theirs.can_claim_draw()
        assert ours.is_game_over(claim_draw=True) == theirs.is_game_over(claim_draw=True)


def test_repetitions_as_python_chess_counts_them():
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 5
    repetition_game(shuffle)
    # An irreversible move in between starts the count again.
    repetition_game(["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"] + shuffle[:12])
    # Losing a castling right is irreversible too.
    repetition_game(["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"])


def test_random_positions_of_the_suites_against_python_chess():
    """The legal moves and FEN of every position of the random suites, as read."""
    from conftest import DATA

    for name, chess960 in (("random-std.epd", False), ("random960.epd", True)):
        for line in (DATA / name).read_text().splitlines()[:150]:
            fen = line.split(";")[0].strip()
            theirs = pychess.Board(fen, chess960=chess960)
            try:
                ours = rayscan.Board(fen, chess960=chess960)
            except ValueError:
                assert not chess960
                continue
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves), fen
            assert ours.fen() == theirs.fen(), fen


def san_variants(board, move, san):
    """Texts python-chess reads beside its own SAN of `move`: long algebraic, with a
    dash, the piece letter with the origin, a promotion without `=` or in lowercase,
    an `x` where nothing is taken, without the check sign."""
    origin, target = pychess.square_name(move.from_square), pychess.square_name(move.to_square)
    letter = san[0] if san[0] in "NBRQK" else ""
    promo = pychess.piece_symbol(move.promotion) if move.promotion else ""
    texts = {
        origin + target + promo,
        origin + "-" + target + promo.upper(),
        letter + origin + "-" + target + ("=" + promo.upper() if promo else ""),
        letter + "x" + target + promo,
        san.rstrip("+#"),
        san.replace("=", ""),
        san.lower() if not letter else san,
        target,
        letter + target,
        "0-0" if san.startswith("O-O") and not san.startswith("O-O-O") else "O-O-O",
    }
    return sorted(t for t in texts if t)


def outcome_of(parse, text):
    try:
        return parse(text).uci()
    except ValueError as error:
        return type(error).__name__


@pytest.mark.parametrize("seed", range(max(1, GAMES // 4)))
def test_san_variants_read_as_python_chess_reads_them(seed):
    rng = random.Random(5000 + seed)
    chess960 = seed % 2 == 1
    theirs = pychess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else pychess.Board()
    ours = rayscan.Board(theirs.fen(), chess960=chess960)
    for _ in range(60):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        for move in moves:
            for text in san_variants(theirs, move, theirs.san(move)):
                expected = outcome_of(theirs.parse_san, text)
                assert outcome_of(ours.parse_san, text) == expected, (text, theirs.fen())
        move = rng.choice(moves)
        theirs.push(move)
        ours.push_uci(move.uci())
