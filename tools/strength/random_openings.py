"""Random openings for `vsadnik match --openings`: FEN lines reached by a few
uniformly random legal moves from a variant's start position.

    python3 -m tools.strength.random_openings VARIANT COUNT PLIES [--seed S] [--engine PATH]

The legal moves come from the engine itself (UCI `go perft 1`, divide lines
`MOVE: N`), the FEN from its `d` command; the engine is vsadnik as
tools/vsadnik.py finds it, unless --engine names one. Positions are
distinct; a line whose position has no legal move is replaced. For
progressive chess a ply is one single move (PLIES=3 ends at the start of
series 3).
"""
import argparse
import random
import sys

from tools import vsadnik


class Engine:
    def __init__(self, path, variant):
        self.p = vsadnik.start(path, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda line: line == "uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine ended")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        return [line.split(":")[0] for line in lines if line.endswith(": 1")]

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        lines = self.until(lambda line: line.startswith("Fen: "))
        return lines[-1][len("Fen: "):]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("count", type=int)
    ap.add_argument("plies", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", help=vsadnik.HELP)
    a = ap.parse_args()
    a.engine = vsadnik.require(a.engine)
    rng = random.Random(a.seed)
    eng = Engine(a.engine, a.variant)
    seen = set()
    tries = 0
    while len(seen) < a.count and tries < 100 * a.count:
        tries += 1
        moves = []
        for _ in range(a.plies):
            legal = eng.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < a.plies or not eng.legal(moves):
            continue
        fen = eng.fen(moves)
        if fen not in seen:
            seen.add(fen)
            print(fen)
    eng.send("quit")


if __name__ == "__main__":
    main()
