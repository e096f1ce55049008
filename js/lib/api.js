// rayscan for JavaScript: chess.js 1.4's API at WebAssembly speed. What both entry points
// export, once the WebAssembly half is loaded (index.js under Node, browser.js elsewhere).
export {
  BISHOP,
  BLACK,
  Chess,
  DEFAULT_POSITION,
  KING,
  KNIGHT,
  Move,
  PAWN,
  QUEEN,
  ROOK,
  SEVEN_TAG_ROSTER,
  SQUARES,
  WHITE,
  validateFen,
  xoroshiro128,
} from './chess.js'
export { explain, techniques } from './explain.js'
