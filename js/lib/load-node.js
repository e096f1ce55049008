// Under Node: the `.wasm` beside the package, read and compiled synchronously. No
// top-level `await`, so that `require('rayscan')` loads the package as `import` does
// (Node 20.19 and 22.12 load an ES module with `require` when it has none).
import { readFileSync } from 'node:fs'
import { initSync } from '../pkg/rayscan_js.js'

initSync({ module: readFileSync(new URL('../pkg/rayscan_js_bg.wasm', import.meta.url)) })
