// rayscan against chess.js 1.4 (a devDependency), call by call: random games from the
// start and from tricky positions, with moves given as SAN, as loose text and as
// objects, take-backs, null moves, pieces put and removed, castling rights set; and
// random bad input, which must throw (or not) exactly where chess.js throws, with its
// message, leaving the game as it was.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { Chess as Peer } from 'chess.js'
import { Chess } from '../lib/index.js'

// A small seeded generator (mulberry32), so a failure names its seed.
function random(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  next.int = (n) => Math.floor(next() * n)
  next.pick = (items) => items[next.int(items.length)]
  return next
}

const TRICKY = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3',
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  '4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1',
  'k7/8/8/8/8/8/8/K1N1N3 w - - 0 1',
  '1k6/8/8/8/8/8/8/R3K2R w KQ - 99 60',
  '3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1',
  '8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1',
  'r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1',
  '2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1',
  '7k/8/8/8/8/8/8/N1N1N1NK w - - 0 1',
  '8/8/8/8/8/5k2/8/4K2R w K - 0 1',
  'rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  // The side not to move in check, which chess.js loads and plays on.
  'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
  '4k3/8/8/8/8/8/8/4K2R b K - 0 1',
]

// What a game shows, compared whole after every step.
function state(chess) {
  return {
    fen: chess.fen(),
    forced: chess.fen({ forceEnpassantSquare: true }),
    hash: chess.hash(),
    turn: chess.turn(),
    moveNumber: chess.moveNumber(),
    isCheck: chess.isCheck(),
    inCheck: chess.inCheck(),
    isCheckmate: chess.isCheckmate(),
    isStalemate: chess.isStalemate(),
    isDraw: chess.isDraw(),
    isInsufficientMaterial: chess.isInsufficientMaterial(),
    isThreefoldRepetition: chess.isThreefoldRepetition(),
    isDrawByFiftyMoves: chess.isDrawByFiftyMoves(),
    isGameOver: chess.isGameOver(),
    castling: [chess.getCastlingRights('w'), chess.getCastlingRights('b')],
    moves: chess.moves(),
    board: chess.board(),
    ascii: chess.ascii(),
    headers: chess.getHeaders(),
  }
}

// A Move as plain data: its own properties (undefined ones kept) and descriptors.
function plain(move) {
  if (move === null) return null
  const data = { keys: Object.keys(move) }
  for (const key of data.keys) data[key] = move[key]
  for (const method of [
    'isCapture',
    'isPromotion',
    'isEnPassant',
    'isKingsideCastle',
    'isQueensideCastle',
    'isBigPawn',
  ]) {
    data[method] = move[method]()
  }
  return data
}

// chess.js failed inside (a TypeError from its own code, on a board put together by
// `put`/`remove` that its code does not expect): nothing left to compare in that game.
class PeerCrashed extends Error {}

function peerState(peer, what) {
  try {
    return state(peer)
  } catch (error) {
    if (error instanceof TypeError) throw new PeerCrashed(`${what}: ${error.message}`)
    throw error
  }
}

// Calls `f` on both; both throw the same message, or both answer the same.
function same(ours, peer, f, what) {
  let a, b, errorA, errorB
  try {
    a = f(ours)
  } catch (error) {
    errorA = error
  }
  try {
    b = f(peer)
  } catch (error) {
    errorB = error
  }
  if (errorB instanceof TypeError && !(errorA instanceof TypeError)) {
    throw new PeerCrashed(`${what}: ${errorB.message}`)
  }
  if (errorB !== undefined) {
    assert.ok(errorA instanceof Error, `${what}: chess.js threw ${errorB.message}, rayscan did not`)
    assert.equal(errorA.message, errorB.message, what)
    return undefined
  }
  assert.equal(errorA, undefined, `${what}: rayscan threw ${errorA?.message}, chess.js did not`)
  const normal = (x) => (x instanceof Array ? x.map(normal) : x?.constructor?.name === 'Move' ? plain(x) : x)
  assert.deepStrictEqual(normal(a), normal(b), what)
  return a
}

// A move's text in one of the ways users write moves.
function spelling(rng, move) {
  switch (rng.int(6)) {
    case 0:
      return move.san
    case 1:
      return move.lan
    case 2:
      return { from: move.from, to: move.to, promotion: move.promotion }
    case 3:
      return move.san.replace(/[+#]/, '') + rng.pick(['', '!', '?!', '+'])
    case 4:
      return `${move.piece === 'p' ? '' : move.piece.toUpperCase()}${move.from}-${move.to}${move.promotion ?? ''}`
    default:
      return move.san.replace('x', '')
  }
}

function playGame(seed, fen, plies) {
  const rng = random(seed)
  const ours = new Chess(fen)
  const peer = new Peer(fen)
  const ops = []
  // chess.js answers history() and pgn() by taking every move back and playing it again,
  // which after a piece put or removed mid-game can throw or change the board: those
  // games are compared without them.
  let edited = false
  const where = () => `seed ${seed}, ${peer.fen()}, after ${ops.slice(-8).join('; ')}`
  for (let ply = 0; ply < plies; ply++) {
    assert.deepStrictEqual(state(ours), peerState(peer, where()), `state, ${where()}`)
    const verbose = peer.moves({ verbose: true })
    same(ours, peer, (c) => c.moves({ verbose: true }), `verbose moves, ${where()}`)
    const square = rng.pick(['a1', 'e1', 'e8', 'b1', 'g8', 'd4', 'c7', 'E2', 'z9', ''])
    same(ours, peer, (c) => c.moves({ square }), `moves on ${square}, ${where()}`)
    same(ours, peer, (c) => c.moves({ square, verbose: true }), `verbose on ${square}, ${where()}`)
    const piece = rng.pick(['p', 'n', 'B', 'r', 'q', 'k', 'x', ''])
    same(ours, peer, (c) => c.moves({ piece }), `moves of ${piece}, ${where()}`)
    const target = rng.pick(['a1', 'c3', 'd5', 'e4', 'f7', 'h8', 'g2'])
    for (const color of ['w', 'b', undefined]) {
      same(ours, peer, (c) => c.attackers(target, color), `attackers ${target} ${color}, ${where()}`)
    }
    same(ours, peer, (c) => c.isAttacked(target, 'b'), `isAttacked ${target}, ${where()}`)

    const roll = rng.int(20)
    if (roll === 0) {
      ops.push('undo')
      same(ours, peer, (c) => c.undo(), `undo, ${where()}`)
    } else if (roll === 1) {
      ops.push('null')
      same(ours, peer, (c) => c.move(null), `null move, ${where()}`)
    } else if (roll === 2) {
      const piece = { type: rng.pick(['p', 'n', 'b', 'r', 'q', 'k']), color: rng.pick(['w', 'b']) }
      const sq = rng.pick(['a1', 'h1', 'e1', 'e8', 'a8', 'h8', 'd4', 'e5', 'b7', 'g2'])
      ops.push(`put ${piece.color}${piece.type} ${sq}`)
      edited ||= same(ours, peer, (c) => c.put(piece, sq), `put ${JSON.stringify(piece)} ${sq}, ${where()}`)
    } else if (roll === 3) {
      const sq = rng.pick(['a1', 'h1', 'e1', 'e8', 'd4', 'e5', 'b7', 'g2'])
      ops.push(`remove ${sq}`)
      edited ||= Boolean(same(ours, peer, (c) => c.remove(sq), `remove ${sq}, ${where()}`))
    } else if (roll === 4) {
      const color = rng.pick(['w', 'b'])
      const rights = rng.pick([{ k: true }, { q: false }, { k: true, q: true }, {}])
      ops.push(`castling ${color} ${JSON.stringify(rights)}`)
      same(ours, peer, (c) => c.setCastlingRights(color, rights), `castling ${color}, ${where()}`)
    } else if (verbose.length === 0) {
      break
    } else {
      const move = spelling(rng, rng.pick(verbose))
      ops.push(`move ${JSON.stringify(move)}`)
      same(ours, peer, (c) => c.move(move), `move ${JSON.stringify(move)}, ${where()}`)
    }
  }
  assert.deepStrictEqual(state(ours), peerState(peer, where()), `state, ${where()}`)
  if (edited) return
  same(ours, peer, (c) => c.history(), `history, ${where()}`)
  same(ours, peer, (c) => c.history({ verbose: true }), `verbose history, ${where()}`)
  same(ours, peer, (c) => c.pgn(), `pgn, ${where()}`)
  same(ours, peer, (c) => c.pgn({ maxWidth: 40, newline: '<br />' }), `wrapped pgn, ${where()}`)
  assert.deepStrictEqual(state(ours), peerState(peer, where()), `state after pgn, ${where()}`)
  // (Not `while (peer.history().length)`: history() replays, which moves chess.js's hash
  // when the game holds a null move.)
  for (let undone = true; undone; ) {
    undone = same(ours, peer, (c) => c.undo(), `undo all, ${where()}`) !== null
    assert.deepStrictEqual(state(ours), peerState(peer, where()), `state after undo, ${where()}`)
  }
}

test('random games agree with chess.js call by call', () => {
  const crashed = []
  const seeds = 60
  for (let seed = 1; seed <= seeds; seed++) {
    try {
      playGame(seed, TRICKY[seed % TRICKY.length], 40)
    } catch (error) {
      if (!(error instanceof PeerCrashed)) throw error
      crashed.push(`seed ${seed}: ${error.message}`)
    }
  }
  if (process.env.RAYSCAN_DIFF_VERBOSE) console.log(crashed.join('\n'))
  assert.ok(crashed.length <= seeds / 10, `chess.js crashed in too many games:\n${crashed.join('\n')}`)
})

// Texts close to good ones: a character changed, dropped, doubled or swapped.
function mutate(rng, text) {
  const chars = [...text]
  const i = rng.int(chars.length + 1)
  const alphabet = ' /-KQkqRNBPpnbr012345678abcdefghx+#=O!?wÅ\u00a0\t'
  switch (rng.int(4)) {
    case 0:
      chars.splice(i, 1)
      break
    case 1:
      chars.splice(i, 0, rng.pick([...alphabet]))
      break
    case 2:
      chars[i] = rng.pick([...alphabet])
      break
    default:
      chars.splice(i, 0, ...chars.slice(i, i + 2))
  }
  return chars.join('')
}

test('bad FENs and moves throw where chess.js throws, and change nothing', () => {
  const rng = random(7)
  for (let round = 0; round < 1500; round++) {
    const fen = mutate(rng, rng.pick(TRICKY))
    const ours = new Chess()
    const peer = new Peer()
    same(ours, peer, (c) => c.load(fen), `load ${JSON.stringify(fen)}`)
    assert.deepStrictEqual(state(ours), state(peer), `state after load ${JSON.stringify(fen)}`)
  }
  for (let round = 0; round < 300; round++) {
    const fen = rng.pick(TRICKY)
    const ours = new Chess(fen)
    const peer = new Peer(fen)
    const moves = peer.moves({ verbose: true })
    if (!moves.length) continue
    const m = rng.pick(moves)
    const text = mutate(rng, rng.pick([m.san, m.lan, `${m.from}-${m.to}`, 'O-O', 'O-O-O', '--']))
    for (const strict of [false, true]) {
      same(ours, peer, (c) => c.move(text, { strict }), `move ${JSON.stringify(text)} strict ${strict} in ${fen}`)
      assert.deepStrictEqual(state(ours), state(peer), `state after ${JSON.stringify(text)}`)
    }
  }
})

test('perft counts chess.js counts', () => {
  for (const fen of TRICKY) {
    const ours = new Chess(fen)
    const peer = new Peer(fen)
    for (const depth of [1, 2, 3]) {
      assert.equal(ours.perft(depth), peer.perft(depth), `perft ${depth} of ${fen}`)
    }
  }
})
