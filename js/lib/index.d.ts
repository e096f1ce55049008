// Types of the `rayscan` package: chess.js 1.4's API, and what rayscan adds.

export declare const WHITE = 'w'
export declare const BLACK = 'b'
export declare const PAWN = 'p'
export declare const KNIGHT = 'n'
export declare const BISHOP = 'b'
export declare const ROOK = 'r'
export declare const QUEEN = 'q'
export declare const KING = 'k'

export type Color = 'w' | 'b'
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k'
type File = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'
type Rank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'
export type Square = `${File}${Rank}`

export type Piece = { color: Color; type: PieceSymbol }

export declare const DEFAULT_POSITION: string
/** a8 … h8, a7 … h1. */
export declare const SQUARES: Square[]
export declare const SEVEN_TAG_ROSTER: Record<string, string>

/**
 * chess.js's FEN check: `{ ok: true }`, or `{ ok: false, error }` with its message. With
 * `chess960`, the castling field may name rooks by file (X-FEN, Shredder-FEN).
 */
export declare function validateFen(fen: string, options?: { chess960?: boolean }): { ok: boolean; error?: string }

/** xoroshiro128**: each call gives the next 64-bit value of the sequence `state` starts. */
export declare function xoroshiro128(state: bigint): () => bigint

/** A move as chess.js describes it. */
export declare class Move {
  color: Color
  from: Square
  to: Square
  piece: PieceSymbol
  captured?: PieceSymbol
  promotion?: PieceSymbol
  /** @deprecated Use the descriptor methods (`isCapture` …), as in chess.js. */
  flags: string
  san: string
  lan: string
  /** The FEN before the move. */
  before: string
  /** The FEN after the move. */
  after: string
  private constructor(fields: string[])
  isCapture(): boolean
  isPromotion(): boolean
  isEnPassant(): boolean
  isKingsideCastle(): boolean
  isQueensideCastle(): boolean
  isBigPawn(): boolean
}

export declare class Chess {
  /** `chess960` (beyond chess.js): X-FEN or Shredder-FEN castling rights, Chess960's castling. */
  constructor(fen?: string, options?: { skipValidation?: boolean; chess960?: boolean })

  clear(options?: { preserveHeaders?: boolean }): void
  /** `chess960` defaults to the game's current rules. */
  load(
    fen: string,
    options?: { skipValidation?: boolean; preserveHeaders?: boolean; chess960?: boolean },
  ): void
  /** `shredder` (beyond chess.js): a Chess960 game's castling rights as rook files. */
  fen(options?: { forceEnpassantSquare?: boolean; shredder?: boolean }): string
  /** Whether the game plays Chess960's castling. */
  isChess960(): boolean
  reset(): void

  get(square: Square): Piece | undefined
  findPiece(piece: Piece): Square[]
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean
  remove(square: Square): Piece | undefined
  attackers(square: Square, attackedBy?: Color): Square[]
  isAttacked(square: Square, attackedBy: Color): boolean
  hash(): string

  isCheck(): boolean
  inCheck(): boolean
  isCheckmate(): boolean
  isStalemate(): boolean
  isInsufficientMaterial(): boolean
  isThreefoldRepetition(): boolean
  isDrawByFiftyMoves(): boolean
  isDraw(): boolean
  isGameOver(): boolean

  moves(): string[]
  moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[]
  moves(options: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[]
  moves(options: { verbose?: boolean; square?: Square; piece?: PieceSymbol }): string[] | Move[]

  move(
    move: string | { from: string; to: string; promotion?: string } | null,
    options?: { strict?: boolean },
  ): Move
  undo(): Move | null

  pgn(options?: { newline?: string; maxWidth?: number }): string
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void
  /** @deprecated Use `setHeader` and `getHeaders`, as in chess.js. */
  header(...args: string[]): Record<string, string | null>
  setHeader(key: string, value: string): Record<string, string>
  removeHeader(key: string): boolean
  getHeaders(): Record<string, string>

  ascii(): string
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][]
  squareColor(square: Square): 'light' | 'dark' | null
  turn(): Color
  setTurn(color: Color): boolean
  moveNumber(): number

  history(): string[]
  history(options: { verbose: true }): Move[]
  history(options: { verbose?: false }): string[]
  history(options: { verbose?: boolean }): string[] | Move[]

  getComment(): string | undefined
  setComment(comment: string): void
  removeComment(): string | undefined
  /** @deprecated Renamed to `removeComment`, as in chess.js. */
  deleteComment(): string | undefined
  getComments(): { fen: string; comment: string }[]
  removeComments(): { fen: string; comment: string }[]
  /** @deprecated Renamed to `removeComments`, as in chess.js. */
  deleteComments(): { fen: string; comment: string }[]

  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean
  getCastlingRights(color: Color): { k: boolean; q: boolean }

  /** Leaf nodes `depth` plies down, counted inside WebAssembly (any depth below 2 counts one ply, as in chess.js). */
  perft(depth: number): number
  /** Beyond chess.js: each legal move's SAN and the leaf nodes `depth - 1` plies below it. */
  divide(depth: number): Record<string, number>
}

/** A technique as rayscan lists it. */
export interface Technique {
  name: string
  description: string
  table_bytes: number
  ray_wise: boolean
  /** The one rayscan picks here. */
  default: boolean
  available: boolean
}

/** Beyond chess.js: rayscan's slider techniques. */
export declare function techniques(): Technique[]

/** A step's diagram: a caption, its squares, the slider's square when drawn on it. */
export interface Panel {
  caption: string
  squares: Square[]
  mark: Square | null
}

/** A technique's walkthrough for one slider, the same `rayscan explain` prints. */
export interface Explanation {
  technique: string
  description: string
  piece: 'rook' | 'bishop' | 'queen'
  square: Square
  /** The slider's rays on an empty board. */
  rays: Square[]
  /** The pieces on those rays. */
  blockers: Square[]
  walkthrough: {
    title: string
    /** The squares attacked. */
    squares: Square[]
    sections: {
      name: string
      attacks: Square[]
      steps: { text: string; panels: Panel[]; ops: string[] }[]
    }[]
    /** Where the steps would disagree with the reference (always empty). */
    mismatches: string[]
  }
}

/**
 * Beyond chess.js: the walkthrough of `technique` (default: rayscan's fastest here) for
 * the slider on `square` among `fen`'s pieces (the slider there, else a queen, unless
 * `piece` says which). Throws an Error naming a bad argument.
 */
export declare function explain(
  fen: string,
  options: { square: Square; technique?: string; piece?: 'rook' | 'bishop' | 'queen' | 'auto' },
): Explanation
