// The board as SVG, one per layer side by side, and the hands; stable hooks for scripts:
// `data-square` (and `data-layer` where there are layers) on every square, `data-piece` (the
// FEN letter) on every piece, `data-target` on the selected piece's targets, `data-hand` on
// each hand.

import { parseUci, squareName } from "./engine.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 40;
const MARGIN = 16;

// The standard pieces as glyphs (the filled ones, painted white with a black outline for
// white: readable without colour). A piece whose variant file names its glyph (`glyph "象"`)
// is that glyph in a disc; every other piece is its letter in a disc.
const GLYPHS = {
  king: "\u265A",
  queen: "\u265B",
  rook: "\u265C",
  bishop: "\u265D",
  knight: "\u265E",
  pawn: "\u265F",
};

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

export function pieceNode(piece, size, parent, hooks = true) {
  const attrs = { class: `piece ${piece.side}` };
  if (hooks) Object.assign(attrs, { "data-piece": piece.letter, "data-side": piece.side });
  const g = el("g", attrs, parent);
  const title = el("title", {}, g);
  title.textContent = `${piece.side} ${piece.name || piece.letter}`;
  const glyph = piece.glyph ? null : GLYPHS[piece.name];
  if (glyph) {
    const t = el("text", { x: size / 2, y: size / 2, class: "glyph", "font-size": size * 0.8 }, g);
    t.textContent = glyph + "\uFE0E";
    return g;
  }
  el("circle", { cx: size / 2, cy: size / 2, r: size * 0.4, class: "disc" }, g);
  if (piece.glyph) {
    const chars = [...piece.glyph].length;
    const t = el("text", { x: size / 2, y: size / 2, class: "letter named", "font-size": size * (chars > 1 ? 0.6 / chars : 0.5) }, g);
    t.textContent = piece.glyph;
    return g;
  }
  const letter = piece.letter.replace("+", "");
  const t = el("text", { x: size / 2, y: size / 2, class: "letter", "font-size": size * (piece.letter.length > 1 ? 0.4 : 0.5) }, g);
  t.textContent = piece.letter.startsWith("+") ? `+${letter.toUpperCase()}` : letter.toUpperCase();
  return g;
}

function drawLayer(state, layer, opts) {
  const { files, ranks } = state;
  const width = files * CELL + MARGIN;
  const height = ranks * CELL + MARGIN;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: state.intersections ? "board points" : "board", role: "grid" });
  if (state.intersections) drawLines(svg, files, ranks);
  const at = (f, r) => {
    const x = MARGIN + (opts.flipped ? files - 1 - f : f) * CELL;
    const y = (opts.flipped ? r : ranks - 1 - r) * CELL;
    return [x, y];
  };
  const byCell = new Map();
  for (const p of state.pieces) if (p.layer === layer) byCell.set(squareName(p.file, p.rank), p);
  const walls = new Map(state.walls.map((w) => [squareName(w.file, w.rank), w.hole ? "hole" : "wall"]));
  const layered = state.layers.length > 1;
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const name = squareName(f, r);
      const [x, y] = at(f, r);
      const attrs = { "data-square": name, transform: `translate(${x} ${y})`, class: (f + r) % 2 ? "light" : "dark" };
      if (layered) attrs["data-layer"] = layer;
      const g = el("g", attrs, svg);
      el("rect", { width: CELL, height: CELL, class: "cell" }, g);
      drawMarks(g, name, layer, byCell.get(name), walls.get(name), opts, state);
    }
  }
  drawCoordinates(svg, state, at);
  return svg;
}

// A board played on points (`board ... intersections`): the lines through the squares'
// centres, under squares that only catch clicks and carry the marks.
function drawLines(svg, files, ranks) {
  const half = CELL / 2;
  el("rect", { x: MARGIN, y: 0, width: files * CELL, height: ranks * CELL, class: "points-ground" }, svg);
  for (let f = 0; f < files; f++) {
    const x = MARGIN + f * CELL + half;
    el("line", { x1: x, y1: half, x2: x, y2: ranks * CELL - half, class: "point-line" }, svg);
  }
  for (let r = 0; r < ranks; r++) {
    const y = r * CELL + half;
    el("line", { x1: MARGIN + half, y1: y, x2: MARGIN + files * CELL - half, y2: y, class: "point-line" }, svg);
  }
}

function drawMarks(g, name, layer, piece, wall, opts, state) {
  const sameLayer = (l) => !state.layers.length || l === layer || state.layers.length === 1;
  if (opts.last && (opts.last.from === name || opts.last.to === name)) {
    g.classList.add("last");
    el("rect", { width: CELL, height: CELL, class: "last-mark" }, g);
  }
  if (opts.changed && opts.changed.has(name) && !g.classList.contains("last")) {
    g.classList.add("changed");
    el("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, class: "changed-mark" }, g);
  }
  if (opts.selected && opts.selected.square === name && opts.selected.layer === layer) {
    g.classList.add("selected");
    el("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, class: "selected-mark" }, g);
  }
  if (wall === "wall") {
    el("rect", { x: 4, y: 4, width: CELL - 8, height: CELL - 8, class: "wall" }, g);
    g.dataset.wall = "";
  } else if (wall === "hole") {
    // A hole (Wormhole): no piece stands there and steps pass over it.
    el("circle", { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.4, class: "hole" }, g);
    g.dataset.hole = "";
  }
  if (piece) {
    const node = pieceNode(piece, CELL, g);
    if (piece.royal && state.inCheck && piece.side === state.side) {
      g.classList.add("check");
      node.classList.add("in-check");
    }
  }
  const target = opts.targets.get(name);
  if (target && sameLayer(target.layer)) {
    g.dataset.target = target.capture ? "capture" : "move";
    if (target.capture) el("circle", { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.45, class: "target-capture" }, g);
    else el("circle", { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.14, class: "target-move" }, g);
  }
}

function drawCoordinates(svg, state, at) {
  for (let f = 0; f < state.files; f++) {
    const [x] = at(f, 0);
    const t = el("text", { x: x + CELL / 2, y: state.ranks * CELL + MARGIN / 2, class: "coord" }, svg);
    t.textContent = String.fromCharCode(97 + f);
  }
  for (let r = 0; r < state.ranks; r++) {
    const [, y] = at(0, r);
    const t = el("text", { x: MARGIN / 2, y: y + CELL / 2, class: "coord" }, svg);
    t.textContent = String(r + 1);
  }
}

export function drawBoard(container, state, opts) {
  container.replaceChildren();
  state.layers.forEach((name, layer) => {
    // With layers the last move is marked on every board: the piece may have crossed.
    const figure = document.createElement("figure");
    figure.className = "layer";
    figure.append(drawLayer(state, layer, opts));
    if (state.layers.length > 1) {
      const caption = document.createElement("figcaption");
      caption.textContent = name;
      figure.append(caption);
    }
    container.append(figure);
  });
  container.style.setProperty("--layers", state.layers.length);
}

export function drawHand(container, state, side, selected) {
  container.replaceChildren();
  if (!state.hasHands) return;
  const hand = document.createElement("div");
  hand.dataset.hand = side;
  hand.className = "hand";
  hand.setAttribute("aria-label", `${side}'s hand`);
  const label = document.createElement("span");
  label.className = "hand-label";
  label.textContent = `${side} in hand:`;
  hand.append(label);
  for (const p of state.hands[side]) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.piece = p.letter;
    b.dataset.count = p.count;
    b.className = "hand-piece";
    if (selected && selected.drop === p.letter && selected.side === side) b.classList.add("selected");
    const svg = el("svg", { viewBox: `0 0 ${CELL} ${CELL}`, width: 32, height: 32, "aria-hidden": "true" }, b);
    pieceNode({ ...p, side }, CELL, svg, false);
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = `\u00D7${p.count}`;
    b.append(count);
    b.title = `${side} ${p.name || p.letter}: ${p.count}`;
    hand.append(b);
  }
  if (!state.hands[side].length) hand.append(" none");
  container.append(hand);
}

export { parseUci };
