// The static site's answers: the page (app.js, the same as `rayscan serve`'s) asks
// window.rayscanSite what it would ask the server's /api/ endpoints, and this answers
// from the npm package in WebAssembly: no server, no request to /api/. Counts run in a
// Web Worker (worker.js), so the page stays responsive and Stop ends them at once.
"use strict";

(() => {
  const loaded = import("./lib/browser.js");
  const SEVEN = 7;

  // A FEN's rules: Chess960 when its castling field names a rook by file (Shredder-FEN,
  // X-FEN), or gives a right whose king or rook is not where standard chess has them.
  function chess960Of(fen) {
    const [placement = "", , castling = "-"] = fen.trim().split(/\s+/);
    if (/[A-Ha-h]/.test(castling.replace(/[kq]/gi, ""))) return true;
    const ranks = placement.split("/").map((r) => r.replace(/\d/g, (n) => ".".repeat(Number(n))));
    const at = (file, rank) => (ranks[8 - rank] || "")[file];
    const homes = { K: [1, "K", 7, "R"], Q: [1, "K", 0, "R"], k: [8, "k", 7, "r"], q: [8, "k", 0, "r"] };
    return [...castling].some((c) => {
      const home = homes[c];
      return home && (at(4, home[0]) !== home[1] || at(home[2], home[0]) !== home[3]);
    });
  }

  function letters(chess) {
    const cells = new Array(64).fill("");
    for (const row of chess.board()) {
      for (const piece of row) {
        if (!piece) continue;
        const i = "abcdefgh".indexOf(piece.square[0]) + 8 * (Number(piece.square[1]) - 1);
        cells[i] = piece.color === "w" ? piece.type.toUpperCase() : piece.type;
      }
    }
    return cells;
  }

  function board(rayscan, { fen }) {
    const text = (fen || "").trim() || rayscan.DEFAULT_POSITION;
    const chess960 = chess960Of(text);
    let chess;
    try {
      chess = new rayscan.Chess(text, { chess960 });
    } catch (e) {
      // The pieces may still be readable (no kings, say): attacks only.
      const loose = new rayscan.Chess(rayscan.DEFAULT_POSITION);
      try {
        loose.load(text, { skipValidation: true, chess960 });
      } catch {
        loose.clear();
      }
      return { valid: false, error: e.message, cells: letters(loose) };
    }
    const us = chess.turn();
    const them = us === "w" ? "b" : "w";
    const king = chess.findPiece({ color: us, type: "k" })[0];
    const ending = [];
    if (chess.isCheckmate()) ending.push(`checkmate: ${them === "w" ? "white" : "black"} wins`);
    if (chess.isStalemate()) ending.push("stalemate: draw");
    if (chess.isInsufficientMaterial()) ending.push("insufficient material: draw");
    if (chess.isDrawByFiftyMoves()) ending.push("fifty-move rule: draw");
    return {
      valid: true,
      fen: chess.fen(),
      cells: letters(chess),
      side: us === "w" ? "white" : "black",
      warnings: [],
      checkers: king ? chess.attackers(king, them) : [],
      legal_moves: chess.moves({ verbose: true }).map((m) => m.lan),
      ending,
    };
  }

  function techniques(rayscan) {
    const list = rayscan.techniques();
    return {
      default: list.find((t) => t.default).name,
      default_reason: "magic: WebAssembly has no PEXT",
      techniques: list,
      generators: [{ name: "rayscan (WebAssembly)" }],
      max_depth: SEVEN,
      max_nodes: 0,
      note: "Counts run in a Web Worker, in this browser: the page stays responsive, and Stop ends a count at once.",
    };
  }

  // A count in a worker of its own; aborting the signal ends the worker.
  function perft(params, signal) {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL("worker.js", document.baseURI), { type: "module" });
      const stop = () => {
        worker.terminate();
        reject(new DOMException("stopped", "AbortError"));
      };
      if (signal?.aborted) return stop();
      signal?.addEventListener("abort", stop, { once: true });
      worker.onmessage = ({ data }) => {
        worker.terminate();
        signal?.removeEventListener("abort", stop);
        if (data.error) reject(new Error(data.error));
        else resolve(data);
      };
      worker.onerror = (e) => {
        worker.terminate();
        reject(new Error(e.message || "the worker failed"));
      };
      const fen = (params.fen || "").trim();
      // As `rayscan serve` answers a depth out of bounds, before a worker starts.
      const text = String(params.depth ?? "");
      const depth = Number(text);
      if (!/^\d+$/.test(text.trim()) || depth < 1 || depth > SEVEN) {
        worker.terminate();
        return reject(new Error(`depth: ${JSON.stringify(text)} is not a whole number from 1 to ${SEVEN}`));
      }
      worker.postMessage({ fen, chess960: chess960Of(fen), depth, divide: params.divide === "true" });
    });
  }

  function play(rayscan, { fen, move }) {
    const chess = new rayscan.Chess(fen, { chess960: chess960Of(fen) });
    chess.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] });
    return { fen: chess.fen() };
  }

  window.rayscanSite = async (path, params, signal) => {
    const rayscan = await loaded;
    switch (path) {
      case "techniques":
        return techniques(rayscan);
      case "board":
        return board(rayscan, params);
      case "explain":
        return rayscan.explain(params.fen, { square: params.square, technique: params.technique, piece: params.piece });
      case "perft":
        return perft(params, signal);
      case "play":
        return play(rayscan, params);
      default:
        throw new Error(`no answer for ${path}`);
    }
  };
})();
