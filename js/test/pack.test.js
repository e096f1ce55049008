// `npm pack` makes the tarball a user installs: installed into an empty project (no
// registry needed, the package has no dependencies), it imports and answers from there,
// with `import` and with `require`.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('..', import.meta.url))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

test('the packed tarball installs and runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rayscan-pack-'))
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', dir], {
    cwd: here,
    encoding: 'utf8',
    timeout: 120_000,
  })
  const [{ filename, files }] = JSON.parse(out)
  const paths = files.map((f) => f.path).sort()
  for (const path of ['lib/index.js', 'lib/browser.js', 'lib/index.d.ts', 'pkg/rayscan_js_bg.wasm', 'README.md', 'LICENSE-MIT']) {
    assert.ok(paths.includes(path), `the tarball lacks ${path}: ${paths.join(', ')}`)
  }
  assert.ok(!paths.some((p) => p.startsWith('test/') || p.startsWith('src/')), paths.join(', '))
  const project = join(dir, 'project')
  execFileSync('mkdir', [project])
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user', type: 'module', private: true }))
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', join(dir, filename)], {
    cwd: project,
    timeout: 120_000,
  })
  assert.ok(readdirSync(join(project, 'node_modules')).includes('rayscan'))
  writeFileSync(
    join(project, 'use.js'),
    "import { Chess } from 'rayscan'\nconst c = new Chess()\nc.move('e4')\nconsole.log(c.perft(3), c.moves().length)\n",
  )
  const answer = execFileSync(process.execPath, ['use.js'], { cwd: project, encoding: 'utf8', timeout: 60_000 })
  assert.equal(answer.trim(), '13160 20')
  // CommonJS: `require` loads the same package (Node 20.19 and 22.12 on: an ES module
  // without top-level await), the WebAssembly half included. Older Node cannot.
  if (!process.features.require_module) return
  writeFileSync(
    join(project, 'use.cjs'),
    "const { Chess } = require('rayscan')\nconst c = new Chess()\nc.move('e4')\nconsole.log(c.perft(3), c.moves().length)\n",
  )
  const required = execFileSync(process.execPath, ['use.cjs'], { cwd: project, encoding: 'utf8', timeout: 60_000 })
  assert.equal(required.trim(), '13160 20')
})
