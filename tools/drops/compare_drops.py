"""Differential move-generation test for the drop variants: vsadnik versus independent oracles.

  python3 -m tools.drops.compare_drops --variant crazyhouse|bughouse|swedish [--games N] [--seed S] [--quick]

Plays seeded random games with python-chess's CrazyhouseBoard under the variant's
rules (tools/drops/drop_oracles.py: crazyhouse as is; bughouse = captures leave the
board; swedish = bughouse + S4/S5 drop refusals + S6 castling restore) and, for every
position reached, runs

  vsadnik perft 1 --divide --variant V --fen FEN          (every position)
  vsadnik perft 2 --divide --variant V --fen FEN          (every 10th position, instead)

and compares the move set / per-move counts with two oracles:

  crazyhouse, bughouse: primary = Fairy-Stockfish (`go perft 1|2`, UCI_Variant
      crazyhouse|bughouse; Fairy-Stockfish's bughouse does not put captures into the
      capturer's hand), secondary = the python-chess rules above.
  swedish: primary = the python-chess rules above, secondary = Fairy-Stockfish's
      bughouse move list minus drops that give check (own ray code) and minus the S5
      pawn drops.

vsadnik is compared with the primary oracle; a primary/secondary disagreement is
reported as ORACLE DISAGREEMENT (and also fails the position).

How the position is sent to vsadnik varies with the position number: the FEN with the
e.p. square only when an e.p. capture is legal, the FEN with the e.p. square after every
double step, the reserve as a ninth rank (`.../RNBQKBNR/Qn w ...`), or an earlier FEN of
the same game plus `--moves` with the last 1-4 moves (this checks vsadnik's own
bookkeeping of reserves, promoted pieces and, in swedish, the S6 castling restore).

Games: every game starts from one of a fixed list of positions (start position with
empty and with pre-filled reserves, `~` promoted pieces, near-promotion, castling
and e.p. set-ups, empty boards with big reserves).  Moves are random, biased towards
captures/promotions/castling, drops and checks, so that reserves fill up (crazyhouse)
and the in-check drop rules get exercised.  In bughouse and swedish a piece "arrives
from the partner" (is added to a random reserve) with probability --inject per ply.

Exit status 0: all equal; 1: mismatches; 2: a tool is missing or crashed.
Closing line: `drops-<variant>: N passed, N failed` (positions).
"""
import argparse
import random
import sys
import time

import chess

from tools import vsadnik
from tools.drops import drop_oracles as O

COMMON_STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NNPPbbpp] b KQkq - 0 1",
    # Kiwipete with reserves
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[NPbp] w KQkq - 0 1",
    # promoted pieces (~) and pawns about to promote on both sides
    "r3k2r/1P4P1/8/2Q~5/5n~2/8/1p4p1/R3K2R[Pp] w KQkq - 0 1",
    "4k3/1P1R~4/1b~6/8/8/8/6p1/4K3[RNPrnp] b - - 0 1",
    # e.p. available
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[Nn] w KQkq f6 0 3",
    "rnbqkbnr/pp1p1ppp/8/8/2pPp3/8/PPP1PPPP/RNBQKBNR[Pp] b KQkq d3 0 3",
    "4k3/8/8/1p1p1p2/8/8/8/4K3[PPPPp] w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3[Ppppp] b - - 0 1",
    # empty-ish boards with big reserves: pawn drops near the back ranks, drop checks
    "4k3/8/8/8/8/8/8/4K3[QRBNPPPqrbnppp] w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3[RRPPPPrrpppp] b - - 0 1",
    # castling with missing rooks (swedish S6 restores)
    "r3k3/pppp1ppp/8/8/8/8/PPPP1PPP/4K2R[RPrp] w Kq - 0 1",
    "4k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3[RRrr] b Qk - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRBBrrbb] w - - 0 1",
    # checks that only drops can stop
    "4k3/8/8/8/8/8/3PPP2/r3K3[NBp] w - - 0 1",
    "r1b1k2r/ppp2ppp/2n5/8/1b6/8/PPPPqPPP/RNBQKBNR[Nn] w KQkq - 0 1",
]


def pick_move(rules, state, legal, rng):
    b = state.board
    r = rng.random()
    corner = [m for m in legal if m.drop == chess.ROOK and m.to_square in (chess.A1, chess.H1, chess.A8, chess.H8)]
    if corner and rng.random() < 0.3:
        return rng.choice(corner)  # rook drops on the corners (swedish S6 restores castling)
    if r < 0.30:
        good = [m for m in legal if not m.drop and (b.is_capture(m) or m.promotion or b.is_castling(m)
                                                    or ep_chance(b, m))]
        if good:
            return rng.choice(good)
    elif r < 0.55:
        good = [m for m in legal if m.drop]
        if good:
            return rng.choice(good)
    elif r < 0.65:
        good = [m for m in legal if b.gives_check(m)]
        if good:
            return rng.choice(good)
    return rng.choice(legal)


def ep_chance(b, m):
    """A double step that lands next to an enemy pawn (gives an e.p. chance)."""
    if b.piece_type_at(m.from_square) != chess.PAWN or abs(m.to_square - m.from_square) != 16:
        return False
    f, r = chess.square_file(m.to_square), chess.square_rank(m.to_square)
    for df in (-1, 1):
        if 0 <= f + df < 8:
            p = b.piece_at(chess.square(f + df, r))
            if p and p.piece_type == chess.PAWN and p.color != b.turn:
                return True
    return False


POCKET_CAP = {chess.PAWN: 8, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 3, chess.QUEEN: 2}


def inject(state, rng):
    """A piece arrives from the partner's board (bughouse / swedish)."""
    color = rng.random() < 0.5
    pt = rng.choice([chess.PAWN] * 4 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN] * 2)
    pocket = state.board.pockets[color]
    if pocket.count(pt) < POCKET_CAP[pt]:
        pocket.add(pt)
        return True
    return False


def ninth_rank(fen):
    pos, reserve, rest = O.split_fen(fen)
    return " ".join(["%s/%s" % (pos, reserve)] + rest)


class Runner:
    def __init__(self, args):
        self.args = args
        self.variant = args.variant
        self.rules = O.Rules(args.variant)
        fs_variant = "crazyhouse" if args.variant == "crazyhouse" else "bughouse"
        self.fs = O.FairySF(fs_variant)
        self.passed = 0
        self.failed = 0
        self.oracle_disagreements = 0
        self.reported = 0
        self.perft2 = 0
        self.moves_mode = 0
        self.s6_restores = 0
        self.cov = dict.fromkeys(["in check", "checkmate", "stalemate", "drop legal", "drop blocks check",
                                  "castling legal", "e.p. legal", "promotion legal", "promoted on board"], 0)

    def report(self, kind, where, fen, sent, details):
        self.reported += 1
        if self.reported <= self.args.max_report:
            print("MISMATCH %s [%s]\n  fen: %s" % (kind, where, fen))
            if sent != fen:
                print("  sent: %s" % sent)
            for d in details:
                print("  " + d)
            sys.stdout.flush()

    def expected(self, state, fen, depth):
        """(primary divide, secondary divide)."""
        if self.variant == "swedish":
            primary = self.rules.divide(state, depth)
            if depth == 1:
                secondary = {m: 1 for m in O.swedish_moves_fs(self.fs, fen)[0]}
            else:
                secondary = O.swedish_divide2_fs(self.fs, fen)
        else:
            primary, _ = self.fs.perft(fen, depth)
            secondary = self.rules.divide(state, depth)
        return primary, secondary

    def coverage(self, state, legal):
        b = state.board
        c = self.cov
        if b.is_check():
            c["in check"] += 1
            if not legal:
                c["checkmate"] += 1
            elif any(m.drop for m in legal):
                c["drop blocks check"] += 1
        elif not legal:
            c["stalemate"] += 1
        if any(m.drop for m in legal):
            c["drop legal"] += 1
        if any(b.is_castling(m) for m in legal):
            c["castling legal"] += 1
        if any(b.is_en_passant(m) for m in legal):
            c["e.p. legal"] += 1
        if any(m.promotion for m in legal):
            c["promotion legal"] += 1
        if b.promoted & b.occupied:
            c["promoted on board"] += 1

    def check(self, hist, i, idx, where):
        state, fen = hist[i][0], hist[i][1]
        legal = self.rules.legal(state)
        self.coverage(state, legal)
        depth = 2 if idx % self.args.perft2_every == 0 else 1
        # how the position is sent
        mode = idx % 4
        vfen, vmoves = fen, []
        if mode == 1:
            k = 1 + (idx // 4) % 4
            j = i - k
            if j >= 0 and all(not hist[t][2] for t in range(j + 1, i + 1)) and \
                    (self.variant != "swedish" or O.king_never_moved_from_fen(hist[j][1]) == hist[j][0].never_moved):
                vfen = hist[j][1]
                vmoves = [hist[t][3] for t in range(j + 1, i + 1)]
                self.moves_mode += 1
            else:
                mode = 2
        if mode == 2:
            vfen = self.rules.fen(state, en_passant="fen")
        elif mode == 3 and "[]" not in fen:
            vfen = ninth_rank(fen)
        sent = vfen + ((" --moves " + " ".join(vmoves)) if vmoves else "")

        primary, secondary = self.expected(state, fen, depth)
        bad = False
        if primary != secondary:
            self.oracle_disagreements += 1
            bad = True
            self.report("ORACLE DISAGREEMENT perft %d" % depth, where, fen, fen,
                        ["primary vs secondary oracle (secondary as 'vsadnik'):"] + O.diff_divide(primary, secondary))
        got, total, problems = O.vsadnik_perft(self.args.engine, self.variant, vfen, depth, vmoves,
                                               timeout=self.args.timeout)
        if got is None:
            self.report("vsadnik error", where, fen, sent, problems)
            bad = True
        else:
            details = problems + O.diff_divide(primary, got)
            if details:
                self.report("perft %d" % depth, where, fen, sent, details)
                bad = True
        if depth == 2:
            self.perft2 += 1
        if bad:
            self.failed += 1
        else:
            self.passed += 1
        return legal

    def run_game(self, g):
        a = self.args
        rng = random.Random("%d:%s:%d" % (a.seed, self.variant, g))
        starts = COMMON_STARTS
        start = starts[g % len(starts)]
        state = self.rules.from_fen(start)
        # hist entries: (state, fen, injected_here, move_uci_that_led_here)
        hist = [(state, self.rules.fen(state), True, None)]
        for ply in range(a.max_plies + 1):
            where = "game %d ply %d" % (g, ply)
            legal = self.check(hist, ply, g + ply, where)
            if not legal or ply == a.max_plies:
                break
            m = pick_move(self.rules, state, legal, rng)
            before = state.board.castling_rights
            state = self.rules.play(state, m)
            if m.drop and state.board.clean_castling_rights() & ~before:
                self.s6_restores += 1
            injected = False
            if self.variant != "crazyhouse" and rng.random() < a.inject:
                injected = inject(state, rng)
            hist.append((state, self.rules.fen(state), injected, m.uci()))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True, choices=O.VARIANTS)
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="CI size: 14 games of at most 40 plies")
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument("--inject", type=float, default=0.15,
                    help="bughouse/swedish: probability per ply that a piece arrives in a reserve")
    ap.add_argument("--perft2-every", type=int, default=10)
    ap.add_argument("--only-game", type=int, default=None, help="replay one game number")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--max-report", type=int, default=30)
    args = ap.parse_args()
    if args.quick:
        args.games, args.max_plies = 14, 40
    args.engine = vsadnik.require(args.engine)
    t0 = time.time()
    try:
        r = Runner(args)
    except O.OracleError as e:
        print(e)
        sys.exit(2)
    games = [args.only_game] if args.only_game is not None else range(args.games)
    try:
        for g in games:
            r.run_game(g)
    except O.OracleError as e:
        print("oracle failed: %s" % e)
        sys.exit(2)
    finally:
        r.fs.close()
    print("variant %s: %d games, %d positions (%d with perft 2, %d sent as FEN + --moves), %.0f s; oracles: "
          "python-chess %s + %s" % (args.variant, len(games), r.passed + r.failed, r.perft2, r.moves_mode,
                                    time.time() - t0, chess.__version__, r.fs.name))
    print("coverage: " + ", ".join("%s %d" % kv for kv in r.cov.items())
          + (", S6 castling restores played %d" % r.s6_restores if args.variant == "swedish" else ""))
    if r.oracle_disagreements:
        print("oracle disagreements: %d" % r.oracle_disagreements)
    print("drops-%s: %d passed, %d failed" % (args.variant, r.passed, r.failed))
    sys.exit(1 if r.failed else 0)


if __name__ == "__main__":
    main()
