"""Where progressive games are lost: for every game of a `vsadnik match
--debug` log that ended in a mate at a series start search (`score mate 1`),
search the loser's series start before it again with a bigger node budget
and tell what that search sees:

- "lost anyway": it too finds every candidate series mated (`score mate -1`);
- "big search mated too": it plays a series after which the winner, searched
  with the same budget, still mates;
- "escaped": the winner finds no mate after the series it plays;
- "big search wins": it finds a mate of its own.

    python3 -m tools.progressive.where_lost LOG VSADNIK NODES [--variant V]

LOG is the standard error of `vsadnik match ... --debug` (one game at a
time: `--concurrency 1`, since the engines' lines of parallel games cannot be
told apart); VSADNIK the engine to search with. docs/strength.md,
"Progressive English: minimax before defence", has a run.
"""
import argparse
import re

from tools import vsadnik


def parse(log):
    """The searches of the log: (game, engine, position, last info, bestmove)."""
    searches, pending, game, first = [], {}, 0, None
    for line in open(log, errors="replace"):
        m = re.match(r"(.*?) ([<>]) (.*)", line.rstrip("\n"))
        if not m:
            continue
        eng, way, text = m.groups()
        if way == ">" and text == "ucinewgame":
            first = first or eng
            game += eng == first
        elif way == ">" and text.startswith("position"):
            pending[eng] = {"pos": text, "info": ""}
        elif way == "<" and text.startswith("info depth") and eng in pending:
            pending[eng]["info"] = text
        elif way == "<" and text.startswith("bestmove") and eng in pending:
            p = pending.pop(eng)
            searches.append((game, eng, p["pos"], p["info"], text))
    return searches


def field(info, pattern):
    m = re.search(pattern, info)
    return m.groups() if m else None


def nodes_of(info):
    f = field(info, r" nodes (\d+)")
    return int(f[0]) if f else 0


def score_of(info):
    f = field(info, r" score (cp|mate) (-?\d+)")
    return (f[0], int(f[1])) if f else None


def pv_of(info):
    f = field(info, r" pv (.*)")
    return f[0].split() if f else []


def search(binary, variant, pos, nodes):
    """The last `info depth` line of a search of `pos` with `nodes` nodes."""
    p = vsadnik.start(binary, text=True)
    p.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\n{pos}\ngo nodes {nodes}\n")
    p.stdin.flush()
    info = ""
    for line in p.stdout:
        if line.startswith("info depth"):
            info = line.strip()
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log")
    ap.add_argument("binary")
    ap.add_argument("nodes", type=int)
    ap.add_argument("--variant", default="progressive-english")
    a = ap.parse_args()
    a.binary = vsadnik.require(a.binary)
    # Series starts only: the later moves of a series come from the plan.
    starts = [s for s in parse(a.log) if nodes_of(s[3]) > 0]
    tally = {}
    for g in sorted({s[0] for s in starts}):
        gs = [s for s in starts if s[0] == g]
        mates = [i for i, s in enumerate(gs) if score_of(s[3]) == ("mate", 1)]
        if not mates or mates[0] == 0:
            continue
        winner, loser = gs[mates[0]], gs[mates[0] - 1]
        if loser[1] == winner[1]:
            continue
        big = search(a.binary, a.variant, loser[2], a.nodes)
        score = score_of(big)
        if score == ("mate", -1):
            verdict = "lost anyway"
        elif score is not None and score[0] == "mate" and score[1] > 0:
            verdict = "big search wins"
        else:
            sep = " " if " moves " in loser[2] else " moves "
            after = search(a.binary, a.variant, loser[2] + sep + " ".join(pv_of(big)), a.nodes)
            verdict = "big search mated too" if score_of(after) == ("mate", 1) else "escaped"
        tally[verdict] = tally.get(verdict, 0) + 1
        print(f"game {g}: loser {loser[1]}, score {score_of(loser[3])} in the game, "
              f"{score} at {a.nodes} nodes: {verdict}", flush=True)
    print(tally)


if __name__ == "__main__":
    main()
