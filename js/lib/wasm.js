// The WebAssembly half, loaded once when the package is imported: from the file beside
// this one under Node, fetched in a browser or a bundler's output. `npm run build` writes
// ../pkg/ with wasm-bindgen.
import init, { initSync } from '../pkg/rayscan_js.js'

const url = new URL('../pkg/rayscan_js_bg.wasm', import.meta.url)

if (url.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
  const { readFileSync } = await import('node:fs')
  initSync({ module: readFileSync(url) })
} else {
  await init({ module_or_path: url })
}

export * from '../pkg/rayscan_js.js'
