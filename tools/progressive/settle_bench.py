"""Time for vsadnik to settle the mate question of progressive-chess
positions: find the mate in the current series (`info ... score mate 1`) or
prove there is none (`info string no mate in this series (proved)`).

One UCI process, one thread, `go infinite` per position; the time is the
wall clock from `go` to the settling line (a position not settled within
--limit seconds counts as unsettled, with the limit as its time). Every mate
found is replayed with the independent python-chess reference
(progressive_ref.py) and must end the series with the opponent mated; a
verdict that contradicts the CSV's label (`mate` / `none`; `?` = unknown) is
an error. Prints a line per position, then a table per rule set and series
length: positions, median, max, settled, errors.

  python3 -m tools.progressive.settle_bench \\
      [--csv data/progressive/hidden_style.csv] [--variants italian,scottish] \\
      [--limit 30] [--nmin 8 --nmax 12] [--binary target/release/vsadnik]

CSV columns: `id`, `fen`, `series_length` and, per rule set V, an optional
label column `V` (mate, none or ?). The public set has no label columns:
every position there has a mate (`--label mate`).
"""

import argparse
import csv
import os
import queue
import statistics
import sys
import threading
import time

from tools import REPO, vsadnik
from tools.progressive import progressive_ref as ref

PROVED = "info string no mate in this series (proved)"


class Uci:
    """A vsadnik UCI process."""

    def __init__(self, binary):
        self.p = vsadnik.start(binary, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.send("uci")
        self.until(lambda line: line == "uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read(self):
        for text in self.p.stdout:
            self.lines.put(text.rstrip("\n"))
        self.lines.put(None)

    def line(self, timeout=None):
        """The next line (None after `timeout` seconds)."""
        try:
            text = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if text is None:
            raise RuntimeError("the engine closed its output")
        return text

    def until(self, pred):
        while True:
            text = self.line()
            if pred(text):
                return text

    def sync(self):
        self.send("isready")
        self.until(lambda line: line == "readyok")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def pv_of(line):
    words = line.split()
    return words[words.index("pv") + 1:] if "pv" in words else []


def mates(fen, variant, moves):
    """True when the moves complete the mover's series with the opponent mated."""
    s = ref.State.from_fen(fen, variant)
    n = s.n
    for i, text in enumerate(moves):
        legal = {m.uci(): m for m in s.legal_moves()}
        if text not in legal:
            return False
        s = s.play(legal[text])
        if (s.n != n) != (i + 1 == len(moves)):
            return False
    return s.board.is_check() and not s.legal_moves()


def settle(engine, fen, limit):
    """(verdict, seconds, pv): verdict 'mate', 'none' or 'unsettled'."""
    engine.send("position fen " + fen)
    engine.sync()
    start = time.monotonic()
    engine.send("go infinite")
    verdict, pv, seconds = "unsettled", [], limit
    while True:
        left = start + limit - time.monotonic()
        if left <= 0:
            break
        text = engine.line(left)
        if text is None:
            break
        if text == PROVED:
            verdict, seconds = "none", time.monotonic() - start
            break
        if text.startswith("info") and " score mate 1 " in text:
            verdict, seconds, pv = "mate", time.monotonic() - start, pv_of(text)
            break
        if text.startswith("bestmove"):
            raise RuntimeError("bestmove before the search settled: " + fen)
    engine.send("stop")
    engine.until(lambda line: line.startswith("bestmove"))
    return verdict, seconds, pv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default=os.path.join(REPO, "data", "progressive", "hidden_style.csv"))
    ap.add_argument("--variants", default="italian,scottish")
    ap.add_argument("--limit", type=float, default=30.0)
    ap.add_argument("--nmin", type=int, default=1)
    ap.add_argument("--nmax", type=int, default=99)
    ap.add_argument("--ids", default="", help="comma-separated ids (default: all)")
    ap.add_argument("--label", default="", help="label for rows without one (e.g. mate)")
    ap.add_argument("--binary", help=vsadnik.HELP)
    args = ap.parse_args()
    args.binary = vsadnik.require(args.binary)
    with open(args.csv) as f:
        rows = [r for r in csv.DictReader(f) if args.nmin <= int(r["series_length"]) <= args.nmax]
    if args.ids:
        keep = set(args.ids.split(","))
        rows = [r for r in rows if r["id"] in keep]
    results = {}
    errors = 0
    for variant in args.variants.split(","):
        engine = Uci(args.binary)
        engine.send("setoption name UCI_Variant value progressive-" + variant)
        for r in rows:
            engine.send("ucinewgame")
            verdict, seconds, pv = settle(engine, r["fen"], args.limit)
            label = r.get(variant) or args.label or "?"
            bad = ""
            if verdict == "mate" and not mates(r["fen"], variant, pv):
                bad = "NOT A MATE"
            elif verdict in ("mate", "none") and label in ("mate", "none") and verdict != label:
                bad = "WRONG (label %s)" % label
            errors += bool(bad)
            n = int(r["series_length"])
            results.setdefault((variant, n), []).append((seconds, verdict != "unsettled", bool(bad)))
            print("%s #%s n=%d %s %.3f s %s %s" % (variant, r["id"], n, verdict, seconds,
                                                     " ".join(pv), bad), flush=True)
        engine.close()
    print()
    print("| rules | n | positions | median s | max s | settled | errors |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for variant in args.variants.split(","):
        keys = sorted(k for k in results if k[0] == variant)
        groups = [(str(k[1]), results[k]) for k in keys]
        groups.append(("all", [x for k in keys for x in results[k]]))
        for n, xs in groups:
            times = [x[0] for x in xs]
            print("| %s | %s | %d | %.2f | %.2f | %d | %d |" % (
                variant, n, len(xs), statistics.median(times), max(times),
                sum(x[1] for x in xs), sum(x[2] for x in xs)))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
