#!/usr/bin/env python3
"""An XBoard (CECP v2) stub engine for testing `vsadnik match`: it plays the
first legal move (in vsadnik's generation order) at once.

It announces its features in two `feature` lines, the first ending with
`done=0`, so the runner must wait for the final `done=1`.

Options (N counts this engine's own moves in the current game, from 1):
  --name NAME        myname (default: xboard-stub)
  --san              feature san=1: the runner sends moves in SAN
  --no-usermove      feature usermove=0: moves arrive without `usermove`
  --no-ping          no ping feature
  --move-san         send its own moves in SAN (`move Nf3`)
  --resign-after N   resign instead of making move N+1
  --claim-after N    make a false draw claim instead of move N+1
  --crash-after N    exit without a word when asked for move N+1
  --no-features      behave like a protocol-1 engine (no feature lines)
  --delay S          wait S seconds before each move
Chess only. Only the Python standard library is used; the legal moves and
their SAN come from a vsadnik child process (oracle.py, found by the rule of
tools/vsadnik.py). Started by path, it needs the repository on PYTHONPATH
(README.md here).
"""
import sys
import time

from tools.stub_engines import oracle


def bare(san):
    """SAN without check, mate and annotation marks (`Qh8#` -> `Qh8`)."""
    return san.rstrip("+#!?")


def main():
    args = sys.argv[1:]
    flags = {a.lstrip("-") for a in args if a.startswith("--")}

    def value(key, default=None):
        if "--" + key in args:
            return args[args.index("--" + key) + 1]
        return default

    name = value("name", "xboard-stub")
    san_in = "san" in flags
    usermove = "no-usermove" not in flags
    limits = {k: int(value(k)) for k in ("resign-after", "claim-after", "crash-after")
              if value(k) is not None}
    delay = float(value("delay", "0"))
    rules = oracle.Oracle()

    fen, moves = None, []  # the game: a start FEN (None: start position), moves since
    force = False
    my_color = "b"
    own_moves = 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def think():
        nonlocal own_moves
        legal = rules.moves_with_san(fen, moves)
        if not legal:
            return
        n = own_moves + 1
        own_moves = n
        if "crash-after" in limits and n > limits["crash-after"]:
            sys.exit(3)
        if "resign-after" in limits and n > limits["resign-after"]:
            out("resign")
            return
        if "claim-after" in limits and n > limits["claim-after"]:
            out("1/2-1/2 {Draw by repetition}")
            return
        if delay:
            time.sleep(delay)
        coords, san = legal[0]
        moves.append(coords)
        out("move " + (san if "move-san" in flags else coords))

    def parse(text):
        """The legal move `text` (SAN if san=1, else coordinates) in
        coordinates, or None."""
        for coords, san in rules.moves_with_san(fen, moves):
            if (bare(san) == bare(text)) if san_in else (coords.lower() == text.lower()):
                return coords
        return None

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protover":
            if "no-features" in flags:
                continue
            out('feature myname="%s" usermove=%d san=%d setboard=1 done=0'
                % (name, usermove, san_in))
            time.sleep(0.1)
            out("feature ping=%d sigint=0 sigterm=0 colors=0 variants=\"normal\" done=1"
                % ("no-ping" not in flags))
        elif cmd == "new":
            fen, moves = None, []
            force = False
            my_color = "b"
            own_moves = 0
        elif cmd == "force":
            force = True
        elif cmd == "setboard":
            fen, moves = " ".join(words[1:]), []
        elif cmd == "go":
            force = False
            my_color = oracle.side_to_move(fen, moves)
            think()
        elif cmd == "ping":
            out("pong " + words[1])
        elif cmd == "result":
            force = True
        elif cmd == "quit":
            return
        elif cmd in ("xboard", "accepted", "rejected", "level", "time", "otim", "post",
                     "nopost", "easy", "hard", "computer", "random", "variant", "?", "st",
                     "sd"):
            continue
        else:
            text = words[1] if cmd == "usermove" else cmd
            if cmd != "usermove" and usermove:
                out("Error (unknown command): " + cmd)
                continue
            move = parse(text)
            if move is None:
                out("Illegal move: " + text)
                continue
            moves.append(move)
            if not force and oracle.side_to_move(fen, moves) == my_color:
                think()


if __name__ == "__main__":
    oracle.run(main, "xboard-stub")
