// The WebAssembly library behind a JavaScript face: strings in, JSON out, through the
// module's linear memory (see web/src/lib.rs for the calling convention).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// `bundleUrl` is the bundled variant files (web/build writes variants.txt), fetched beside the
// module and installed before anything asks for a variant; without it the engine plays chess
// alone, and `installed` says why.
export async function loadEngine(url, bundleUrl) {
  const [instance, bundle] = await Promise.all([instantiate(url), fetchText(bundleUrl)]);
  const wasm = instance.exports;

  const read = (len) => {
    const text = decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.rb_output(), len));
    return JSON.parse(text);
  };
  const call = (name) => read(wasm[name]());
  const callText = (name, text) => {
    const bytes = encoder.encode(String(text));
    const ptr = wasm.rb_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    return read(wasm[name](ptr, bytes.length));
  };

  const installed = bundle.error ? { ok: false, error: bundle.error } : callText("rb_install", bundle.text);
  return {
    installed,
    variants: () => call("rb_variants"),
    bundled: (name) => callText("rb_bundled", name),
    load: (spec) => callText("rb_load", spec),
    source: () => call("rb_source"),
    state: () => call("rb_state"),
    moves: () => call("rb_moves"),
    play: (move) => callText("rb_play", move),
    undo: () => call("rb_undo"),
    setFen: (fen) => callText("rb_set_fen", fen),
    perft: (depth) => read(wasm.rb_perft(depth)),
    pgn: () => call("rb_pgn"),
    explain: () => call("rb_explain"),
    readPgn: (text) => callText("rb_read_pgn", text),
  };
}

async function fetchText(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) return { error: `${url}: ${response.status} ${response.statusText}` };
    return { text: await response.text() };
  } catch (e) {
    return { error: `${url}: ${e}` };
  }
}

// Streams the module where the server says it is `application/wasm`, else reads it whole.
async function instantiate(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const copy = response.clone();
  try {
    return (await WebAssembly.instantiateStreaming(response, {})).instance;
  } catch {
    return (await WebAssembly.instantiate(await copy.arrayBuffer(), {})).instance;
  }
}

// A move's squares from its UCI text: `e2e4`, `e7e8q`, `P@e4`, `a2a3,a3a2` (a wall moved
// after the move), castling written king-takes-rook. `null` squares for a pass.
export function parseUci(uci) {
  const [main, wall] = uci.split(",");
  const drop = /^(\+?[A-Za-z])@([a-z])(\d+)/.exec(main);
  if (drop) {
    return { drop: drop[1], to: square(drop[2], drop[3]), wall: wallSquare(wall) };
  }
  const m = /^([a-z])(\d+)([a-z])(\d+)(.*)$/.exec(main);
  if (!m) return { pass: true, wall: wallSquare(wall) };
  return { from: square(m[1], m[2]), to: square(m[3], m[4]), suffix: m[5], wall: wallSquare(wall) };
}

function square(file, rank) {
  return file + rank;
}

function wallSquare(text) {
  if (!text) return null;
  const m = /^[a-z]\d+([a-z]\d+)$/.exec(text);
  return m ? m[1] : null;
}

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}
