"""Clock use and endings of team games, read from the BPGN that `vsadnik match`
writes (its `{seconds}` clock comments, the partner messages it records as
`{White on board A to partner: TEXT}`, and the closing `{... loses on time}`).

For each engine (the first word of its name): seconds a move and seconds
left at a player's last move, and both by move number in steps of five
(`moves 1-4: 0.86 s, 13.0 s left`); how the games ended for the first engine
named in `--us`; for each loss on time of ours, what the flagged player and
the other board were doing (its last message, and whether the opponents had
asked their partner to `sit`); and the messages sent, by first word.

  python3 -m tools.strength.team_clocks FILE.bpgn [...] [--us vsadnik] [--top 20]
"""
import argparse
import collections
import re

TELL = re.compile(r"\{(White|Black) on board ([AB]) to partner: ([^}]*)\}")
PHASE = 5  # move numbers per row of the clock use by move number
LAST_PHASE = 8  # the row that takes every later move (40+)
MOVE = re.compile(r"(\d+)([ABab])\. \S+ \{([\d.]+)\}")
FLAG = re.compile(r"\{(White|Black) on board ([AB]) loses on time\}")


def games(path):
    """Yields (tags, body) for each game of a BPGN file."""
    text = open(path, encoding="utf-8").read()
    for chunk in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        yield tags, body


def engine(name):
    return name.split()[0] if name.split() else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--us", default="vsadnik", help="the engine whose results are counted")
    ap.add_argument("--base", type=float, default=15.0, help="seconds on each clock at the start")
    ap.add_argument("--inc", type=float, default=0.1, help="increment per move in seconds")
    ap.add_argument("--top", type=int, default=20, help="message kinds listed")
    args = ap.parse_args()
    for path in args.files:
        spent = collections.defaultdict(list)
        by_phase = collections.defaultdict(lambda: collections.defaultdict(list))
        left = collections.defaultdict(list)
        ends = collections.Counter()
        flags = collections.Counter()
        tells = collections.Counter()
        n = 0
        for tags, body in games(path):
            n += 1
            seat = {(b, c): tags["%s%s" % (c, b)] for b in "AB" for c in ("White", "Black")}
            last_tell = {}
            sits = collections.Counter()
            for colour, board, text in TELL.findall(body):
                who = engine(seat[(board, colour)])
                word = text.split()[0] if text.split() else ""
                tells[(who, word)] += 1
                last_tell[(board, colour)] = word
                if word == "sit":
                    sits[who] += 1
            prev, last = {}, {}
            for num, board, clock in MOVE.findall(body):
                key = (board.upper(), "Black" if board.islower() else "White")
                who = engine(seat[key])
                c = float(clock)
                used = prev.get(key, args.base) + (args.inc if key in prev else 0) - c
                spent[who].append(used)
                by_phase[who][min(int(num) // PHASE, LAST_PHASE)].append((used, c))
                prev[key] = c
                last[key] = (who, c)
            for who, c in last.values():
                left[who].append(c)
            result = tags.get("Result", "*")
            ours_white_a = engine(tags.get("WhiteA", "")) == args.us
            if result == "1/2-1/2":
                outcome = "draw"
            elif result in ("1-0", "0-1"):
                outcome = "%s wins" % args.us if (result == "1-0") == ours_white_a else "%s loses" % args.us
            else:
                outcome = "unfinished"
            ends[(outcome, tags.get("Termination", "?"))] += 1
            flag = FLAG.search(body)
            if flag and engine(seat[(flag.group(2), flag.group(1))]) == args.us:
                them = [engine(seat[k]) for k in seat if engine(seat[k]) != args.us]
                flags[(last_tell.get((flag.group(2), flag.group(1)), "-"),
                       "the opponents asked sit in that game" if any(sits[t] for t in set(them))
                       else "no sit asked in that game")] += 1
        print("%s: %d games" % (path, n))
        for who in sorted(spent):
            print("  %s: %.2f s a move, %.1f s left at the end" % (
                who, sum(spent[who]) / len(spent[who]), sum(left[who]) / max(1, len(left[who]))))
            rows = []
            for phase, moves in sorted(by_phase[who].items()):
                first = max(1, phase * PHASE)
                span = "%d+" % first if phase == LAST_PHASE else "%d-%d" % (first, phase * PHASE + PHASE - 1)
                rows.append("moves %s: %.2f s, %.1f s left" % (
                    span, sum(u for u, _ in moves) / len(moves), sum(c for _, c in moves) / len(moves)))
            print("    " + "; ".join(rows))
        for key, count in sorted(ends.items()):
            print("  %s by %s: %d" % (key[0], key[1], count))
        for key, count in flags.most_common():
            print("  %s lost on time, its last message %r, %s: %d" % (args.us, key[0], key[1], count))
        print("  messages: " + ", ".join("%s %s %d" % (w, t, c) for (w, t), c in tells.most_common(args.top)))


if __name__ == "__main__":
    main()
