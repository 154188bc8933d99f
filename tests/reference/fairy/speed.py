#!/usr/bin/env python3
"""Perft speed of rulebook and Fairy-Stockfish side by side, one thread, on the start position of
every bundled variant that has a Fairy-Stockfish suite in this folder.

    python3 tests/reference/fairy/speed.py RULEBOOK FSF_LARGE VARIANTS_INI [NAME ...]
        [--nodes=N] [--runs=R]

RULEBOOK is a release build of rulebook; FSF_LARGE a Fairy-Stockfish binary built by hand from its
public source with largeboards=yes (never committed); VARIANTS_INI its src/variants.ini. For each
variant the depth is the deepest whose count in the suite's start line is at most --nodes
(default 20,000,000), or deeper while the growth of the suite's last two depths says it stays
under it. Each side runs --runs times (default 3) and keeps its best wall time: rulebook's less
its start-up (the best time of perft 1), Fairy-Stockfish's timed inside its running process from
`go perft` to its node count (its start-up, loading its network, is not steady enough to take
off). Options are written --nodes=N, --runs=R.
Prints a table, the worst ratio (rulebook / Fairy-Stockfish) first; rows whose counts differ come
last, without a ratio.
"""

import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def suite_start(name):
    """(FS variant name, from variants.ini?, start FEN, {depth: count}) of a suite."""
    fs_name, ini, start = None, False, None
    with open(os.path.join(HERE, name + ".epd")) as f:
        for line in f:
            if line.startswith("#"):
                m = re.search(r'\(variant "([^"]+)", (built in|defined in its variants.ini)', line)
                if m:
                    fs_name, ini = m.group(1), m.group(2) != "built in"
                continue
            if line.strip():
                start = line
                break
    fields = start.split(";")
    counts = {}
    for field in fields[1:]:
        m = re.match(r"\s*D(\d+)\s+(\d+)", field)
        if m:
            counts[int(m.group(1))] = int(m.group(2))
    return fs_name, ini, fields[0].strip(), counts


def best_time(run, runs):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        out = run()
        elapsed = time.perf_counter() - t
        best = elapsed if best is None else min(best, elapsed)
    return best, out


def rulebook_perft(binary, name, fen, depth):
    out = subprocess.run(
        [binary, "perft", name, str(depth), "--fen", fen],
        capture_output=True, text=True, check=True,
    ).stdout
    return int(out.split()[-1])


def fairy_perft(binary, ini, fs_name, from_ini, fen, depth):
    """(seconds, nodes) of Fairy-Stockfish's `go perft`, timed inside one running process from
    the command to its node count: its start-up (network, variants.ini) is not in it."""
    proc = subprocess.Popen(
        [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1,
    )

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(prefix):
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited")
            if line.startswith(prefix):
                return line

    send("uci")
    if from_ini:
        send(f"setoption name VariantPath value {ini}")
    send(f"setoption name UCI_Variant value {fs_name}")
    send("setoption name Threads value 1")
    send(f"position fen {fen}")
    send("isready")
    read_until("readyok")
    t = time.perf_counter()
    send(f"go perft {depth}")
    line = read_until("Nodes searched")
    elapsed = time.perf_counter() - t
    send("quit")
    proc.wait()
    return elapsed, int(line.split()[-1])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    if len(args) < 3:
        sys.exit(__doc__)
    rulebook, fsf, ini, names = args[0], args[1], args[2], args[3:]
    budget = int(opts.get("nodes", 20_000_000))
    runs = int(opts.get("runs", 3))
    if not names:
        names = sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".epd"))
    rows = []
    for name in names:
        if not os.path.exists(os.path.join(HERE, name + ".epd")):
            print(f"{name}: no suite here, skipped", file=sys.stderr)
            continue
        fs_name, from_ini, fen, counts = suite_start(name)
        fitting = [d for d, n in counts.items() if n <= budget]
        if not fs_name or not fitting:
            continue
        depth = max(fitting)
        nodes = counts[depth]
        # Deeper than the suite, while the growth of its last two depths says it fits.
        growth = counts[depth] / max(1, counts.get(depth - 1, 1))
        while growth > 1 and nodes * growth <= budget and depth < 12:
            depth, nodes = depth + 1, int(nodes * growth)
        # rulebook's start-up (loading the variant) is measured with perft 1 and taken off;
        # Fairy-Stockfish's perft is timed inside its running process.
        ours0, _ = best_time(lambda: rulebook_perft(rulebook, name, fen, 1), runs)
        ours, n1 = best_time(lambda: rulebook_perft(rulebook, name, fen, depth), runs)
        fairy = [fairy_perft(fsf, ini, fs_name, from_ini, fen, depth) for _ in range(runs)]
        theirs, n2 = min(fairy)
        ours, theirs = max(ours - ours0, 1e-3), max(theirs, 1e-3)
        same = n1 == n2 and counts.get(depth, n1) == n1
        rows.append((ours / theirs, name, depth, n1, ours, theirs, same))
        print(f"{name}: depth {depth}, {ours:.3f} s vs {theirs:.3f} s", file=sys.stderr)
    # A row whose counts differ compares nothing (a binary without the variant counts chess).
    rows.sort(key=lambda row: (row[6], row[0]), reverse=True)
    print("| variant | depth | nodes | rulebook s | Fairy-Stockfish s | ratio | counts agree |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for ratio, name, depth, nodes, ours, theirs, same in rows:
        shown = f"{ratio:.2f}" if same else "—"
        print(f"| {name} | {depth} | {nodes:,} | {ours:.3f} | {theirs:.3f} | {shown} | {'yes' if same else 'NO'} |")
    for row in rows:
        if not row[6]:
            print(f"{row[1]}: counts differ, not compared (does this Fairy-Stockfish know it?)",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
