#!/usr/bin/env node
// Compares how games END in the bundled vchess variants with the rules classes of the vchess
// website (public repository yagu0/vchess): perft suites check the moves, this checks the result.
//
//     cargo build --release
//     node results.mjs VCHESS_SRC [--games N] [--plies N] [--seed N] [--bin RULEBOOK] [--verbose] [NAME ...]
//
// VCHESS_SRC is vchess's `client/src` directory (this script holds no vchess code; it loads the
// classes as generate.mjs does, and takes from it the suite table of suites.mjs, each suite's
// `fix` and its translation of a position to rulebook's FEN). NAME: suites (all by default).
// For each suite, seeded random games (random legal moves) are played from the start position
// (N games, 12 by default) and from each of the suite's hand-written positions (and that position
// itself), until vchess's getCurrentScore() is not "*" or a ply bound (300 by default). Each
// finished position is kept with vchess's score ("1-0", "0-1", "1/2"), and so is the position a
// ply before it (the game still in progress, "*"). rulebook (target/release/rulebook by default)
// is then asked, in one `rulebook repl NAME` session, the `status` of each position; a line is
// printed for each position where the two disagree (one says the game is over and the other
// not, or a different result; a FEN it refuses is asked again without castling rights), then a
// summary line per suite. Exit 1 if any differ.
// Node 20, no packages.

import { register } from "node:module";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SUITES, load, startFen, seed, randInt, crc } from "./generate.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));

// Plays one ply (several play()s where the suite's `continues` says the same side goes on).
function playRandomPly(g, suite) {
  const ply = [];
  do {
    const moves = g.getAllValidMoves();
    if (moves.length == 0) break;
    const m = moves[randInt(0, moves.length - 1)];
    g.play(m);
    ply.push(m);
  } while (suite.continues && suite.continues(g));
  return ply;
}

// A random game from vchess FEN `from`: [rulebook FEN, vchess FEN, score] of its end and of the
// position a ply before (when the game ends within the bound).
function randomGame(V, suite, from, plies) {
  const g = new V(from);
  const record = () => [suite.fen(g, V, suite), g.getFen(), g.getCurrentScore()];
  let before = null;
  for (let i = 0; i < plies && g.getCurrentScore() == "*"; i++) {
    before = record();
    if (playRandomPly(g, suite).length == 0) break;
  }
  const end = record();
  return end[2] == "*" || !before ? [end] : [before, end];
}

function vchessPositions(V, suite, name, opts) {
  seed(opts.seed * 1000003 + crc(name));
  const out = [];
  const seen = new Set();
  const keep = list => {
    for (const p of list) {
      if (seen.has(p[0])) continue;
      seen.add(p[0]);
      out.push(p);
    }
  };
  // A game in which vchess's class throws (Takenmake, at times) is left out, and counted.
  const game = from => {
    try {
      return randomGame(V, suite, from, opts.plies);
    } catch (e) {
      opts.thrown++;
      return [];
    }
  };
  const start = startFen(V, suite);
  const t0 = Date.now();
  for (let i = 0; i < opts.games && Date.now() - t0 < opts.millis; i++)
    keep(game(start));
  for (const [, f] of suite.special) {
    const g = new V(f);
    keep([[suite.fen(g, V, suite), g.getFen(), g.getCurrentScore()]]);
    for (let i = 0; i < 2 && Date.now() - t0 < 2 * opts.millis; i++)
      keep(game(f));
  }
  return out;
}

// rulebook's result of each FEN: "1-0", "0-1", "1/2", "*", or the text it printed.
function rulebookScores(bin, name, fens) {
  const input = fens.map(f => `fen ${f}\nstatus\n`).join("") + "quit\n";
  const run = spawnSync(bin, ["repl", name], { input, encoding: "utf8", maxBuffer: 1 << 28 });
  const chunks = [];
  let chunk = [];
  for (const l of run.stdout.split("\n")) {
    chunk.push(l);
    if (/^game (in progress|over)/.test(l)) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  return fens.map((f, i) => {
    const c = chunks[i];
    if (!c) return "no answer";
    if (c[0].startsWith("variant ")) return "bad FEN";
    const last = c[c.length - 1];
    if (last == "game in progress") return "*";
    const won = last.match(/ (\w+) wins$/);
    if (won) return won[1] == "white" ? "1-0" : won[1] == "black" ? "0-1" : last;
    if (/draw$/.test(last)) return "1/2";
    return last;
  });
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length < 1) {
    console.error("usage: results.mjs VCHESS_SRC [--games N] [--plies N] [--seed N] [--bin RULEBOOK] [--verbose] [NAME ...]");
    process.exit(2);
  }
  const src = argv.shift();
  register("./hooks.mjs", import.meta.url, { data: { src } });
  const opts = { thrown: 0, games: 12, plies: 300, seed: 7, millis: 20000, verbose: false,
    bin: join(HERE, "../../../target/release/rulebook") };
  const num = { "--games": "games", "--plies": "plies", "--seed": "seed" };
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    if (num[argv[i]]) opts[num[argv[i]]] = parseInt(argv[++i], 10);
    else if (argv[i] == "--bin") opts.bin = argv[++i];
    else if (argv[i] == "--verbose") opts.verbose = true;
    else names.push(argv[i]);
  }
  let differ = 0;
  let compared = 0;
  for (const name of names.length > 0 ? names : Object.keys(SUITES).sort()) {
    const suite = SUITES[name];
    if (!suite) {
      console.error(`unknown suite ${name}`);
      process.exit(2);
    }
    let list;
    try {
      list = vchessPositions(await load(src, suite), suite, name, opts);
    } catch (e) {
      console.log(`${name}: vchess failed: ${e.message}`);
      continue;
    }
    const ours = rulebookScores(opts.bin, name, list.map(p => p[0]));
    // A FEN rulebook refuses for its castling rights (a right whose king or rook has been taken:
    // vchess keeps such flags) is asked again without them.
    const refused = list.map((p, i) => i).filter(i => ours[i] == "bad FEN");
    const noRights = fen => fen.replace(/^(\S+ \S+) \S+/, "$1 -");
    const again = rulebookScores(opts.bin, name, refused.map(i => noRights(list[i][0])));
    refused.forEach((i, k) => (ours[i] = again[k] == "bad FEN" ? "bad FEN" : again[k]));
    const thrown = opts.thrown;
    opts.thrown = 0;
    let bad = 0;
    const tally = {};
    list.forEach(([fen, vfen, score], i) => {
      tally[score] = (tally[score] || 0) + 1;
      if (ours[i] == score) return;
      bad++;
      console.log(`  ${name}: vchess ${score}, rulebook ${ours[i]}: ${fen}   | ${vfen}`);
    });
    compared += list.length;
    differ += bad;
    const t = Object.entries(tally).map(([k, v]) => `${k} ${v}`).join(", ");
    const lost = thrown > 0 ? `, ${thrown} games left out (vchess threw)` : "";
    console.log(`${name}: ${list.length} positions (${t}), ${bad} differ${lost}`);
  }
  console.log(`${compared} positions compared, ${differ} differ`);
  process.exit(differ > 0 ? 1 : 0);
}

await main();
