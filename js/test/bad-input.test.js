// Bad input to every call: an Error (never a WebAssembly trap, which would leave the
// module's memory in doubt), and the game as it was. Random values of every type,
// random text near good text, at positions of a random game.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { Chess, explain, validateFen } from '../lib/index.js'

let seed = 20261129
function rand(n) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
  return seed % n
}
const pick = (items) => items[rand(items.length)]

function text() {
  const alphabet = 'KQRBNPkqrbnp12345678/abcdefghx-=+#O0 wŝ\u212a\u00a0\t{}[]()"$;!?.'
  let out = ''
  for (let i = rand(30); i > 0; i--) out += pick([...alphabet])
  return out
}

function value() {
  return pick([
    undefined,
    null,
    true,
    0,
    -1,
    2.5,
    1e9,
    Number.NaN,
    Infinity,
    10n,
    Symbol('x'),
    [],
    {},
    { from: 'e2' },
    { from: 'e2', to: 'e4', promotion: 7 },
    { type: 'q' },
    { k: 'yes' },
    () => 1,
    'e4',
    'z9',
    '',
    text(),
    text(),
  ])
}

// Each call with bad arguments; `game` is the Chess under test.
const CALLS = [
  (c, a, b) => c.load(a, b),
  (c, a) => c.move(a),
  (c, a, b) => c.move(a, b),
  (c, a) => c.moves(a),
  (c, a) => c.get(a),
  (c, a, b) => c.put(a, b),
  (c, a) => c.remove(a),
  (c, a, b) => c.attackers(a, b),
  (c, a, b) => c.isAttacked(a, b),
  (c, a) => c.perft(a),
  (c, a) => c.divide(a),
  (c, a) => c.loadPgn(a),
  (c, a, b) => c.loadPgn(a, b),
  (c, a, b) => c.setCastlingRights(a, b),
  (c, a) => c.getCastlingRights(a),
  (c, a) => c.setTurn(a),
  (c, a) => c.squareColor(a),
  (c, a) => c.findPiece(a),
  (c, a) => c.fen(a),
  (c, a) => c.pgn(a),
  (c, a) => c.history(a),
  (c, a, b) => c.setHeader(a, b),
  (c, a) => c.removeHeader(a),
  (c, a) => c.setComment(a),
  (c, a) => c.isPromotion?.(a),
  (_, a, b) => new Chess(a, b),
  (_, a) => validateFen(a),
  (_, a, b) => explain(a, b),
]

function snapshot(chess) {
  const bigints = (_, v) => (typeof v === 'bigint' || typeof v === 'symbol' ? String(v) : v)
  return JSON.stringify([chess.fen(), chess.hash(), chess.getHeaders(), chess.moveNumber(), chess.turn()], bigints)
}

test('bad input throws an Error, never a WebAssembly trap, and leaves the game as it was', () => {
  const chess = new Chess()
  for (let round = 0; round < 4000; round++) {
    const moves = chess.moves()
    if (!moves.length || rand(40) === 0) chess.reset()
    else chess.move(pick(moves))
    const call = pick(CALLS)
    const [a, b] = [value(), rand(2) ? value() : { strict: true, skipValidation: true, chess960: true, square: value() }]
    // Calls that only read, or fail before they change anything, leave the game alone.
    // (history() first: it replays the game, which moves chess.js's hash after a null move.)
    const history = chess.history().length
    const before = snapshot(chess)
    try {
      call(chess, a, b)
    } catch (error) {
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.stack}`)
      assert.ok(error instanceof Error, `not an Error: ${String(error)}`)
      assert.ok(error.message.length > 0)
      assert.equal(snapshot(chess), before, `changed by a throwing ${call} with ${String(a)}`)
      assert.equal(chess.history().length, history)
    }
    // The module still answers after whatever happened.
    assert.equal(new Chess().perft(2), 400)
  }
})

test("errors name the bad value", () => {
  const chess = new Chess()
  assert.throws(() => chess.move('Qh9'), /Invalid move: Qh9/)
  assert.throws(() => chess.move({ from: 'e2', to: 'e5' }), /Invalid move: \{"from":"e2","to":"e5"\}/)
  assert.throws(() => chess.load('8/8/8 w - - 0 1'), /Invalid FEN: piece data does not contain 8/)
  assert.throws(() => chess.load(42), /Invalid FEN: expected a string, got 42/)
  assert.throws(() => chess.perft('deep'), /Invalid depth: "deep"/)
  assert.throws(() => chess.perft(65), /Invalid depth: 65 \(perft counts 1 to 64 plies\)/)
  assert.throws(() => chess.loadPgn('1. e4 e5 2. Qh7'), /Invalid move in PGN: Qh7/)
  assert.throws(() => explain('8/8/8/8/8/8/8/8', { square: 'z9' }), /square: invalid square "z9"/)
  assert.throws(() => chess.getCastlingRights('x'), /Invalid color: "x"/)
  assert.equal(chess.fen(), new Chess().fen())
})
