// The playground page: a variant chooser, the variant's text with live diagnostics, and a
// board to play it on, all driven by the library compiled to WebAssembly (engine.js).

import { loadEngine, parseUci, squareName } from "./engine.js";
import { drawBoard, drawHand } from "./board.js";

const $ = (id) => document.getElementById(id);

// The name diagnostics give the editor's text (web/src/session.rs).
const EDITOR_FILE = "playground.variant";

const ui = {
  engine: null,
  state: null,
  legal: [],
  selected: null, // {square, layer} or {drop, side}
  pending: null, // candidates waiting for a promotion choice or a wall square
  redo: [],
  flipped: false,
  diagnostics: [],
  variants: [],
  lastValid: "",
  notes: "",
  changed: new Set(),
};

// ---- drawing ----

function refresh() {
  const e = ui.engine;
  ui.changed = new Set();
  ui.state = e.state();
  ui.legal = e.moves();
  ui.selected = null;
  ui.pending = null;
  render();
}

function render() {
  const s = ui.state;
  const last = s.played.length ? parseUci(s.played[s.played.length - 1].uci) : null;
  drawBoard($("board"), s, {
    flipped: ui.flipped,
    last,
    targets: targetsOfSelection(),
    selected: ui.selected,
    changed: ui.changed,
  });
  const [top, bottom] = ui.flipped ? ["white", "black"] : ["black", "white"];
  drawHand($("hand-top"), s, top, ui.selected);
  drawHand($("hand-bottom"), s, bottom, ui.selected);
  $("status").textContent = statusText(s);
  $("effects").textContent = ui.notes;
  renderMoves(s);
  renderChooser();
  $("fen").value = s.fen;
  if ($("explain").open) $("explain-text").textContent = ui.engine.explain();
  $("undo").disabled = s.played.length === 0;
  $("redo").disabled = ui.redo.length === 0;
  updateLink();
}

function statusText(s) {
  const title = s.title || s.name;
  if (s.end) {
    const who = s.end.winner ? `${s.end.winner} wins` : "draw";
    return `${title}: game over, ${s.end.rule}: ${who} (${s.end.result})`;
  }
  let text = `${title}: ${s.side} to move`;
  if (s.inCheck) text += ", in check";
  if (s.checks) text += ` (checks ${s.checks})`;
  const installed = ui.engine.installed;
  if (!installed.ok) text += `; only chess, the bundled variants did not load: ${installed.error}`;
  return text;
}

function renderMoves(s) {
  const list = $("moves");
  list.replaceChildren();
  s.played.forEach((m, i) => {
    if (i === 0 || !m.number.endsWith("...")) {
      if (i > 0) list.append(" ");
      const n = document.createElement("span");
      n.className = "number";
      n.textContent = m.number;
      list.append(n, " ");
    } else {
      list.append(" ");
    }
    const span = document.createElement("span");
    span.className = "san";
    span.dataset.uci = m.uci;
    span.textContent = m.san;
    list.append(span);
  });
}

// ---- selecting and moving ----

function movesFrom(sel) {
  if (!sel) return [];
  return ui.legal.filter((m) => {
    const p = parseUci(m.uci);
    if (sel.drop) return Boolean(p.drop) && p.drop.toUpperCase() === sel.drop.toUpperCase();
    return p.from === sel.square && m.layer === sel.layer;
  });
}

// The squares to mark: where the selected piece may go, or where the wall may go.
function targetsOfSelection() {
  const marks = new Map();
  if (ui.pending && ui.pending.walls) {
    for (const m of ui.pending.moves) marks.set(parseUci(m.uci).wall, { capture: false, layer: 0 });
    return marks;
  }
  for (const m of movesFrom(ui.selected)) {
    const p = parseUci(m.uci);
    if (!p.to) continue;
    const old = marks.get(p.to);
    const capture = m.san.includes("x") || (old && old.capture);
    marks.set(p.to, { capture, layer: ui.selected.drop ? 0 : m.layer });
  }
  return marks;
}

function clickSquare(square, layer) {
  if (ui.state.end) return;
  if (ui.pending && ui.pending.walls) {
    const m = ui.pending.moves.find((c) => parseUci(c.uci).wall === square);
    if (m) return playMove(m.uci);
  }
  const targets = movesFrom(ui.selected).filter((m) => parseUci(m.uci).to === square);
  if (targets.length > 0) return chooseAmong(targets);
  const here = { square, layer };
  ui.selected = movesFrom(here).length > 0 ? here : null;
  ui.pending = null;
  render();
}

function clickHand(side, letter) {
  if (ui.state.end || side !== ui.state.side) return;
  const sel = { drop: letter, side };
  ui.selected = movesFrom(sel).length > 0 ? sel : null;
  ui.pending = null;
  render();
}

// Several moves between the same squares: a promotion (or gating) to choose, or a wall to
// place.
function chooseAmong(moves) {
  if (moves.length === 1) return playMove(moves[0].uci);
  const walls = moves.every((m) => parseUci(m.uci).wall)
    && new Set(moves.map((m) => parseUci(m.uci).suffix)).size === 1;
  ui.pending = { moves, walls };
  render();
}

function renderChooser() {
  const box = $("chooser");
  box.replaceChildren();
  if (!ui.pending || ui.pending.walls) {
    box.hidden = !(ui.pending && ui.pending.walls);
    if (!box.hidden) box.textContent = "Click the square where the wall goes.";
    return;
  }
  box.hidden = false;
  const label = document.createElement("span");
  label.textContent = "Choose: ";
  box.append(label);
  for (const m of ui.pending.moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.uci = m.uci;
    b.textContent = m.san;
    b.addEventListener("click", () => playMove(m.uci));
    box.append(b);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => { ui.pending = null; render(); });
  box.append(cancel);
}

function playMove(text, keepRedo = false) {
  const result = ui.engine.play(text);
  if (!result.ok) {
    $("move-error").textContent = result.error + (result.help ? ` (${result.help})` : "");
    return result;
  }
  $("move-error").textContent = "";
  ui.notes = [result.summary, ...result.notes].join("; ");
  if (!keepRedo) ui.redo = [];
  const before = placementOf(ui.state);
  refresh();
  ui.changed = changedSquares(before, placementOf(ui.state));
  render();
  return result;
}

// Where each piece and wall stands: "layer:square" -> letter.
function placementOf(state) {
  const at = new Map();
  for (const p of state.pieces) at.set(`${p.layer}:${squareName(p.file, p.rank)}`, p.letter);
  for (const w of state.walls) at.set(`0:${squareName(w.file, w.rank)}`, "*");
  return at;
}

// The squares a move changed: besides its own two, what its effects did (an explosion, a
// pull or push, the duck).
function changedSquares(before, after) {
  const changed = new Set();
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) !== after.get(key)) changed.add(key.split(":")[1]);
  }
  return changed;
}

function undo() {
  const s = ui.state;
  if (!s.played.length) return false;
  const last = s.played[s.played.length - 1].uci;
  const ok = ui.engine.undo();
  if (ok) {
    ui.redo.push(last);
    ui.notes = "";
    refresh();
  }
  return ok;
}

function redo() {
  const uci = ui.redo.pop();
  if (uci) playMove(uci, true);
}

// ---- the variant text ----

function setDiagnostics(list) {
  ui.diagnostics = list;
  const box = $("diagnostics");
  box.replaceChildren();
  for (const d of list) {
    const li = document.createElement("li");
    li.dataset.line = d.line;
    li.dataset.column = d.column;
    li.dataset.code = d.code;
    li.className = d.severity;
    const where = d.file && d.file !== EDITOR_FILE ? `${d.file}:` : "";
    li.textContent = `${where}${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`;
    const label = d.labels && d.labels[0] && d.labels[0].text;
    if (label) li.append(document.createElement("br"), `  ${label}`);
    if (d.help) li.append(document.createElement("br"), `  help: ${d.help}`);
    li.addEventListener("click", () => selectSpan(d));
    box.append(li);
  }
  highlight();
}

function selectSpan(d) {
  const label = d.labels && d.labels[0];
  if (!label) return;
  const ed = $("editor");
  ed.focus();
  ed.setSelectionRange(byteToIndex(ed.value, label.start), byteToIndex(ed.value, label.end));
}

// Spans are byte offsets into the UTF-8 text.
function byteToIndex(text, byte) {
  const bytes = new TextEncoder().encode(text).slice(0, byte);
  return new TextDecoder().decode(bytes).length;
}

// The text again behind the editor, each diagnostic's span underlined.
function highlight() {
  const ed = $("editor");
  const pre = $("highlight");
  const text = ed.value;
  const spans = ui.diagnostics
    .map((d) => d.labels && d.labels[0])
    .filter((l) => l && l.file === EDITOR_FILE)
    .map((l) => {
      const start = byteToIndex(text, l.start);
      return [start, Math.max(byteToIndex(text, l.end), start + 1)];
    })
    .sort((a, b) => a[0] - b[0]);
  pre.replaceChildren();
  let at = 0;
  for (const [start, end] of spans) {
    if (start < at) continue;
    pre.append(text.slice(at, start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end) || " ";
    pre.append(mark);
    at = end;
  }
  pre.append(text.slice(at) + "\n");
  pre.scrollTop = ed.scrollTop;
  pre.scrollLeft = ed.scrollLeft;
}

// Loads the editor's text; on errors the last valid variant stays on the board. A new game
// starts when the text changed, or always when `fresh`.
function loadEditor(fresh = false) {
  const text = $("editor").value;
  const result = ui.engine.load(text);
  setDiagnostics(result.diagnostics);
  if (result.ok && (fresh || text !== ui.lastValid)) {
    ui.lastValid = text;
    newGame();
    fillVariantList($("variant-search").value);
  }
  return result;
}

function chooseVariant(name) {
  const text = ui.engine.bundled(name);
  if (text === null) return null;
  $("variant-select").value = name;
  $("editor").value = text;
  return loadEditor(true);
}

function newGame() {
  ui.redo = [];
  ui.notes = "";
  $("move-error").textContent = "";
  ui.engine.load(ui.lastValid);
  refresh();
}

function fillVariantList(filter = "") {
  const select = $("variant-select");
  const want = filter.trim().toLowerCase();
  const current = ui.state ? ui.state.name : "chess";
  select.replaceChildren();
  const list = ui.variants.length ? ui.variants : [{ name: current, title: ui.state.title || current }];
  if (ui.state && ui.engine.bundled(current) !== ui.lastValid) {
    const own = document.createElement("option");
    own.value = "";
    own.textContent = `your file: ${ui.state.title || current}`;
    own.selected = true;
    select.append(own);
  }
  for (const v of list) {
    if (want && !v.title.toLowerCase().includes(want) && !v.name.includes(want)) continue;
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title;
    if (v.name === current && ui.engine.bundled(current) === ui.lastValid) o.selected = true;
    select.append(o);
  }
}

// ---- FEN, PGN, link ----

function setFen(fen) {
  const result = ui.engine.setFen(fen);
  $("fen-error").textContent = result.ok ? "" : result.error;
  if (result.ok) {
    ui.redo = [];
    ui.notes = "";
    refresh();
  }
  return result;
}

function readPgn(text) {
  const result = ui.engine.readPgn(text);
  $("pgn-error").textContent = result.ok ? "" : result.error;
  if (!result.ok) return result;
  if (result.changed) {
    $("editor").value = ui.engine.source();
    ui.lastValid = $("editor").value;
    setDiagnostics([]);
    fillVariantList($("variant-search").value);
  }
  ui.redo = [];
  refresh();
  return result;
}

function updateLink() {
  const s = ui.state;
  const params = new URLSearchParams();
  const bundled = ui.engine.bundled(s.name);
  if (bundled !== null && bundled === ui.lastValid) params.set("variant", s.name);
  else params.set("source", ui.lastValid);
  if (s.startFen !== s.variantStart) params.set("fen", s.startFen);
  if (s.played.length) params.set("moves", s.played.map((m) => m.uci).join(" "));
  $("link").href = "#" + params.toString();
}

function openHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("source")) {
    $("editor").value = params.get("source");
    loadEditor(true);
  } else {
    chooseVariant(params.get("variant") || "chess");
  }
  if (params.has("fen")) setFen(params.get("fen"));
  for (const uci of (params.get("moves") || "").split(" ").filter(Boolean)) {
    if (!ui.engine.play(uci).ok) break;
  }
  refresh();
}

// ---- wiring ----

function wire() {
  $("board").addEventListener("click", (ev) => {
    const sq = ev.target.closest("[data-square]");
    if (sq) clickSquare(sq.dataset.square, Number(sq.dataset.layer || 0));
  });
  for (const id of ["hand-top", "hand-bottom"]) {
    $(id).addEventListener("click", (ev) => {
      const p = ev.target.closest("[data-piece]");
      const hand = ev.target.closest("[data-hand]");
      if (p && hand) clickHand(hand.dataset.hand, p.dataset.piece);
    });
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-game").addEventListener("click", newGame);
  $("flip").addEventListener("click", () => { ui.flipped = !ui.flipped; render(); });
  $("san-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (playMove($("san-input").value).ok) $("san-input").value = "";
  });
  $("fen-form").addEventListener("submit", (ev) => { ev.preventDefault(); setFen($("fen").value); });
  $("pgn-out").addEventListener("click", () => { $("pgn").value = ui.engine.pgn(); });
  $("pgn-in").addEventListener("click", () => readPgn($("pgn").value));
  $("pgn-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) { $("pgn").value = await file.text(); readPgn($("pgn").value); }
  });
  $("explain").addEventListener("toggle", () => {
    if ($("explain").open) $("explain-text").textContent = ui.engine.explain();
  });
  wireEditor();
  wireChooser();
  $("perft-run").addEventListener("click", () => {
    const depth = Number($("perft-depth").value);
    const t0 = performance.now();
    const r = ui.engine.perft(depth);
    $("perft-out").textContent = r.error || `${r.count} (${Math.round(performance.now() - t0)} ms)`;
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") undo();
    else if (ev.key === "ArrowRight") redo();
    else if (ev.key === "f") { ui.flipped = !ui.flipped; render(); }
    else if (ev.key === "Escape") { ui.selected = null; ui.pending = null; render(); }
  });
}

function wireEditor() {
  const ed = $("editor");
  let timer = null;
  ed.addEventListener("input", () => {
    highlight();
    clearTimeout(timer);
    timer = setTimeout(loadEditor, 150);
  });
  ed.addEventListener("scroll", () => {
    $("highlight").scrollTop = ed.scrollTop;
    $("highlight").scrollLeft = ed.scrollLeft;
  });
}

function wireChooser() {
  $("variant-search").addEventListener("input", (ev) => fillVariantList(ev.target.value));
  $("variant-search").addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    const first = $("variant-select").options[0];
    if (first) chooseVariant(first.value);
  });
  $("variant-select").addEventListener("change", (ev) => {
    if (ev.target.value) chooseVariant(ev.target.value);
  });
  $("new-variant").addEventListener("click", () => {
    $("editor").value = 'variant mine "My variant" extends chess\n\n# Pieces, rules and the start position: see docs/language.md.\n';
    loadEditor(true);
  });
}

// ---- window.rulebook: the page driven from a script ----

function api(engine) {
  return {
    load(nameOrSource) {
      if (engine.bundled(nameOrSource) !== null) return chooseVariant(nameOrSource);
      return this.setSource(nameOrSource);
    },
    setSource(text) {
      $("editor").value = text;
      return loadEditor(true);
    },
    source: () => $("editor").value,
    fen: () => engine.state().fen,
    setFen: (fen) => setFen(fen),
    moves: () => engine.moves().map((m) => m.uci),
    play: (move) => playMove(move),
    undo: () => undo(),
    perft: (depth) => {
      const r = engine.perft(depth);
      if (r.error) throw new Error(r.error);
      return r.count;
    },
    diagnostics: () => ui.diagnostics.map((d) => ({ ...d })),
    variants: () => engine.variants(),
    state: () => engine.state(),
    pgn: () => engine.pgn(),
    readPgn: (text) => readPgn(text),
  };
}

async function start() {
  const engine = await loadEngine(
    new URL("rulebook.wasm", import.meta.url),
    new URL("variants.txt", import.meta.url),
  );
  ui.engine = engine;
  Object.assign(window.rulebook, api(engine));
  wire();
  openHash();
  // Every bundled variant loads to give its title: done once the board is up.
  fillVariantList();
  setTimeout(() => {
    ui.variants = engine.variants().sort((a, b) => a.title.localeCompare(b.title));
    fillVariantList($("variant-search").value);
  }, 0);
  window.addEventListener("hashchange", openHash);
}

// Offline after the first visit (sw.js); a host without service workers (or a file: URL)
// simply goes without.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}

let ready;
window.rulebook = { ready: new Promise((resolve) => { ready = resolve; }) };
start().then(() => {
  // When the page became ready, for measurements (the variant list fills in after it).
  window.rulebook.readyAt = performance.now();
  ready(window.rulebook);
}, (e) => {
  $("status").textContent = `the engine did not load: ${e}`;
  throw e;
});
