// rayscan for JavaScript in browsers and bundlers: the WebAssembly half fetched first
// (load-web.js, which awaits it), then chess.js 1.4's API (api.js).
import './load-web.js'

export * from './api.js'
