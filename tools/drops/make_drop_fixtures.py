"""Regenerate (or check) the drop-variant perft fixtures data/perft/{crazyhouse,bughouse,swedish}.epd.

  python3 -m tools.drops.make_drop_fixtures --variant crazyhouse            # print the EPD file
  python3 -m tools.drops.make_drop_fixtures --variant swedish --out data/perft/swedish.epd
  python3 -m tools.drops.make_drop_fixtures --variant bughouse --check data/perft/bughouse.epd

Where the numbers come from:
  crazyhouse, bughouse: Fairy-Stockfish (/usr/games/fairy-stockfish, UCI_Variant
      crazyhouse / bughouse, Threads 1, `position fen F` + `go perft D`).  Fairy-Stockfish's
      bughouse plays one board of two: a capture goes to the partner, not into the
      capturer's hand, which is vsadnik's `bughouse`.  Cross-checked with the python-chess
      rules of tools/drops/drop_oracles.py for every count up to --pc-limit leaves, and
      with pyffish (same engine family, other build) at depth 1 and 2.
  swedish: the python-chess rules of tools/drops/drop_oracles.py (Swedish S2, S4, S5,
      S6 as in docs/rules/swedish.md) for every count; cross-checked with Fairy-Stockfish's
      bughouse move lists filtered by S4/S5 with its own ray code, plus the S6 castling
      letter patched into the FEN after a restoring rook drop, for counts whose
      previous depth has at most --fs-limit nodes.
Each position's comment names it, why it is there, and which checks its numbers passed.
With --check FILE the numbers are recomputed and compared with FILE (exit 1 on a difference).
With --vsadnik FILE nothing is recomputed: every count of FILE is compared with
`vsadnik perft D --variant V --fen FEN` (exit 1 on a difference).
"""
import argparse
import sys
import time

import chess

from tools import vsadnik
from tools.drops import drop_oracles as O

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

# (name and reason, FEN, maximum depth); every count stays below ~5 million leaves.
COMMON = [
    ("Start position with full reserves for both sides (drops everywhere from move 1)",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1", 3),
    ("Kiwipete with reserves (captures, castling, drops into a busy position)",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[NPbp] w KQkq - 0 1", 3),
    ("Promoted pieces (~) on the board and pawns promoting on both sides",
     "r3k2r/1P4P1/8/2Q~5/5n~2/8/1p4p1/R3K2R[Pp] w KQkq - 0 1", 3),
    ("Captured promoted queen: Qxd1+ takes a promoted queen (crazyhouse: black's hand gets a pawn; "
     "compare with the next position, same but the queen is not promoted; in bughouse and Swedish the capture leaves "
     "the board and both positions count the same)",
     "4k3/8/8/3q4/8/8/8/3Q~K3[] b - - 0 1", 5),
    ("Same as the previous position with an unpromoted queen on d1 (crazyhouse: black's hand gets a queen)",
     "4k3/8/8/3q4/8/8/8/3QK3[] b - - 0 1", 5),
    ("En passant available (exf6 e.p.) with knights in both reserves",
     "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[Nn] w KQkq f6 0 3", 3),
    ("Castling both sides while knight drops can attack the squares the king crosses",
     "r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1", 3),
    ("Rook check along the first rank, king boxed in by its pawns: only drops on b1/c1/d1 help",
     "4k3/8/8/8/8/8/3PPP2/r3K3[BNp] w - - 0 1", 4),
    ("Bishop check from a5: drops block on b4, c3, d2, or the king steps aside",
     "4k3/8/8/b7/8/8/8/4K3[RN] w - - 0 1", 4),
    ("Double check (rook a1 + knight f3): no drop helps, only the king moves",
     "4k3/8/8/8/8/5n2/8/r3K3[QRBNP] w - - 0 1", 4),
    ("Knight check (d3): contact-free but unblockable, no drop is legal",
     "4k3/8/8/8/8/3n4/8/4K3[QRBNP] w - - 0 1", 4),
    ("Pawn drops near the back ranks (never on ranks 1/8; Swedish also not on 7 for White, 2 for Black)",
     "4k3/8/8/8/8/8/8/4K3[PPpp] w - - 0 1", 4),
    ("Bare kings with big reserves (piece and pawn drops on an empty board)",
     "4k3/8/8/8/8/8/8/4K3[QRBNPPPqrbnppp] w - - 0 1", 2),
    ("A dropped pawn on its second rank double-steps and can be taken en passant (P@e2, ..., e2e4, d4xe3)",
     "4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1", 5),
    ("Fool's mate pattern with a pawn in hand: only P@f2 / P@g3 stop the mate",
     "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[P] w KQkq - 1 3", 5),
]

SWEDISH_HAND = [
    ("S4 hand check: White drops a queen; 61 empty squares, 14 of them would give check "
     "(a8-d8, f8-h8, d7 c6 b5 a4, f7 g6 h5; the e-file is shut by e7), so D1 = 5 king moves + 47 queen drops = 52 "
     "(crazyhouse and bughouse: 66)",
     "4k3/4p3/8/8/8/8/8/4K3[Q] w - - 0 1", 4),
    ("S4 hand check: rook check on the first rank, the block R@c1 would check c8 along the open c-file: "
     "D1 = 2 (R@b1, R@d1; d-file shut by d2); crazyhouse and bughouse: 3",
     "2k5/8/8/8/8/8/3PPP2/r3K3[R] w - - 0 1", 4),
    ("S5 hand check: White pawn drops only on ranks 2-6 (40 squares; the rank-7 drops are missing), "
     "D1 = 5 + 40 = 45 (crazyhouse and bughouse: 5 + 48 = 53)",
     "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", 4),
    ("S5 hand check: Black pawn drops only on ranks 7-3 (40 squares; the rank-2 drops are missing), "
     "D1 = 5 + 40 = 45 (crazyhouse and bughouse: 53)",
     "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", 4),
    ("S6 hand check: king on e1 with a castling letter (Q) = never moved. D1 = 6 king moves (e1c1 included) "
     "+ 10 rook moves + 48 rook drops (61 empty squares less the 13 that check along rank 8 or the e-file) = 64. "
     "R@h1 restores K, so e1g1 is legal after each of Black's 5 king moves (d8 d7 e7 f7 f8): `--moves R@h1` then "
     "perft 2 --divide lists e1g1 under every Black reply, i.e. 5 e1g1 leaves below R@h1 at D3 (counted by the generator: %s)",
     "4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1", 4),
    ("S6 hand check, other way: same position without a castling letter = the king has moved; R@h1 "
     "restores nothing and there is no castling at all: D1 = 64 - 1 (no e1c1) = 63, and 0 e1g1 leaves below R@h1 at D3 (counted by the generator: %s)",
     "4k3/8/8/8/8/8/8/R3K3[R] w - - 0 1", 4),
    ("S6 for Black: king on e8 with q = never moved; R@h8 restores k, e8g8 follows at ply 3",
     "r3k3/8/8/8/8/8/8/4K3[r] b q - 0 1", 4),
]

POSITIONS = {
    "crazyhouse": [("Start position; Fairy-Stockfish's documented crazyhouse start-position perft "
                    "(20 / 400 / 8902 / 197281 / 4888832)", START, 5)] + COMMON,
    "bughouse": [("Start position; no reserve can ever fill on one board (captures go to the partner), "
                  "so the counts are the chess ones (D5 4865609)", START, 5)] + COMMON,
    "swedish": [("Start position; no reserve can ever fill on one board, so the counts are the chess "
                 "ones (D5 4865609)", START, 5)] + SWEDISH_HAND + COMMON,
}

LIMIT = 5_000_000


class SwedishFS:
    """Swedish perft from Fairy-Stockfish (bughouse) + S4/S5 filters + S6 patch (no python-chess)."""

    def __init__(self, fs):
        self.fs = fs

    def count(self, fen, nm, depth):
        moves, _ = O.swedish_moves_fs(self.fs, fen)
        if depth == 1:
            return len(moves)
        return sum(self.count(*self.play(fen, nm, m), depth - 1) for m in moves)

    def play(self, fen, nm, m):
        white = O.split_fen(fen)[2][0] == "w"
        bm = O.board_map(fen)
        fen2, _ = self.fs.display(fen, [m])
        nm = list(nm)
        me = 0 if white else 1
        if "@" not in m and bm.get(chess.parse_square(m[:2])) == ("K" if white else "k"):
            nm[me] = False
        corner = {"R@h1": "K", "R@a1": "Q"} if white else {"R@h8": "k", "R@a8": "q"}
        if m in corner and nm[me]:
            parts = fen2.split()
            letters = set(parts[2].replace("-", "")) | {corner[m]}
            parts[2] = "".join(c for c in "KQkq" if c in letters) or "-"
            fen2 = " ".join(parts)
        return fen2, tuple(nm)


def pyffish_counts(variant, fen, depth):
    try:
        import pyffish as sf
    except ImportError:
        return None
    if depth == 1:
        return len(sf.legal_moves(variant, fen, []))
    return sum(len(sf.legal_moves(variant, fen, [m])) for m in sf.legal_moves(variant, fen, []))


def e1g1_leaves(rules, fen, drop):
    """Leaves of `drop` (R@h1 / R@h8) at depth 3 that are castling short."""
    st = rules.play(rules.from_fen(fen), chess.Move.from_uci(drop))
    n = 0
    for r in rules.legal(st):
        st2 = rules.play(st, r)
        n += sum(1 for m in rules.legal(st2) if st2.board.is_kingside_castling(m))
    return n


def compute(variant, args, log):
    rules = O.Rules(variant)
    fs = O.FairySF("crazyhouse" if variant == "crazyhouse" else "bughouse")
    sfs = SwedishFS(fs)
    out = []
    try:
        for name, fen, maxd in POSITIONS[variant]:
            counts = []
            checks = []
            t0 = time.time()
            for d in range(1, maxd + 1):
                if variant == "swedish":
                    n = rules.count(rules.from_fen(fen), d)
                    if n > LIMIT:
                        break
                    if d == 1 or counts[-1] <= args.fs_limit:
                        n2 = sfs.count(fen, O.king_never_moved_from_fen(fen), d)
                        if n2 != n:
                            raise SystemExit("ORACLE DISAGREEMENT %s D%d: python-chess %d, Fairy-Stockfish+filters %d"
                                             % (fen, d, n, n2))
                        checks.append(d)
                else:
                    _, n = fs.perft(fen, d)
                    if n > LIMIT:
                        break
                    if n <= args.pc_limit:
                        n2 = rules.count(rules.from_fen(fen), d)
                        if n2 != n:
                            raise SystemExit("ORACLE DISAGREEMENT %s D%d: Fairy-Stockfish %d, python-chess %d"
                                             % (fen, d, n, n2))
                        checks.append(d)
                counts.append(n)
            pf = []
            if variant != "swedish":
                for d in (1, 2):
                    if d <= len(counts):
                        n3 = pyffish_counts(variant, fen, d)
                        if n3 is not None:
                            if n3 != counts[d - 1]:
                                raise SystemExit("ORACLE DISAGREEMENT %s D%d: Fairy-Stockfish %d, pyffish %d"
                                                 % (fen, d, counts[d - 1], n3))
                            pf.append(d)
            if "%s" in name:
                drop = "R@h1" if " w " in fen else "R@h8"
                name = name % ("%d" % e1g1_leaves(rules, fen, drop))
            rng = lambda ds: ("D%d" % ds[0]) if len(ds) == 1 else ("D%d-D%d" % (ds[0], ds[-1]))  # noqa: E731
            if variant == "swedish":
                src = "tools/drops/make_drop_fixtures.py (python-chess + Swedish rules)"
                if checks:
                    src += "; %s cross-checked with Fairy-Stockfish bughouse + S4/S5 filters + S6 patch" % rng(checks)
            else:
                src = "Fairy-Stockfish 11.1 go perft (UCI_Variant %s)" % variant
                if checks:
                    src += "; %s cross-checked with python-chess" % rng(checks)
                if pf:
                    src += ", %s with pyffish" % rng(pf)
            comment = "# %s; %s" % (name, src)
            line = fen + " " + " ".join(";D%d %d" % (i + 1, c) for i, c in enumerate(counts))
            out.append((comment, line))
            log("%6.1fs %s" % (time.time() - t0, line))
    finally:
        fs.close()
    return out


HEADER = {
    "crazyhouse": "Perft suite for crazyhouse (lichess/FICS rules: captures go to the capturer's reserve, a captured "
                  "promoted piece becomes a pawn).",
    "bughouse": "Perft suite for bughouse on one board (FICS rules: a capture leaves the board for the partner, the "
                "capturer's reserve does not change; drops may give check).",
    "swedish": "Perft suite for Swedish chess on one board (docs/rules/swedish.md: S2 captures leave the board, "
               "S4 no drop gives check, S5 pawn-drop ranks, S6 dropped rook on its corner restores castling).",
}


def render(variant, rows):
    lines = ["# " + HEADER[variant],
             "# Format: <FEN with [reserve]> ;D1 <n> ;D2 <n> ... (leaf counts). Promoted pieces carry '~'.",
             "# Regenerate / check: python3 -m tools.drops.make_drop_fixtures --variant %s [--check data/perft/%s.epd]"
             % (variant, variant),
             "# Every count is below 5 million leaves.",
             "#"]
    for comment, line in rows:
        lines += [comment, line]
    return "\n".join(lines) + "\n"


def parse_epd(path):
    out = {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split(";")
        out[fields[0].strip()] = [int(f.split()[1]) for f in fields[1:]]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True, choices=O.VARIANTS)
    ap.add_argument("--out", help="write the EPD file here (default: stdout)")
    ap.add_argument("--check", help="recompute and compare with this EPD file")
    ap.add_argument("--pc-limit", type=int, default=1_500_000,
                    help="cross-check with python-chess counts up to this many leaves")
    ap.add_argument("--fs-limit", type=int, default=3000,
                    help="swedish: cross-check with Fairy-Stockfish+filters when the previous depth has at most this many nodes")
    ap.add_argument("--vsadnik", metavar="FILE", help="compare vsadnik's perft with the counts of FILE")
    ap.add_argument("--engine", help=vsadnik.HELP + "; with --vsadnik")
    args = ap.parse_args()
    if args.vsadnik:
        args.engine = vsadnik.require(args.engine)
        bad = total = 0
        for fen, counts in parse_epd(args.vsadnik).items():
            for d, want in enumerate(counts, 1):
                total += 1
                _, got, problems = O.vsadnik_perft(args.engine, args.variant, fen, d, timeout=600)
                if got != want or problems:
                    bad += 1
                    print("DIFF %s D%d: vsadnik %s, file %d %s" % (fen, d, got, want, "; ".join(problems)))
        print("vsadnik-%s-fixtures: %d passed, %d failed" % (args.variant, total - bad, bad))
        sys.exit(1 if bad else 0)
    rows = compute(args.variant, args, lambda s: print(s, file=sys.stderr, flush=True))
    text = render(args.variant, rows)
    if args.check:
        have = parse_epd(args.check)
        want = {line.split(";")[0].strip(): [int(f.split()[1]) for f in line.split(";")[1:]] for _, line in rows}
        bad = [f for f in want if have.get(f) != want[f]] + [f for f in have if f not in want]
        for f in bad:
            print("DIFF %s: file %s, recomputed %s" % (f, have.get(f), want.get(f)))
        print("%s: %d positions, %d differ" % (args.check, len(want), len(bad)))
        sys.exit(1 if bad else 0)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
