// rayscan for JavaScript: chess.js 1.4's API at WebAssembly speed.
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
