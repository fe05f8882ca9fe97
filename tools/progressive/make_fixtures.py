"""Writes data/perft/progressive-{italian,scottish,english}.epd: perft counts
(single moves, series boundaries included, as the contract counts them) from
the independent reference progressive_ref.py, with the source of every
position in a comment line above it.

  python3 -m tools.progressive.make_fixtures [--check]   (--check: compare, write nothing)
"""

import os
import sys
import time

from tools import REPO
from tools.progressive import progressive_ref as ref

# (comment, FEN, deepest depth)
COMMON = [
    ("Start position", ref.START, 4),
    ("After 1 e2e4: Black's two-move series 2", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 4),
    ("The rules file's example: after 1 e2e4, 2 e7e5 g8f6 (White's series 3, Bc4 Qh5 Qxf7 mates)",
     "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", 4),
    ("Two en passant targets at once (I2): Black played d7d5 f7f5 beside the e5 pawn",
     "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3", 4),
    ("Kiwipete (chessprogramming.org perft position 2) as White's series 5",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 5", 3),
    ("chessprogramming.org perft position 4 (White in check, promotions) as White's series 3",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 3", 3),
    ("chessprogramming.org perft position 3 (rook endgame, en passant pins) as White's series 7",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 7", 4),
    ("P3: Black in check, the only escape Ne6-d8 gives check (progressive mate in Italian)",
     "k3R3/pp3K2/4n3/8/8/8/8/8 b - - 0 2", 4),
    ("I1: checks on move 1 of White's series 3 (rooks, castling)",
     "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 3", 4),
    ("P4: White's only move h2h3 leads to a progressive stalemate in mid-series",
     "4k3/8/8/8/7p/8/2q4P/K7 w - - 0 3", 4),
    ("Promotions and checks from the mates set (problem 1), Black's series 4",
     "rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 4", 3),
]

EXTRA = {
    "italian": [
        ("Mid-series: Black played d7d5 (move 1 of 2) beside the e5 pawn; d6 is Black's target for White",
         "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1", 4),
        ("I2 with I1: e5xd6 e.p. would discover check on move 1 (no target is written)",
         "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 3", 4),
    ],
    "scottish": [
        ("Mid-series: Black played d7d5 (move 1 of 2) beside the e5 pawn",
         "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1", 4),
        ("C1: e5xd6 e.p. discovers check and ends the series",
         "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 3", 4),
    ],
    "english": [
        ("E2: the a1 rook is blocked until the knight leaves b1",
         "4k3/8/8/8/8/p7/P7/RN5K w - - 0 5", 5),
        ("E2/E3 mid-series round set: Kiwipete after two moves of White's series 5 (e5 and f3 have moved)",
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 5 2 e5,f3", 3),
        ("E3: a queen promoted in this series stays immobile (b8~)",
         "1Q6/8/7k/8/8/8/P7/7K w - - 0 7 1 b8~", 5),
    ],
}


def main():
    check = "--check" in sys.argv
    bad = 0
    for v in ref.VARIANTS:
        lines = [
            f"# Perft suite for progressive-{v}. Format: <FEN> ;D1 <n> ;D2 <n> ... (leaf counts of single",
            "# moves, series boundaries included; draw rules ignored, a position with no legal move has no",
            "# children). FEN as in docs/rules/progressive.md (fields 7 and 8 optional).",
            "# Every number comes from the independent python-chess reference",
            "# tools/progressive/progressive_ref.py (regenerate: python3 -m tools.progressive.make_fixtures).",
            "#",
        ]
        for comment, fen, depth in COMMON + EXTRA[v]:
            t = time.time()
            s = ref.State.from_fen(fen, v)
            counts = [ref.perft(s, d) for d in range(1, depth + 1)]
            lines.append(f"# {comment}; counted by progressive_ref.py")
            lines.append(fen + " " + " ".join(f";D{d} {n}" for d, n in enumerate(counts, 1)))
            print(f"{v} {fen}: {counts} ({time.time() - t:.1f} s)", file=sys.stderr)
        path = os.path.join(REPO, "data", "perft", f"progressive-{v}.epd")
        text = "\n".join(lines) + "\n"
        if check:
            old = open(path).read() if os.path.exists(path) else ""
            if old != text:
                print(f"{path} differs", file=sys.stderr)
                bad += 1
        else:
            with open(path, "w") as f:
                f.write(text)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
