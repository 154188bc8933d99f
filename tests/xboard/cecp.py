#!/usr/bin/env python3
"""Plays rulebook's CECP engine (`rulebook xboard`) as XBoard does, in fairy variants XBoard
cannot check by itself: xboard, protover 2 (waits for done=1), variant, new, level, time/otim,
usermove, setboard, remove, undo, ping, cores 2 (the search in two threads, smp=1). The opponent is a random mover; every move the engine
sends is checked against the legal moves `rulebook moves` lists in a separate process, and the
engine's clock (2 s for the whole game) must never run out. Exit 1 at the first illegal move,
missing answer, lost time or crash.

Usage: cecp.py RULEBOOK_BINARY [VARIANT...]
"""
import queue
import random
import subprocess
import sys
import threading
import time

# (variant, the engine's side, a position given by setboard or None). Shogi starts with the
# bishops and a pawn each in hand, so that both sides drop.
SHOGI_HANDS = "lnsgkgsnl/1r7/pppp1pppp/9/9/9/PPPP1PPPP/7R1/LNSGKGSNL[BPbp] w - - 0 1"
GAMES = [("orda", "black", None), ("xiangqi", "white", None), ("shogi", "black", SHOGI_HANDS)]
CLOCK = 2.0
MAX_PLIES = 100
ANSWER = 10.0  # seconds to wait for any answer the protocol owes


def fail(text):
    print(f"FAIL: {text}")
    sys.exit(1)


class Legal:
    """The legal moves of a position, from `rulebook moves` in its own process."""

    def __init__(self, binary, variant):
        self.binary, self.variant = binary, variant

    def moves(self, fen):
        out = subprocess.run([self.binary, "moves", self.variant, "--fen", fen],
                             capture_output=True, text=True, check=True).stdout
        pairs = (line.split(" ", 1) for line in out.splitlines() if line.strip())
        return {uci: after for uci, after in pairs}


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "xboard"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.pings = 0

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout=ANSWER):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            fail(f"no answer within {timeout} s")
        if line is None:
            fail(f"the engine exited (status {self.proc.wait()})")
        if line.startswith(("Error", "tellusererror", "Illegal move")):
            fail(f"the engine answered: {line}")
        return line

    def sync(self):
        """ping N; the lines before pong N."""
        self.pings += 1
        self.send(f"ping {self.pings}")
        lines = []
        while (line := self.read()) != f"pong {self.pings}":
            lines.append(line)
        return lines


def to_xboard(move, ten_ranks):
    """rulebook's move text (ranks from 1) as XBoard writes it (from 0 on ten ranks)."""
    if not ten_ranks:
        return move
    out, i = "", 0
    while i < len(move):
        out += move[i]
        i += 1
        if move[i - 1].islower():
            j = i
            while j < len(move) and move[j].isdigit():
                j += 1
            if j > i:
                out += str(int(move[i:j]) - 1)
                i = j
    return out


def handshake(engine):
    engine.send("xboard")
    engine.send("protover 2")
    features, started = "", time.monotonic()
    while "done=1" not in features:
        if time.monotonic() - started > 2:
            fail("no feature done=1 within 2 s")
        features += " " + engine.read()
    for needed in ["setboard=1", "usermove=1", "ping=1", "sigint=0", "san=0", "colors=0",
                   "smp=1", 'myname="rulebook']:
        if needed not in features:
            fail(f"feature {needed} missing: {features}")
    variants = features.split('variants="', 1)[1].split('"', 1)[0].split(",")
    for name, _, _ in GAMES:
        if name not in variants:
            fail(f"{name} not in the variants feature")
    return variants


def check_setup(lines, start_fen, variant):
    """For a variant XBoard does not know: a setup line with the start, and piece lines."""
    setups = [l for l in lines if l.startswith("setup ")]
    if variant in ("xiangqi", "shogi"):
        if setups:
            fail(f"{variant}: XBoard knows it, yet a setup was sent: {setups}")
        return
    if len(setups) != 1:
        fail(f"{variant}: expected one setup line, got {lines}")
    table, size, fen = setups[0][len("setup ("):].split(" ", 2)
    table = table.rstrip(")")
    if fen != start_fen or not size.startswith("8x8+"):
        fail(f"{variant}: setup {setups[0]} is not the start {start_fen}")
    board = start_fen.split(" ")[0].split("[")[0]
    for letter in set(c for c in board if c.isalpha()):
        if letter not in table:
            fail(f"{variant}: {letter} of the start is not in the table {table}")
    pieces = [l for l in lines if l.startswith("piece ")]
    described = "".join(p.split(" ")[1] for p in pieces)
    for letter in set(c for c in board if c.isalpha()):
        if letter not in described and letter.upper() + "&" not in described:
            fail(f"{variant}: no piece line for {letter}: {pieces}")


def engine_moves(engine, sent_at, clock):
    """The engine's answer: (moves, result line or None, clock left)."""
    moves, result = [], None
    while True:
        line = engine.read(timeout=clock + ANSWER)
        if line.startswith("move "):
            moves.append(line[5:])
            clock -= time.monotonic() - sent_at
            if clock < 0:
                fail(f"the engine lost on time after {moves}")
            sent_at = time.monotonic()
            # A result follows at once if the move ended the game; another move if the turn
            # goes on. The ping makes sure nothing more is coming.
            for extra in engine.sync():
                if extra.startswith(("1-0", "0-1", "1/2-1/2")):
                    result = extra
                elif extra.startswith("move "):
                    moves.append(extra[5:])
            return moves, result, clock
        if line.startswith(("1-0", "0-1", "1/2-1/2")):
            return moves, line, clock


def play(engine, legal, variant, engine_side, setboard, rng):
    ten_ranks = variant == "xiangqi"
    from_xboard = {}
    engine.send("new")
    engine.send("variant " + variant)
    engine.send("level 0 0:02 0")
    engine.send("cores 2")
    engine.send("post")
    start = legal_start(legal)
    check_setup(engine.sync(), start, variant)
    fens = [start]
    if setboard:
        engine.send("force")
        engine.send("setboard " + setboard)
        fens = [setboard]
    clock, plies, result, drops = CLOCK, 0, None, 0
    side = fens[-1].split(" ")[1]
    # The engine moves first when it has the side to move: `go` leaves force mode for it.
    if {"w": "white", "b": "black"}[side] == engine_side:
        engine.send(f"time {int(clock * 100)}")
        engine.send("otim 10000")
        engine.send("go")
        sent = time.monotonic()
    else:
        if setboard:
            # Force mode after setboard: `playother` makes the engine answer the next move.
            engine.send("playother")
        sent = None
    took_back = False
    while plies < MAX_PLIES and result is None:
        if sent is not None:
            moves, result, clock = engine_moves(engine, sent, clock)
            for m in moves:
                board_moves = legal.moves(fens[-1])
                uci = next((u for u in board_moves if to_xboard(u, ten_ranks) == m), None)
                if uci is None:
                    fail(f"{variant}: illegal engine move {m} at {fens[-1]}")
                fens.append(board_moves[uci])
                plies += 1
                drops += "@" in uci
            if result is not None:
                break
        board_moves = legal.moves(fens[-1])
        if not board_moves:
            fail(f"{variant}: no legal move at {fens[-1]}, yet the engine sent no result")
        if plies >= 20 and not took_back:
            # remove: the engine's last move and the random mover's before it are taken back.
            took_back = True
            engine.send("remove")
            fens = fens[:-2]
            engine.sync()
            board_moves = legal.moves(fens[-1])
            # undo in force mode: a move played and taken back again.
            engine.send("force")
            engine.send("usermove " + to_xboard(next(iter(board_moves)), ten_ranks))
            engine.send("undo")
            engine.send("playother")
            engine.sync()
        uci = rng.choice(sorted(board_moves))
        fens.append(board_moves[uci])
        plies += 1
        drops += "@" in uci
        engine.send(f"time {int(clock * 100)}")
        engine.send("otim 10000")
        engine.send("usermove " + to_xboard(uci, ten_ranks))
        sent = time.monotonic()
    if result is None:
        engine.send("result 1/2-1/2 {adjudicated}")
    engine.send("force")
    engine.sync()
    if setboard and "[" in setboard and not drops:
        fail(f"{variant}: no piece was dropped")
    return result or "adjudicated", plies, clock, drops


def legal_start(legal):
    """The variant's start FEN as rulebook writes it (the REPL's `fen`)."""
    out = subprocess.run([legal.binary, "repl", legal.variant], input="fen\n",
                         capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()[-1]


def main():
    binary = sys.argv[1]
    names = sys.argv[2:]
    games = [g for g in GAMES if not names or g[0] in names]
    engine = Engine(binary)
    handshake(engine)
    engine.send("memory 16")
    engine.send("cores 1")
    if engine.sync():
        fail("memory and cores should be answered by nothing")
    rng = random.Random(43)
    for variant, side, setboard in games:
        result, plies, clock, drops = play(engine, Legal(binary, variant), variant, side,
                                           setboard, rng)
        print(f"{variant}: the engine ({side}) against a random mover: {result} after "
              f"{plies} plies ({drops} drops), {clock:.2f} s left of {CLOCK:.0f} s")
    engine.send("quit")
    if engine.proc.wait(timeout=ANSWER) != 0:
        fail("the engine did not exit cleanly")


if __name__ == "__main__":
    main()
