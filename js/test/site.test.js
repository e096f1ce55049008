// The static site (`npm run build` writes js/site/) in headless Chromium, driven through
// chromedriver: served by a plain static file server, it shows every technique, a
// walkthrough equal to the package's explain(), a board from a FEN, perft with divide,
// a count stopped while the page stays responsive, a move played on the board; and it
// asks nothing of an /api/ path. It needs Debian's chromium and chromium-driver
// (.ci/install-tools installs them; RAYSCAN_CHROMIUM and RAYSCAN_CHROMEDRIVER name
// others): without them the test fails, saying so.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { Chess, explain, techniques } from '../lib/index.js'

const SITE = fileURLToPath(new URL('../site/', import.meta.url))
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
const DEADLINE = 30_000

function program(variable, names) {
  if (process.env[variable]) return process.env[variable]
  for (const name of names) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
    if (found) return found
  }
  return null
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// Polls `f` until it gives something truthy, or fails naming `what` at the deadline.
async function until(f, what, deadline = DEADLINE) {
  const end = Date.now() + deadline
  let last
  while (Date.now() < end) {
    last = await f()
    if (last) return last
    await sleep(50)
  }
  assert.fail(`${what}: not within ${deadline / 1000} s (last: ${JSON.stringify(last)})`)
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain',
}

let server
let port
let driver
let session
const requested = []

// A WebDriver command: the answer's value, or a failure with chromedriver's message.
async function webdriver(method, path, body) {
  const response = await fetch(`http://127.0.0.1:${driver.port}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(DEADLINE),
  })
  const answer = await response.json()
  if (!response.ok) assert.fail(`${method} ${path}: ${JSON.stringify(answer.value)}`)
  return answer.value
}

const run = (script, ...args) =>
  webdriver('POST', `/session/${session}/execute/sync`, { script, args })

before(async () => {
  assert.ok(existsSync(join(SITE, 'index.html')), `${SITE} is missing: run npm run build`)
  const chromium = program('RAYSCAN_CHROMIUM', ['chromium', 'chromium-browser'])
  const chromedriver = program('RAYSCAN_CHROMEDRIVER', ['chromedriver'])
  assert.ok(
    chromium && chromedriver,
    'chromium or chromedriver is not installed, and this test needs them: run .ci/install-tools ' +
      '(or apt-get install chromium chromium-driver)',
  )
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
    requested.push(path)
    const file = normalize(join(SITE, path === '/' ? 'index.html' : path))
    if (!file.startsWith(SITE) || !existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    res.end(readFileSync(file))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = server.address().port

  // chromedriver on a port of its own choosing is not offered: take a free one.
  const probe = createServer()
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const driverPort = probe.address().port
  await new Promise((resolve) => probe.close(resolve))
  const child = spawn(chromedriver, [`--port=${driverPort}`], { stdio: 'ignore' })
  driver = { child, port: driverPort }
  await until(
    async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${driverPort}/status`)
        return (await r.json()).value?.ready
      } catch {
        return false
      }
    },
    'chromedriver answers',
  )
  const profile = mkdtempSync(join(tmpdir(), 'rayscan-chromium-'))
  const created = await webdriver('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'chrome',
        'goog:chromeOptions': {
          binary: chromium,
          args: [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            `--user-data-dir=${profile}`,
          ],
        },
      },
    },
  })
  session = created.sessionId
})

after(async () => {
  if (session) await webdriver('DELETE', `/session/${session}`).catch(() => {})
  driver?.child.kill()
  server?.close()
})

const text = (id) => run(`return document.getElementById(arguments[0]).textContent`, id)
const click = (selector) => run(`document.querySelector(arguments[0]).click()`, selector)

test('the static site explains, counts, stops, plays, and asks no /api/ path', async () => {
  const start = new Chess().fen()
  await webdriver('POST', `/session/${session}/url`, {
    url: `http://127.0.0.1:${port}/#${new URLSearchParams({ fen: start, technique: 'kogge-stone', square: 'd1' })}`,
  })
  await until(() => run('return document.body.dataset.ready'), 'the page is ready')
  // It said it was loading until then, and states perft's depth limit in words.
  assert.equal(await text('loading'), 'Loading rayscan…')
  assert.equal(await run(`return getComputedStyle(document.getElementById('loading')).display`), 'none')
  assert.equal(await text('depth-limit'), '(1 to 7)')

  // Every technique, from the package.
  const options = await run(`return [...document.getElementById('technique').options].map((o) => o.value)`)
  assert.deepEqual(options, techniques().map((t) => t.name))

  // The walkthrough drawn is the package's.
  const expected = explain(start, { square: 'd1', technique: 'kogge-stone' })
  const explained = `kogge-stone ${expected.piece} d1 ${expected.walkthrough.squares.length}`
  await until(async () => (await run('return document.body.dataset.explained')) === explained, explained)
  const sections = await run(`return document.querySelectorAll('#steps > li').length`)
  assert.equal(sections, expected.walkthrough.sections.length)

  // A board from a FEN.
  await run(
    `const input = document.getElementById('fen'); input.value = arguments[0];
     document.getElementById('fen-form').requestSubmit()`,
    KIWIPETE,
  )
  await until(async () => (await text('status')).startsWith('white to move, 48 legal moves'), 'Kiwipete loaded')

  // Divide, counted in the worker.
  await run(`document.getElementById('depth').value = '3'`)
  await click('#divide')
  await until(async () => (await run(`return document.getElementById('perft-result').dataset.nodes`)) === '97862', 'divide 3 of Kiwipete')
  assert.equal(await run(`return document.querySelectorAll('#divide-table tr').length`), 48)

  // A depth beyond the limit, refused in words.
  await run(`document.getElementById('depth').value = '100'`)
  await click('#perft')
  const refused = 'depth: "100" is not a whole number from 1 to 7'
  await until(async () => (await text('perft-result')) === refused, refused)

  // A deep count, stopped; the page answers while it runs.
  await click('#start')
  await until(async () => (await text('status')).startsWith('white to move, 20 legal moves'), 'start position loaded')
  await run(`document.getElementById('depth').value = '7'`)
  await click('#perft')
  await until(async () => !(await run(`return document.getElementById('stop').disabled`)), 'stop enabled')
  await click('[data-tool="select"]')
  await click('#sq-a1')
  await until(async () => (await run('return document.body.dataset.explained'))?.includes(' a1 '), 'explained while counting')
  assert.equal(await text('perft-result'), 'counting…')
  await click('#stop')
  await until(async () => (await text('perft-result')) === 'stopped', 'the count stopped')
  assert.equal(await run(`return document.getElementById('stop').disabled`), true)

  // A move played on the board.
  await click('[data-tool="move"]')
  await click('#sq-e2')
  await click('#sq-e4')
  const after = new Chess()
  after.move('e4')
  await until(async () => (await run(`return document.getElementById('fen').value`)) === after.fen(), 'e4 played')

  // Everything came from static files.
  assert.deepEqual(requested.filter((path) => path.startsWith('/api/')), [])
  assert.ok(requested.includes('/pkg/rayscan_js_bg.wasm'))
  assert.ok(requested.includes('/worker.js'))
})
