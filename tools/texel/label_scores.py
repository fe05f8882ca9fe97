"""Add a search score to Texel data: ``FEN;result`` lines in, ``FEN;result;cp``
lines out, where cp is the score of a fixed-node search by a UCI engine
(Debian's Stockfish by default) in centipawns from White's point of view,
mate scores clipped to +-MATE_CP (the same as ``make_data.py --score``).

Each position is searched on its own (``ucinewgame`` before each, one
thread), so the output is deterministic for a given engine and node count.
Lines that already carry a score are copied unchanged; a position the
engine answers without a score (one legal move) is left out.

    nice python3 -m tools.texel.label_scores IN OUT [--nodes 2500] [--engine PATH] [--variant V]

With `--engine target/release/vsadnik --variant tavreli` it labels a
variant's positions with vsadnik's own deeper search (docs/eval.md,
"Tranzit and tavreli"); with `--engine /usr/games/fairy-stockfish --variant
crazyhouse --nodes 20000` it gives the crazyhouse labels of the drop weights
(docs/eval.md, "Drop chess").
"""

import argparse
import subprocess
import sys
import time

MATE_CP = 3000


class Engine:
    """A UCI engine driven through plain pipes (faster than python-chess)."""

    def __init__(self, path, hash_mb, variant=None):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        if variant:
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(token):
                return line

    def score(self, fen, nodes):
        """The last reported score of a `go nodes` search, side to move's view."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        last = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith("bestmove"):
                return last
            if line.startswith("info") and " score " in line and "bound" not in line:
                t = line.split()
                i = t.index("score")
                kind, val = t[i + 1], int(t[i + 2])
                if kind == "cp":
                    last = val
                else:
                    last = MATE_CP if val > 0 else -MATE_CP

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=2500)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--variant", help="UCI_Variant to set first (e.g. tavreli with vsadnik)")
    args = ap.parse_args()

    engine = Engine(args.engine, args.hash, args.variant)
    start = time.time()
    n = unscored = 0
    with open(args.input) as inp, open(args.output, "w") as out:
        for line in inp:
            fields = line.strip().split(";")
            if len(fields) == 2:
                fen, result = fields
                cp = engine.score(fen, args.nodes)
                if cp is None:
                    # An engine may answer a position with one legal move
                    # at once, with no score (vsadnik does): left out.
                    unscored += 1
                    continue
                if fen.split()[1] == "b":
                    cp = -cp
                cp = max(-MATE_CP, min(MATE_CP, cp))
                out.write(f"{fen};{result};{cp}\n")
            elif len(fields) == 3:
                out.write(line if line.endswith("\n") else line + "\n")
            else:
                raise RuntimeError(f"bad line: {line!r}")
            n += 1
            if n % 10000 == 0:
                out.flush()
                print(f"{n} positions, {time.time() - start:.0f}s", file=sys.stderr, flush=True)
    engine.quit()
    print(f"done: {n} positions ({unscored} without a score left out), {time.time() - start:.0f}s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
