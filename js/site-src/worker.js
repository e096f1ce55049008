// One count of the static site's page, off the page's thread: perft or divide of a
// position, inside WebAssembly. The page ends the worker to stop it. The package loads
// after the handler is in place: a module still awaiting its imports would miss the
// page's message.
const loading = import('./lib/browser.js')

self.onmessage = async ({ data: { fen, chess960, depth, divide } }) => {
  try {
    const { Chess } = await loading
    if (!Number.isInteger(depth) || depth < 1 || depth > 7) {
      throw new Error(`depth: ${JSON.stringify(String(depth))} is not a whole number from 1 to 7`)
    }
    const chess = new Chess(fen || undefined, { chess960 })
    const start = performance.now()
    let nodes
    let moves = null
    if (divide) {
      const counts = chess.divide(depth)
      moves = Object.entries(counts).map(([move, n]) => ({ move, nodes: n }))
      nodes = moves.reduce((sum, m) => sum + m.nodes, 0)
    } else {
      nodes = chess.perft(depth)
    }
    const milliseconds = Math.max(1, Math.round(performance.now() - start))
    self.postMessage({
      depth,
      nodes,
      milliseconds,
      nodes_per_second: Math.round((nodes / milliseconds) * 1000),
      generator: 'rayscan (WebAssembly)',
      technique: 'magic',
      divide: moves,
    })
  } catch (e) {
    self.postMessage({ error: e.message })
  }
}
