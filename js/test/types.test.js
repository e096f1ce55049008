// The package's TypeScript types (lib/index.d.ts) hold chess.js's API: chess.js's own
// tests (test/chessjs/) type-check against them in strict mode, with rayscan's types in
// place of chess.js's source, as does a use of what rayscan adds.
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

function typeCheck(files, dir) {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    baseUrl: dir,
    paths: { rayscan: [here('../lib/index.d.ts')] },
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

// What the tests use from their environment (vitest, Node), loosely typed.
const ENVIRONMENT = `
declare module 'vitest' { export const test: any, it: any, describe: any, expect: any, beforeEach: any }
declare module 'fs' { export function readFileSync(path: string): { toString(): string } }
declare module 'path' { export function join(...parts: string[]): string }
declare const __dirname: string
`

test("chess.js's own tests type-check against rayscan's types", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rayscan-types-'))
  mkdirSync(join(dir, '__tests__'))
  mkdirSync(join(dir, 'src'))
  copyFileSync(here('../lib/index.d.ts'), join(dir, 'src', 'chess.d.ts'))
  writeFileSync(join(dir, 'environment.d.ts'), ENVIRONMENT)
  const files = [join(dir, 'environment.d.ts')]
  for (const name of readdirSync(here('./chessjs/')).filter((n) => n.endsWith('.ts'))) {
    copyFileSync(here(`./chessjs/${name}`), join(dir, '__tests__', name))
    files.push(join(dir, '__tests__', name))
  }
  const errors = typeCheck(files, dir).filter((e) => !e.includes('implicitly has an'))
  assert.deepEqual(errors, [])
})

test('what rayscan adds type-checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rayscan-types-'))
  const file = join(dir, 'use.ts')
  writeFileSync(
    file,
    `import { Chess, Move } from 'rayscan'
const chess = new Chess()
const counts: Record<string, number> = chess.divide(2)
const nodes: number = chess.perft(3)
const move: Move = chess.move('e4')
const fischer = new Chess('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', { chess960: true })
const shredder: string = fischer.fen({ shredder: true })
const is960: boolean = fischer.isChess960()
export { counts, nodes, move, shredder, is960 }
`,
  )
  assert.deepEqual(typeCheck([file], dir), [])
})
