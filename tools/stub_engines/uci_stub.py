#!/usr/bin/env python3
"""A UCI stub engine for testing `vsadnik match`: it plays the first legal
move (in vsadnik's generation order) at once, or misbehaves on request.

Options (N counts this engine's own moves in the current game, from 1):
  --name NAME          the `id name` (default: uci-stub)
  --crash-after N      exit without a word when asked for move N+1
  --stderr-then-crash N
                       when asked for move N+1, write 25 numbered lines to
                       standard error (`uci-stub: stderr line K of 25`), then
                       exit with status 3
  --hang-after N       never answer the request for move N+1 (ignores `stop`)
  --illegal-after N    answer the request for move N+1 with an illegal move:
                       the first (from-square, to-square) pair, in square
                       order a1, b1, ..., h8, of one of its pieces that is not
                       a legal move
  --garbage-after N    answer the request for move N+1 with `bestmove xyzzy`
  --slow-after N       for move N+1, sleep past its remaining time (remaining
                       time + 300 ms), then answer
  --resign-score CP    report `score cp CP` with every move (for adjudication)
  --random SEED        play a random legal move (seeded per game) instead
  --no-uciok           never answer `uci` (protocol detection test)
Chess only. Only the Python standard library is used; the legal moves come
from a vsadnik child process (oracle.py, found by the rule of tools/vsadnik.py).
Started by path, it needs the repository on PYTHONPATH (README.md here).
"""
import random
import sys
import time

from tools.stub_engines import oracle

FLAGS = ("no-uciok",)
LIMITS = ("crash-after", "stderr-then-crash", "hang-after", "illegal-after", "garbage-after",
          "slow-after")


def parse_args(args):
    """The options as {name: value}, True for flags."""
    opt = {}
    i = 0
    while i < len(args):
        key = args[i].lstrip("-")
        if key in FLAGS:
            opt[key] = True
            i += 1
        else:
            opt[key] = args[i + 1]
            i += 2
    return opt


def illegal_move(rules, fen, moves):
    """A well-formed move of one of our pieces that the rules forbid."""
    legal = set(rules.legal_moves("chess", fen, moves))
    white = oracle.side_to_move(fen, moves) == "w"
    for frm, piece in sorted(oracle.pieces(rules.fen("chess", fen, moves)).items()):
        if piece.isupper() != white:
            continue
        for to in range(64):
            m = oracle.square_name(frm) + oracle.square_name(to)
            if to != frm and m not in legal:
                return m
    raise RuntimeError("no illegal move found")


def crash_with_stderr():
    """Writes 25 numbered lines to standard error and exits with status 3."""
    for k in range(1, 26):
        sys.stderr.write("uci-stub: stderr line %d of 25\n" % k)
    sys.stderr.flush()
    sys.exit(3)


def main():
    opt = parse_args(sys.argv[1:])
    name = opt.get("name", "uci-stub")
    limit = {k: int(opt[k]) for k in LIMITS if k in opt}
    score = opt.get("resign-score")
    rng = random.Random(int(opt["random"])) if "random" in opt else None
    rules = oracle.Oracle()

    fen, moves = None, []  # the last `position`: None for the start position
    own_moves = 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def over(key, n):
        return key in limit and n > limit[key]

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci":
            if opt.get("no-uciok"):
                continue
            out("id name " + name)
            out("id author vsadnik tests")
            out("uciok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "ucinewgame":
            own_moves = 0
            if rng is not None:
                rng.seed(int(opt["random"]))
        elif cmd == "position":
            k = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:k]) if words[1] == "fen" else None
            moves = words[k + 1:]
        elif cmd == "go":
            n = own_moves + 1
            own_moves = n
            if over("crash-after", n):
                sys.exit(3)
            if over("stderr-then-crash", n):
                crash_with_stderr()
            if over("hang-after", n):
                while True:
                    time.sleep(3600)
            if over("slow-after", n):
                key = "wtime" if oracle.side_to_move(fen, moves) == "w" else "btime"
                remaining = int(words[words.index(key) + 1])
                time.sleep(remaining / 1000 + 0.3)
            if over("illegal-after", n):
                out("bestmove " + illegal_move(rules, fen, moves))
                continue
            if over("garbage-after", n):
                out("bestmove xyzzy")
                continue
            legal = rules.legal_moves("chess", fen, moves)
            if not legal:
                out("bestmove (none)")
                continue
            move = rng.choice(legal) if rng is not None else legal[0]
            if score is not None:
                out("info depth 1 score cp %s nodes 1 pv %s" % (score, move))
            out("bestmove " + move)
        elif cmd == "quit":
            return


if __name__ == "__main__":
    oracle.run(main, "uci-stub")
