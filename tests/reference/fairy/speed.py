#!/usr/bin/env python3
"""Perft speed of rulebook and Fairy-Stockfish side by side, one thread, on the start position of
every bundled variant that has a Fairy-Stockfish suite in this folder.

    python3 tests/reference/fairy/speed.py RULEBOOK FSF_LARGE VARIANTS_INI [NAME ...]
        [--nodes N] [--runs R]

RULEBOOK is a release build of rulebook; FSF_LARGE a Fairy-Stockfish binary built by hand from its
public source with largeboards=yes (never committed); VARIANTS_INI its src/variants.ini. For each
variant the depth is the deepest whose count in the suite's start line is at most --nodes
(default 20,000,000), or deeper while the growth of
the suite's last two depths says it stays under it. Each side runs --runs times (default 3) and keeps its best wall time, less its start-up
(the best time of perft 1).
Prints a table, the worst ratio (rulebook / Fairy-Stockfish) first.
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
    script = ["uci"]
    if from_ini:
        script.append(f"setoption name VariantPath value {ini}")
    script += [
        f"setoption name UCI_Variant value {fs_name}",
        "setoption name Threads value 1",
        "isready",
        f"position fen {fen}",
        f"go perft {depth}",
        "quit",
    ]
    out = subprocess.run(
        [binary], input="\n".join(script) + "\n", capture_output=True, text=True, check=True
    ).stdout
    m = re.search(r"Nodes searched: (\d+)", out)
    return int(m.group(1)) if m else -1


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
        # Start-up (loading the variant, Fairy-Stockfish's network and variants.ini) is
        # measured with perft 1 and taken off.
        ours0, _ = best_time(lambda: rulebook_perft(rulebook, name, fen, 1), runs)
        theirs0, _ = best_time(lambda: fairy_perft(fsf, ini, fs_name, from_ini, fen, 1), runs)
        ours, n1 = best_time(lambda: rulebook_perft(rulebook, name, fen, depth), runs)
        theirs, n2 = best_time(lambda: fairy_perft(fsf, ini, fs_name, from_ini, fen, depth), runs)
        ours, theirs = max(ours - ours0, 1e-3), max(theirs - theirs0, 1e-3)
        same = n1 == n2 and counts.get(depth, n1) == n1
        rows.append((ours / theirs, name, depth, n1, ours, theirs, same))
        print(f"{name}: depth {depth}, {ours:.3f} s vs {theirs:.3f} s", file=sys.stderr)
    rows.sort(reverse=True)
    print("| variant | depth | nodes | rulebook s | Fairy-Stockfish s | ratio | counts agree |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for ratio, name, depth, nodes, ours, theirs, same in rows:
        print(f"| {name} | {depth} | {nodes:,} | {ours:.3f} | {theirs:.3f} | {ratio:.2f} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
