// rayscan's page: every answer comes from the library, through `rayscan serve`'s JSON
// endpoints or, on the static site the npm package builds (js/site-src/site.js), from
// the same library in WebAssembly; this script only keeps the board's letters, builds
// FENs and draws.
"use strict";

const FILES = "abcdefgh";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const GLYPHS = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
const $ = (id) => document.getElementById(id);

const state = {
  cells: new Array(64).fill(""), // a1 first: FEN letters, "" for empty
  rest: "w KQkq - 0 1",          // the FEN fields after the placement
  tool: "select",
  square: null,
  valid: false,
  asked: 0, // explain requests made; only the latest one's answer is drawn
  from: null, // the piece picked to play a move, then its square
  moves: [], // the legal moves (UCI), when the position is legal
};

function squareName(i) { return FILES[i % 8] + (Math.floor(i / 8) + 1); }
function squareIndex(name) { return FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1); }

async function api(path, params, signal) {
  if (window.rayscanSite) return window.rayscanSite(path, params, signal);
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}?${query}`, { signal });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

function placement() {
  const ranks = [];
  for (let r = 7; r >= 0; r--) {
    let text = "", empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = state.cells[r * 8 + f];
      if (c) { if (empty) text += empty; empty = 0; text += c; } else empty++;
    }
    if (empty) text += empty;
    ranks.push(text);
  }
  return ranks.join("/");
}

function fen() { return `${placement()} ${state.rest}`; }

// After an edit, keep only the castling rights whose king and rook still stand at home,
// and drop the en-passant square: the edited position is a new one.
function editedRest() {
  const fields = state.rest.split(/\s+/);
  const at = (sq) => state.cells[squareIndex(sq)];
  const homes = { K: ["e1", "K", "h1", "R"], Q: ["e1", "K", "a1", "R"], k: ["e8", "k", "h8", "r"], q: ["e8", "k", "a8", "r"] };
  const castling = [...(fields[1] || "-")]
    .filter((c) => homes[c] && at(homes[c][0]) === homes[c][1] && at(homes[c][2]) === homes[c][3])
    .join("") || "-";
  return [fields[0] || "w", castling, "-", fields[4] || "0", fields[5] || "1"].join(" ");
}

function buildBoard() {
  const board = $("board");
  for (let r = 7; r >= 0; r--) {
    for (let f = 0; f < 8; f++) {
      const i = r * 8 + f;
      const sq = document.createElement("div");
      sq.className = `sq ${(r + f) % 2 ? "light" : "dark"}`;
      sq.id = `sq-${squareName(i)}`;
      sq.dataset.square = squareName(i);
      sq.setAttribute("role", "gridcell");
      sq.addEventListener("click", () => clickSquare(i));
      board.appendChild(sq);
    }
  }
  const pieces = document.querySelector("#palette .pieces");
  for (const letter of "KQRBNPkqrbnp") {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.tool = letter;
    b.title = `place ${letter === letter.toUpperCase() ? "white" : "black"} ${{ k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" }[letter.toLowerCase()]}`;
    b.innerHTML = pieceHtml(letter);
    pieces.appendChild(b);
  }
  for (const b of document.querySelectorAll("#palette button")) {
    b.addEventListener("click", () => {
      state.tool = b.dataset.tool;
      for (const o of document.querySelectorAll("#palette button")) o.classList.toggle("active", o === b);
    });
  }
}

function pieceHtml(letter) {
  const white = letter === letter.toUpperCase();
  return `<span class="piece ${white ? "white" : "black"}">${GLYPHS[letter.toLowerCase()]}</span>`;
}

function drawPieces() {
  for (let i = 0; i < 64; i++) {
    const el = $(`sq-${squareName(i)}`);
    const c = state.cells[i];
    el.innerHTML = (c ? pieceHtml(c) : "") +
      (i % 8 === 0 || i < 8 ? `<span class="coord">${squareName(i)}</span>` : "");
    el.dataset.piece = c;
  }
}

function mark(cls, squares) {
  for (const el of document.querySelectorAll(`.sq.${cls}`)) el.classList.remove(cls);
  for (const s of squares) $(`sq-${s}`).classList.add(cls);
}

function setStatus(text, error) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("error", !!error);
}

function saveHash() {
  const params = new URLSearchParams({ fen: fen(), technique: $("technique").value, piece: $("piece").value });
  if (state.square) params.set("square", state.square);
  history.replaceState(null, "", `#${params}`);
}

async function loadFen(text) {
  try {
    const board = await api("board", { fen: text });
    state.cells = board.cells;
    const fields = text.trim().split(/\s+/);
    state.rest = board.valid ? board.fen.split(" ").slice(1).join(" ") : (fields.slice(1).join(" ") || "w - - 0 1");
    state.valid = board.valid;
    state.moves = board.valid ? board.legal_moves : [];
    state.from = null;
    mark("from", []);
    $("fen").value = board.valid ? board.fen : text.trim();
    drawPieces();
    if (board.valid) {
      const check = board.checkers.length ? `, in check from ${board.checkers.join(", ")}` : "";
      setStatus(`${board.side} to move, ${board.legal_moves.length} legal moves${check}` +
        (board.warnings.length ? ` (warning: ${board.warnings.join("; ")})` : ""));
    } else {
      setStatus(`attacks only, no perft: ${board.error}`, true);
    }
    // Checkmate, stalemate, insufficient material: the lines `rayscan show` prints.
    $("ending").textContent = board.valid ? board.ending.join("; ") : "";
    $("perft").disabled = $("divide").disabled = !board.valid;
    await explain();
  } catch (e) {
    setStatus(e.message, true);
  }
}

function clickSquare(i) {
  const name = squareName(i);
  if (state.tool === "move") {
    playClick(name);
    return;
  }
  if (state.tool === "select") {
    state.square = name;
    explain();
    return;
  }
  const before = state.cells[i];
  state.cells[i] = state.tool === "erase" || before === state.tool ? "" : state.tool;
  state.rest = editedRest();
  loadFen(fen());
}

// The move tool: the first click picks a piece with legal moves, the second plays the
// move to that square (a pawn promotes to a queen), or picks another piece.
async function playClick(name) {
  const from = state.moves.filter((m) => m.startsWith(name));
  if (!state.from || (from.length && !state.moves.some((m) => m.startsWith(state.from + name)))) {
    state.from = from.length ? name : null;
    mark("from", state.from ? [name] : []);
    mark("ray", from.map((m) => m.slice(2, 4)));
    return;
  }
  const choices = state.moves.filter((m) => m.startsWith(state.from + name));
  const move = choices.find((m) => m.length === 4 || m.endsWith("q"));
  state.from = null;
  mark("from", []);
  mark("ray", []);
  if (!move) return;
  try {
    const r = await api("play", { fen: fen(), move });
    await loadFen(r.fen);
  } catch (e) {
    setStatus(e.message, true);
  }
}

async function explain() {
  saveHash();
  if (!state.square) state.asked++;
  $("square").textContent = state.square || "none";
  if (!state.square) {
    mark("slider", []); mark("blocker", []); mark("attack", []); mark("ray", []);
    $("summary").textContent = "Click a square to see how the technique finds the slider's attacks there.";
    $("steps").innerHTML = "";
    return;
  }
  const ticket = ++state.asked;
  try {
    const r = await api("explain", {
      fen: fen(), technique: $("technique").value, square: state.square, piece: $("piece").value,
    });
    if (ticket !== state.asked) return;
    mark("slider", [r.square]);
    mark("attack", r.walkthrough.squares);
    mark("blocker", r.blockers);
    mark("ray", []);
    $("description").textContent = `${r.technique}: ${r.description}`;
    $("summary").textContent = `${r.piece} on ${r.square} attacks ${r.walkthrough.squares.length} squares: ` +
      `${r.walkthrough.squares.join(", ") || "none"}; blockers on its rays: ${r.blockers.join(", ") || "none"}.`;
    drawSteps(r.walkthrough);
    document.body.dataset.explained = `${r.technique} ${r.piece} ${r.square} ${r.walkthrough.squares.length}`;
  } catch (e) {
    setStatus(e.message, true);
  }
}

function miniBoard(panel) {
  const fig = document.createElement("figure");
  fig.className = "panel";
  const grid = document.createElement("div");
  grid.className = "mini";
  const on = new Set(panel.squares);
  for (let r = 7; r >= 0; r--) {
    for (let f = 0; f < 8; f++) {
      const name = squareName(r * 8 + f);
      const cell = document.createElement("span");
      if ((r + f) % 2 === 0) cell.classList.add("d");
      if (on.has(name)) cell.classList.add("on");
      if (panel.mark === name) cell.classList.add("mark");
      grid.appendChild(cell);
    }
  }
  const cap = document.createElement("figcaption");
  cap.textContent = panel.caption;
  fig.append(cap, grid);
  return fig;
}

function drawSteps(walk) {
  const list = $("steps");
  list.innerHTML = "";
  for (const section of walk.sections) {
    const li = document.createElement("li");
    const h = document.createElement("h3");
    h.textContent = `${section.name}: ${section.attacks.join(", ") || "no squares"}`;
    li.appendChild(h);
    for (const step of section.steps) {
      const div = document.createElement("div");
      div.className = "step";
      const p = document.createElement("p");
      p.textContent = step.text;
      div.appendChild(p);
      if (step.panels.length) {
        const row = document.createElement("div");
        row.className = "panels";
        step.panels.forEach((panel, k) => {
          if (k > 0) {
            const op = document.createElement("span");
            op.className = "op";
            op.textContent = step.ops[k - 1] || "";
            row.appendChild(op);
          }
          row.appendChild(miniBoard(panel));
        });
        div.appendChild(row);
      }
      // The step's last diagram (its result) is outlined on the big board.
      const shown = step.panels.length ? step.panels[step.panels.length - 1].squares : section.attacks;
      div.addEventListener("mouseenter", () => mark("ray", shown));
      div.addEventListener("mouseleave", () => mark("ray", []));
      li.appendChild(div);
    }
    list.appendChild(li);
  }
  for (const m of walk.mismatches) {
    const li = document.createElement("li");
    li.className = "mismatch";
    li.textContent = m;
    list.appendChild(li);
  }
}

// The count under way: a new one aborts it, which closes its connection, and the
// server stops counting what nobody waits for.
let counting = null;

async function runPerft(divide) {
  const out = $("perft-result");
  const body = document.querySelector("#divide-table tbody");
  body.innerHTML = "";
  out.textContent = "counting…";
  out.classList.remove("error");
  if (counting) counting.abort();
  const mine = counting = new AbortController();
  $("stop").disabled = false;
  try {
    const r = await api("perft", {
      fen: fen(), depth: $("depth").value, generator: $("generator").value, divide: String(divide),
    }, mine.signal);
    out.textContent = `perft ${r.depth}: ${r.nodes.toLocaleString("en")} nodes in ${r.milliseconds} ms ` +
      `(${(r.nodes_per_second / 1e6).toFixed(1)} M nodes/s, ${r.generator} with ${r.technique})`;
    out.dataset.nodes = r.nodes;
    for (const { move, nodes } of (r.divide || []).sort((a, b) => a.move.localeCompare(b.move))) {
      const tr = document.createElement("tr");
      tr.innerHTML = `<td>${move}</td><td>${nodes}</td>`;
      body.appendChild(tr);
    }
  } catch (e) {
    if (mine.signal.aborted) {
      // Stopped, or a newer count took over.
      if (counting === mine) out.textContent = "stopped";
      return;
    }
    out.textContent = e.message;
    out.classList.add("error");
  } finally {
    if (counting === mine) {
      counting = null;
      $("stop").disabled = true;
    }
  }
}

async function init() {
  buildBoard();
  const info = await api("techniques", {});
  for (const t of info.techniques) {
    const label = t.default ? `${t.name} (default: ${info.default_reason})` : t.name;
    const option = new Option(label, t.name);
    option.disabled = !t.available;
    $("technique").add(option);
  }
  for (const g of info.generators) $("generator").add(new Option(g.name, g.name));
  $("depth").max = info.max_depth;
  $("depth-limit").textContent = `(1 to ${info.max_depth})`;
  $("budget").textContent = info.note || `A count stops at ${info.max_nodes.toLocaleString("en")} nodes, ` +
    "one count at a time; rayscan perft on the command line counts any depth.";
  const hash = new URLSearchParams(location.hash.slice(1));
  $("technique").value = hash.get("technique") || "classical";
  $("piece").value = hash.get("piece") || "auto";
  state.square = hash.get("square");
  $("technique").addEventListener("change", explain);
  $("piece").addEventListener("change", explain);
  $("fen-form").addEventListener("submit", (e) => { e.preventDefault(); loadFen($("fen").value); });
  $("start").addEventListener("click", () => loadFen(START));
  $("clear").addEventListener("click", () => loadFen("8/8/8/8/8/8/8/8 w - - 0 1"));
  $("perft").addEventListener("click", () => runPerft(false));
  $("divide").addEventListener("click", () => runPerft(true));
  $("stop").addEventListener("click", () => { if (counting) counting.abort(); });
  await loadFen(hash.get("fen") || START);
  document.body.dataset.ready = "1";
}

init().catch((e) => {
  const loading = $("loading");
  loading.textContent = `rayscan did not load: ${e.message}`;
  loading.classList.add("error");
});
