#!/usr/bin/env python3
"""Plays rulebook's UCI engine through python-chess's engine module, which checks every move
it receives: for each variant python-chess knows, a game of the engine against itself at a
fixed number of nodes a move, and a game against a random mover under a clock (the engine must
keep its time), searching in two threads where the machine has them. Exit 1 at the first
illegal move, crash or lost time.

Usage: python_chess.py RULEBOOK_BINARY [VARIANT...]
"""
import random
import sys
import time

import chess
import chess.engine
import chess.variant

VARIANTS = ["chess", "crazyhouse", "atomic", "3check", "kingofthehill", "racingkings",
            "horde", "antichess"]
MAX_PLIES = 160


def board_of(name):
    return chess.variant.find_variant(name)() if name != "chess" else chess.Board()


def check_move(board, move, who):
    if move is None or move not in board.legal_moves:
        raise SystemExit(f"{board.uci_variant}: {who} sent an illegal move {move} at {board.fen()}")


def self_play(engine, name):
    board = board_of(name)
    while not board.is_game_over() and board.ply() < MAX_PLIES:
        result = engine.play(board, chess.engine.Limit(nodes=3000))
        check_move(board, result.move, "the engine")
        board.push(result.move)
    return board.result(claim_draw=True), board.ply()


def against_random(engine, name, seed):
    """The engine (white) against a random mover, on a clock of 2 s + 0.05 s a move."""
    rng = random.Random(seed)
    board = board_of(name)
    clock, inc = 2.0, 0.05
    while not board.is_game_over() and board.ply() < MAX_PLIES:
        if board.turn == chess.WHITE:
            started = time.monotonic()
            limit = chess.engine.Limit(white_clock=clock, black_clock=60, white_inc=inc,
                                       black_inc=inc)
            result = engine.play(board, limit)
            clock -= time.monotonic() - started
            if clock < 0:
                raise SystemExit(f"{name}: the engine lost on time at {board.fen()}")
            clock += inc
            check_move(board, result.move, "the engine")
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board.result(claim_draw=True), board, clock


def main():
    binary = sys.argv[1]
    names = sys.argv[2:] or VARIANTS
    failed = False
    with chess.engine.SimpleEngine.popen_uci([binary, "uci"]) as engine:
        # The search in two threads where the machine has them (the option's max is its cores).
        engine.configure({"Threads": min(2, engine.options["Threads"].max)})
        for name in names:
            result, plies = self_play(engine, name)
            print(f"{name}: self-play {result} in {plies} plies")
            result, board, clock = against_random(engine, name, seed=len(name))
            print(f"{name}: against a random mover {result} in {board.ply()} plies, "
                  f"{clock:.2f} s left on the clock")
            if result != "1-0":
                moves = " ".join(move.uci() for move in board.move_stack)
                print(f"{name}: the engine did not beat the random mover: {moves}")
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
