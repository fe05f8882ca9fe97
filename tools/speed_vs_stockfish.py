"""Speed against Stockfish, on this machine, in one run (a benchmark, not a
test): `vsadnik bench` nodes per second against `stockfish bench`'s (each
engine's own bench: one thread, its own positions and depth), and perft
from the start position (`vsadnik perft D` against Stockfish's `go perft
D`), printed as ratios. The runs alternate (vsadnik, Stockfish, vsadnik,
...) so that a machine's drift touches both; each ratio is given as the
median of the runs with the lowest and highest.

    python3 -m tools.speed_vs_stockfish [--runs 3] [--depth 7]
        [--binary target/release/vsadnik] [--stockfish /usr/games/stockfish]

vsadnik's network kernel is its own choice for the CPU
(`VSADNIK_KERNEL=generic` in the environment measures the plain code).
Timings are wall-clock: the load average is printed; run it on an idle
machine.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

from tools import vsadnik

PERFT = {5: 4865609, 6: 119060324, 7: 3195901860}


def last_number(pattern, text):
    """The number of the last line matching `pattern` (one group)."""
    found = re.findall(pattern, text, re.M)
    if not found:
        raise RuntimeError(f"no match for {pattern!r} in:\n{text[-800:]}")
    return int(found[-1])


def vsadnik_bench(binary):
    out = subprocess.run([binary, "bench"], capture_output=True, text=True, check=True)
    kernel = re.search(r"kernel: (\w+)", out.stderr)
    return last_number(r"^Nodes/second: (\d+)", out.stdout), kernel.group(1) if kernel else "?"


def stockfish_bench(sf):
    # Stockfish prints its bench summary on standard error.
    out = subprocess.run([sf, "bench"], capture_output=True, text=True, check=True)
    return last_number(r"^Nodes/second\s*: (\d+)", out.stderr + out.stdout)


def vsadnik_perft(binary, depth):
    t0 = time.perf_counter()
    out = subprocess.run([binary, "perft", str(depth)], capture_output=True, text=True,
                         check=True)
    seconds = time.perf_counter() - t0
    nodes = last_number(r"^Nodes searched: (\d+)", out.stdout)
    return nodes, seconds


def stockfish_perft(sf, depth):
    """Stockfish's `go perft`, timed from the command to its total (start-up
    excluded)."""
    p = subprocess.Popen([sf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("stockfish ended")

    send("uci")
    wait_for("uciok")
    send("position startpos")
    send("isready")
    wait_for("readyok")
    t0 = time.perf_counter()
    send(f"go perft {depth}")
    line = wait_for("Nodes searched:")
    seconds = time.perf_counter() - t0
    send("quit")
    p.wait()
    return int(line.split(":")[1]), seconds


def spread(values):
    return f"{statistics.median(values):.2f} (runs {min(values):.2f} to {max(values):.2f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", help=vsadnik.HELP)
    ap.add_argument("--stockfish", default=os.environ.get("STOCKFISH", "/usr/games/stockfish"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--depth", type=int, default=7, choices=sorted(PERFT))
    args = ap.parse_args()
    binary = vsadnik.require(args.binary)
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} alternating runs; "
          f"{binary} against {args.stockfish}")
    bench_ratio, perft_ratio = [], []
    for run in range(1, args.runs + 1):
        nps, kernel = vsadnik_bench(binary)
        sf_nps = stockfish_bench(args.stockfish)
        nodes, secs = vsadnik_perft(binary, args.depth)
        sf_nodes, sf_secs = stockfish_perft(args.stockfish, args.depth)
        for who, n in (("vsadnik", nodes), ("Stockfish", sf_nodes)):
            if n != PERFT[args.depth]:
                print(f"{who} perft {args.depth} gave {n}, not {PERFT[args.depth]}",
                      file=sys.stderr)
                return 1
        bench_ratio.append(nps / sf_nps)
        perft_ratio.append(sf_secs / secs)
        print(f"run {run}: bench {nps} nps (kernel {kernel}) vs {sf_nps} nps; "
              f"perft {args.depth} {secs:.2f} s vs {sf_secs:.2f} s")
    print(f"bench nps ratio (vsadnik / Stockfish): {spread(bench_ratio)}")
    print(f"perft {args.depth} speed ratio (Stockfish time / vsadnik time): {spread(perft_ratio)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
