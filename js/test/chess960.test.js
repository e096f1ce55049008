// Chess960 against the repository's perft suites (rayscan/tests/data: 960 start
// positions in Shredder-FEN, X-FEN positions, random positions of both), by the
// package's own rules and by rayscan's generator; its FEN both ways; its castling.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import { Chess } from '../lib/index.js'
import { Game } from '../lib/wasm.js'

// The lines of a suite: FEN and the counts by depth.
function suite(name) {
  const text = readFileSync(new URL(`../../rayscan/tests/data/${name}`, import.meta.url), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [fen, ...depths] = line.split(';')
      const counts = depths.map((d) => d.trim().split(/\s+/)).map(([key, n]) => [Number(key.slice(1)), Number(n)])
      return { fen: fen.trim(), counts }
    })
}

// Every [depth, count] whose count is at most `budget` nodes.
function depths(counts, budget) {
  return counts.filter(([, n]) => n <= budget)
}

for (const [name, chess960] of [
  ['fischer960.epd', true],
  ['xfen960.epd', true],
  ['random960.epd', true],
  ['standard.epd', false],
  ['random-std.epd', false],
]) {
  test(`${name}: perft by the package's rules and by rayscan's generator`, () => {
    for (const { fen, counts } of suite(name)) {
      const game = new Game()
      game.load(fen, false, chess960)
      for (const [depth, n] of depths(counts, 40_000)) {
        assert.equal(game.perft_rules(depth), n, `rules, ${fen} depth ${depth}`)
      }
      const chess = new Chess(fen, { chess960 })
      for (const [depth, n] of depths(counts, 2_000_000)) {
        assert.equal(chess.perft(depth), n, `perft, ${fen} depth ${depth}`)
      }
      game.free()
    }
  })
}

test('Chess960 FEN reads X-FEN and Shredder-FEN and writes both', () => {
  for (const { fen } of suite('fischer960.epd')) {
    const chess = new Chess(fen, { chess960: true })
    assert.equal(chess.fen({ shredder: true }), fen, 'Shredder-FEN back')
    const again = new Chess(chess.fen(), { chess960: true })
    assert.equal(again.fen({ shredder: true }), fen, `X-FEN ${chess.fen()} back`)
    assert.equal(chess.isChess960(), true)
  }
  // X-FEN writes K/Q for the outermost rook and a file for an inner one.
  const inner = new Chess('1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1', { chess960: true })
  assert.equal(inner.fen(), '1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1')
})

test('Chess960 castling: SAN O-O, the king taking its rook, king and rook swapping', () => {
  // King f1, its rooks g1 (king side) and a1: O-O swaps king and rook.
  const fen = 'r3k2r/8/8/8/8/8/8/R4KR1 w GAha - 0 1'
  const chess = new Chess(fen, { chess960: true })
  assert.deepEqual(chess.moves({ piece: 'k' }).filter((san) => san.startsWith('O')), ['O-O', 'O-O-O'])
  const move = chess.move('O-O')
  assert.equal(move.isKingsideCastle(), true)
  assert.deepEqual([move.from, move.to], ['f1', 'g1'])
  assert.equal(chess.fen(), 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1')
  assert.equal(chess.fen({ shredder: true }), 'r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1')
  assert.equal(chess.undo().san, 'O-O')
  assert.equal(chess.fen({ shredder: true }), fen)
  // The same castling given as the king taking its own rook (UCI's Chess960 spelling),
  // and O-O-O: king to c1, rook to d1.
  assert.equal(chess.move({ from: 'f1', to: 'g1' }).san, 'O-O')
  chess.undo()
  assert.equal(chess.move({ from: 'f1', to: 'a1' }).san, 'O-O-O')
  assert.equal(chess.fen(), 'r3k2r/8/8/8/8/8/8/2KR2R1 b kq - 1 1')
  // Black may castle neither way now: the rooks on d1 and g1 attack d8 and g8.
  assert.deepEqual(chess.moves().filter((san) => san.startsWith('O')), [])
  chess.remove('g1')
  assert.deepEqual(chess.moves().filter((san) => san.startsWith('O')), ['O-O'])
  assert.equal(chess.move('O-O').san, 'O-O')
  assert.equal(chess.fen(), 'r4rk1/8/8/8/8/8/8/2KR4 w - - 2 2')
  // A Chess960 right naming no rook is refused, naming it.
  assert.throws(() => new Chess('4k3/8/8/8/8/8/8/4K3 w B - 0 1', { chess960: true }), /'B'/)
})

test('random Chess960 games: the rules and rayscan agree at every position', () => {
  let seed = 960
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  for (const { fen } of suite('fischer960.epd').slice(0, 40)) {
    const chess = new Chess(fen, { chess960: true })
    const game = new Game()
    for (let ply = 0; ply < 60; ply++) {
      const moves = chess.moves()
      if (!moves.length) break
      game.load(chess.fen({ shredder: true, forceEnpassantSquare: true }), false, true)
      assert.equal(game.perft_rules(2), chess.perft(2), `perft 2 of ${chess.fen()}`)
      assert.equal(new Chess(chess.fen(), { chess960: true }).fen(), chess.fen())
      chess.move(moves[rand(moves.length)])
    }
    game.free()
  }
})

test('a Chess960 game written as PGN and read back, by its Variant tag', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/R4KR1 w GAha - 0 1'
  const chess = new Chess(fen, { chess960: true })
  chess.move('O-O')
  chess.move('O-O-O')
  const pgn = chess.pgn()
  assert.match(pgn, /\[Variant "Chess960"\]/)
  assert.match(pgn, /1\. O-O O-O-O/)
  const back = new Chess()
  back.loadPgn(pgn)
  assert.equal(back.isChess960(), true)
  assert.equal(back.fen(), chess.fen())
  assert.deepEqual(back.history(), ['O-O', 'O-O-O'])
  // And a standard PGN afterwards plays standard chess again.
  back.loadPgn('1. e4 e5')
  assert.equal(back.isChess960(), false)
})
