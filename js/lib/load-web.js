// In a browser, a worker or a bundler's output: the `.wasm` fetched from beside this
// module (a bundler that understands `new URL(…, import.meta.url)` copies it), compiled
// while the page goes on; the package's module is ready once it is.
import init from '../pkg/rayscan_js.js'

await init({ module_or_path: new URL('../pkg/rayscan_js_bg.wasm', import.meta.url) })
