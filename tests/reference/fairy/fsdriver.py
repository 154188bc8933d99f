"""A small driver for a Fairy-Stockfish binary over UCI (Python 3, standard library only).

Used by generate.py; it only runs an already built binary, it never builds one.
"""

import subprocess


class FairyStockfish:
    def __init__(self, binary, variant, variants_ini=None):
        self.proc = subprocess.Popen(
            [binary],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        if variants_ini:
            self.send(f"setoption name VariantPath value {variants_ini}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited; last output: " + " | ".join(lines[-5:]))
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def set_position(self, fen=None, moves=()):
        base = "position startpos" if fen is None else f"position fen {fen}"
        if moves:
            base += " moves " + " ".join(moves)
        self.send(base)

    def fen(self, fen=None, moves=()):
        """The position's FEN as Fairy-Stockfish writes it."""
        self.set_position(fen, moves)
        self.send("d")
        lines = self.sync()
        for l in lines:
            if l.startswith("Fen: "):
                return l[len("Fen: "):].strip()
        raise RuntimeError("no FEN in: " + " | ".join(lines))

    def divide(self, depth, fen=None, moves=()):
        """(per-move counts as {uci: n}, total)."""
        self.set_position(fen, moves)
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        per_move = {}
        for l in lines:
            if ": " in l and not l.startswith(("info", "Nodes")):
                m, n = l.split(": ", 1)
                if n.strip().isdigit() and " " not in m:
                    per_move[m] = int(n)
        return per_move, int(lines[-1].split(":")[1])

    def perft(self, depth, fen=None, moves=()):
        return self.divide(depth, fen, moves)[1]

    def moves(self, fen=None, moves=()):
        return sorted(self.divide(1, fen, moves)[0])

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
