// rayscan for JavaScript under Node, for `import` and `require` alike: the WebAssembly
// half loaded synchronously first (load-node.js), then chess.js 1.4's API (api.js).
import './load-node.js'

export * from './api.js'
