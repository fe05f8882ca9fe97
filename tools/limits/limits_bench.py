"""How well vsadnik keeps its search limits, in every variant.

For every variant (or those given), the script plays seeded random games with
vsadnik's own move list (`go perft 1`) to reach fuzzed positions, and at each
one sends a search with a random limit, over UCI:

  movetime T   T in 10..500 ms: the wall time from `go` to `bestmove`
               (measured here, pipe included) against T;
  nodes N      N in 100..200000: the `nodes` of the last `info` line against N;
  clock        wtime/btime 50..5000 ms, winc/binc 0..100 ms: the wall time
               against the time left on the clock (a flag fall is a failure);
  stop         `go infinite`, then `stop` after 5..300 ms: the time from
               `stop` to `bestmove`.

A limit is kept when the search ends within 50 ms + 1 % of it (movetime,
clock: of the time left; nodes: 1 % + 2 nodes per thread, to allow for the
threads' last node) and `stop` is obeyed within 50 ms. The
summary gives, per variant and kind, the searches, the worst and the 99th
percentile overshoot, and the failures; the exit status is 1 if any search
failed its limit, so CI can run a short version.

  python3 -m tools.limits.limits_bench [--engine PATH] [--positions N]
      [--seed S] [--threads T] [--variants a,b] [--hash MB]

This is a benchmark (wall times on a possibly busy machine), not a unit test.
"""
import argparse
import random
import subprocess
import sys
import threading
import queue
import time

from tools import vsadnik
SLACK_MS = 50.0
SLACK_FRACTION = 0.01


class Engine:
    """A vsadnik process spoken to over UCI, with a reader thread so that
    the time a line arrives is taken when it arrives."""

    def __init__(self, path, variant, threads, hash_mb):
        self.proc = vsadnik.start(path, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout=60.0):
        """Lines up to and including the first starting with `prefix`, and
        the time that one arrived."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                t, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError(f"no '{prefix}' within {timeout} s (hang?)")
            if line is None:
                raise RuntimeError(f"engine exited while waiting for '{prefix}'")
            seen.append(line)
            if line.startswith(prefix):
                return seen, t

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        seen, _ = self.wait_for("Nodes searched")
        return [line.split(":")[0] for line in seen if ":" in line and not line.startswith("Nodes")]

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def last_nodes(lines):
    for line in reversed(lines):
        words = line.split()
        if words and words[0] == "info" and "nodes" in words:
            return int(words[words.index("nodes") + 1])
    return 0


def one_search(engine, rng, threads):
    """Runs one search with a random limit; returns (kind, limit, measured,
    overshoot, failed)."""
    kind = rng.choice(["movetime", "nodes", "clock", "stop"])
    engine.send("isready")
    engine.wait_for("readyok")
    if kind == "movetime":
        limit = rng.choice([10, 20, 50, 100, 200, 500])
        t0 = time.monotonic()
        engine.send(f"go movetime {limit}")
        _, t1 = engine.wait_for("bestmove")
        took = (t1 - t0) * 1000
        over = took - limit
        return kind, limit, took, over, over > SLACK_MS + SLACK_FRACTION * limit
    if kind == "nodes":
        limit = rng.choice([100, 1000, 5000, 20000, 100000, 200000])
        engine.send(f"go nodes {limit}")
        lines, _ = engine.wait_for("bestmove")
        nodes = last_nodes(lines)
        over = nodes - limit
        return kind, limit, nodes, over, over > SLACK_FRACTION * limit + 2 * threads
    if kind == "clock":
        left = rng.choice([50, 100, 200, 500, 1000, 2000, 5000])
        inc = rng.choice([0, 0, 10, 100])
        t0 = time.monotonic()
        engine.send(f"go wtime {left} btime {left} winc {inc} binc {inc}")
        _, t1 = engine.wait_for("bestmove")
        took = (t1 - t0) * 1000
        over = took - left
        return kind, left, took, over, took > left
    delay = rng.choice([5, 20, 100, 300])
    engine.send("go infinite")
    time.sleep(delay / 1000)
    t0 = time.monotonic()
    engine.send("stop")
    _, t1 = engine.wait_for("bestmove")
    took = (t1 - t0) * 1000
    return kind, delay, took, took, took > SLACK_MS


def percentile(values, p):
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


def bench_variant(path, variant, args, rng):
    engine = Engine(path, variant, args.threads, args.hash)
    results = []
    try:
        while len(results) < args.positions:
            moves = []
            for _ in range(rng.randrange(0, args.max_plies)):
                legal = engine.legal_moves(moves)
                if not legal:
                    break
                moves.append(rng.choice(legal))
            if not engine.legal_moves(moves):
                continue
            engine.position(moves)
            kind, limit, measured, over, failed = one_search(engine, rng, args.threads)
            results.append((kind, limit, measured, over, failed))
            if failed:
                print(f"  FAILED {variant} {kind} {limit}: {measured:.0f} "
                      f"(position startpos moves {' '.join(moves)})", flush=True)
    finally:
        engine.close()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--positions", type=int, default=40, help="searches per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument("--variants", default="")
    args = ap.parse_args()
    args.engine = vsadnik.require(args.engine)
    variants = args.variants.split(",") if args.variants else vsadnik.run(
        args.engine, ["variants"], capture_output=True, text=True, check=True).stdout.split()
    failures = 0
    print(f"{'variant':22} {'kind':9} {'n':>4} {'worst over':>11} {'p99 over':>9} {'failed':>6}")
    for v in variants:
        rng = random.Random(f"{args.seed}-{v}")
        results = bench_variant(args.engine, v, args, rng)
        for kind, unit in [("movetime", "ms"), ("nodes", "nodes"), ("clock", "ms"), ("stop", "ms")]:
            rows = [r for r in results if r[0] == kind]
            if not rows:
                continue
            overs = [r[3] for r in rows]
            failed = sum(1 for r in rows if r[4])
            failures += failed
            print(f"{v:22} {kind:9} {len(rows):4} {max(overs):8.0f} {unit:5}"
                  f"{percentile(overs, 99):6.0f} {failed:6}", flush=True)
    print(f"searches over their limit: {failures}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
