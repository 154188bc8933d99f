#!/usr/bin/env python3
"""Two threads against one: rulebook's UCI engine with `Threads` T against itself with one, in
chess at a fixed time a move, games in pairs from the same random opening (two plies a side),
each side white once; python-chess is the referee. A game not over after 200 plies is a draw.
Prints the score of T threads with its 95% error bar.

Usage: threads_match.py RULEBOOK_BINARY [--games N] [--movetime MS] [--threads T]
"""
import argparse
import math
import random

import chess
import chess.engine


def play(engines, opening, movetime):
    """One game, engines[0] white: 1, 0.5 or 0 for white."""
    board = chess.Board()
    for move in opening:
        board.push(move)
    while not board.is_game_over(claim_draw=True) and board.ply() < 200:
        engine = engines[0 if board.turn == chess.WHITE else 1]
        board.push(engine.play(board, chess.engine.Limit(time=movetime / 1000)).move)
    return {"1-0": 1.0, "0-1": 0.0}.get(board.result(claim_draw=True), 0.5)


def opening(rng):
    board, moves = chess.Board(), []
    for _ in range(4):
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        moves.append(move)
    return moves


def main():
    args = argparse.ArgumentParser()
    args.add_argument("binary")
    args.add_argument("--games", type=int, default=20)
    args.add_argument("--movetime", type=int, default=100)
    args.add_argument("--threads", type=int, default=2)
    a = args.parse_args()
    rng = random.Random(1)
    more = chess.engine.SimpleEngine.popen_uci([a.binary, "uci"])
    one = chess.engine.SimpleEngine.popen_uci([a.binary, "uci"])
    more.configure({"Threads": a.threads})
    scores = []
    try:
        for _ in range(a.games // 2):
            start = opening(rng)
            scores.append(play([more, one], start, a.movetime))
            scores.append(1 - play([one, more], start, a.movetime))
    finally:
        more.quit()
        one.quit()
    n = len(scores)
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(n - 1, 1) / n)
    wins, draws = scores.count(1.0), scores.count(0.5)
    print(f"{a.threads} threads against 1, {n} games at {a.movetime} ms a move: "
          f"{100 * mean:.1f}% ± {196 * spread:.1f} (+{wins} ={draws} -{n - wins - draws})")


if __name__ == "__main__":
    main()
