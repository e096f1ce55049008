// chess.js 1.4.0's own test suite (test/chessjs/, vendored under its BSD-2-Clause licence)
// run against rayscan: each TypeScript file transpiled when the suite runs, its imports
// of chess.js's source pointed at this package and of vitest at testing/expect.js.
// RAYSCAN_SUITE_AGAINST=chess.js runs it against chess.js itself, to check the harness.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

import { setFile } from '../testing/expect.js'

const source = fileURLToPath(new URL('./chessjs/', import.meta.url))
const against =
  process.env.RAYSCAN_SUITE_AGAINST === 'chess.js'
    ? new URL('../node_modules/chess.js/dist/esm/chess.js', import.meta.url).href
    : new URL('../lib/index.js', import.meta.url).href
const shim = new URL('../testing/expect.js', import.meta.url).href

const out = mkdtempSync(join(tmpdir(), 'rayscan-chessjs-'))
mkdirSync(join(out, 'pgn'))
for (const name of readdirSync(join(source, 'pgn'))) {
  copyFileSync(join(source, 'pgn', name), join(out, 'pgn', name))
}

const files = readdirSync(source).filter((name) => name.endsWith('.ts')).sort()
for (const name of files) {
  const { outputText } = ts.transpileModule(readFileSync(join(source, name), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  const code = outputText
    .replace(/from ['"]vitest['"]/g, `from '${shim}'`)
    .replace(/from ['"]\.\.\/src\/chess['"]/g, `from '${against}'`)
    .replace(/from ['"]\.\/utils['"]/g, `from './utils.mjs'`)
  writeFileSync(
    join(out, name.replace(/\.ts$/, '.mjs')),
    `const __dirname = ${JSON.stringify(out)};\n${code}`,
  )
}

for (const name of files.filter((name) => name.endsWith('.test.ts'))) {
  setFile(name.replace(/\.test\.ts$/, ''))
  await import(pathToFileURL(join(out, name.replace(/\.ts$/, '.mjs'))).href)
}
