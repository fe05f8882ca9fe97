"""Write data/perft/tranzit.epd from the hand-made positions below, with the counts of
tools/tranzit/tranzit_ref.py (the independent Python reference, written from
docs/rules/tranzit.md).

  python3 -m tools.tranzit.make_fixtures                 # rewrite data/perft/tranzit.epd
  python3 -m tools.tranzit.make_fixtures --check         # recompute, compare with the file
  python3 -m tools.tranzit.make_fixtures --show NAME     # depth-1 divide of one fixture
  python3 -m tools.tranzit.make_fixtures --engine target/release/vsadnik   # also show vsadnik's counts

Each position: a `#` line with its name, the rules it covers and the hand check of D1,
then `<FEN> ;D1 n ;D2 n ...` (leaf counts of action sequences, results applied along
every path; the history starts at the position, so T10 cannot fire within these depths).
The deepest depth of each is the largest that keeps the Python reference under a few
million leaves.
"""
import argparse
import os
import sys
import time

from tools import REPO, vsadnik
from tools.tranzit import tranzit_ref as T
from tools.tranzit.compare import fen_of, P

EPD = os.path.join(REPO, "data", "perft", "tranzit.epd")
SRC = "hand-made for the rules docs/rules/tranzit.md; counts by tools/tranzit/tranzit_ref.py"

# (name, rules and hand check of D1, FEN, max depth)
FIXTURES = [
    ("Start position",
     "T1/T3: D1 = 20 FIDE moves on board I + 16 transfers to the empty board II (the rules file: "
     "perft 1 is 36); D2 = 36*36 (no first action changes Black's 36)",
     T.START_FEN, 6),
    ("Start position with explicit extension fields",
     "T2: `-- -` (both boards live, nobody has transferred) loads like the plain 16-file FEN: same counts",
     T.START_FEN + " -- -", 3),
    ("Kings on board II, pieces on both boards (T3, T7)",
     "D1 = 62 = board I 40 (Ra1 1, Bc1 5, Qd1 14, Rh1 10, five pawns 10) + board II 12 (Km1 4: n1 m2 "
     "l2 l1; n2 2; Nj3 6) + transfers 10 (a1i1 c1k1 d1l1 h1p1 m1e1 a2i2 b2j2 c2k2 g2o2 j3b3; f2n2 and "
     "n2f2 refused: occupied)",
     fen_of(P("Km1 Qd1 Ra1 Rh1 Pa2 Pb2 Pc2 Pf2 Pg2 Nj3 Pn2 Bc1 "
              "km8 qd8 ra8 rh8 pa7 pb7 pc7 pf7 pg7 bj6 po7 nb8"), trans="WB", move=12), 6),
    ("Check on board II: blocks by transfer and a king transfer out of check (T7)",
     "White's Km1 is checked by Bp4 on board II. D1 = 7: king moves m1l1 m1l2 m1m2 m1n1 (n2 is on the "
     "bishop's diagonal), the blocking transfers f2n2 and g3o3, the king transfer m1e1; no FIDE move "
     "on board I (it would leave the king in check on board II)",
     fen_of(P("Km1 Pf2 Ng3 Ra1 Pa2 ke8 bp4 pa7 ra8"), trans="WB", move=20), 6),
    ("Check on board I answered by a king transfer (T7)",
     "White's Ke1 is checked by Re8 down the open e-file. D1 = 5: Kd1, Kf1 (e2 stays on the file, "
     "d2/f2 hold pawns), the blocks Nc3-e2 and Nc3-e4, the king transfer e1m1 (m1 free and not "
     "attacked by Bo6); Qj4 may not move (board II) and no transfer blocks the e-file",
     fen_of(P("Ke1 Pd2 Pf2 Nc3 Pa2 Qj4 kg8 re8 pa7 nb8 bo6"), trans="WB", move=18), 6),
    ("T6 refusals, and the discovered-check Decision",
     "White to move, Black's king on board II (m8). D1 = 52 = board I 30 (Nd1 4: b2 c3 e3 f2; Ke1 4: "
     "d2 e2 f1 f2; a2 2; Re4 13; Nf6 7) + board II 19 (Bl1 7, Ri8 8: j8 i7-i1, Nk8 4: i7 j6 l6 m7) + "
     "transfers 3: a2i2, i8a8, and k8c8, which discovers Ri8's check on board II (allowed, Decision). "
     "Refused: e1m1 (m1 attacked by Ro1), d1l1 and l1d1 (occupied), e4m4 (the rook would check m8), "
     "f6n6 (the knight would check m8)",
     fen_of(P("Ke1 Nd1 Re4 Nf6 Pa2 Bl1 Ri8 Nk8 km8 ro1 nb8 pa7"), trans="WB", move=30), 6),
    ("T6: a transferred pawn may not give check; a king may not land next to the enemy king",
     "D1 = 26: Ra1 13 (b1-h1, a2-a6, xa7), e2 2, d6d7, Kf6 8, transfers a1i1 and e2m2. Refused: d6l6 "
     "(the pawn on l6 would check Km7), f6n6 (n6 is attacked by Km7)",
     fen_of(P("Kf6 Pd6 Pe2 Ra1 km7 pa7 rh8 nn5"), trans="WB", move=40), 6),
    ("T8: mate on board II that a king transfer could have escaped (T13 destination free)",
     "D1 = 24: Ke1 5, a2 2, Ri1 14 (j1-p1, i2-i8), transfers e1m1 i1a1 a2i2. i1i8 mates on board II "
     "although p8-h8 is free (transfers do not save from mate, Decision): after it Black's only "
     "action is the forced king transfer p8h8, so D2 for i1i8 is 1 (11 after the other actions)",
     fen_of(P("Ke1 Pa2 Ri1 kp8 po7 pp7 pa7"), trans="WB", move=30), 6),
    ("T8 Decision, other direction: a check with a FIDE escape is no mate",
     "Same D1 = 24. Without the p7 pawn, i1i8+ leaves p8p7, so it is no mate and the transfers answer "
     "the check too: p8p7, p8h8 and the block b8j8: D2 for i1i8 is 3; i1p1+ leaves p8o8 and p8h8 (2)",
     fen_of(P("Ke1 Pa2 Ri1 kp8 po7 pa7 nb8"), trans="WB", move=30), 6),
    ("T13: the mated king's destination is attacked -> mated on the other board too",
     "D1 = 34: Ke1 5, Rh1 9, a2 2, Ri1 14, transfers e1m1 h1p1 i1a1 a2i2. After i1i8 mate the king "
     "cannot transfer to h8 (attacked by Rh1): Black loses board I as well, both boards are decided: "
     "D2 for i1i8 is 0",
     fen_of(P("Ke1 Pa2 Ri1 Rh1 kp8 po7 pp7 pa7"), trans="WB", move=30), 6),
    ("T13 Decision: the mated king's destination is occupied -> the other board is drawn",
     "D1 = 24 as in the mate fixture; Black's own rook stands on h8: after i1i8 mate the forced transfer "
     "p8h8 is impossible, board I is drawn, the game is over: D2 for i1i8 is 0",
     fen_of(P("Ke1 Pa2 Ri1 kp8 po7 pp7 pa7 rh8"), trans="WB", move=30), 6),
    ("T8 on board I from the start: 1. I f3 I e5 2. I g4, Black to move",
     "D1 = 46: 30 FIDE moves on board I (pawns 15, Nb8 2, Ng8 3, Qd8 4, Ke8 1, Bf8 5) and 16 "
     "transfers (e5m5, the seven pawns of rank 7, the eight pieces of rank 8). Qh4# (the game record "
     "of the rules file) wins board I for Black: D2 for d8h4 is 1, the forced transfer e1m1",
     "rnbqkbnr8/pppp1ppp8/16/4p11/6P9/5P10/PPPPP2P8/RNBQKBNR8 b KQkq g3 0 2", 6),
    ("T13 after the fool's mate: both kings on dead board I, White first",
     "D1 = 1 (e1m1), D2 = 1 (e8m8 follows), D3 = 20: Km1 5 (l1 n1 l2 m2 n2) and the 15 transfers "
     "out of dead board I of White's other pieces (all destinations free, none checks Km8)",
     "rnb1kbnr8/pppp1ppp8/16/4p11/6Pq8/5P10/PPPPP2P8/RNBQKBNR8 w KQkq - 1 3 b- -", 6),
    ("T13: a king on a dead board must transfer (destination free), then the other king",
     "Board I won by White; Black to move with Kg8 on it: D1 = 1 (g8o8). White's Kg6 also stands on "
     "the dead board and must transfer next: g6o6 (free, not attacked): D2 = 1",
     fen_of(P("Kg6 Qg7 Ra1 Pb2 Nk3 Pl2 kg8 pa7 rj7 bn4 pm6"), side="b", results="w-", trans="WB",
            move=25), 6),
    ("T13: both kings on the dead board, the second king's destination is attacked",
     "Black (to move) transfers first: D1 = 1 (h8p8); then White's Kf6 must go to n6, attacked by Bo5: "
     "White is mated on board II too, the game is over: D2 = 0",
     fen_of(P("Kf6 Qg7 Pb2 Ni3 Pl2 Rj1 kh8 pa7 rk7 pm6 bo5"), side="b", results="w-", trans="WB",
            move=25), 6),
    ("T13: king on a dead board, destination attacked",
     "Board II won by Black; White to move with Kn1 on it must transfer to f1, attacked by Rf8: "
     "D1 = 0 (White is mated on board I too)",
     fen_of(P("Kn1 Pb2 Pc2 Rh1 kn3 qo2 rf8 pa7 pb7 ph7"), results="-b", trans="WB", move=40), 6),
    ("T13 Decision: king on a dead board, destination occupied",
     "Board II won by Black; White's Kn1 must transfer to f1, occupied by White's own bishop: board I "
     "is drawn, D1 = 0",
     fen_of(P("Kn1 Bf1 Pb2 Pc2 Rh1 kn3 qo2 re8 pa7 pb7 ph7"), results="-b", trans="WB", move=40), 6),
    ("T13: both kings on dead board II, the side to move (Black) first",
     "D1 = 1 (n3f3: free, not attacked by Qd4/Rh1/pawns); then White's Kn1 must go to f1 (not "
     "attacked: Kf3 covers e2 f2 g2, Re8 the e-file): D2 = 1; then Black plays on board I",
     fen_of(P("Kn1 Qd4 Pb2 Pc2 Rh1 kn3 qo2 re8 pa7 pb7 ph7"), side="b", results="-b", trans="WB",
            move=40), 6),
    ("T11: a lone knight on board I; its transfer (or capture) loses board I",
     "D1 = 55: Nd4 8, Rj1 10, Km1 4, k2 2, l2 2, Qn4 23, transfers j1b1 m1e1 k2c2 l2d2 d4l4 n4f4. "
     "After d4l4 White has nothing on board I: Black wins it and his Ke8 standing there must "
     "transfer: D2 for d4l4 is 1 (e8m8)",
     fen_of(P("Km1 Nd4 Qn4 Rj1 Pk2 Pl2 ke8 qd8 pc7 pe7 rp8 bo7 po6"), trans="WB", move=20), 6),
    ("T11 fine point: a lone king keeps board I alive; its own transfer empties it",
     "White has only Ke1 on board I. D1 = 47: Ke1 5, Rn2 14, Qk4 25, transfers e1m1 n2f2 k4c4. After "
     "e1m1 White has lost board I and Black's Kh8 standing there must transfer: D2 for e1m1 is 1 (h8p8)",
     fen_of(P("Ke1 Qk4 Rn2 kh8 ph7 pg7 ra8 bo6"), trans="WB", move=30), 6),
    ("T12: board I drawn, kings on board II; pieces on board I may only transfer out",
     "D1 = 25: Qj1 14, k2 2, Kn2 5 (n3 m3 m2 m1 n1; the o-file is Qo8's), transfers out d1l1 a2i2 b3j3 "
     "g4o4; nothing moves on board I and nothing lands there",
     fen_of(P("Kn2 Rd1 Pa2 Pb3 Ng4 Qj1 Pk2 kn7 rd8 pa7 pb6 bf5 qo8 pj7"), results="d-", trans="WB",
            move=30), 6),
    ("T12: board II won by White, kings on board I; transfers out of board II obey T6",
     "D1 = 22: Rd1 12, Kg1 2, pawns 6, transfers m4e4 and k6c6 (n7f7 refused: occupied). d1xd8 is "
     "back-rank mate on board I (no black piece can block on e8/f8: Bj5 could only transfer to b5): "
     "both boards are decided, D2 for d1d8 is 0",
     fen_of(P("Kg1 Pf2 Pg2 Ph2 Rd1 Qm4 Nk6 Pn7 kg8 pf7 pg7 ph7 rd8 bj5"), results="-w",
            trans="WB", move=44), 6),
    ("T15: quiet-action counter at 99",
     "D1 = 58: board I 20 (Nb1 3, Ke1 5 + O-O, Rh1 9, a2 2), board II 32 (Nk3 8, Qn4 24), 6 transfers. "
     "Every quiet action is the 100th and draws both boards: only the replies to a2a3 a2a4, n4xo5 and "
     "the 6 transfers count at D2",
     fen_of(P("Ke1 Rh1 Nb1 Nk3 Qn4 Pa2 ke8 ra8 nb8 bj6 qo5 pa7"), castling="Kq", quiet=99, trans="WB",
            move=80), 6),
    ("T9: stalemate (Black has no legal action and is not in check)",
     "Board I won by White (Black emptied it); Black's lone Kp8 on board II: o8, o7, p7 are covered "
     "by Qo6 and board I is dead (no transfer): D1 = 0",
     fen_of(P("Kk1 Qo6 Ra1 Pb2 kp8"), side="b", results="w-", trans="WB", move=50), 6),
    ("T9: one move before stalemate",
     "D1 = 29: Kk1 5, Qo5 22, transfers a1i1 b2j2 (out of dead board I). o5o6 stalemates: D2 for "
     "o5o6 is 0",
     fen_of(P("Kk1 Qo5 Ra1 Pb2 kp8"), results="w-", trans="WB", move=50), 6),
    ("T4: en passant on board II",
     "o7-o5 was just played on board II. D1 = 38: board I 20 (Ke1 4 + O-O, Rh1 9, three pawns 6), "
     "board II 12 (j2 2, Nk3 8, n5n6 and n5xo6 e.p.), transfers e1m1 h1p1 a2i2 f2n2 k3c3 n5f5",
     fen_of(P("Ke1 Rh1 Pa2 Pb2 Pf2 Pn5 Pj2 Nk3 ke8 ra8 pa7 pb7 pf7 po5 pi7 nl6"), ep="o6",
            castling="Kq", trans="WB", move=10), 6),
    ("T4: en passant on board II for Black, Black's king on board II",
     "k2-k4 was just played on board II. D1 = 55: board I 25 (a7 b7 4, Qd8 21), board II 23 (j4j3, "
     "j4xk3 e.p., Nn6 7, Km8 5, Rp8 9), transfers j4b4 n6f6 a7i7 b7j7 d8l8 m8e8 p8h8",
     fen_of(P("Ke1 Qd1 Pa2 Pb2 Pk4 Nf3 Rh1 km8 qd8 pa7 pb7 pj4 nn6 rp8"), side="b", ep="k3",
            castling="K", trans="WB", move=15), 6),
    ("T5: castling only on board I; rights lost by a transfer",
     "D1 = 63: board I 26 (Ra1 3, Ke1 4 + O-O + O-O-O, Rh1 9, pawns 8), board II 28 (Nn3 8, Qj4 20), "
     "transfers a1i1 e1m1 h1p1 a2i2 b2j2 f2n2 g2o2 n3f3 j4b4; the rights die with h1p1/a1i1/e1m1 "
     "even when the piece comes back (seen from D3)",
     fen_of(P("Ke1 Ra1 Rh1 Pa2 Pb2 Pg2 Pf2 Qj4 Nn3 ke8 ra8 rh8 pa7 pb7 pg7 pf7 qk5 bo6"),
            castling="KQkq", trans="WB", move=12), 6),
    ("T3/T4: promotions on board II for both sides",
     "D1 = 38: Ra1 13, c2 2, Km3 8, Ni5 3, j7j8=Q/R/B/N and j7xk8=Q/R/B/N 8, transfers a1i1 c2k2 m3e3 "
     "i5a5; Black's o2 pawn promotes on o1 next",
     fen_of(P("Km3 Pj7 Pc2 Ra1 Ni5 ke8 po2 pa7 rh8 nk8 pb7"), castling="k", trans="WB", move=33), 6),
    ("T14: only White has transferred I->II (field `W`)",
     "D1 = 28: Ra1 3, Ke1 5 + O-O-O, a2 b2 4, Nk3 8, l4l5, transfers a1i1 e1m1 a2i2 b2j2 k3c3 l4d4. "
     "T14 is a scoring rule: the counts equal those of the same position with `WB`",
     fen_of(P("Ke1 Ra1 Pa2 Pb2 Nk3 Pl4 ke8 rh8 pa7 pb7 pg7"), castling="Qk", trans="W", move=9), 4),
]


def counts(fen, maxd, limit):
    """Counts for depth 1..maxd, stopping before a depth predicted to exceed `limit` leaves."""
    g = T.Game(fen)
    out = []
    for d in range(1, maxd + 1):
        if len(out) >= 2 and out[-2] > 0:
            if out[-1] * max(out[-1] / out[-2], 1.0) > limit:
                break
        elif out and out[-1] > limit:
            break
        n = g.perft(d)
        out.append(n)
        if n == 0:
            break  # no action at this depth: every deeper count is 0 too
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--show")
    ap.add_argument("--engine", help="also show the counts of this vsadnik program")
    ap.add_argument("--limit", type=int, default=3500000,
                    help="do not start a depth predicted to exceed this many leaves")
    ap.add_argument("--out", default=EPD)
    args = ap.parse_args()
    if args.engine:
        args.engine = vsadnik.require(args.engine)
    if args.show:
        for name, note, fen, maxd in FIXTURES:
            if args.show.lower() in name.lower():
                g = T.Game(fen)
                print(name)
                print(fen)
                dv = g.divide(2)
                print(" ".join("%s:%d" % x for x in dv))
                print("D1 =", len(dv), "D2 =", sum(n for _, n in dv))
        return 0
    lines = ["# Chess-tranzit perft suite. Format: <FEN> ;D1 <n> ;D2 <n> ... (leaf counts of action",
             "# sequences on both boards; the result rules T8-T15 applied along every path).",
             "# FEN: 16-file placement, side, castling (board I), e.p. grid square, quiet actions, move,",
             "# results (board I then II: - live, w/b won, d drawn; default --), transferred (W/B/WB; default -).",
             "# Positions hand-made for docs/rules/tranzit.md; counts by the independent Python",
             "# reference tools/tranzit/tranzit_ref.py (regenerate / check: python3 -m tools.tranzit.make_fixtures [--check]).",
             "# Repetition (T10) needs 8 plies from a loaded position; tools/tranzit/compare.py tests it through --moves.",
             "#"]
    bad = 0
    for name, note, fen, maxd in FIXTURES:
        t0 = time.time()
        c = counts(fen, maxd, args.limit)
        dt = time.time() - t0
        g = T.Game(fen)
        d1 = " ".join(m for m, _ in g.divide(1))
        src = SRC
        if name.startswith("Start position"):
            src = "the initial position of T1 (the rules file gives perft 1 = 36); counts by tools/tranzit/tranzit_ref.py"
        lines.append("# %s; %s" % (name, src))
        lines.append("# %s" % note)
        lines.append("# D1 actions: %s" % (d1 or "(none)"))
        lines.append(fen + "".join(" ;D%d %d" % (i + 1, n) for i, n in enumerate(c)))
        msg = "%-70s %s  (%.1fs)" % (name[:70], " ".join(map(str, c)), dt)
        if args.engine:
            ec = []
            for d in range(1, len(c) + 1):
                r = vsadnik.run(args.engine, ["perft", str(d), "--variant", "tranzit", "--fen", fen],
                                capture_output=True, text=True)
                tot = [line for line in r.stdout.splitlines() if line.startswith("Nodes searched")]
                ec.append(int(tot[0].split(":")[1]) if tot else -1)
            msg += "  vsadnik %s%s" % (" ".join(map(str, ec)), "" if ec == c else "  <-- DIFFERS")
        print(msg)
        sys.stdout.flush()
    text = "\n".join(lines) + "\n"
    if args.check:
        old = open(args.out).read() if os.path.exists(args.out) else ""
        if old != text:
            print("%s differs from the recomputed suite" % args.out)
            bad = 1
        else:
            print("%s is up to date" % args.out)
        return bad
    with open(args.out, "w") as fh:
        fh.write(text)
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
