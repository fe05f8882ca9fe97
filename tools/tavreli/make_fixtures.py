"""Writes data/perft/tavreli.epd: tavreli perft counts computed by the
independent Python generator (tavreli_ref.py), never by the engine.

    python3 -m tools.tavreli.make_fixtures [--out data/perft/tavreli.epd]
        [--max-leaves 4000000]
    python3 -m tools.tavreli.make_fixtures --check [--engine target/release/vsadnik]

Each position is counted depth by depth while the previous count suggests
the next stays under --max-leaves. With --check the file is read back and
every count is compared with `vsadnik perft D --variant tavreli --fen FEN`.
"""

import argparse
import os
import random
import sys
import time

from tools import REPO, vsadnik
from tools.tavreli import tavreli_ref as ref


def random_game_fen(seed, plies):
    """The position after `plies` random moves from the start (moves onto
    pieces and splits preferred), for positions no one would set up by hand."""
    rnd = random.Random(seed)
    g = ref.parse_fen(ref.START_FEN)
    for _ in range(plies):
        moves = g.legal_moves()
        if not moves:
            break
        weights = [1 + 2 * bool(g.towers[t]) + 2 * (k < len(g.towers[f])) for f, t, k in moves]
        g = g.play(*rnd.choices(moves, weights)[0])
    return g.fen()


POSITIONS = [
    ("Start position (FIDE set-up; 39 moves: stacking onto own pieces counts)", ref.START_FEN),
    ("Mixed towers in the middle, both sides may castle, white in check from a covered-line bishop",
     "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(bN)5/PPP2PPP/R3K2R w KQkq - 0 1"),
    ("The same towers without the check (castling through and into attacks)",
     "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1"),
    ("Pawns next to promotion beside towers: promotion by moving and by uncovering",
     "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1"),
    ("Covered pawns on their last ranks, promoted pieces on top (demotion when covered), white in check",
     "(rP)3k2(nP)/8/8/3(Q~p)4/4(h~P)3/8/8/(Rp)3K2(Np) w - - 0 1"),
    ("A five-high tower of both colours: every split a move, liberations of either side",
     "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1"),
    ("Black in check from a rook on a tower; a split of the e2 tower would uncover a bishop",
     "4k3/8/4(Rqr)3/8/8/8/4(Nb)3/4K3 b - - 0 1"),
    ("En passant by a pawn-topped tower, any number of its top pieces",
     "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1"),
    ("Helgis of both sides in open play, castling one side each",
     "r3k3/1h6/8/8/8/8/6H1/4K2R w Kq - 0 1"),
    ("Pawns with promotion kinds other than their file's (=H, =q)",
     "4k3/1P=H6/8/2(pP)5/8/8/6p=q1/4K3 w - - 0 1"),
    ("A castling rook covered by an enemy knight keeps its right",
     "r3k2r/8/8/8/8/8/8/R3K2(nR) b KQkq - 0 1"),
    ("Uncovering an enemy pawn on its last rank promotes it: a rook would check (refused split)",
     "4k3/8/8/8/8/8/8/(Np)3K3 w - - 0 1"),
    ("A king on a tower in check: splitting leaves a blocker",
     "4r1k1/8/8/8/8/8/4(Kn)3/8 w - - 0 1"),
    ("Kiwipete (chessprogramming.org position 2) under tavreli rules",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("Engine self-play middlegame (depth 5): tall mixed towers, pawns off their files",
     "5(kP=Hp=n)2/2p1b1r1/2(Bnpp=nrn)2(Bp=r)2/p3(P=Bp)3/3(qRPRP=RP=RP=Bp)N3/7Q/1P3(Nb)PK/8 w - - 0 41"),
    ("Engine self-play middlegame: a king on a tower, promoted pieces",
     "(Bp=qP=Bpp=bp=nr)7/p3n(kP=QP=N)p1/4p3/4(qNR)b1P=N/5(bRNn)2/P4Q1P/2P1(BrP)3/6(Kp=b)1 w - - 0 42"),
    ("Random game from the start, seed 11, 40 plies (moves onto pieces and splits preferred)",
     random_game_fen(11, 40)),
    ("Random game from the start, seed 12, 60 plies", random_game_fen(12, 60)),
    ("Random game from the start, seed 13, 80 plies", random_game_fen(13, 80)),
]


def counts_for(fen, max_leaves, max_depth):
    g = ref.parse_fen(fen)
    out = []
    depth = 1
    while depth <= max_depth:
        n = g.perft(depth)
        out.append((depth, n))
        branching = n / out[-2][1] if len(out) > 1 and out[-2][1] else n
        if n == 0 or n * max(branching, 1) > max_leaves:
            break
        depth += 1
    return out


def write(path, max_leaves, max_depth):
    lines = [
        "# Perft suite for tavreli (Russian chess). Format: <FEN> ;D1 <n> ;D2 <n> ... (leaf counts;",
        "# every split counted separately). FEN extension: docs/tavreli.md.",
        "# Every number was computed by the independent Python generator tools/tavreli/tavreli_ref.py",
        "# (written from docs/rules/tavreli.md, not from the engine) with",
        "# tools/tavreli/make_fixtures.py; check the engine with --check.",
        "#",
    ]
    for note, fen in POSITIONS:
        t = time.time()
        counts = counts_for(fen, max_leaves, max_depth)
        print("%-60s %s (%.0f s)" % (note[:60], counts, time.time() - t), flush=True)
        lines.append("# %s; counts from tavreli_ref.py" % note)
        lines.append(fen + " " + " ".join(";D%d %d" % c for c in counts))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def check(path, engine):
    bad = 0
    total = 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(";")
        fen = parts[0].strip()
        for p in parts[1:]:
            d, n = p.split()
            out = vsadnik.run(engine, ["perft", d[1:], "--variant", "tavreli", "--fen", fen],
                              capture_output=True, text=True)
            got = out.stdout.strip().splitlines()[-1] if out.returncode == 0 else out.stderr.strip()
            total += 1
            if got != "Nodes searched: %s" % n:
                bad += 1
                print("MISMATCH %s %s: expected %s, engine %s" % (fen, d, n, got))
    print("%d counts checked, %d mismatches" % (total, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(REPO, "data", "perft", "tavreli.epd"))
    ap.add_argument("--max-leaves", type=int, default=4_000_000)
    ap.add_argument("--max-depth", type=int, default=5)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--engine", help=vsadnik.HELP + "; with --check")
    args = ap.parse_args()
    if args.check:
        return check(args.out, vsadnik.require(args.engine))
    write(args.out, args.max_leaves, args.max_depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
