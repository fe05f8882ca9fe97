"""Checks that vsadnik builds and benches the way OpenBench expects: `make
-j EXE=NAME` at the repository root leaves the engine at NAME, and
`NAME bench` ends with lines from which the node count and the speed are
read as OpenBench's client reads them (its documented rule: the output is
searched from its last line up for `nodes searched N` / `N nodes` and for
`nodes second N` / `N nps`, any punctuation read as a space). The bench
must give the same node count on every run (OpenBench refuses a
non-deterministic bench).

    python3 -m tools.campaign.openbench_build [--runs 2]

Prints the node count and each run's speed; exit status 1 on any fault.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from tools import REPO

NODES = [re.compile(p, re.I) for p in (r"nodes searched\s+(\d+)", r"(\d+)\s+nodes\b",
                                       r"\bnodes\s+(\d+)")]
SPEED = [re.compile(p, re.I) for p in (r"nodes second\s+(\d+)", r"(\d+)\s+nps\b", r"\bnps\s+(\d+)")]


def read_bench(text):
    """(nodes, nps) from a bench's output, each the first match from the
    last line up; None where nothing matches."""
    nodes = nps = None
    for line in reversed(text.strip().splitlines()):
        line = re.sub(r"[^a-zA-Z0-9 ]+", " ", line)
        for pattern in NODES:
            m = pattern.search(line)
            if m and nodes is None:
                nodes = int(m.group(1))
        for pattern in SPEED:
            m = pattern.search(line)
            if m and nps is None:
                nps = int(m.group(1))
    return nodes, nps


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="vsadnik-openbench-") as tmp:
        exe = os.path.join(tmp, "vsadnik-ob")
        build = subprocess.run(["make", "-j", f"EXE={exe}", "CC=cc", "CXX=c++"], cwd=REPO,
                               capture_output=True, text=True)
        if build.returncode != 0 or not os.access(exe, os.X_OK):
            print("make EXE=... failed:\n" + build.stdout + build.stderr, file=sys.stderr)
            return 1
        counts, speeds = set(), []
        for _ in range(args.runs):
            # OpenBench runs `./NAME bench` in the binary's directory.
            out = subprocess.run(["./vsadnik-ob", "bench"], cwd=tmp, capture_output=True,
                                 text=True, timeout=60)
            nodes, nps = read_bench(out.stdout)
            if out.returncode != 0 or nodes is None or nps is None:
                print(f"bench unreadable (status {out.returncode}):\n{out.stdout[-500:]}",
                      file=sys.stderr)
                return 1
            counts.add(nodes)
            speeds.append(nps)
    if len(counts) != 1:
        print(f"non-deterministic bench: {sorted(counts)}", file=sys.stderr)
        return 1
    print(f"OpenBench build: make EXE=NAME ok; bench {counts.pop()} nodes; nps {speeds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
