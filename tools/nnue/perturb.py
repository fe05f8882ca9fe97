"""Add positions one random move away from self-play positions, so the chess
network also learns the unbalanced positions a search tree is full of
(docs/nnue.md).

    python3 -m tools.nnue.perturb IN OUT [--fraction 0.5] [--copies 1] [--seed 1]

IN and OUT hold ``FEN;result`` lines. OUT gets every line of IN and, for a
random ``--fraction`` of them, the positions after ``--copies`` distinct
uniformly random legal moves (with the same result field, which the
network's default training ignores), leaving out a position in check, or
over. Needs python-chess.
"""

import argparse
import random

import chess


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--fraction", type=float, default=0.5)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    added = 0
    with open(a.inp) as f, open(a.out, "w") as out:
        for line in f:
            line = line.strip()
            if not line:
                continue
            out.write(line + "\n")
            if rng.random() >= a.fraction:
                continue
            fen, rest = line.split(";", 1)
            board = chess.Board(fen)
            moves = list(board.legal_moves)
            for move in rng.sample(moves, min(a.copies, len(moves))):
                board.push(move)
                if not board.is_check() and not board.is_game_over():
                    out.write(f"{board.fen()};{rest}\n")
                    added += 1
                board.pop()
    print(f"{added} positions added", flush=True)


if __name__ == "__main__":
    main()
