"""Compare vsadnik's tavreli move generator with the independent Python one.

Plays seeded random games with the Python generator (tavreli_ref.py), biased
towards what makes tavreli different: moves onto occupied squares, splits,
promotions and the positions where they meet (liberations, demotions, en
passant, castling), from the start position and from constructed positions
with mixed towers. For every position reached it asks the engine for

    vsadnik perft 1 --divide --variant tavreli --fen FEN

and compares the legal move sets; every few plies it compares `perft 2`
(per root move, with --divide) and on a sample `perft 3`. The FEN given to
the engine is the one the Python side writes, so FEN reading is compared
too; the engine's own FEN is not needed.

    python3 -m tools.tavreli.compare [--engine target/release/vsadnik]
        [--games 60] [--plies 80] [--seed 1] [--perft2-every 4]
        [--perft3-every 40] [--starts 0,3,10]

Prints one line per mismatch (with the FEN and the differing moves) and
the totals; exits 1 on any mismatch.
"""

import argparse
import random
import sys
import time

from tools import vsadnik
from tools.tavreli import tavreli_ref as ref

# Constructed starting points: towers of mixed colours, splits that
# uncover either side, pawns about to promote or sitting covered on their
# last rank, promoted pieces that can be covered, en passant and castling.
EXTRA_STARTS = [
    ref.START_FEN,
    # Mixed towers in the middle, castling still possible for both.
    "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(bN)5/PPP2PPP/R3K2R w KQkq - 0 1",
    # Pawns on the 7th/2nd ranks next to pieces: promotions by moving and by uncovering.
    "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1",
    # Pawns covered on their last rank under enemy pieces; promoted pieces on top.
    "(rP)3k2(nP)/8/8/3(Q~p)4/4(h~P)3/8/8/(Rp)3K2(Np) w - - 0 1",
    # A tall tower next to both kings, checks by liberation.
    "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1",
    "4k3/8/4(Rqr)3/8/8/8/4(Nb)3/4K3 b - - 0 1",
    # En passant right now, the capturing pawn on a tower.
    "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    # Helgi and promoted pieces in open play.
    "r3k3/1h6/8/8/8/8/6H1/4K2R w Kq - 0 1",
    "4k3/1P=H6/8/2(pP)5/8/8/6p=q1/4K3 w - - 0 1",
    # Double steps next to pawn-topped towers of the other side: en passant
    # by any number of the towers' top pieces.
    "4k3/8/8/8/2(pN)1(pR)3/8/3P1P2/4K3 w - - 0 1",
    "4k3/2p1p3/8/3(PN)1(Pr)2/8/8/8/4K3 b - - 0 1",
    # Middlegames from engine self-play (depth 5): tall mixed towers, pawns
    # far from their files, promoted pieces, a king on a tower.
    "5(kP=Hp=n)2/2p1b1r1/2(Bnpp=nrn)2(Bp=r)2/p3(P=Bp)3/3(qRPRP=RP=RP=Bp)N3/7Q/1P3(Nb)PK/8 w - - 0 41",
    "2kr(Np=bp=bb)b1r/1p1n2p1/2n1(Qp=q)(qP=N)2/pP=H5p/5B2/P1(p=hP=QN)4P/2P1BPP1/3R1RK1 w - - 1 22",
    "r1b1k3/ppp3p1/2n5/3ppp1(rP=N)/3P(P=Bp=r)3/(bRqNP)1(P=NnN)1B2P/2PKPQB1/7R w q - 0 22",
    "(Bp=qP=Bpp=bp=nr)7/p3n(kP=QP=N)p1/4p3/4(qNR)b1P=N/5(bRNn)2/P4Q1P/2P1(BrP)3/6(Kp=b)1 w - - 0 42",
]


def engine_divide(engine, fen, depth):
    out = vsadnik.run(
        engine,
        ["perft", str(depth), "--divide", "--variant", "tavreli", "--fen", fen],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if out.returncode != 0:
        return None, out.stderr.strip()
    counts = {}
    total = None
    for line in out.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
        elif ":" in line:
            m, n = line.rsplit(":", 1)
            counts[m.strip()] = int(n)
    return (counts, total), None


def ref_divide(game, depth):
    counts = {}
    for m in game.legal_moves():
        counts[game.move_text(m)] = game.play(*m).perft(depth - 1)
    return counts


def promoted_count(game):
    return sum(1 for t in game.towers for p in t if p.promoted)


def stats_demoted(game, to):
    """1 when the move onto `to` covers (and so demotes) a promoted piece."""
    return 1 if game.towers[to] and game.towers[to][-1].promoted else 0


def choose(game, moves, rnd):
    """A random move, weighted towards tavreli's special cases."""
    weights = []
    for m in moves:
        frm, to, k = m
        w = 1.0
        if game.towers[to]:
            w += 2.0  # forming a tower
        if k < len(game.towers[frm]):
            w += 1.5  # a split: something is uncovered
        mover = game.top(frm)
        if mover.kind == "P" and to // 8 == ref.last_rank(mover.color):
            w += 3.0
        if mover.kind == "K":
            w *= 0.4  # kings wander less, games last longer
            if abs(frm - to) == 2:
                w = 20.0  # castle whenever it is possible
        if mover.kind == "P" and to == game.ep and not game.towers[to]:
            w = 20.0  # and take en passant
        if mover.kind == "P" and abs(frm - to) == 16:
            w += 2.0  # double steps make en passant possible
        weights.append(w)
    return rnd.choices(moves, weights)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft2-every", type=int, default=4)
    ap.add_argument("--perft3-every", type=int, default=40)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--starts", default="",
                    help="comma-separated indices into EXTRA_STARTS (default: all, in turn)")
    args = ap.parse_args()
    args.engine = vsadnik.require(args.engine)

    rnd = random.Random(args.seed)
    stats = dict(games=0, positions=0, moves=0, perft2=0, perft3=0, leaves=0, mismatches=0,
                 splits=0, towers=0, promotions=0, demotions=0, liberation_checks=0, ep=0, castles=0)
    started = time.time()

    def mismatch(kind, fen, detail):
        stats["mismatches"] += 1
        print("MISMATCH %s: %s\n  %s" % (kind, fen, detail), flush=True)

    starts = [EXTRA_STARTS[int(i)] for i in args.starts.split(",") if i] or EXTRA_STARTS
    for gi in range(args.games):
        start = starts[gi % len(starts)]
        game = ref.parse_fen(start)
        stats["games"] += 1
        for ply in range(args.plies):
            fen = game.fen()
            moves = game.legal_moves()
            ours = sorted(game.move_text(m) for m in moves)
            depth = 1
            if ply % args.perft3_every == args.perft3_every - 1:
                depth = 3
            elif ply % args.perft2_every == 0:
                depth = 2
            result, error = engine_divide(args.engine, fen, depth)
            stats["positions"] += 1
            if error:
                mismatch("engine refused", fen, error)
                break
            counts, total = result
            theirs = sorted(counts)
            stats["moves"] += len(ours)
            if ours != theirs:
                only_ref = sorted(set(ours) - set(theirs))
                only_eng = sorted(set(theirs) - set(ours))
                mismatch("moves", fen, "only reference: %s; only engine: %s" % (only_ref, only_eng))
                break
            if depth > 1:
                expected = ref_divide(game, depth)
                stats["perft%d" % depth] += 1
                stats["leaves"] += sum(expected.values())
                if expected != counts:
                    bad = [(m, expected[m], counts.get(m)) for m in expected if expected[m] != counts.get(m)]
                    mismatch("perft %d" % depth, fen, "move, reference, engine: %s" % bad[:8])
                    break
            if not moves or game.halfmove >= 100:
                break
            m = choose(game, moves, rnd)
            frm, to, k = m
            if k < len(game.towers[frm]):
                stats["splits"] += 1
            if game.towers[to]:
                stats["towers"] += 1
            mover = game.top(frm)
            if mover.kind == "P" and to == game.ep and not game.towers[to]:
                stats["ep"] += 1
            if mover.kind == "K" and abs(frm - to) == 2:
                stats["castles"] += 1
            after = game.play(*m)
            if game.towers[to] and game.towers[to][-1].promoted:
                stats["demotions"] += 1
            if promoted_count(after) > promoted_count(game) - stats_demoted(game, to):
                stats["promotions"] += 1
            if k < len(game.towers[frm]) and after.in_check():
                stats["liberation_checks"] += 1
            game = after
        if not args.quiet:
            print("game %d done: %d positions, %d moves, %d mismatches (%.0f s)" % (
                gi + 1, stats["positions"], stats["moves"], stats["mismatches"],
                time.time() - started), flush=True)

    print("games %(games)d, positions %(positions)d, legal moves compared %(moves)d, "
          "perft-2 positions %(perft2)d, perft-3 positions %(perft3)d, "
          "leaves compared %(leaves)d, mismatches %(mismatches)d" % stats)
    print("moves played: splits %(splits)d, onto towers %(towers)d, promotions %(promotions)d, "
          "demotions %(demotions)d, "
          "checks after splits %(liberation_checks)d, en passant %(ep)d, castlings %(castles)d" % stats)
    return 1 if stats["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
