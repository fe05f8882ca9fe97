"""Compares vsadnik's progressive move generation with the independent
python-chess reference (progressive_ref.py) on positions from seeded random
games: the legal move set (perft 1 divide) of every position, perft 2 (or
deeper) divide counts on a sample, both from the FEN the reference writes
(tests vsadnik's FEN parser) and from the start FEN plus the game's moves
(tests vsadnik's own series bookkeeping).

  python3 -m tools.progressive.compare --games 20 [--variant italian] [--depth 2]
      [--every 4] [--binary target/release/vsadnik] [--seed 1]

Exit status 1 on any difference (printed with the FEN and the moves).
"""

import argparse
import csv
import os
import random
import sys

import chess

from tools import REPO, vsadnik
from tools.progressive import progressive_ref as ref

MATES = os.path.join(REPO, "data", "progressive", "progressive_mates_public.csv")


def rust_divide(binary, variant, depth, fen, moves=None):
    args = ["perft", str(depth), "--divide", "--variant", "progressive-" + variant, "--fen", fen]
    if moves:
        args += ["--moves"] + moves
    r = vsadnik.run(binary, args, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched"):
            continue
        k, v = line.split(":")
        out[k.strip()] = int(v)
    return out, None


def pick_move(state, rng):
    """A random legal move, biased towards the interesting ones."""
    moves = state.legal_moves()
    if not moves:
        return None
    b = state.board
    r = rng.random()
    if r < 0.25:
        special = [m for m in moves if b.is_capture(m) or m.promotion or b.is_castling(m)]
        if special:
            return rng.choice(special)
    if r < 0.40:
        doubles = [m for m in moves if b.piece_type_at(m.from_square) == chess.PAWN
                   and abs(m.to_square - m.from_square) == 16]
        if doubles:
            return rng.choice(doubles)
    if r < 0.48:
        checks = [m for m in moves if b.gives_check(m)]
        if checks:
            return rng.choice(checks)
    return rng.choice(moves)


def start_fens(rng, count):
    fens = [ref.START] * count
    if os.path.exists(MATES):
        with open(MATES) as f:
            rows = list(csv.DictReader(f))
        for i in range(count):
            if i % 2 == 1:
                fens[i] = rng.choice(rows)["fen"]
    return fens


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--variant", choices=ref.VARIANTS + ("all",), default="all")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--every", type=int, default=4, help="deep comparison every N positions")
    ap.add_argument("--binary", help=vsadnik.HELP)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    a.binary = vsadnik.require(a.binary)
    variants = ref.VARIANTS if a.variant == "all" else (a.variant,)
    rng = random.Random(a.seed)
    totals = {"positions": 0, "moves": 0, "deep": 0, "leaves": 0, "diffs": 0}
    for v in variants:
        for g, fen0 in enumerate(start_fens(rng, a.games)):
            s = ref.State.from_fen(fen0, v)
            moves = []
            for ply in range(a.plies + 1):
                fen = s.fen()
                deep = ply % a.every == 0
                depth = a.depth if deep else 1
                want = ref.divide(s, depth)
                for label, got in (("fen", rust_divide(a.binary, v, depth, fen)),
                                   ("moves", rust_divide(a.binary, v, depth, fen0, moves))):
                    got, error = got
                    if got != want:
                        totals["diffs"] += 1
                        print(f"DIFF {v} game {g} ply {ply} ({label}) depth {depth}\n  fen {fen}\n"
                              f"  start {fen0}\n  moves {' '.join(moves)}", file=sys.stderr)
                        if error:
                            print(f"  vsadnik: {error}", file=sys.stderr)
                        else:
                            for k in sorted(set(want) | set(got or {})):
                                if want.get(k) != (got or {}).get(k):
                                    print(f"  {k}: ref {want.get(k)} vsadnik {(got or {}).get(k)}", file=sys.stderr)
                        if totals["diffs"] > 5:
                            sys.exit(1)
                totals["positions"] += 1
                totals["moves"] += len(want)
                if deep:
                    totals["deep"] += 1
                    totals["leaves"] += sum(want.values())
                m = pick_move(s, rng)
                if m is None:
                    break
                moves.append(m.uci())
                s = s.play(m)
        print(f"{v}: done", file=sys.stderr)
    print(f"positions {totals['positions']}, legal moves compared {totals['moves']}, "
          f"depth-{a.depth} divides {totals['deep']} ({totals['leaves']} leaves), differences {totals['diffs']}")
    sys.exit(1 if totals["diffs"] else 0)


if __name__ == "__main__":
    main()
