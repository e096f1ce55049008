// Beyond chess.js: rayscan's slider techniques and their walkthroughs, the same that
// `rayscan explain` prints and `rayscan serve`'s page draws, computed in WebAssembly.
import { explainSquare, techniques as wasmTechniques } from './wasm.js'

// Every technique: { name, description, table_bytes, ray_wise, default, available }.
export function techniques() {
  return JSON.parse(wasmTechniques())
}

// The walkthrough of `technique` (default: the fastest here) for the slider on `square`
// among the pieces of `fen` (a FEN, or just its first field): the slider standing there,
// else a queen, unless `piece` ('rook', 'bishop', 'queen') says which. The answer:
// { technique, description, piece, square, rays, blockers, walkthrough: { title,
// squares, sections: [{ name, attacks, steps: [{ text, panels, ops }] }], mismatches } }.
export function explain(fen, { square, technique = '', piece = 'auto' } = {}) {
  for (const [name, value] of Object.entries({ fen, square, technique, piece })) {
    if (typeof value !== 'string') {
      throw new TypeError(`explain: ${name} must be a string, got ${JSON.stringify(value) ?? String(value)}`)
    }
  }
  try {
    return JSON.parse(explainSquare(fen, technique, square, piece))
  } catch (message) {
    throw new Error(`explain: ${String(message)}`)
  }
}
