#!/usr/bin/env python3
"""An XBoard (CECP v2) stub engine for testing `vsadnik match`: it plays the
first legal move (python-chess's generation order) at once.

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
"""
import sys
import time

import chess


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

    board = chess.Board()
    force = False
    my_color = chess.BLACK
    own_moves = 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def think():
        nonlocal own_moves
        if board.is_game_over():
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
        move = list(board.legal_moves)[0]
        text = board.san(move) if "move-san" in flags else move.uci()
        board.push(move)
        out("move " + text)

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
            board = chess.Board()
            force = False
            my_color = chess.BLACK
            own_moves = 0
        elif cmd == "force":
            force = True
        elif cmd == "setboard":
            board = chess.Board(" ".join(words[1:]))
        elif cmd == "go":
            force = False
            my_color = board.turn
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
            try:
                move = board.parse_san(text) if san_in else chess.Move.from_uci(text)
                if move not in board.legal_moves:
                    raise ValueError(text)
            except ValueError:
                out("Illegal move: " + text)
                continue
            board.push(move)
            if not force and board.turn == my_color:
                think()


if __name__ == "__main__":
    main()
