// `npm run build`: the WebAssembly half (cargo for wasm32-unknown-unknown, then
// wasm-bindgen) into pkg/, and site/, the explain page as static files (the page of
// `rayscan serve`, answered by the package in WebAssembly: site-src/). It installs what
// is missing from the registries (the Rust target with rustup, wasm-bindgen-cli at
// Cargo.lock's version of wasm-bindgen with cargo) and downloads nothing else.
import { execFileSync } from 'node:child_process'
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

// The version of `name` in js/Cargo.lock.
function lockedVersion(name) {
  const lock = readFileSync(join(js, 'Cargo.lock'), 'utf8')
  const match = lock.match(new RegExp(`\\[\\[package\\]\\]\\nname = "${name}"\\nversion = "([^"]+)"`))
  if (!match) throw new Error(`js/Cargo.lock has no package ${name}`)
  return match[1]
}

if (!output('rustup', ['target', 'list', '--installed']).split('\n').includes(TRIPLE)) {
  run('rustup', ['target', 'add', TRIPLE])
}

const version = lockedVersion('wasm-bindgen')
const tools = join(target, 'tools')
const bindgen = join(tools, 'bin', 'wasm-bindgen')
if (!output(bindgen, ['--version']).includes(`wasm-bindgen ${version}`)) {
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', version, '--root', tools])
}

const wasmTarget = join(target, 'js')
run('cargo', ['build', '--release', '--target', TRIPLE, '--manifest-path', join(js, 'Cargo.toml')], {
  env: { ...process.env, CARGO_TARGET_DIR: wasmTarget },
})
const pkg = join(js, 'pkg')
rmSync(pkg, { recursive: true, force: true })
run(bindgen, [
  '--target', 'web',
  '--no-typescript',
  '--out-dir', pkg,
  join(wasmTarget, TRIPLE, 'release', 'rayscan_js.wasm'),
])
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
