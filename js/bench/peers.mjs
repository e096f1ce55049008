// rayscan's npm package against chess.js 1.4, in one Node process, alternating rounds,
// medians: `npm run bench` (from js/, after `npm run build`; ROUNDS=n for more rounds).
// The WebAssembly perft is also timed against the command-line tool's portable copy
// (`RAYSCAN_CPU=baseline rayscan perft`, the release binary cargo builds from the
// README's run command; RAYSCAN_CLI names another), in the same rounds.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import { Chess as Peer } from 'chess.js'
import { Chess } from '../lib/index.js'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
const CPW4 = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
const CLI =
  process.env.RAYSCAN_CLI ?? fileURLToPath(new URL('../../target/release/rayscan', import.meta.url))

// Seconds per call of `f`, repeated until a run takes at least `least` seconds.
function time(f, least = 0.2) {
  let n = 0
  const start = performance.now()
  let elapsed = 0
  do {
    f()
    n++
    elapsed = (performance.now() - start) / 1000
  } while (elapsed < least)
  return elapsed / n
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

// The perft a chess.js user writes: moves(), move(san), undo().
function idiomPerft(chess, depth) {
  if (depth === 0) return 1
  let nodes = 0
  for (const move of chess.moves()) {
    chess.move(move)
    nodes += idiomPerft(chess, depth - 1)
    chess.undo()
  }
  return nodes
}

// Each row: what is timed, and a function of the Chess class giving a call to time.
const rows = [
  ['perft(5), start', (C) => { const c = new C(START); return () => c.perft(5) }],
  ['perft(4), Kiwipete', (C) => { const c = new C(KIWIPETE); return () => c.perft(4) }],
  ['JS perft(3) with moves/move/undo, start', (C) => { const c = new C(START); return () => idiomPerft(c, 3) }],
  ['JS perft(2) with moves/move/undo, Kiwipete', (C) => { const c = new C(KIWIPETE); return () => idiomPerft(c, 2) }],
  ["moves({ verbose: true }), start", (C) => { const c = new C(START); return () => c.moves({ verbose: true }) }],
  ["moves({ verbose: true }), Kiwipete", (C) => { const c = new C(KIWIPETE); return () => c.moves({ verbose: true }) }],
  ["moves({ verbose: true }), CPW position 4", (C) => { const c = new C(CPW4); return () => c.moves({ verbose: true }) }],
]

const cliRows = [
  ['perft(6), start', START, 6],
  ['perft(5), Kiwipete', KIWIPETE, 5],
]

function cliSeconds(fen, depth) {
  const out = execFileSync(CLI, ['--json', 'perft', String(depth), '--fen', fen], {
    env: { ...process.env, RAYSCAN_CPU: 'baseline' },
    encoding: 'utf8',
  })
  return JSON.parse(out.trim().split('\n').at(-1)).seconds
}

const ours = rows.map(() => [])
const theirs = rows.map(() => [])
const wasm = cliRows.map(() => [])
const native = cliRows.map(() => [])
const haveCli = existsSync(CLI)
for (let round = 0; round < ROUNDS; round++) {
  rows.forEach(([, make], i) => {
    // Alternate which goes first, round by round.
    const pair = round % 2 ? [[theirs, Peer], [ours, Chess]] : [[ours, Chess], [theirs, Peer]]
    for (const [into, C] of pair) into[i].push(time(make(C)))
  })
  cliRows.forEach(([, fen, depth], i) => {
    const c = new Chess(fen)
    wasm[i].push(time(() => c.perft(depth), 0.5))
    if (haveCli) native[i].push(median([0, 1, 2].map(() => cliSeconds(fen, depth))))
  })
}

const fmt = (s) => (s < 1e-3 ? `${(s * 1e6).toFixed(1)} µs` : s < 1 ? `${(s * 1e3).toFixed(2)} ms` : `${s.toFixed(2)} s`)
console.log(`rayscan ${JSON.parse(readFileSync(new URL('../package.json', import.meta.url))).version} against chess.js 1.4.0, Node ${process.versions.node}, ${ROUNDS} rounds, medians\n`)
console.log('| call | chess.js | rayscan | rayscan / chess.js |')
console.log('|---|---:|---:|---:|')
rows.forEach(([name], i) => {
  const a = median(theirs[i])
  const b = median(ours[i])
  console.log(`| ${name} | ${fmt(a)} | ${fmt(b)} | ${(a / b).toFixed(1)}× |`)
})
console.log('\n| perft | CLI, RAYSCAN_CPU=baseline | WebAssembly | WebAssembly / CLI |')
console.log('|---|---:|---:|---:|')
cliRows.forEach(([name], i) => {
  const w = median(wasm[i])
  const n = haveCli ? median(native[i]) : NaN
  console.log(`| ${name} | ${haveCli ? fmt(n) : `(no ${CLI})`} | ${fmt(w)} | ${(n / w).toFixed(2)}× |`)
})
const bytes = readFileSync(new URL('../pkg/rayscan_js_bg.wasm', import.meta.url))
console.log(`\n.wasm: ${(bytes.length / 1024).toFixed(0)} KiB, ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB gzipped`)
