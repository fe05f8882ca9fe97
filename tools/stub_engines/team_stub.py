#!/usr/bin/env python3
"""A bughouse / Swedish-chess stub engine for testing the team games of
`vsadnik match`: it plays at once, or misbehaves on request.

UCI by default; `--xboard` speaks XBoard (CECP v2) with the bughouse
commands `partner`, `holding` and `ptell`.

Options (N counts this engine's own moves in the current game, from 1):
  --name NAME          the engine's name (default: team-stub)
  --xboard             speak XBoard instead of UCI
  --random SEED        play a random legal move (seeded per game) instead of
                       the first one
  --no-drops           never drop (board moves only)
  --checking-drop      play a drop that gives check whenever one exists (a
                       Swedish S4 offence for the arbiter to confiscate)
  --sit                never move: answer `bestmove 0000` (UCI) or stay
                       silent (XBoard)
  --crash-after N      exit without a word when asked for move N+1
  --illegal-after N    answer the request for move N+1 with an illegal move
  --hang-after N       never answer the request for move N+1
  --delay S            think S seconds before each move
  --tell-before-pong T XBoard: send `tellics ptell T` just before each `pong`
                       (a message that arrives while the arbiter waits for
                       something else)
XBoard mode greets its partner (`tellics ptell hello from NAME`) after
`partner`, and answers each partner message once (`tellics ptell got: ...`,
never answering a `got:` message).

Positions are kept with python-chess's CrazyhouseBoard; the reserves come
from the arbiter (UCI `position fen ...[reserve]`, XBoard `holding`).
Only the Python standard library and python-chess are used.
"""
import random
import sys
import time

import chess
import chess.variant


def parse_args(args):
    opt = {}
    i = 0
    flags = ("xboard", "no-drops", "checking-drop", "sit")
    while i < len(args):
        key = args[i].lstrip("-")
        if key in flags:
            opt[key] = True
            i += 1
        else:
            opt[key] = args[i + 1]
            i += 2
    return opt


class Stub:
    def __init__(self, opt):
        self.opt = opt
        self.name = opt.get("name", "team-stub")
        self.limits = {k: int(opt[k]) for k in ("crash-after", "illegal-after", "hang-after")
                       if k in opt}
        self.seed = int(opt["random"]) if "random" in opt else None
        self.variant = "chess"
        self.games = 0
        self.new_game()

    def new_game(self):
        self.board = chess.variant.CrazyhouseBoard()
        self.own = 0
        self.games += 1
        self.rng = random.Random(self.seed * 1000 + self.games) if self.seed is not None else None
        self.forced = True

    def out(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def choose(self):
        """The move to play, or None to sit."""
        if self.opt.get("sit"):
            return None
        n = self.own
        if self.limits.get("crash-after") == n:
            sys.exit(0)
        if self.limits.get("hang-after") == n:
            return "hang"
        if self.limits.get("illegal-after") == n:
            return "a1a1"
        moves = list(self.board.legal_moves)
        if self.opt.get("no-drops"):
            moves = [m for m in moves if not m.drop]
        if self.variant == "swedish":
            # S5: no pawn drop on the player's own seventh rank.
            seventh = 6 if self.board.turn == chess.WHITE else 1
            moves = [m for m in moves
                     if not (m.drop == chess.PAWN and chess.square_rank(m.to_square) == seventh)]
        checks = [m for m in moves if m.drop and self.board.gives_check(m)]
        if self.opt.get("checking-drop") and checks:
            return checks[0].uci()
        if self.variant == "swedish":
            # S4: no drop that gives check.
            moves = [m for m in moves if m not in checks]
        if not moves:
            return None
        m = self.rng.choice(moves) if self.rng else moves[0]
        return m.uci()

    def play(self, emit):
        if "delay" in self.opt:
            time.sleep(float(self.opt["delay"]))
        mv = self.choose()
        if mv == "hang":
            return
        if mv is None:
            if not self.opt.get("xboard"):
                self.out("bestmove 0000")
            return
        self.own += 1
        if not self.opt.get("xboard"):
            self.out("bestmove " + mv)
            return
        try:
            self.board.push(chess.Move.from_uci(mv))
        except ValueError:
            pass
        emit(mv)

    def set_pockets(self, white, black):
        self.board.pockets[chess.WHITE] = chess.variant.CrazyhousePocket(white.lower())
        self.board.pockets[chess.BLACK] = chess.variant.CrazyhousePocket(black.lower())

    # --- UCI -------------------------------------------------------------
    def uci(self, line):
        words = line.split()
        cmd = words[0] if words else ""
        if cmd == "uci":
            self.out("id name " + self.name)
            self.out("option name UCI_Variant type combo default chess var chess "
                     "var bughouse var swedish")
            self.out("uciok")
        elif cmd == "isready":
            self.out("readyok")
        elif cmd == "setoption" and "UCI_Variant" in words:
            self.variant = words[-1]
        elif cmd == "ucinewgame":
            self.new_game()
        elif cmd == "position":
            if words[1] == "fen":
                rest = words[2:]
                k = rest.index("moves") if "moves" in rest else len(rest)
                self.board = chess.variant.CrazyhouseBoard(" ".join(rest[:k]))
            else:
                self.board = chess.variant.CrazyhouseBoard()
        elif cmd == "go":
            self.play(None)
        elif cmd == "quit":
            sys.exit(0)

    # --- XBoard ------------------------------------------------------------
    def xboard(self, line):
        words = line.split()
        cmd = words[0] if words else ""
        rest = line[len(cmd):].strip()
        emit = lambda mv: self.out("move " + mv)
        if cmd == "protover":
            self.out('feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 '
                     'variants="bughouse,swedish" myname="%s" done=1' % self.name)
        elif cmd == "new":
            self.new_game()
        elif cmd == "variant":
            self.variant = rest
        elif cmd == "force":
            self.forced = True
        elif cmd == "go":
            self.forced = False
            self.play(emit)
        elif cmd == "usermove":
            try:
                self.board.push(chess.Move.from_uci(rest))
            except ValueError:
                self.out("Illegal move: " + rest)
                return
            if not self.forced:
                self.play(emit)
        elif cmd == "undo":
            if self.board.move_stack:
                self.board.pop()
                self.own -= 1
        elif cmd == "holding":
            parts = rest.replace("]", "[").split("[")
            self.set_pockets(parts[1], parts[3])
        elif cmd == "partner" and rest:
            self.out("tellics ptell hello from " + self.name)
        elif cmd == "ptell" and not rest.startswith("got:"):
            self.out("tellics ptell got: " + rest)
        elif cmd == "ping":
            if "tell-before-pong" in self.opt:
                self.out("tellics ptell " + self.opt["tell-before-pong"])
            self.out("pong " + rest)
        elif cmd == "?":
            pass
        elif cmd == "quit":
            sys.exit(0)

    def run(self):
        handle = self.xboard if self.opt.get("xboard") else self.uci
        for line in sys.stdin:
            line = line.strip()
            if line:
                handle(line)


if __name__ == "__main__":
    Stub(parse_args(sys.argv[1:])).run()
