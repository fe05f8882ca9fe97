"""Makes a "hidden-style" set of progressive-chess problems like the public
mate set (data/progressive/progressive_mates_public.csv) but with longer
series, n = 8..12, and labels every position under Italian and Scottish
rules: `mate` (with the mate found, replayed and checked by the independent
python-chess reference, progressive_ref.py), `none` (vsadnik proved there is
no mate in the series) or `?` (not settled within the labelling limit; kept
so that the set is not biased towards what the solver settles).

The public problems are "mate in n" where the mate needs the whole series
(under Scottish rules, where a check ends the series, vsadnik's shortest
mate has n moves for every n = 9 problem). So a problem here is a game
position with a series length n set to the length of its shortest mate:

1. A game: the first series follow a real chess opening (White's moves of
   the line for White's series, Black's for Black's, skipping what is not
   legal), then seeded random series play under Italian rules (biased to
   captures, promotions, pawn advances and, on a series' last move,
   checks), each series after the third with probability --engine-share
   vsadnik's own (`go depth 2`, which avoids allowing a mate next where it
   can). The position at the start of series t (t drawn from 4..9) is the
   candidate.
2. Probe: the length k of the mover's shortest Scottish mate within 11 or
   12 moves (the mover's parity), by probes in mid-series with fewer and
   fewer moves left until vsadnik proves there is no mate (`shortest`). A
   shortest mate of k moves, 8 <= k <= 12, of the mover's parity gives the
   problem "mate in k", and the same position with n = k + 2 (<= 12; the
   public set's solutions are not always the shortest either); with
   k >= 10 also the problem with n = k - 2, which has no mate (no Scottish
   mate shorter than k, and an Italian mate is a Scottish one). A candidate
   proved to have no mate within 11 or 12 moves is a problem with that n
   and no mate. Candidates with shorter mates are too easy and dropped,
   and so are those with en passant targets or in check (no mid-series
   probe) and those a probe does not settle within --probe-limit.
3. Labels under both rule sets at the problem's n (--limit).

With --style random the positions are the game positions at the start of
series n = 8..12 themselves (the same number for each n), labelled as they
come: mostly easy mates (random play leaves the kings open) and a few
positions without a mate where vsadnik's series defended.

  python3 -m tools.progressive.make_hidden_style --count 60 --seed 1 \\
      [--limit 30] [--probe-limit 20] [--out data/progressive/hidden_style.csv]
      [--style shortest|random] [--relabel] [--append]
"""

import argparse
import csv
import os
import random

import chess

from tools import REPO, vsadnik
from tools.progressive import progressive_ref as ref
from tools.progressive import settle_bench as bench

# Real opening lines (SAN), a few moves each side.
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6 Nc3 Bg7",
    "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+",
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6",
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O",
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5",
    "c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5",
    "Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7",
    "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bf5",
    "e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5 Nf6",
    "d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O",
]

VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9,
         chess.KING: 0}


def opening_moves(line):
    """White's and Black's moves of an opening line, as UCI strings."""
    b = chess.Board()
    side = {chess.WHITE: [], chess.BLACK: []}
    for san in line.split():
        m = b.parse_san(san)
        side[b.turn].append(m.uci())
        b.push(m)
    return side


def weight(s, m):
    b = s.board
    w = 1.0
    victim = b.piece_type_at(m.to_square)
    if victim:
        w += 2 + VALUE[victim]
    if m.promotion:
        w += 8
    if b.piece_type_at(m.from_square) == chess.PAWN:
        w += 0.5
    if s.last_move_of_series() and b.gives_check(m):
        w += 3
    return w


def random_series(s, rng, book):
    """Plays the mover's series: book moves first (when legal), then random."""
    n = s.n
    while s.n == n:
        moves = s.legal_moves()
        if not moves:
            return None
        legal = {m.uci(): m for m in moves}
        while book and book[0] not in legal:
            book.pop(0)
        if book:
            m = legal[book.pop(0)]
        else:
            m = rng.choices(moves, [weight(s, x) for x in moves])[0]
        s = s.play(m)
    return s


def engine_series(engine, s):
    """vsadnik's series from s (`go depth 2`), played on the reference."""
    engine.send("position fen " + s.fen())
    engine.send("go depth 2")
    pv = []
    while True:
        text = engine.line()
        if text.startswith("info") and " pv " in text:
            pv = bench.pv_of(text)
        if text.startswith("bestmove"):
            break
    n = s.n
    for text in pv:
        legal = {m.uci(): m for m in s.legal_moves()}
        if text not in legal or s.n != n:
            return None
        s = s.play(legal[text])
    return s if s.n != n else None


def over(s):
    b = s.board
    return not s.legal_moves() or b.is_insufficient_material()


def candidate(rng, engine, engine_share, target=None):
    """A game position at the start of series `target` (default: drawn from
    4..9), or None."""
    if target is None:
        target = rng.randint(4, 9)
    book = opening_moves(rng.choice(OPENINGS))
    s = ref.State.from_fen(ref.START, "italian")
    while s.n < target:
        if over(s):
            return None
        if s.n > 3 and rng.random() < engine_share:
            s = engine_series(engine, s)
        else:
            s = random_series(s, rng, book[s.board.turn])
        if s is None:
            return None
    return None if over(s) else s.fen()


def with_series(fen, n):
    """The FEN with series length n (at a series start)."""
    f = fen.split()
    return " ".join(f[:5] + [str(n)])


def shortest(fen, prober, limit, top):
    """The moves of the mover's shortest Scottish mate within `top` moves:
    0 when there is none, None when a probe is not settled within `limit`
    seconds.

    A probe with `left` moves is the position in mid-series (series `top`,
    `top - left` moves played); each mate found sets the next probe one
    move shorter, until one proves there is none. Stops early below 8."""
    best, left = 0, top
    while left >= 1:
        probe = with_series(fen, top) + ("" if left == top else " %d" % (top - left))
        prober.send("ucinewgame")
        verdict, _, pv = bench.settle(prober, probe, limit)
        if verdict == "none":
            return best
        if verdict != "mate":
            return None
        best = len(pv)
        if best < 8:
            return best
        left = best - 1
    return best


def problems(fen, prober, limit):
    """The problems (FENs) a candidate gives, see the module documentation."""
    f = fen.split()
    white = f[1] == "w"
    # Mid-series probes need no en passant targets (their meaning differs
    # in mid-series) and the mover out of check.
    if f[3] != "-" or ref.State.from_fen(fen, "scottish").board.is_check():
        return []
    top = 11 if white else 12
    k = shortest(fen, prober, limit, top)
    if k == 0:
        return [with_series(fen, top)]
    if k is None or k < 8 or (k % 2 == 1) != white:
        return []
    out = [with_series(fen, k)]
    if k + 2 <= 12:
        out.append(with_series(fen, k + 2))
    if k >= 10:
        out.append(with_series(fen, k - 2))
    return out


def label(row, judges, limit):
    """Fills the row's label and solution columns (judged by vsadnik)."""
    fen = row["fen"]
    for v, judge in judges.items():
        judge.send("ucinewgame")
        verdict, _, pv = bench.settle(judge, fen, limit)
        if verdict == "mate" and not bench.mates(fen, v, pv):
            raise RuntimeError("%s: %s is no %s mate" % (fen, pv, v))
        row[v] = {"mate": "mate", "none": "none"}.get(verdict, "?")
        row[v + "_solution"] = " ".join(pv)


def write(path, rows):
    """The set as CSV."""
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        w.writerows(rows)


COLUMNS = ["id", "fen", "series_length", "italian", "italian_solution", "scottish",
           "scottish_solution"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=30.0, help="labelling limit, seconds")
    ap.add_argument("--engine-share", type=float, default=0.5)
    ap.add_argument("--probe-limit", type=float, default=20.0, help="probe limit, seconds")
    ap.add_argument("--out", default=os.path.join(REPO, "data", "progressive", "hidden_style.csv"))
    ap.add_argument("--style", choices=["shortest", "random"], default="shortest",
                    help="problems whose mate needs the series (default), or "
                    "random game positions at series 8..12 as they come")
    ap.add_argument("--relabel", action="store_true",
                    help="judge the `?` labels of --out again instead of making positions")
    ap.add_argument("--append", action="store_true",
                    help="add --count positions to those of --out")
    ap.add_argument("--binary", help=vsadnik.HELP)
    args = ap.parse_args()
    args.binary = vsadnik.require(args.binary)
    rng = random.Random(args.seed)
    player = bench.Uci(args.binary)
    player.send("setoption name UCI_Variant value progressive-italian")
    prober = bench.Uci(args.binary)
    prober.send("setoption name UCI_Variant value progressive-scottish")
    judges = {}
    for v in ("italian", "scottish"):
        judges[v] = bench.Uci(args.binary)
        judges[v].send("setoption name UCI_Variant value progressive-" + v)
    rows, seen = [], set()
    if args.relabel:
        # Labels `?` judged again (by a newer vsadnik, or with a longer limit).
        with open(args.out) as f:
            rows = list(csv.DictReader(f))
        for row in rows:
            if "?" in (row["italian"], row["scottish"]):
                label(row, judges, args.limit)
                print(row, flush=True)
    elif args.append:
        with open(args.out) as f:
            rows = list(csv.DictReader(f))
        seen = {r["fen"].split()[0] for r in rows}
    first = len(rows)
    per_n = -(-args.count // 5)
    # Random style: positions at series 8..12 as they come, the same number
    # for each n. Shortest style: one series length drawn per candidate.
    targets = [n for n in range(8, 13) for _ in range(per_n)] if args.style == "random" else []
    while not args.relabel and len(rows) < first + args.count:
        target = targets[0] if targets else None
        fen = candidate(rng, player, args.engine_share, target)
        if fen is None or fen.split()[0] in seen:
            continue
        seen.add(fen.split()[0])
        found = [fen] if targets else problems(fen, prober, args.probe_limit)
        if targets:
            targets.pop(0)
        for problem in found:
            row = {"id": len(rows) + 1, "fen": problem, "series_length": problem.split()[5]}
            label(row, judges, args.limit)
            rows.append(row)
            print(row, flush=True)
            write(args.out, rows)
    for e in [player, prober, *judges.values()]:
        e.close()
    write(args.out, rows)


if __name__ == "__main__":
    main()
