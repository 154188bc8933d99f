#!/usr/bin/env python3
"""Finds mate-in-2 and mate-in-3 positions for the search's tests, with Fairy-Stockfish as the
judge: games of Fairy-Stockfish against itself made lopsided by random moves, each position
asked for a mate at depth 14; positions where it reports `mate 2` or `mate 3` for the side to
move are written as `VARIANT;FEN;N` lines (N moves to mate, the mover winning).

Usage: find_mates.py STOCKFISH VARIANT COUNT_PER_LENGTH SEED >> tests/search/mates.txt
"""
import random
import subprocess
import sys


class Engine:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def legal(self, moves):
        self.send(f"position startpos moves {' '.join(moves)}")
        self.send("go perft 1")
        out = self.wait("Nodes searched")
        return [l.split(":")[0] for l in out if ":" in l and not l.startswith("Nodes")]

    def fen(self, moves):
        self.send(f"position startpos moves {' '.join(moves)}")
        self.send("d")
        for l in self.wait("Checkers"):
            if l.startswith("Fen:"):
                return l[5:]
        return None

    def search(self, moves, go):
        self.send(f"position startpos moves {' '.join(moves)}")
        self.send(go)
        out = self.wait("bestmove")
        score = None
        for l in out:
            w = l.split()
            if "score" in w:
                i = w.index("score")
                score = (w[i + 1], int(w[i + 2]))
        return out[-1].split()[1], score


def main():
    path, variant, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    e = Engine(path, variant)
    found = {2: 0, 3: 0}
    games = 0
    while min(found.values()) < count and games < 200:
        games += 1
        moves = []
        for _ in range(120):
            legal = e.legal(moves)
            if not legal:
                break
            best, score = e.search(moves, "go depth 12")
            if score and score[0] == "mate" and score[1] in found and found[score[1]] < count:
                print(f"{variant};{e.fen(moves)};{score[1]}", flush=True)
                found[score[1]] += 1
                break
            if score and score[0] == "mate":
                break
            moves.append(rng.choice(legal) if rng.random() < 0.35 else best)


if __name__ == "__main__":
    main()
