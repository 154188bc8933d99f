#!/usr/bin/env node
// Writes the reference perft suites tests/reference/vchess/<name>.epd with the rules classes of
// the vchess website (public repository yagu0/vchess), run as they are.
//
//     node generate.mjs VCHESS_SRC [--seed N] [NAME ...]
//     node generate.mjs VCHESS_SRC --divide NAME "VCHESS_FEN" DEPTH
//     node generate.mjs VCHESS_SRC --show NAME [--seed N]
//
// VCHESS_SRC is vchess's `client/src` directory (this script holds no vchess code: it imports
// `base_rules.js` and `variants/<Class>.js` from there; hooks.mjs resolves their `@/...` imports
// and loads them as ES modules). The only global they need is `V`, the rules class in play.
//
// Each suite holds: the start position (vchess's deterministic start: randomness 0, every other
// option at its default), to a depth of at most a few million nodes; positions reached by seeded
// random games (random legal moves, 10 to 60 plies, so both sides are to move); and hand-written
// positions (in vchess's FEN) where each special rule of the variant applies. Where vchess's code
// contradicts its rules page, a suite may correct the class (`fix`) and says so in its header. Perft: each
// `play()` is a ply; the moves of a position are `getAllValidMoves()`; a position whose
// `getCurrentScore()` is not "*" (the game is over) has no children; depth 1 counts the moves.
// Each FEN is translated to rulebook's FEN of that variant (vchess's FEN is `placement turn
// movesCount [flags] [en-passant] [variant fields]`). Lines are `FEN ;D1 n ;D2 n ...`, depths
// kept while the count stays within a node budget so that a suite runs well under a second.
//
// --divide prints, for a position given in vchess's FEN, each move (UCI) with its perft count
// and the FEN it leads to (rulebook's and vchess's); --show prints the suite's positions in
// both FENs. Node 20, no packages.

import { register } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import defineSuites from "./suites.mjs";

const VCHESS_COMMIT = "a9e2eed0";
const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Randomness: a seeded generator replaces Math.random (random games, and any vchess code)

let rngState = 1;
export function seed(n) {
  rngState = n >>> 0 || 1;
}
export function random() {
  // mulberry32
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
Math.random = random;
export function randInt(lo, hi) {
  return lo + Math.floor(random() * (hi - lo + 1));
}
export function crc(s) {
  let h = 0;
  for (const ch of s) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h;
}

// ---------------------------------------------------------------------------------------------
// FEN translations: (game, V) -> rulebook FEN

export function fullmove(g) {
  return Math.floor(g.movesCount / 2) + 1;
}

// The placement: vchess writes a run of more than 9 empty squares as several digits ("91" is
// ten); letters renamed by the suite's `letters` ({vchess: rulebook}, lower case, both sides)
// and `exactLetters` (one side's letter: {"p": "h"}).
export function placement(g, V, suite) {
  const letters = (suite && suite.letters) || {};
  let out = "";
  let empty = 0;
  for (const ch of g.getBaseFen()) {
    if (ch >= "0" && ch <= "9") {
      empty += ch.charCodeAt(0) - 48;
      continue;
    }
    if (empty > 0) out += empty;
    empty = 0;
    const low = ch.toLowerCase();
    const to = letters[low] || low;
    out += (suite && suite.exactLetters && suite.exactLetters[ch]) || (ch == low ? to : to.toUpperCase());
  }
  return empty > 0 ? out + empty : out;
}

// Castling rights from vchess's castleFlags ({w: [col, col], b: [col, col]}; a column off the
// board means no right): the right-hand rook's K, the left-hand rook's Q.
export function castling(g, V) {
  if (!V.HasFlags || !g.castleFlags) return "-";
  let out = "";
  for (const c of ["w", "b"]) {
    const flags = g.castleFlags[c];
    if (!flags) continue;
    const onBoard = col => col >= 0 && col < V.size.y;
    let rights = (onBoard(flags[1]) ? "k" : "") + (onBoard(flags[0]) ? "q" : "");
    out += c == "w" ? rights.toUpperCase() : rights;
  }
  return out || "-";
}

export function enpassant(g, V) {
  if (!V.HasEnpassant) return "-";
  // (Tencubed's start writes a flags field it does not have, read as an en-passant "square")
  const ep = (g.getEnpassantFen() || "-").split(",")[0];
  return /^[a-z][0-9]+$/.test(ep) ? ep : "-";
}

// Chess-like: placement, turn, castling, en passant, clocks.
export function chessFen(g, V, suite) {
  return [placement(g, V, suite), g.turn, castling(g, V), enpassant(g, V), 0, fullmove(g)].join(" ");
}

// With a reserve in brackets after the placement (vchess: counts per piece in its own order).
export function pocketFen(g, V, suite) {
  let pocket = "";
  for (const c of ["w", "b"]) {
    for (const p of Object.keys(g.reserve[c] || {})) {
      const ch = c == "w" ? p.toUpperCase() : p;
      pocket += ch.repeat(g.reserve[c][p]);
    }
  }
  return [placement(g, V, suite) + "[" + pocket + "]", g.turn, castling(g, V), enpassant(g, V), 0,
    fullmove(g)].join(" ");
}

// ---------------------------------------------------------------------------------------------
// The suites. variant(name, cls, opts): name = the suite's file name (the rulebook variant it
// checks), cls = vchess's class file. special: [what, vchess FEN, max depth (optional)].

export const SUITES = {};

function variant(name, cls, opts = {}) {
  SUITES[name] = Object.assign(
    {
      cls,
      fen: chessFen,
      special: [],
      games: 12,
      budget: 200000,
      startBudget: 1000000,
      maxDepth: 4,
      startDepth: 4,
      options: {},
      note: [],
    },
    opts,
  );
}

defineSuites(variant, { chessFen, pocketFen, placement, castling, enpassant, fullmove });

// ---------------------------------------------------------------------------------------------
// Perft over vchess's rules

let nodes = 0;
// The suite in play: its `continues(g)`, where given, says that the move just played leaves the
// same side a second part of its ply to play (Pocketknight's drop is a "king capture", then a
// landing square): a ply is then such a sequence of play()s, and counts once.
let active = {};

// Calls fn(moves) for each ply of the side to move, with the ply played on g.
function eachPly(g, fn, played = []) {
  for (const m of g.getAllValidMoves()) {
    g.play(m);
    played.push(m);
    if (active.continues && active.continues(g)) eachPly(g, fn, played);
    else fn(played);
    played.pop();
    g.undo(m);
  }
}

function perft(g, depth) {
  if (depth == 0) return 1;
  if (g.getCurrentScore() != "*") return 0;
  if (active.continues) {
    let n = 0;
    eachPly(g, () => (n += perft(g, depth - 1)));
    return n;
  }
  const moves = g.getAllValidMoves();
  if (depth == 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    g.play(m);
    n += perft(g, depth - 1);
    g.undo(m);
  }
  nodes += n;
  return n;
}

function uci(V, m) {
  const sq = (x, y) => V.CoordsToSquare({ x, y });
  if (m.vanish.length == 0 || !V.OnBoard(m.start.x, m.start.y))
    return m.appear[0].p.toUpperCase() + "@" + sq(m.end.x, m.end.y);
  let s = sq(m.start.x, m.start.y) + sq(m.end.x, m.end.y);
  if (m.appear.length > 0 && m.appear[0].p != m.vanish[0].p) s += m.appear[0].p;
  return s;
}

function counts(g, maxDepth, budget) {
  const got = [];
  for (let d = 1; d <= maxDepth; d++) {
    const k = got.length;
    if (d > 2 && k >= 2 && got[k - 2][1] > 0) {
      const estimate = (got[k - 1][1] * got[k - 1][1]) / got[k - 2][1];
      if (estimate > 3 * budget) break;
    }
    const n = perft(g, d);
    if (d > 2 && n > budget) break;
    got.push([d, n]);
    if (n == 0) break;
  }
  return got;
}

function line(fen, got) {
  return fen + " " + got.map(([d, n]) => `;D${d} ${n}`).join(" ");
}

// ---------------------------------------------------------------------------------------------
// Loading a variant

export async function load(src, suite) {
  const mod = await import(`@/variants/${suite.cls}.js`);
  const V = mod[suite.cls + "Rules"];
  if (!V) throw new Error(`no ${suite.cls}Rules in variants/${suite.cls}.js`);
  globalThis.V = V;
  active = suite;
  // A suite's `fix(V, base)` corrects, in the class, a slip of vchess's code against its own
  // rules page (base: vchess's base_rules module); the suite's note says which.
  if (suite.fix) suite.fix(V, await import("@/base_rules.js"));
  return V;
}

export function startFen(V, suite) {
  if (/GenRandInitFen\s*\(\s*randomness\s*\)/.test(V.GenRandInitFen.toString()))
    return V.GenRandInitFen(0);
  const options = {};
  const o = V.Options || {};
  for (const s of o.select || []) options[s.variable] = s.defaut;
  for (const s of o.check || []) options[s.variable] = s.defaut;
  Object.assign(options, { randomness: 0 }, suite.options);
  return V.GenRandInitFen(options);
}

// Games reached by random legal moves, kept as vchess objects (vchess's FEN does not always
// round-trip: Crazyhouse's loses the reserve); at most one finished game.
function randomGames(V, suite, name, count, seedNumber) {
  seed(seedNumber * 1000003 + crc(name) + (suite.seedOffset || 0));
  const start = startFen(V, suite);
  const out = [];
  const seen = new Set();
  let over = false;
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const g = new V(start);
    const plies = randInt(10, 60);
    let ended = false;
    const played = [];
    for (let i = 0; i < plies; i++) {
      if (g.getCurrentScore() != "*") {
        ended = true;
        break;
      }
      const ply = [];
      do {
        const moves = g.getAllValidMoves();
        const m = moves[randInt(0, moves.length - 1)];
        g.play(m);
        ply.push(m);
      } while (suite.continues && suite.continues(g));
      played.push(ply);
    }
    if (ended || g.getCurrentScore() != "*") {
      if (over) {
        if (played.length < 2) continue;
        const keep = randInt(Math.floor(played.length / 2), played.length - 1);
        while (played.length > keep) for (const m of played.pop().reverse()) g.undo(m);
      } else over = true;
    }
    const fen = suite.fen(g, V, suite);
    if (seen.has(fen)) continue;
    seen.add(fen);
    out.push(g);
  }
  return out;
}

// [what, game, max depth, budget] for each position of the suite.
function positions(V, suite, name, seedNumber) {
  const list = [["start position", new V(startFen(V, suite)), suite.startDepth, suite.startBudget]];
  for (const g of randomGames(V, suite, name, suite.games, seedNumber))
    list.push(["random games", g, suite.maxDepth, suite.budget]);
  for (const [what, f, depth] of suite.special)
    list.push([what, new V(f), depth || suite.maxDepth, suite.budget]);
  return list;
}

async function generate(src, name, seedNumber) {
  const suite = SUITES[name];
  const V = await load(src, suite);
  const lines = [
    `# variant ${name}: reference perft from vchess's rules class ${suite.cls}Rules`,
    `# (client/src/variants/${suite.cls}.js of github.com/yagu0/vchess, commit ${VCHESS_COMMIT}),`,
    `# written by tests/reference/vchess/generate.mjs, seed ${seedNumber}: the start position`,
    `# (randomness 0); ${suite.games} positions from seeded random games (random legal moves, 10`,
    "# to 60 plies); then positions where a rule of the variant applies. Each play() is a ply;",
    "# a finished game (getCurrentScore() != \"*\") has no children. FENs in rulebook's notation.",
  ];
  for (const n of suite.note) lines.push("# " + n);
  let last = null;
  for (const [what, g, depth, budget] of positions(V, suite, name, seedNumber)) {
    if (what != last) lines.push("# " + what);
    last = what;
    lines.push(line(suite.fen(g, V, suite), counts(g, depth, budget)));
  }
  writeFileSync(join(HERE, `${name}.epd`), lines.join("\n") + "\n");
}

async function divide(src, name, vfen, depth) {
  const suite = SUITES[name];
  const V = await load(src, suite);
  const g = new V(vfen);
  console.log("rulebook FEN: " + suite.fen(g, V, suite));
  console.log("score: " + g.getCurrentScore());
  let total = 0;
  const rows = [];
  if (g.getCurrentScore() == "*") {
    eachPly(g, ply => {
      const n = perft(g, depth - 1);
      rows.push(`${uci(V, ply[ply.length - 1])}: ${n}   ${suite.fen(g, V, suite)}   | ${g.getFen()}`);
      total += n;
    });
  }
  rows.sort();
  for (const r of rows) console.log(r);
  console.log(`total ${total}`);
}

async function show(src, name, seedNumber) {
  const suite = SUITES[name];
  const V = await load(src, suite);
  for (const [what, g] of positions(V, suite, name, seedNumber))
    console.log(`# ${what}\n${suite.fen(g, V, suite)}\n  vchess: ${g.getFen()}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length < 1) {
    console.error("usage: generate.mjs VCHESS_SRC [--seed N] [NAME ...]");
    process.exit(2);
  }
  const src = argv.shift();
  register("./hooks.mjs", import.meta.url, { data: { src } });
  let seedNumber = 13;
  const si = argv.indexOf("--seed");
  if (si >= 0) {
    seedNumber = parseInt(argv[si + 1], 10);
    argv.splice(si, 2);
  }
  if (argv[0] == "--divide") return divide(src, argv[1], argv[2], parseInt(argv[3], 10));
  if (argv[0] == "--show") return show(src, argv[1], seedNumber);
  const names = argv.length > 0 ? argv : Object.keys(SUITES).sort();
  for (const n of names) {
    if (!SUITES[n]) {
      console.error(`unknown suite ${n}`);
      process.exit(2);
    }
    console.error(n);
    await generate(src, n, seedNumber);
  }
}

// (results.mjs imports this file for its suites and FEN translations)
if (process.argv[1] && fileURLToPath(import.meta.url) == process.argv[1]) await main();
