"""Soak test: vsadnik against itself in every variant through `vsadnik match`.

Plays GAMES games per variant at a fast time control (default 1+0.01; team
variants with four engines), reads the PGN/BPGN the runner writes, and
prints per variant the games, the results and how they ended; time
forfeits and engine faults (illegal move, crash, stalled connection, false
claim) are counted apart. Exit status 1 if there was any forfeit or fault.

  python3 -m tools.soak.soak [--engine PATH] [--games N] [--tc TC]
      [--concurrency K] [--variants a,b] [--out DIR]

The openings of tools/strength/ are used where a variant has a file.
"""
import argparse
import collections
import os
import re
import sys
import tempfile
import time

from tools import REPO, vsadnik

TEAM = {"bughouse", "swedish"}
FAULTS = {"time forfeit", "illegal move", "engine crash", "stalled connection", "rules infraction"}


def openings_for(variant):
    name = "openings.epd" if variant == "chess" else f"openings_{variant}.epd"
    path = os.path.join(REPO, "tools", "strength", name)
    return path if os.path.exists(path) else None


def terminations(pgn_path):
    """(result, termination) of every game in a PGN or BPGN file."""
    games = []
    result = term = None
    with open(pgn_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
            if not m:
                continue
            key, value = m.groups()
            if key in ("Event",) and result is not None:
                games.append((result, term))
                result = term = None
            if key == "Result":
                result = value
            elif key == "Termination":
                term = value
    if result is not None:
        games.append((result, term))
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=23, help="games per variant")
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--variants", default="")
    ap.add_argument("--out", default="", help="folder for the PGN files (default: a temporary one)")
    args = ap.parse_args()
    args.engine = vsadnik.require(args.engine)
    variants = args.variants.split(",") if args.variants else vsadnik.run(
        args.engine, ["variants"], capture_output=True, text=True, check=True).stdout.split()
    out = args.out or tempfile.mkdtemp(prefix="vsadnik-soak-")
    os.makedirs(out, exist_ok=True)
    print(f"PGN files in {out}")
    print(f"{'variant':22} {'games':>5} {'1-0':>4} {'0-1':>4} {'draw':>4} {'forfeits':>8} {'faults':>6} "
          f"{'min':>5}  endings")
    total_games = total_bad = total_forfeits = 0
    for v in variants:
        pgn = os.path.join(out, f"{v}.pgn")
        if os.path.exists(pgn):
            os.remove(pgn)
        engines = 4 if v in TEAM else 2
        cmd = ["match", "--variant", v, "--games", str(args.games), "--tc", args.tc,
               "--concurrency", str(1 if v in TEAM else args.concurrency), "--pgn", pgn]
        for _ in range(engines):
            cmd += ["--engine", args.engine]
        book = openings_for(v)
        if book:
            cmd += ["--openings", book]
        t0 = time.monotonic()
        run = vsadnik.run(args.engine, cmd, capture_output=True, text=True)
        minutes = (time.monotonic() - t0) / 60
        if run.returncode != 0:
            print(f"{v}: vsadnik match failed ({run.returncode}): {run.stderr.strip()[-500:]}")
            total_bad += 1
            continue
        games = terminations(pgn)
        results = collections.Counter(r for r, _ in games)
        endings = collections.Counter(t for _, t in games)
        forfeits = endings.get("time forfeit", 0)
        faults = sum(n for t, n in endings.items() if t in FAULTS) - forfeits
        total_games += len(games)
        total_forfeits += forfeits
        total_bad += faults
        ending_text = ", ".join(f"{t} {n}" for t, n in endings.most_common())
        print(f"{v:22} {len(games):5} {results.get('1-0', 0):4} {results.get('0-1', 0):4} "
              f"{results.get('1/2-1/2', 0):4} {forfeits:8} {faults:6} {minutes:5.1f}  {ending_text}",
              flush=True)
    print(f"games {total_games}, time forfeits {total_forfeits}, other faults {total_bad}")
    sys.exit(1 if total_forfeits or total_bad else 0)


if __name__ == "__main__":
    main()
