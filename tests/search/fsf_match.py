#!/usr/bin/env python3
"""Plays rulebook's engine against Fairy-Stockfish at equal nodes per move, both through UCI.

Fairy-Stockfish (built from its public source) runs on one thread with its classical
evaluation (`Use NNUE` off); pyffish (Fairy-Stockfish's Python binding, from PyPI) is the
referee: every move either engine sends must be one of its legal moves, and it says when a game
is over (mate, stalemate, the variant's own ends, repetition, the 50-move rule); a game longer
than MAX_PLIES is a draw. Games come in pairs from the same opening (two seeded random plies),
rulebook white in one and black in the other. Prints one line a game and the score with its
95% error bar and the Elo difference it implies.

Usage: fsf_match.py FSF RULEBOOK VARIANT [--games N] [--nodes N] [--seed S] [--variants-ini F]
"""
import argparse
import math
import random
import subprocess

import pyffish as sf

MAX_PLIES = 300


class Engine:
    def __init__(self, path, args, options):
        self.p = subprocess.Popen([path, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)
        self.send("uci")
        self.until("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"the engine ended while waiting for {word}")
            if line.startswith(word):
                return line

    def best(self, moves, nodes):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        return self.until("bestmove").split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def result(variant, fen, moves):
    """None while the game goes on, else the score for white (1, 0.5, 0) and why."""
    white_to_move = len(moves) % 2 == 0
    end, value = sf.is_immediate_game_end(variant, fen, moves)
    if not end:
        end, value = sf.is_optional_game_end(variant, fen, moves)
    if not end and not sf.legal_moves(variant, fen, moves):
        end, value = True, sf.game_result(variant, fen, moves)
    if not end:
        return None if len(moves) < MAX_PLIES else (0.5, f"{MAX_PLIES} plies")
    mover = 0.5 if value == 0 else (1.0 if value > 0 else 0.0)
    return (mover if white_to_move else 1 - mover), ("draw" if value == 0 else "decided")


def game(variant, engines, opening, nodes):
    fen = sf.start_fen(variant)
    moves = []
    for i in opening:
        legal = sf.legal_moves(variant, fen, moves)
        if not legal or result(variant, fen, moves):
            break
        moves.append(sorted(legal)[i % len(legal)])
    while (over := result(variant, fen, moves)) is None:
        engine, name = engines[len(moves) % 2]
        move = engine.best(moves, nodes)
        if move not in sf.legal_moves(variant, fen, moves):
            raise SystemExit(f"{name} sent an illegal move {move} after {' '.join(moves)}")
        moves.append(move)
    return over[0], f"{over[1]} in {len(moves)} plies"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fsf")
    ap.add_argument("rulebook")
    ap.add_argument("variant")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants-ini")
    a = ap.parse_args()
    fsf_options = [("UCI_Variant", a.variant), ("Use NNUE", "false"), ("Threads", 1),
                   ("Hash", 16)]
    if a.variants_ini:
        sf.load_variant_config(open(a.variants_ini).read())
        fsf_options.insert(0, ("VariantPath", a.variants_ini))
    fsf = Engine(a.fsf, [], fsf_options)
    rulebook = Engine(a.rulebook, ["uci"], [("UCI_Variant", a.variant), ("Hash", 16)])
    scores = []
    for i in range(a.games):
        rng = random.Random(a.seed * 7919 + i // 2)
        opening = [rng.randrange(1000) for _ in range(2)]
        white = i % 2 == 0
        pair = [(rulebook, "rulebook"), (fsf, "Fairy-Stockfish")]
        white_score, how = game(a.variant, pair if white else pair[::-1], opening, a.nodes)
        s = white_score if white else 1 - white_score
        scores.append(s)
        print(f"{a.variant} game {i + 1}: rulebook {'white' if white else 'black'} scores {s} "
              f"({how})", flush=True)
    fsf.quit()
    rulebook.quit()
    n = len(scores)
    mean = sum(scores) / n
    bar = 1.96 * math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, n - 1) / n)
    elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-3), 1 - 1e-3) - 1)
    w, d = scores.count(1), scores.count(0.5)
    print(f"{a.variant}: rulebook +{w} ={d} -{n - w - d} of {n} at {a.nodes} nodes a move: "
          f"{100 * mean:.1f}% ± {100 * bar:.1f} (Elo {elo(mean):+.0f}, "
          f"{elo(mean - bar):+.0f} to {elo(mean + bar):+.0f})")


if __name__ == "__main__":
    main()
