"""Differential test of vsadnik's Chess-tranzit against tools/tranzit/tranzit_ref.py.

Plays seeded random games with the Python reference (from the start position and from
hand-made FENs: kings on board II, checks on board II, en passant on board II, decided
boards with the results/transferred fields, kings on dead boards, T11/T15 borders) and,
at every position reached, compares:

  * the legal action set:  vsadnik perft 1 --variant tranzit --fen FEN --divide
    (FEN written by the reference, so the FEN reading and the results field are checked);
  * the same set reached through the history: vsadnik perft 1 --variant tranzit
    --fen GAME_START --moves M1 ... Mk --divide (checks move parsing and the results
    judged along the way, repetition T10 included: the history starts at GAME_START);
  * every --perft-every'th position: perft 2 per action (--divide) from the FEN and
    perft 2 from the history; perft 3 too when the reference's perft 2 is small.

A position where vsadnik rejects the FEN/moves or differs is a failure; the details
(FEN, game start and moves, actions missing/extra, differing counts) are printed and,
for count differences, the line is followed down to the first position whose action set
differs.  Closing line: `tranzit: N passed, N failed` (one check = one comparison).
Exit status 1 on any mismatch, 2 when the engine cannot be run. The engine is vsadnik
as tools/vsadnik.py finds it, unless --engine names one.

Action choice: uniform among the legal actions, except that with probability --bias an
action is drawn from the "interesting" ones (transfers, captures, king transfers, checks,
actions that decide a board), with probability --undo-bias the side undoes its previous
action when that is still legal (to provoke T10 repetitions), and with probability
--decide-bias an action that decides a board is played when there is one.  Each game has
its own RNG seeded from (seed, game number): --only-game K replays game K.

Examples:
  python3 -m tools.tranzit.compare --quick              # 40 games, a couple of minutes
  python3 -m tools.tranzit.compare --games 400 --seed 7
  python3 -m tools.tranzit.compare --engine tools/tranzit/tranzit_ref.py   # self-check
"""
import argparse
import os
import random
import subprocess
import sys
import time

from tools import vsadnik
from tools.tranzit import tranzit_ref as T


def fen_of(pieces, side="w", castling="-", ep="-", quiet=0, move=1, results="--", trans="-"):
    """Build a tranzit FEN from {'e1': 'K', 'm8': 'k', ...}."""
    bd = [None] * 128
    for sq, pc in pieces.items():
        bd[T.parse_sq(sq)] = pc
    p = T.Pos()
    p.bd = bd
    p.white = side == "w"
    p.castle = "" if castling == "-" else castling
    p.ep = None if ep == "-" else T.parse_sq(ep)
    p.quiet = quiet
    p.fullmove = move
    p.res = list(results)
    p.trans = "" if trans == "-" else trans
    return T.to_fen(p)


def P(spec):
    """'Ke1 Qd1 Pa2 ... ; ke8 ...' -> dict (upper = white, lower = black)."""
    d = {}
    for tok in spec.split():
        d[tok[1:]] = tok[0]
    return d


# Hand-made starting positions for games (all legal: the side not to move is not in check).
GAME_FENS = [
    ("start", T.START_FEN),
    ("kings on board II, pieces on both boards",
     fen_of(P("Km1 Qd1 Ra1 Rh1 Pa2 Pb2 Pc2 Pf2 Pg2 Nj3 Pn2 Bc1 "
              "km8 qd8 ra8 rh8 pa7 pb7 pc7 pf7 pg7 bj6 po7 nb8"), trans="WB", move=12)),
    ("white king on board II in check by a bishop on board II",
     fen_of(P("Km1 Qd1 Ra1 Pa2 Pb2 Pc2 Ng1 Pl2 "
              "ke8 qd8 ra8 pa7 pb7 pc7 pe7 pf7 bp4 nj6"), trans="WB", castling="q", move=9)),
    ("en passant on board II (o7-o5 just played)",
     fen_of(P("Ke1 Rh1 Pa2 Pb2 Pf2 Pn5 Pj2 Nk3 "
              "ke8 ra8 pa7 pb7 pf7 po5 pi7 nl6"), ep="o6", castling="Kq", trans="WB", move=10)),
    ("black kings on board II, en passant on board II for black",
     fen_of(P("Ke1 Qd1 Pa2 Pb2 Pk4 Nf3 Rh1 "
              "km8 qd8 pa7 pb7 pj4 nn6 rp8"), side="b", ep="k3", castling="K", trans="WB", move=15)),
    ("board I drawn, both kings on board II, pieces left on board I",
     fen_of(P("Kn2 Rd1 Pa2 Pb3 Ng4 Qj1 Pk2 "
              "kn7 rd8 pa7 pb6 bf5 qo8 pj7"), results="d-", trans="WB", move=30)),
    ("board I won by White, black king on dead board I must transfer (free square)",
     fen_of(P("Kg6 Qg7 Ra1 Pb2 Nk3 Pl2 "
              "kg8 pa7 rj7 bn4 pm6"), side="b", results="w-", trans="WB", move=25)),
    ("board I won by White, both kings on dead board I, black transfers first",
     fen_of(P("Kf6 Qg7 Pb2 Ni3 Pl2 Rj1 "
              "kh8 pa7 rk7 pm6 bo5"), side="b", results="w-", trans="WB", move=25)),
    ("board II won by Black, white king on dead board II must transfer",
     fen_of(P("Kn1 Qd4 Pb2 Pc2 Rh1 "
              "kn3 qo2 re8 pa7 pb7 ph7"), results="-b", trans="WB", move=40)),
    ("quiet counter 96: T15 in reach",
     fen_of(P("Ke1 Rh1 Nb1 Nk3 Qn4 "
              "ke8 ra8 nb8 bj6 qo5"), castling="Kq", quiet=96, trans="WB", move=80)),
    ("white has a lone knight on board I (T11 by transfer or capture)",
     fen_of(P("Km1 Nd4 Qn4 Rj1 Pk2 Pl2 "
              "ke8 qd8 pc7 pe7 rp8 bo7 po6"), trans="WB", move=20)),
    ("transfers that would give check / king destinations attacked",
     fen_of(P("Ke1 Qd1 Rh1 Bc1 Nb1 Pa2 Pb2 Pe2 Nm4 "
              "km8 qj5 ra8 bf8 pa7 pb7 pn7 po7 rp6"), castling="K", trans="WB", move=14)),
    ("castling on board I with rights, pieces on board II",
     fen_of(P("Ke1 Ra1 Rh1 Pa2 Pb2 Pg2 Pf2 Qj4 Nn3 "
              "ke8 ra8 rh8 pa7 pb7 pg7 pf7 qk5 bo6"), castling="KQkq", trans="WB", move=12)),
    ("mate-in-one chances on board II",
     fen_of(P("Kc1 Qd1 Rh1 Pa2 Pb2 Ro7 Qi1 "
              "kp8 ra8 pa7 pb7 pc7 rk8 bm5"), trans="WB", move=22)),
    ("promotions on board II for both sides",
     fen_of(P("Km3 Pj7 Pc2 Ra1 Ni5 "
              "ke8 po2 pa7 rh8 nk8 pb7"), castling="k", trans="WB", move=33)),
    ("black has only king and a pawn on board I (T11 for Black)",
     fen_of(P("Ke1 Qd1 Ra1 Pa2 Pb2 Nk3 "
              "kh8 ph7 qm5 rn8 bo6 pj7"), trans="WB", move=27)),
]


def validate(fen):
    """Problems of a hand-made position (empty list = usable)."""
    p = T.parse_fen(fen)
    out = []
    if T.in_check(p, not p.white):
        out.append("side not to move is in check")
    if p.res[0] == "-":
        for w in (True, False):
            if not any(x and x.isupper() == w for x in (p.bd[s] for s in T.BOARD_SQS[0])):
                out.append("%s has nothing on live board I" % ("white" if w else "black"))
    ks = p.ksq[1 if p.white else 0]
    if T.in_check(p) and not T.has_fide_escape(p, p.white, T.board_of(ks)):
        out.append("side to move is already mated")
    return out


def _fx(name):
    for n, f in GAME_FENS:
        if n.startswith(name):
            return f
    raise KeyError(name)


# Scripted lines checked through --moves (history): (name, rule and expectation, start, moves).
# The expectation is the reference's; the text says what it should be by hand.
SCRIPTED = [
    ("knight shuffle, start repeated 3 times",
     "T10: the 3rd occurrence of the start (the loaded position counts) is made by a FIDE move on "
     "board I: board I drawn, both kings stand on it, White (to move) must transfer e1m1: 1 action",
     T.START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"),
    ("transfer shuffle, start repeated 3 times",
     "T10: the repeating action is a transfer: both boards drawn, 0 actions. The T10 fine point lists "
     "what makes positions equal (pieces, side, castling, results, pending transfers, e.p.); the "
     "transferred flags (T14, `WB` here, `-` at the start) are not in the list",
     T.START_FEN, "g1o1 g8o8 o1g1 o8g8 g1o1 g8o8 o1g1 o8g8"),
    ("transfer shuffle, 2nd occurrence only",
     "T10: after 6 transfers the position after ply 2 occurs for the 2nd time: play goes on "
     "(38 actions)",
     T.START_FEN, "g1o1 g8o8 o1g1 o8g8 g1o1 g8o8"),
    ("e.p. square without a legal e.p. capture does not count",
     "T10 fine point: after e2e4 the e.p. square e3 cannot be used, so the position equals the one "
     "after the knights' round trips; the 3rd occurrence (f3g1, board I) draws board I: both kings "
     "on it, Black (to move) must transfer e8m8: 1 action",
     T.START_FEN, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1"),
    ("castling rights are part of the position",
     "T10 fine point: after Kf1/Kf8 and back the rights are gone, so the loaded position does not "
     "repeat: after 8 plies only 2 occurrences of the rightless position, the game goes on",
     _fx("castling on board I"), "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8"),
    ("castling rights are part of the position (3rd occurrence)",
     "...and 2 plies later the position after ply 2 (Kf1/Kf8, no rights left) occurs for the 3rd "
     "time (plies 2, 6, 10): board I drawn, both kings on it, White must transfer f1n1 (n1 free; "
     "Qk5/Bo6 do not attack it): 1 action",
     _fx("castling on board I"), "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8 e1f1 e8f8"),
    ("king shuffle on board II",
     "T10 on board II: board II drawn with both kings on it, White (to move) must transfer m1e1: "
     "1 action",
     _fx("kings on board II"), "m1l1 m8l8 l1m1 l8m8 m1l1 m8l8 l1m1 l8m8"),
    ("transfer shuffle with the transferred flags already set",
     "T10 across transfers (they reset the T15 counter but are reversible: the history must not be "
     "cut there): the loaded position's 3rd occurrence comes by the transfer i8a8: both boards "
     "drawn, 0 actions",
     _fx("kings on board II"), "a1i1 a8i8 i1a1 i8a8 a1i1 a8i8 i1a1 i8a8"),
    ("cycle of transfers and king moves",
     "T10: the 3rd occurrence comes by l8m8, a FIDE move on board II: board II drawn, both kings "
     "on it, White must transfer m1e1: 1 action",
     _fx("kings on board II"), "a1i1 a8i8 m1l1 m8l8 i1a1 i8a8 l1m1 l8m8 a1i1 a8i8 m1l1 m8l8 i1a1 i8a8 l1m1 l8m8"),
    ("repetition on the last live board",
     "T10 with board I already drawn: the 3rd occurrence draws board II, both boards decided: 0",
     _fx("board I drawn"), "n2m2 n7m7 m2n2 m7n7 n2m2 n7m7 m2n2 m7n7"),
    ("100 quiet actions",
     "T15: quiet counter 96 + 4 knight moves = 100: every live board drawn: 0 actions",
     _fx("quiet counter 96"), "b1c3 b8c6 c3b1 c6b8"),
    ("99 quiet actions",
     "T15: one short of 100: play goes on",
     _fx("quiet counter 96"), "b1c3 b8c6 c3b1"),
    ("T11 by capture, then the winner's king on the dead board",
     "T11 + T13: d8xd4 takes White's last piece on board I: Black wins board I; White plays n1m1 on "
     "board II; Black's Ke8, left on the dead board, must now transfer e8m8: 1 action",
     _fx("white has a lone knight"), "m1n1 d8d4 n1m1"),
    ("fool's mate on board I",
     "T8 + T13: f3 e5 g4 Qh4#: board I won by Black with both kings on it; White (to move) transfers "
     "first: e1m1 (free, not attacked): 1 action",
     T.START_FEN, "f2f3 e7e5 g2g4 d8h4"),
    ("fool's mate on board I, White's king gone",
     "T13: then Black's Ke8 must transfer e8m8 (free; Km1 does not reach m8): 1 action",
     T.START_FEN, "f2f3 e7e5 g2g4 d8h4 e1m1"),
]


class Engine:
    def __init__(self, path, timeout=60):
        # A .py engine (the reference, for a self-check) runs under this Python.
        if path.endswith(".py"):
            self.program, self.base = sys.executable, [path]
        else:
            self.program, self.base = path, []
        self.timeout = timeout
        self.calls = 0

    def perft(self, depth, fen, moves=None, divide=True):
        args = self.base + ["perft", str(depth), "--variant", "tranzit", "--fen", fen]
        if moves:
            args += ["--moves"] + list(moves)
        if divide:
            args.append("--divide")
        self.calls += 1
        try:
            r = vsadnik.run(self.program, args, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return None, None, "timeout"
        if r.returncode != 0:
            return None, None, (r.stderr.strip() or "exit %d" % r.returncode)
        div, total = {}, None
        for line in r.stdout.splitlines():
            line = line.strip()
            if line.startswith("Nodes searched:"):
                total = int(line.split(":")[1])
            elif ":" in line and not line.startswith("perft"):
                m, n = line.split(":", 1)
                try:
                    div[m.strip()] = int(n)
                except ValueError:
                    pass
        if total is None:
            return None, None, "no 'Nodes searched' line"
        return div, total, None


class Checker:
    def __init__(self, eng, args):
        self.eng = eng
        self.args = args
        self.passed = 0
        self.failed = 0
        self.reports = 0
        self.drills = 0
        self.signatures = {}

    def fail(self, title, lines, sig=None):
        self.failed += 1
        if sig is not None:
            self.signatures[sig] = self.signatures.get(sig, 0) + 1
            if self.signatures[sig] > self.args.max_same:
                return
        if self.reports >= self.args.max_report:
            return
        self.reports += 1
        print("MISMATCH " + title)
        for line in lines:
            print("  " + line)
        sys.stdout.flush()

    @staticmethod
    def classify(pos, missing, extra):
        """A short name for the kind of difference at a position (for grouping)."""
        if pos is None:
            return "count difference"
        kinds = set()
        white = pos.white
        ks = pos.ksq[1 if white else 0]
        kb = T.board_of(ks)
        chk = T.in_check(pos)
        for m in extra:
            frm, to = T.parse_sq(m[0:2]), T.parse_sq(m[2:4])
            is_tr = abs((frm & 15) - (to & 15)) == 8 and (frm >> 4) == (to >> 4)
            if chk and ((not is_tr and T.board_of(frm) != kb) or (is_tr and T.board_of(to) != kb and frm != ks)):
                kinds.add("T7: vsadnik allows an action off the checked king's board while in check")
            elif T.game_over(pos):
                kinds.add("vsadnik plays on where the reference has both boards decided "
                          "(the results judged along the moves differ)")
            else:
                kinds.add("vsadnik allows %s %s" % ("transfer" if is_tr else "move", "(in check)" if chk else ""))
        for m in missing:
            frm, to = T.parse_sq(m[0:2]), T.parse_sq(m[2:4])
            is_tr = abs((frm & 15) - (to & 15)) == 8 and (frm >> 4) == (to >> 4)
            kinds.add("vsadnik refuses %s %s" % ("transfer" if is_tr else "move", "(in check)" if chk else ""))
        return "; ".join(sorted(kinds))

    def compare_div(self, ref, eng):
        missing = sorted(m for m in ref if m not in eng)
        extra = sorted(m for m in eng if m not in ref)
        counts = sorted(m for m in ref if m in eng and ref[m] != eng[m])
        return missing, extra, counts

    def drill(self, fen, moves, depth):
        """Follow count differences down (depth first, every differing action, within a
        budget of engine calls) to the first positions whose action sets differ; returns
        report lines and sets self.last_kind to the kinds found there."""
        lines = []
        kinds = {}
        budget = [self.args.drill_budget]

        def rec(mv, d):
            if d < 1 or budget[0] <= 0:
                return
            budget[0] -= 1
            self.drills += 1
            g = T.Game(fen)
            for m in mv:
                g.play(m)
            ref = dict(g.divide(d))
            eng, _, err = self.eng.perft(d, fen, mv)
            if err:
                k = "engine error: " + err.splitlines()[0].split(") ", 1)[-1]
                if k not in kinds:
                    lines.append("engine error %s after --moves %s" % (err.splitlines()[0], " ".join(mv)))
                kinds[k] = kinds.get(k, 0) + 1
                return
            missing, extra, counts = self.compare_div(ref, eng)
            if missing or extra:
                k = self.classify(g.pos, missing, extra)
                if kinds.get(k, 0) < 2:
                    lines.append("differing position [%s]: %s" % (k, T.to_fen(g.pos)))
                    lines.append("  reached by --moves %s" % " ".join(mv))
                    if missing:
                        lines.append("  only in reference: %s" % " ".join(missing))
                    if extra:
                        lines.append("  only in vsadnik:   %s" % " ".join(extra))
                kinds[k] = kinds.get(k, 0) + 1
            for m in counts:
                rec(mv + [m], d - 1)

        rec(list(moves), depth)
        if kinds:
            self.last_kind = " | ".join(sorted(kinds))
        else:
            self.last_kind = "count difference not located (budget %d)" % self.args.drill_budget
        return lines

    def check_set(self, title, fen, moves, ref_div, depth=1, start=None, pos=None):
        if moves is None:
            eng, total, err = self.eng.perft(depth, fen)
        else:
            eng, total, err = self.eng.perft(depth, start, moves)
        where = ["fen: %s" % fen]
        if start is not None:
            where.append("game start: %s" % start)
            where.append("moves: %s" % " ".join(moves or []))
        if err:
            e = err.splitlines()
            short = e[0].split(") ", 1)[-1] if e else err
            self.fail(title + " (engine error)", where + ["vsadnik: %s" % "\n    ".join(e[:2])],
                      sig="engine error: " + short)
            return False
        missing, extra, counts = self.compare_div(ref_div, eng)
        if not (missing or extra or counts):
            self.passed += 1
            return True
        lines = list(where)
        if missing:
            lines.append("only in reference (vsadnik misses): %s" % " ".join(missing))
        if extra:
            lines.append("only in vsadnik (reference refuses): %s" % " ".join(extra))
        for m in counts[:12]:
            lines.append("%s: reference %d, vsadnik %d" % (m, ref_div[m], eng[m]))
        kind = self.classify(pos, missing, extra) if (missing or extra) else None
        if counts and depth > 1:
            if moves is None:
                lines += self.drill(fen, [], depth)
            else:
                lines += self.drill(start, moves, depth)
            if kind is None:
                kind = self.last_kind
        lines.insert(0, "kind: " + kind)
        self.fail(title, lines, sig=kind)
        return False


def choose(rng, g, acts, args, last_own):
    p = g.pos
    if args.undo_bias and last_own is not None and rng.random() < args.undo_bias:
        back = [a for a in acts if a[0] == last_own[1] and a[1] == last_own[0] and a[2] is None]
        if back:
            return rng.choice(back)
    if rng.random() < args.decide_bias and len(acts) <= 80:
        deciding = []
        for a in acts:
            q = T.make(p, a, None)
            if q.res != p.res or not T.legal_actions(q):
                deciding.append(a)
        if deciding:
            return rng.choice(deciding)
    if rng.random() < args.bias:
        weighted = []
        ks = p.ksq[1 if p.white else 0]
        for a in acts:
            w = 0
            if a[3] == T.TRANSFER:
                w += 3 if a[0] != ks else 8
            if p.bd[a[1]] is not None or a[3] == T.EP:
                w += 5
            if a[3] in (T.EP, T.CASTLE) or a[2]:
                w += 4
            if w == 0:
                q = T.make(p, a, None)
                if T.in_check(q):
                    w += 4
            if w:
                weighted.append((w, a))
        if weighted:
            tot = sum(w for w, _ in weighted)
            x = rng.random() * tot
            for w, a in weighted:
                x -= w
                if x <= 0:
                    return a
            return weighted[-1][1]
    return rng.choice(acts)


def play_game(chk, gi, name, start, args):
    rng = random.Random("%s/%d" % (args.seed, gi))
    g = T.Game(start)
    last = {True: None, False: None}
    for ply in range(args.max_plies + 1):
        acts = g.legal()
        fen = T.to_fen(g.pos)
        ref_div = {T.action_str(a): 1 for a in acts}
        title = "game %d (%s) ply %d" % (gi, name, ply)
        pos = g.pos
        chk.check_set(title + " [--fen]", fen, None, ref_div, pos=pos)
        if ply and (ply % args.history_every == 0 or not acts or ply == args.max_plies):
            chk.check_set(title + " [--moves]", fen, g.moves, ref_div, start=start, pos=pos)
        if ply % args.perft_every == args.perft_every - 1 and acts:
            # perft 2 per action from the FEN (fresh history) and through the history
            fg = T.Game(fen)
            d2 = dict(fg.divide(2))
            chk.check_set(title + " [--fen perft 2]", fen, None, d2, depth=2, pos=pos)
            hd2 = dict(g.divide(2))
            chk.check_set(title + " [--moves perft 2]", fen, g.moves, hd2, depth=2, start=start, pos=pos)
            if sum(d2.values()) <= args.perft3_limit:
                d3 = dict(fg.divide(3))
                chk.check_set(title + " [--fen perft 3]", fen, None, d3, depth=3, pos=pos)
        if not acts:
            return ply, T.final_results(g.pos)
        a = choose(rng, g, acts, args, last[g.pos.white])
        last[g.pos.white] = a
        g.play(a)
    return args.max_plies, g.pos.res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", help=vsadnik.HELP + "; a .py file runs under this Python")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--quick", action="store_true", help="40 games of at most 60 plies")
    ap.add_argument("--max-plies", type=int, default=100)
    ap.add_argument("--perft-every", type=int, default=10)
    ap.add_argument("--perft3-limit", type=int, default=2500,
                    help="perft 3 when the reference's perft 2 is at most this")
    ap.add_argument("--history-every", type=int, default=3,
                    help="check the --moves form every Nth ply (and at the end)")
    ap.add_argument("--bias", type=float, default=0.6)
    ap.add_argument("--undo-bias", type=float, default=0.2)
    ap.add_argument("--decide-bias", type=float, default=0.3)
    ap.add_argument("--only-game", type=int)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="run the engine in place instead of a copy taken at the start")
    ap.add_argument("--max-report", type=int, default=60)
    ap.add_argument("--max-same", type=int, default=3,
                    help="print at most this many mismatches of one kind (all are counted)")
    ap.add_argument("--drill-budget", type=int, default=40,
                    help="engine calls to locate the positions behind one count difference")
    args = ap.parse_args()
    if args.quick:
        args.games = min(args.games, 40)
        args.max_plies = min(args.max_plies, 60)
    # A .py engine (the reference) is not vsadnik: a missing one fails the first perft below.
    py = args.engine and args.engine.endswith(".py")
    engine = args.engine if py else vsadnik.require(args.engine)
    if not args.no_snapshot and not py:
        # others rebuild target/release while this runs: test one fixed binary
        import atexit
        import hashlib
        import shutil
        import tempfile
        tmpdir = tempfile.mkdtemp(prefix="tranzit-compare-")
        atexit.register(shutil.rmtree, tmpdir, ignore_errors=True)
        snap = os.path.join(tmpdir, "vsadnik")
        shutil.copy2(engine, snap)
        with open(snap, "rb") as fh:
            digest = hashlib.sha256(fh.read()).hexdigest()[:16]
        print("engine: %s (snapshot %s, built %s, sha256 %s)" % (
            engine, snap, time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(os.path.getmtime(engine))), digest))
        engine = snap
    eng = Engine(engine)
    _, tot, err = eng.perft(1, T.START_FEN)
    if err or tot != 36:
        sys.stderr.write("compare.py: engine does not run tranzit perft: %s\n" % (err or tot))
        return 2
    chk = Checker(eng, args)
    t0 = time.time()
    for name, note, start, moves in SCRIPTED:
        g = T.Game(start)
        for m in moves.split():
            g.play(m)
        ref = {T.action_str(a): 1 for a in g.legal()}
        ok = chk.check_set("scripted: %s (%s)" % (name, note), T.to_fen(g.pos), moves.split(), ref,
                           start=start, pos=g.pos)
        if args.verbose:
            print("scripted %-60s reference %d actions: %s" % (name, len(ref), "ok" if ok else "MISMATCH"))
    endings = {}
    for gi in range(args.games):
        if args.only_game is not None and gi != args.only_game:
            continue
        name, start = GAME_FENS[gi % len(GAME_FENS)] if gi % 3 else GAME_FENS[0]
        plies, res = play_game(chk, gi, name, start, args)
        if args.verbose or (gi + 1) % 25 == 0:
            sys.stderr.write("game %d done (%s, %d plies, results %s): %d passed, %d failed\n" % (
                gi, name, plies, "".join(res), chk.passed, chk.failed))
        key = "".join(res)
        endings[key] = endings.get(key, 0) + 1
    dt = time.time() - t0
    print("games: %d, engine calls: %d, %.0f s; final results (board I, II): %s" % (
        args.games if args.only_game is None else 1, eng.calls, dt,
        ", ".join("%s x%d" % (k, v) for k, v in sorted(endings.items()))))
    if chk.signatures:
        print("mismatch kinds (at the first differing position): count")
        for sig, n in sorted(chk.signatures.items(), key=lambda x: -x[1]):
            print("  %s: %d" % (sig, n))
    print("tranzit: %d passed, %d failed" % (chk.passed, chk.failed))
    return 1 if chk.failed else 0


if __name__ == "__main__":
    sys.exit(main())
