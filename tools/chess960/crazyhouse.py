"""Perft fixtures of crazyhouse on Chess960 set-ups (data/perft/crazyhouse960.epd),
every count from Fairy-Stockfish (`UCI_Variant crazyhouse`, `UCI_Chess960
true`, `go perft D`) and, up to --pc-limit leaves, python-chess's
`CrazyhouseBoard(chess960=True)` too:

    python3 -m tools.chess960.crazyhouse > data/perft/crazyhouse960.epd

The positions: Chess960 starts by number with empty reserves, and
positions from seeded random play (python-chess) that keep a castling right
and hold pieces in hand. Exit status 1 when the two generators disagree.
"""
import argparse
import random
import subprocess
import sys

import chess
import chess.variant

from tools.make_perft_fixtures import pychess_perft

STARTS = [0, 100, 518, 959]


def positions(rng, count):
    """Random-play positions with a castling right and a piece in hand."""
    out = []
    while len(out) < count:
        b = chess.variant.CrazyhouseBoard.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(10, 40)):
            moves = list(b.legal_moves)
            if not moves or b.is_game_over():
                break
            b.push(rng.choice(moves))
        if b.castling_rights and not b.is_game_over() and any(b.pockets[c].count(p)
                                                            for c in chess.COLORS
                                                            for p in chess.PIECE_TYPES):
            out.append(b.fen())
    return out


class Fairy:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        for line in ["uci", "setoption name UCI_Variant value crazyhouse",
                     "setoption name UCI_Chess960 value true", "isready"]:
            self.send(line)
        while self.p.stdout.readline().strip() != "readyok":
            pass

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            if line.startswith("Nodes searched:"):
                return int(line.split(":")[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    ap.add_argument("--pc-limit", type=int, default=300_000)
    args = ap.parse_args()
    rng = random.Random(960)
    fairy = Fairy(args.fairy)
    rows = [(f"start position {n}", chess.variant.CrazyhouseBoard.from_chess960_pos(n).fen(), 4)
            for n in STARTS]
    rows += [("random play (seed 960), a castling right and pieces in hand", fen, 3)
             for fen in positions(rng, 8)]
    print("# Crazyhouse on Chess960 set-ups: counts from Fairy-Stockfish (UCI_Chess960), the small")
    print("# ones from python-chess too; made by tools/chess960/crazyhouse.py. Read with")
    print("# Chess960 castling (Position::from_fen_960).")
    bad = 0
    for name, fen, maxd in rows:
        counts = []
        for d in range(1, maxd + 1):
            n = fairy.perft(fen, d)
            if n <= args.pc_limit:
                pn = pychess_perft(chess.variant.CrazyhouseBoard(fen, chess960=True), d)
                if pn != n:
                    print(f"D{d} Fairy-Stockfish {n}, python-chess {pn}: {fen}", file=sys.stderr)
                    bad += 1
            counts.append(f";D{d} {n}")
        print(f"# {name}")
        print(f"{fen} {' '.join(counts)}")
    fairy.send("quit")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
