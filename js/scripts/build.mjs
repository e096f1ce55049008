// `npm run build`: the WebAssembly half (cargo for wasm32-unknown-unknown, then the
// wasm-bindgen step) into pkg/, and site/, the explain page as static files (the page of
// `rayscan serve`, answered by the package in WebAssembly: site-src/). It adds the Rust
// target with rustup where it is missing and downloads nothing else but the crates of
// js/Cargo.lock (`--locked`). The wasm-bindgen step is bindgen/, a small program of this
// workspace that calls wasm-bindgen's library at the version the WebAssembly half links:
// no tool is installed. Both are compiled at once, in target directories of their own.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const js = dirname(dirname(fileURLToPath(import.meta.url)))
const repo = dirname(js)
const target = process.env.CARGO_TARGET_DIR ?? join(repo, 'target')
const TRIPLE = 'wasm32-unknown-unknown'

function run(program, args, options = {}) {
  console.log(`> ${program} ${args.join(' ')}`)
  execFileSync(program, args, { stdio: 'inherit', ...options })
}

function output(program, args) {
  try {
    return execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return ''
  }
}

// Runs the commands at once, each with its own environment additions; fails with the
// first that fails.
function runAll(commands) {
  return Promise.all(
    commands.map(
      ([program, args, env]) =>
        new Promise((resolve, reject) => {
          console.log(`> ${program} ${args.join(' ')}`)
          const child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, ...env } })
          child.on('error', reject)
          child.on('exit', (code, signal) =>
            code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} failed: ${signal ?? `exit ${code}`}`)),
          )
        }),
    ),
  )
}

if (!output('rustup', ['target', 'list', '--installed']).split('\n').includes(TRIPLE)) {
  run('rustup', ['target', 'add', TRIPLE])
}

const manifest = join(js, 'Cargo.toml')
const wasmTarget = join(target, 'js')
const toolTarget = join(target, 'js-bindgen')
await runAll([
  ['cargo', ['build', '--locked', '--release', '--target', TRIPLE, '--manifest-path', manifest, '-p', 'rayscan-js'], { CARGO_TARGET_DIR: wasmTarget }],
  ['cargo', ['build', '--locked', '--manifest-path', manifest, '-p', 'rayscan-js-bindgen'], { CARGO_TARGET_DIR: toolTarget }],
])
const pkg = join(js, 'pkg')
rmSync(pkg, { recursive: true, force: true })
run(join(toolTarget, 'debug', 'rayscan-js-bindgen'), [join(wasmTarget, TRIPLE, 'release', 'rayscan_js.wasm'), pkg])
if (!existsSync(join(pkg, 'rayscan_js_bg.wasm'))) throw new Error('wasm-bindgen wrote no .wasm')

// The licences go into the package beside its README.
for (const name of ['LICENSE-MIT', 'LICENSE-APACHE']) cpSync(join(repo, name), join(js, name))

// The static site: the serve page's files, site.js (its answers) loaded before app.js,
// the worker, and the package itself.
const page = join(repo, 'cli', 'src', 'commands', 'serve', 'page')
const site = join(js, 'site')
rmSync(site, { recursive: true, force: true })
mkdirSync(site)
for (const name of ['app.js', 'style.css']) cpSync(join(page, name), join(site, name))
for (const name of ['site.js', 'worker.js']) cpSync(join(js, 'site-src', name), join(site, name))
const html = readFileSync(join(page, 'index.html'), 'utf8')
const script = '<script src="app.js"></script>'
if (!html.includes(script)) throw new Error(`${page}/index.html no longer loads app.js as ${script}`)
writeFileSync(join(site, 'index.html'), html.replace(script, `<script src="site.js"></script>\n${script}`))
cpSync(join(js, 'lib'), join(site, 'lib'), { recursive: true })
mkdirSync(join(site, 'pkg'))
for (const name of ['rayscan_js.js', 'rayscan_js_bg.wasm']) cpSync(join(pkg, name), join(site, 'pkg', name))
console.log(`> wrote ${site}`)
