// The WebAssembly half's functions, as wasm-bindgen's glue (../pkg/, written by `npm run
// build`) exports them. Loading the `.wasm` is the entry point's: load-node.js under Node,
// load-web.js elsewhere, each imported before anything calls in.
export * from '../pkg/rayscan_js.js'
