#!/usr/bin/env python3
"""A UCI stub engine for testing `vsadnik match`: it plays the first legal move
(python-chess's generation order) at once, or misbehaves on request.

Options (N counts this engine's own moves in the current game, from 1):
  --name NAME          the `id name` (default: uci-stub)
  --crash-after N      exit without a word when asked for move N+1
  --hang-after N       never answer the request for move N+1 (ignores `stop`)
  --illegal-after N    answer the request for move N+1 with an illegal move
  --garbage-after N    answer the request for move N+1 with `bestmove xyzzy`
  --slow-after N       for move N+1, sleep past its remaining time (remaining
                       time + 300 ms), then answer
  --resign-score CP    report `score cp CP` with every move (for adjudication)
  --random SEED        play a random legal move (seeded per game) instead
  --no-uciok           never answer `uci` (protocol detection test)
Only the Python standard library and python-chess are used.
"""
import random
import sys
import time

import chess


def illegal_move(board):
    """A well-formed move of one of our pieces that the rules forbid."""
    for frm, piece in sorted(board.piece_map().items()):
        if piece.color != board.turn:
            continue
        for to in chess.SQUARES:
            m = chess.Move(frm, to)
            if to != frm and not board.is_legal(m):
                return m
    raise RuntimeError("no illegal move found")


def main():
    args = sys.argv[1:]
    opt = {}
    i = 0
    while i < len(args):
        key = args[i].lstrip("-")
        if key in ("no-uciok",):
            opt[key] = True
            i += 1
        else:
            opt[key] = args[i + 1]
            i += 2
    name = opt.get("name", "uci-stub")
    limit = {k: int(opt[k]) for k in ("crash-after", "hang-after", "illegal-after",
                                       "garbage-after", "slow-after") if k in opt}
    score = opt.get("resign-score")
    rng = random.Random(int(opt["random"])) if "random" in opt else None

    board = chess.Board()
    played = []  # the move list of the last `position`, to extend incrementally
    base_fen = None
    own_moves = 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

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
            if words[1] == "startpos":
                fen, rest = None, words[2:]
            else:
                fen, rest = " ".join(words[2:8]), words[8:]
            moves = rest[1:] if rest and rest[0] == "moves" else []
            if fen == base_fen and moves[:len(played)] == played and len(moves) >= len(played):
                new = moves[len(played):]
            else:
                board = chess.Board(fen) if fen else chess.Board()
                new = moves
            for m in new:
                board.push_uci(m)
            played = list(moves)
            base_fen = fen
        elif cmd == "go":
            n = own_moves + 1
            own_moves = n
            if "crash-after" in limit and n > limit["crash-after"]:
                sys.exit(3)
            if "hang-after" in limit and n > limit["hang-after"]:
                while True:
                    time.sleep(3600)
            if "slow-after" in limit and n > limit["slow-after"]:
                key = "wtime" if board.turn == chess.WHITE else "btime"
                remaining = int(words[words.index(key) + 1])
                time.sleep(remaining / 1000 + 0.3)
            if "illegal-after" in limit and n > limit["illegal-after"]:
                out("bestmove " + illegal_move(board).uci())
                continue
            if "garbage-after" in limit and n > limit["garbage-after"]:
                out("bestmove xyzzy")
                continue
            legal = list(board.legal_moves)
            move = rng.choice(legal) if rng is not None else legal[0]
            if score is not None:
                out("info depth 1 score cp %s nodes 1 pv %s" % (score, move.uci()))
            out("bestmove " + move.uci())
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
