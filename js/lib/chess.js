// `Chess`: chess.js 1.4's API over rayscan's WebAssembly. The rules, moves, SAN, FEN and
// counts live in a WebAssembly `Game` (js/src/game.rs); headers, comments and PGN text
// live here. Code written for chess.js runs by changing its import.

import { Game, validateFen as wasmValidateFen } from './wasm.js'
import { parsePgn } from './pgn.js'

export const WHITE = 'w'
export const BLACK = 'b'
export const PAWN = 'p'
export const KNIGHT = 'n'
export const BISHOP = 'b'
export const ROOK = 'r'
export const QUEEN = 'q'
export const KING = 'k'

export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

// a8 … h8, a7 … h1, as chess.js lists them.
export const SQUARES = []
for (const rank of '87654321') for (const file of 'abcdefgh') SQUARES.push(file + rank)

// A square's index in the WebAssembly (a1 = 0 … h8 = 63), by name.
const INDEX = new Map(SQUARES.map((name, k) => [name, (7 - (k >> 3)) * 8 + (k & 7)]))

const KINDS = 'pnbrqk'

export const SEVEN_TAG_ROSTER = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
}

// The order chess.js writes headers in (its placeholders, null until set).
const SUPPLEMENTAL_TAGS = [
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF', 'WhiteNA',
  'BlackNA', 'WhiteType', 'BlackType', 'EventDate', 'EventSponsor', 'Section', 'Stage',
  'Board', 'Opening', 'Variation', 'SubVariation', 'ECO', 'NIC', 'Time', 'UTCTime',
  'UTCDate', 'TimeControl', 'SetUp', 'FEN', 'Termination', 'Annotator', 'Mode', 'PlyCount',
]

function headerTemplate() {
  const header = { ...SEVEN_TAG_ROSTER }
  for (const tag of SUPPLEMENTAL_TAGS) header[tag] = null
  return header
}

// chess.js's `validateFen`: `{ ok: true }` or `{ ok: false, error }` with its message.
// With `chess960`, the castling field may name rooks by file (X-FEN, Shredder-FEN).
export function validateFen(fen, { chess960 = false } = {}) {
  if (typeof fen !== 'string') {
    throw new TypeError(`Invalid FEN: expected a string, got ${show(fen)}`)
  }
  const error = wasmValidateFen(fen, Boolean(chess960))
  return error ? { ok: false, error } : { ok: true }
}

// chess.js's exported generator, xoroshiro128**: a function giving the next 64-bit
// BigInt of the sequence the 128-bit `state` starts.
export function xoroshiro128(state) {
  const mask = 0xffffffffffffffffn
  const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & mask
  return function () {
    let s0 = BigInt(state & mask)
    let s1 = BigInt((state >> 64n) & mask)
    const result = (rotl((s0 * 5n) & mask, 7n) * 9n) & mask
    s1 ^= s0
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & mask
    s1 = rotl(s1, 37n)
    state = (s1 << 64n) | s0
    return result
  }
}

// A value as an error message shows it.
function show(value) {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return `${value}n`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

// A move as chess.js describes one: every field, the FEN before and after, and the
// descriptor methods. Made by `Chess`, never by hand.
export class Move {
  // Own properties in chess.js's order, `captured` and `promotion` undefined when absent.
  color
  from
  to
  piece
  captured
  promotion
  flags
  san
  lan
  before
  after

  constructor(fields) {
    // fields: before, colour, from, to, piece, captured, promotion, flags, san, lan, after.
    this.color = fields[1]
    this.piece = fields[4]
    this.from = fields[2]
    this.to = fields[3]
    this.san = fields[8]
    this.lan = fields[9]
    this.before = fields[0]
    this.after = fields[10]
    this.flags = fields[7]
    if (fields[5]) this.captured = fields[5]
    if (fields[6]) this.promotion = fields[6]
  }

  isCapture() {
    return this.flags.indexOf('c') > -1
  }

  isPromotion() {
    return this.flags.indexOf('p') > -1
  }

  isEnPassant() {
    return this.flags.indexOf('e') > -1
  }

  isKingsideCastle() {
    return this.flags.indexOf('k') > -1
  }

  isQueensideCastle() {
    return this.flags.indexOf('q') > -1
  }

  isBigPawn() {
    return this.flags.indexOf('b') > -1
  }
}

// One description from the WebAssembly (`|`-separated fields) as a Move.
function toMove(text) {
  return new Move(text.split('|'))
}

// chess.js's `strippedSan`: without the first `=`, a trailing `+`/`#` and `?`/`!`s.
function strippedSan(move) {
  return move.replace(/=/, '').replace(/[+#]?[?!]*$/, '')
}

// chess.js's guess at the moving piece from SAN's first letter (undefined: any).
function inferPieceType(san) {
  let pieceType = san.charAt(0)
  if (pieceType >= 'a' && pieceType <= 'h') {
    return /[a-h]\d.*[a-h]\d/.test(san) ? undefined : PAWN
  }
  pieceType = pieceType.toLowerCase()
  return pieceType === 'o' ? KING : pieceType
}

function squareIndex(square) {
  return typeof square === 'string' ? INDEX.get(square) : undefined
}

function colorArg(color, what) {
  if (color === WHITE || color === BLACK) return color === WHITE
  throw new Error(`Invalid color: ${show(color)} (${what} takes 'w' or 'b')`)
}

export class Chess {
  #game = new Game()
  #header = {}
  #comments = {}

  constructor(fen = DEFAULT_POSITION, { skipValidation = false, chess960 = false } = {}) {
    this.load(fen, { skipValidation, chess960 })
  }

  clear({ preserveHeaders = false } = {}) {
    this.#game.clear()
    this.#comments = {}
    this.#header = preserveHeaders ? this.#header : headerTemplate()
    this.#header.SetUp = null
    this.#header.FEN = null
  }

  // Beyond chess.js: `chess960` (by default the game's current rules) reads the FEN's
  // castling field as X-FEN or Shredder-FEN and plays Chess960's castling.
  load(fen, { skipValidation = false, preserveHeaders = false, chess960 = this.isChess960() } = {}) {
    if (typeof fen !== 'string') {
      throw new TypeError(`Invalid FEN: expected a string, got ${show(fen)}`)
    }
    let text
    try {
      text = this.#game.load(fen, Boolean(skipValidation), Boolean(chess960))
    } catch (message) {
      throw new Error(String(message))
    }
    this.#comments = {}
    this.#header = preserveHeaders ? this.#header : headerTemplate()
    this.#updateSetup(text)
  }

  // Whether the game plays Chess960's castling (beyond chess.js).
  isChess960() {
    return this.#game.chess960()
  }

  // chess.js records a start position other than the standard one in SetUp and FEN
  // (and rayscan a Chess960 game in Variant).
  #updateSetup(fen) {
    if (this.#game.history_len() > 0) return
    if (this.isChess960()) this.#header.Variant = 'Chess960'
    if (fen !== DEFAULT_POSITION) {
      this.#header.SetUp = '1'
      this.#header.FEN = fen
    } else {
      this.#header.SetUp = null
      this.#header.FEN = null
    }
  }

  // Beyond chess.js: `shredder` writes a Chess960 game's castling rights as rook files.
  fen({ forceEnpassantSquare = false, shredder = false } = {}) {
    return shredder
      ? this.#game.shredder_fen(Boolean(forceEnpassantSquare))
      : this.#game.fen(Boolean(forceEnpassantSquare))
  }

  reset() {
    this.load(DEFAULT_POSITION)
  }

  get(square) {
    const i = squareIndex(square)
    const code = i === undefined ? -1 : this.#game.get(i)
    return code < 0 ? undefined : { type: KINDS[code & 7], color: code >> 3 ? BLACK : WHITE }
  }

  findPiece(piece) {
    const squares = this.#game.squares()
    const letter = piece.color === WHITE ? piece.type.toUpperCase() : piece.type
    const found = []
    for (let i = 0; i < 64; i++) {
      if (squares[i] === letter && KINDS.includes(piece.type)) found.push(SQUARES[i])
    }
    return found
  }

  put({ type, color }, square) {
    const kind = typeof type === 'string' ? KINDS.indexOf(type.toLowerCase()) : -1
    const i = squareIndex(square)
    if (kind < 0 || type.length !== 1 || i === undefined || (color !== WHITE && color !== BLACK)) {
      return false
    }
    if (!this.#game.put(kind, color === WHITE, i)) return false
    this.#updateSetup(this.fen())
    return true
  }

  remove(square) {
    const i = squareIndex(square)
    const code = this.#game.remove(i === undefined ? 255 : i)
    this.#updateSetup(this.fen())
    return code < 0 ? undefined : { type: KINDS[code & 7], color: code >> 3 ? BLACK : WHITE }
  }

  attackers(square, attackedBy) {
    const color = attackedBy || this.turn()
    const i = squareIndex(square)
    if (i === undefined || (color !== WHITE && color !== BLACK)) return []
    const text = this.#game.attackers(i, color === WHITE)
    return text ? text.split(' ') : []
  }

  hash() {
    return this.#game.hash()
  }

  isAttacked(square, attackedBy) {
    const i = squareIndex(square)
    if (i === undefined || (attackedBy !== WHITE && attackedBy !== BLACK)) return false
    return this.#game.is_attacked(i, attackedBy === WHITE)
  }

  isCheck() {
    return this.#game.is_check()
  }

  inCheck() {
    return this.isCheck()
  }

  isCheckmate() {
    return this.#game.is_checkmate()
  }

  isStalemate() {
    return this.#game.is_stalemate()
  }

  isInsufficientMaterial() {
    return this.#game.is_insufficient_material()
  }

  isThreefoldRepetition() {
    return this.#game.is_threefold_repetition()
  }

  isDrawByFiftyMoves() {
    return this.#game.half_moves() >= 100
  }

  isDraw() {
    return (
      this.isDrawByFiftyMoves() ||
      this.isStalemate() ||
      this.isInsufficientMaterial() ||
      this.isThreefoldRepetition()
    )
  }

  isGameOver() {
    return this.isCheckmate() || this.isDraw()
  }

  // The WebAssembly's square argument (-1: all; undefined: none) and piece option.
  #filter(square, piece) {
    let i = -1
    if (square) {
      if (typeof square !== 'string') {
        throw new TypeError(`Invalid square: ${show(square)}`)
      }
      i = INDEX.get(square.toLowerCase())
    }
    if (piece !== undefined && piece !== null && typeof piece !== 'string') {
      throw new TypeError(`Invalid piece: ${show(piece)}`)
    }
    return [i, piece?.toLowerCase()]
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    const [i, only] = this.#filter(square, piece)
    if (i === undefined) return []
    if (verbose) {
      const text = this.#game.verbose(i, only)
      return text ? text.split('\n').map(toMove) : []
    }
    const text = this.#game.sans(i, only)
    return text ? text.split(' ') : []
  }

  move(move, { strict = false } = {}) {
    let played = ''
    if (typeof move === 'string') {
      played = this.#moveFromSan(move, strict)
    } else if (move === null) {
      played = this.#moveFromSan('--', strict)
    } else if (typeof move === 'object') {
      const from = squareIndex(move.from)
      const to = squareIndex(move.to)
      if (from !== undefined && to !== undefined) {
        const promotion = typeof move.promotion === 'string' ? move.promotion : undefined
        played = this.#game.play_from_to(from, to, promotion)
      }
    }
    if (!played) {
      if (typeof move === 'string') throw new Error(`Invalid move: ${move}`)
      throw new Error(`Invalid move: ${JSON.stringify(move)}`)
    }
    return toMove(played)
  }

  // Plays the move `move` names (chess.js's `_moveFromSan`): its description, or ''.
  #moveFromSan(move, strict) {
    let cleanMove = strippedSan(move)
    if (!strict) {
      if (cleanMove === '0-0') cleanMove = 'O-O'
      else if (cleanMove === '0-0-0') cleanMove = 'O-O-O'
    }
    if (cleanMove === '--') {
      try {
        return this.#game.play_null()
      } catch (message) {
        throw new Error(String(message))
      }
    }
    const pieceType = inferPieceType(cleanMove)
    const played = this.#game.play_san(cleanMove, pieceType)
    if (played || strict) return played

    // The permissive reading: Pe2-e4, Rc1c4, Qf3xf7, f7f8q, b1c3, Nge7 …
    let matches = cleanMove.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/)
    if (!matches) {
      matches = cleanMove.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/)
    }
    if (!matches) return ''
    const [, piece, from, to, promotion] = matches
    const overlyDisambiguated = from.length === 1
    const lines = this.#game.candidates(piece ? piece.toLowerCase() : pieceType).split('\n')
    for (let k = 0; k < lines.length - 1; k++) {
      const [mFrom, mTo, mPiece, mPromotion, mSan] = lines[k].split(' ')
      const pieceOk = !piece || piece.toLowerCase() === mPiece
      const promotionOk = !promotion || promotion.toLowerCase() === mPromotion
      let found
      if (!from) {
        found = cleanMove === mSan.replace('x', '')
      } else if (pieceOk && from === mFrom && to === mTo && promotionOk) {
        found = true
      } else if (overlyDisambiguated) {
        found =
          pieceOk && to === mTo && (from === mFrom[0] || from === mFrom[1]) && promotionOk
      }
      if (found) return this.#game.play_listed(k)
    }
    return ''
  }

  undo() {
    const text = this.#game.undo()
    return text ? toMove(text) : null
  }

  // The plies played: [fen before, colour, …, san, lan, after] each, by a replay of the
  // game as chess.js's answers about history make one.
  #plies() {
    const text = this.#game.history(true)
    return text ? text.split('\n').map((line) => line.split('|')) : []
  }

  pgn({ newline = '\n', maxWidth = 0 } = {}) {
    const result = []
    let headerExists = false
    for (const i in this.#header) {
      const headerTag = this.#header[i]
      if (headerTag) result.push(`[${i} "${this.#header[i]}"]` + newline)
      headerExists = true
    }
    const plies = this.#game
      .plies()
      .split('\n')
      .slice(0, -1)
      .map((line) => line.split('|'))
    if (headerExists && plies.length) result.push(newline)

    const appendComment = (moveString, fen) => {
      const comment = this.#comments[fen]
      if (typeof comment !== 'undefined') {
        const delimiter = moveString.length > 0 ? ' ' : ''
        moveString = `${moveString}${delimiter}{${comment}}`
      }
      return moveString
    }

    const moves = []
    let moveString = ''
    if (plies.length === 0) moves.push(appendComment('', this.fen()))
    for (let k = 0; k < plies.length; k++) {
      const [before, san] = plies[k]
      const color = before[before.indexOf(' ') + 1]
      moveString = appendComment(moveString, before)
      const moveNumber = before.slice(before.lastIndexOf(' ') + 1)
      if (k === 0 && color === 'b') {
        const prefix = `${moveNumber}. ...`
        moveString = moveString ? `${moveString} ${prefix}` : prefix
      } else if (color === 'w') {
        if (moveString.length) moves.push(moveString)
        moveString = moveNumber + '.'
      }
      moveString = moveString + ' ' + san
    }
    if (moveString.length) moves.push(appendComment(moveString, this.fen()))
    moves.push(this.#header.Result || '*')

    if (maxWidth === 0) return result.join('') + moves.join(' ')

    const strip = function () {
      if (result.length > 0 && result[result.length - 1] === ' ') {
        result.pop()
        return true
      }
      return false
    }
    // Comments wrap word by word (their spacing is not kept, as in chess.js).
    const wrapComment = function (width, move) {
      for (const token of move.split(' ')) {
        if (!token) continue
        if (width + token.length > maxWidth) {
          while (strip()) width--
          result.push(newline)
          width = 0
        }
        result.push(token)
        width += token.length
        result.push(' ')
        width++
      }
      if (strip()) width--
      return width
    }
    let currentWidth = 0
    for (let i = 0; i < moves.length; i++) {
      if (currentWidth + moves[i].length > maxWidth) {
        if (moves[i].includes('{')) {
          currentWidth = wrapComment(currentWidth, moves[i])
          continue
        }
      }
      if (currentWidth + moves[i].length > maxWidth && i !== 0) {
        if (result[result.length - 1] === ' ') result.pop()
        result.push(newline)
        currentWidth = 0
      } else if (i !== 0) {
        result.push(' ')
        currentWidth++
      }
      result.push(moves[i])
      currentWidth += moves[i].length
    }
    return result.join('')
  }

  /** @deprecated Use `setHeader` and `getHeaders`. */
  header(...args) {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') {
        this.#header[args[i]] = args[i + 1]
      }
    }
    return this.#header
  }

  setHeader(key, value) {
    this.#header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null
    return this.getHeaders()
  }

  removeHeader(key) {
    if (key in this.#header) {
      this.#header[key] = SEVEN_TAG_ROSTER[key] || null
      return true
    }
    return false
  }

  getHeaders() {
    const nonNullHeaders = {}
    for (const [key, value] of Object.entries(this.#header)) {
      if (value !== null) nonNullHeaders[key] = value
    }
    return nonNullHeaders
  }

  loadPgn(pgn, { strict = false, newlineChar = '\r?\n' } = {}) {
    if (typeof pgn !== 'string') {
      throw new TypeError(`Invalid PGN: expected a string, got ${show(pgn)}`)
    }
    if (newlineChar !== '\r?\n') pgn = pgn.replace(new RegExp(newlineChar, 'g'), '\n')
    const parsed = parsePgn(pgn)
    // A PGN that fails halfway leaves the game as it was (chess.js's keeps what it read).
    const saved = { game: this.#game.copy(), header: this.#header, comments: this.#comments }
    try {
      this.#loadParsed(parsed, strict)
    } catch (error) {
      this.#game.free()
      ;({ game: this.#game, header: this.#header, comments: this.#comments } = saved)
      throw error
    }
    saved.game.free()
  }

  #loadParsed(parsed, strict) {
    this.reset()
    const headers = parsed.headers
    let fen = ''
    for (const key in headers) {
      if (key.toLowerCase() === 'fen') fen = headers[key]
      this.header(key, headers[key])
    }
    // Beyond chess.js: a Variant tag naming Chess960 plays its rules.
    const chess960 = /^(chess\s*960|fischerandom|fischer random)$/i.test(headers['Variant'] ?? '')
    if (chess960 !== this.isChess960()) this.load(DEFAULT_POSITION, { preserveHeaders: true, chess960 })
    if (!strict) {
      if (fen) this.load(fen, { preserveHeaders: true })
    } else if (headers['SetUp'] === '1') {
      if (!('FEN' in headers)) {
        throw new Error('Invalid PGN: FEN tag must be supplied with SetUp tag')
      }
      this.load(headers['FEN'], { preserveHeaders: true })
    }
    let node = parsed.root
    while (node) {
      if (node.move) {
        if (!this.#moveFromSan(node.move, strict)) {
          throw new Error(`Invalid move in PGN: ${node.move}`)
        }
      }
      if (node.comment !== undefined) this.#comments[this.fen()] = node.comment
      node = node.variations[0]
    }
    const result = parsed.result
    if (result && Object.keys(this.#header).length && this.#header['Result'] !== result) {
      this.setHeader('Result', result)
    }
  }

  ascii() {
    const squares = this.#game.squares()
    let s = '   +------------------------+\n'
    for (let row = 0; row < 8; row++) {
      s += ' ' + (8 - row) + ' |'
      for (let file = 0; file < 8; file++) s += ' ' + squares[row * 8 + file] + ' '
      s += '|\n'
    }
    s += '   +------------------------+\n'
    s += '     a  b  c  d  e  f  g  h'
    return s
  }

  perft(depth) {
    return this.#game.perft(plies(depth))
  }

  // Beyond chess.js: each legal move's SAN and its leaf count `depth - 1` plies below,
  // counted inside WebAssembly.
  divide(depth) {
    const text = this.#game.divide(plies(depth))
    const counts = {}
    for (const line of text.split('\n')) {
      if (!line) continue
      const space = line.lastIndexOf(' ')
      counts[line.slice(0, space)] = Number(line.slice(space + 1))
    }
    return counts
  }

  setTurn(color) {
    if (this.turn() == color) return false
    this.move('--')
    return true
  }

  turn() {
    return this.#game.white_to_move() ? WHITE : BLACK
  }

  board() {
    const squares = this.#game.squares()
    const output = []
    for (let row = 0; row < 8; row++) {
      const line = []
      for (let file = 0; file < 8; file++) {
        const c = squares[row * 8 + file]
        if (c === '.') {
          line.push(null)
        } else {
          const lower = c.toLowerCase()
          line.push({ square: SQUARES[row * 8 + file], type: lower, color: c === lower ? BLACK : WHITE })
        }
      }
      output.push(line)
    }
    return output
  }

  squareColor(square) {
    const i = squareIndex(square)
    if (i === undefined) return null
    return ((i >> 3) + (i & 7)) % 2 === 1 ? 'light' : 'dark'
  }

  history({ verbose = false } = {}) {
    if (verbose) return this.#plies().map((ply) => new Move(ply))
    const text = this.#game.history(false)
    return text ? text.split(' ') : []
  }

  // Keeps the comments of positions in the game (chess.js's `_pruneComments`).
  #pruneComments() {
    const fens = this.#game.fens().split('\n')
    const kept = {}
    for (const fen of fens) if (fen in this.#comments) kept[fen] = this.#comments[fen]
    this.#comments = kept
  }

  getComment() {
    return this.#comments[this.fen()]
  }

  setComment(comment) {
    this.#comments[this.fen()] = comment.replace('{', '[').replace('}', ']')
  }

  /** @deprecated Renamed to `removeComment`. */
  deleteComment() {
    return this.removeComment()
  }

  removeComment() {
    const comment = this.#comments[this.fen()]
    delete this.#comments[this.fen()]
    return comment
  }

  getComments() {
    this.#pruneComments()
    return Object.keys(this.#comments).map((fen) => ({ fen, comment: this.#comments[fen] }))
  }

  /** @deprecated Renamed to `removeComments`. */
  deleteComments() {
    return this.removeComments()
  }

  removeComments() {
    this.#pruneComments()
    return Object.keys(this.#comments).map((fen) => {
      const comment = this.#comments[fen]
      delete this.#comments[fen]
      return { fen, comment }
    })
  }

  setCastlingRights(color, rights) {
    const white = colorArg(color, 'setCastlingRights')
    const wish = (value) => (value === undefined ? -1 : value ? 1 : 0)
    this.#game.set_castling(white, wish(rights[KING]), wish(rights[QUEEN]))
    const result = this.getCastlingRights(color)
    return (
      (rights[KING] === undefined || rights[KING] === result[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === result[QUEEN])
    )
  }

  getCastlingRights(color) {
    const bits = this.#game.castling(colorArg(color, 'getCastlingRights'))
    return { [KING]: (bits & 32) !== 0, [QUEEN]: (bits & 64) !== 0 }
  }

  moveNumber() {
    return this.#game.move_number()
  }

  // chess.js's private repetition counts, which its own tests read: a Map from the hash
  // (a BigInt) to how often the game has reached it.
  get _positionCount() {
    const counts = new Map()
    for (const line of this.#game.position_counts().split('\n')) {
      if (!line) continue
      const [hash, count] = line.split(' ')
      counts.set(BigInt('0x' + hash), Number(count))
    }
    return counts
  }

  _getPositionCount(hash) {
    return this._positionCount.get(hash) ?? 0
  }
}

// The deepest count, as in every interface of rayscan (its perft::MAX_DEPTH).
const MAX_DEPTH = 64

// chess.js's perft recurses while `depth - 1 > 0`: any depth below 2 counts one ply.
function plies(depth) {
  const d = typeof depth === 'number' ? Math.max(Math.ceil(depth), 1) : Number.NaN
  if (!(d <= MAX_DEPTH)) {
    throw new Error(`Invalid depth: ${show(depth)} (perft counts 1 to ${MAX_DEPTH} plies)`)
  }
  return d
}
