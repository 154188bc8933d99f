#!/usr/bin/env node
// Plays rulebook's engine (`rulebook uci`) against the vchess website's own computer player: the
// rules class's getComputerMove() (public repository yagu0/vchess, client/src/base_rules.js: a
// depth-2 min-max refined by a depth-3 alpha-beta), run under Node as the site runs it in a web
// worker. vchess's class is the referee: a move rulebook sends must be one of the class's legal
// moves, and the game ends when getCurrentScore() says so (or after MAX_PLIES, a draw).
//
// Equal time per move: rulebook gets `go movetime T`, T the time vchess took for its own last
// move (its first move: the mean so far, 200 ms at the start). Games come in pairs from the same
// opening (two seeded random plies), rulebook white in one and black in the other.
//
//     node vchess_match.mjs VCHESS_SRC RULEBOOK_BINARY VARIANT:CLASS [--games N] [--seed S]
//         [--letters v=r,...]
//
// --letters renames vchess's piece letters to rulebook's where they differ for the same piece
// (Crazyhouse's promoted pieces: u=r,o=n,c=b,t=q; Alice's second board: s=p,u=r,o=n,c=b,t=q,l=k).
// VARIANT is rulebook's bundled name, CLASS vchess's rules class (chess:Chess960, orda:Orda,
// alice:Alice, magnetic:Magnetic, crazyhouse:Crazyhouse). Prints one line per game and the score
// with its 95% error bar; a game rulebook did not win is printed with its moves. Node 20, no packages; this script holds no vchess code.

import { register } from "node:module";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const MAX_PLIES = 200;

let rngState = 1;
Math.random = function () {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

// rulebook's UCI text of a vchess move (as the reference suites write it).
function uci(V, m) {
  const sq = (x, y) => V.CoordsToSquare({ x, y });
  if (m.vanish.length == 0 || !V.OnBoard(m.start.x, m.start.y))
    return m.appear[0].p.toUpperCase() + "@" + sq(m.end.x, m.end.y);
  let s = sq(m.start.x, m.start.y) + sq(m.end.x, m.end.y);
  const made = madeLetters(m);
  if (made.length > 0) s += made[0];
  return s;
}

// The letters of the pieces a move makes that no piece of that side and kind leaves (a
// promotion, also of a piece a magnet pulled onto the last rank), in rulebook's letters
// (`LETTERS`, from --letters: vchess's letters of promoted pieces and of Alice's second board
// renamed), the mover's first.
let LETTERS = {};
function madeLetters(m) {
  const letter = p => LETTERS[p] || p;
  const gone = m.vanish.map(v => v.c + letter(v.p));
  const made = [];
  for (const a of m.appear) {
    const i = gone.indexOf(a.c + letter(a.p));
    if (i >= 0) gone.splice(i, 1);
    else made.push(letter(a.p));
  }
  return made;
}

// The vchess move that rulebook's text names: the same squares (or drop), and where several
// moves share them, the one that makes the piece of the text's suffix.
function findMove(V, moves, text) {
  const same = moves.filter(m => {
    const u = uci(V, m);
    return u == text || u.replace(/[a-z]$/, "") == text.replace(/[a-z]$/, "");
  });
  if (same.length <= 1) return same[0];
  const suffix = /[a-z]$/.test(text) && !/^[A-Z]@/.test(text) ? text.slice(-1) : "";
  const exact = same.filter(m => (madeLetters(m)[0] || "") == suffix);
  return exact.length == 1 ? exact[0] : undefined;
}

class Engine {
  constructor(binary, variant) {
    this.p = spawn(binary, ["uci"], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = [];
    this.waiting = null;
    createInterface({ input: this.p.stdout }).on("line", l => {
      if (this.waiting && this.waiting.test(l)) {
        const w = this.resolve;
        this.waiting = null;
        w(l);
      }
    });
    this.send("uci");
    this.send(`setoption name UCI_Variant value ${variant}`);
  }
  send(line) {
    this.p.stdin.write(line + "\n");
  }
  until(re) {
    return new Promise(resolve => {
      this.waiting = re;
      this.resolve = resolve;
    });
  }
  async ready() {
    this.send("isready");
    await this.until(/^readyok/);
  }
  async best(moves, ms) {
    this.send("position startpos" + (moves.length ? " moves " + moves.join(" ") : ""));
    this.send(`go movetime ${Math.max(10, Math.round(ms))}`);
    const l = await this.until(/^bestmove /);
    return l.split(/\s+/)[1];
  }
  quit() {
    this.send("quit");
  }
}

function startFen(V) {
  if (/GenRandInitFen\s*\(\s*randomness\s*\)/.test(V.GenRandInitFen.toString()))
    return V.GenRandInitFen(0);
  const options = {};
  for (const s of (V.Options || {}).select || []) options[s.variable] = s.defaut;
  for (const s of (V.Options || {}).check || []) options[s.variable] = s.defaut;
  return V.GenRandInitFen(Object.assign(options, { randomness: 0 }));
}

// One game; returns rulebook's score (1, 0.5, 0) and how it ended.
async function game(V, engine, rulebookWhite, opening, clock) {
  const g = new V(startFen(V));
  const played = [];
  const play = m => {
    played.push(uci(V, m));
    g.play(m);
  };
  for (const i of opening) {
    const moves = g.getAllValidMoves();
    if (g.getCurrentScore() != "*" || moves.length == 0) break;
    play(moves[i % moves.length]);
  }
  while (g.getCurrentScore() == "*" && played.length < MAX_PLIES) {
    const rulebookTurn = (g.turn == "w") == rulebookWhite;
    if (rulebookTurn) {
      const text = await engine.best(played, clock.last);
      const m = findMove(V, g.getAllValidMoves(), text);
      if (!m) return [0, `rulebook sent ${text}, not a vchess move, at ${g.getFen()}`];
      play(m);
    } else {
      const t0 = performance.now();
      const m = g.getComputerMove();
      clock.last = performance.now() - t0;
      clock.total += clock.last;
      clock.moves += 1;
      play(m);
    }
  }
  const result = g.getCurrentScore();
  const white = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
  const how = result == "*" ? `${MAX_PLIES} plies` : result;
  const score = rulebookWhite ? white : 1 - white;
  const moves = score < 1 ? `: ${played.join(" ")}` : "";
  return [score, `${how} in ${played.length} plies${moves}`];
}

function errorBar(scores) {
  const n = scores.length;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / Math.max(1, n - 1);
  return [mean, 1.96 * Math.sqrt(variance / n)];
}

async function main() {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = argv.indexOf(name);
    if (i < 0) return fallback;
    const v = parseInt(argv[i + 1], 10);
    argv.splice(i, 2);
    return v;
  };
  const li = argv.indexOf("--letters");
  if (li >= 0) {
    for (const pair of argv[li + 1].split(",")) LETTERS[pair[0]] = pair.slice(2);
    argv.splice(li, 2);
  }
  const games = option("--games", 40);
  const seedNumber = option("--seed", 1);
  if (argv.length != 3 || !argv[2].includes(":")) {
    console.error("usage: vchess_match.mjs VCHESS_SRC RULEBOOK VARIANT:CLASS [--games N] [--seed S] [--letters v=r,...]");
    process.exit(2);
  }
  const [src, binary, pair] = argv;
  const [variant, cls] = pair.split(":");
  register("../reference/vchess/hooks.mjs", import.meta.url, { data: { src } });
  const V = (await import(`@/variants/${cls}.js`))[cls + "Rules"];
  globalThis.V = V;
  const engine = new Engine(binary, variant);
  await engine.ready();
  const clock = { last: 200, total: 0, moves: 0 };
  const scores = [];
  for (let i = 0; i < games; i++) {
    rngState = (seedNumber * 7919 + Math.floor(i / 2) * 104729) >>> 0 || 1;
    const opening = [0, 1].map(() => Math.floor(Math.random() * 1000));
    rngState = (seedNumber * 31 + i) >>> 0 || 1;
    if (clock.moves > 0) clock.last = clock.total / clock.moves;
    const white = i % 2 == 0;
    const [s, how] = await game(V, engine, white, opening, clock);
    scores.push(s);
    console.log(`${variant} game ${i + 1}: rulebook ${white ? "white" : "black"} scores ${s} (${how})`);
  }
  engine.quit();
  const [mean, bar] = errorBar(scores);
  const w = scores.filter(s => s == 1).length;
  const d = scores.filter(s => s == 0.5).length;
  const avg = clock.moves ? (clock.total / clock.moves).toFixed(0) : "-";
  console.log(
    `${variant}: rulebook +${w} =${d} -${games - w - d} of ${games}: ` +
      `${(100 * mean).toFixed(1)}% ± ${(100 * bar).toFixed(1)} (vchess ${avg} ms a move)`,
  );
}

await main();
