#!/usr/bin/env python3
"""A bughouse / Swedish-chess stub engine for testing the team games of
`vsadnik match`: it plays at once, or misbehaves on request.

UCI by default; `--xboard` speaks XBoard (CECP v2) with the bughouse
commands `partner`, `holding` and `ptell`.

Options (N counts this engine's own moves in the current game, from 1):
  --name NAME          the engine's name (default: team-stub)
  --xboard             speak XBoard instead of UCI
  --random SEED        play a random legal move (seeded per game) instead of
                       the first one (in vsadnik's generation order)
  --no-drops           never drop (board moves only)
  --checking-drop      play a drop that gives check whenever one exists (in
                       Swedish chess an S4 offence for the arbiter to
                       confiscate; pawn drops the S5 ranks forbid excepted)
  --sit                never move: answer `bestmove 0000` (UCI) or stay
                       silent (XBoard)
  --mute               answer nothing at all, not even the handshake
  --crash-after N      exit without a word when asked for move N+1
  --illegal-after N    answer the request for move N+1 with an illegal move
                       (a1a1)
  --hang-after N       never answer the request for move N+1
  --delay S            think S seconds before each move
  --tell-before-pong T XBoard: send `tellics ptell T` just before each `pong`
                       (a message that arrives while the arbiter waits for
                       something else)
  --chatter K          XBoard: send K messages `tellics ptell chat N.I`
                       (I = 1..K) before move N
XBoard mode greets its partner (`tellics ptell hello from NAME`) after
`partner`, and answers each partner message once (`tellics ptell got: ...`,
never answering a `got:` message).

The position is kept as a FEN with the reserve in brackets; the reserves
come from the arbiter (UCI `position fen ...[reserve]`, XBoard `holding`).
The legal moves, under the rules of the variant being played, come from a
vsadnik child process (oracle.py, found by the rule of tools/vsadnik.py).
Only the Python standard library is used. Started by path, it needs the
repository on PYTHONPATH (README.md here).
"""
import random
import sys
import time

from tools.stub_engines import oracle

KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ROOK_LINES = ((0, 1), (1, 0), (0, -1), (-1, 0))
BISHOP_LINES = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def parse_args(args):
    """The options as {name: value}, True for flags."""
    opt = {}
    i = 0
    flags = ("xboard", "no-drops", "checking-drop", "sit", "mute")
    while i < len(args):
        key = args[i].lstrip("-")
        if key in flags:
            opt[key] = True
            i += 1
        else:
            opt[key] = args[i + 1]
            i += 2
    return opt


def drop_gives_check(fen, move):
    """Whether the drop `move` (`N@f7`) of the side to move in `fen` attacks
    the other king: the only way a drop can check, since adding a piece
    uncovers no line."""
    board = oracle.pieces(fen)
    white = oracle.side_to_move(fen) == "w"
    king = next(sq for sq, p in board.items() if p == ("k" if white else "K"))
    kind = move[0].upper()
    to = oracle.square_index(move[2:4])
    rank, file = divmod(to, 8)

    def at(r, f):
        return r * 8 + f if 0 <= r < 8 and 0 <= f < 8 else None

    if kind == "P":
        ahead = 1 if white else -1
        return king in (at(rank + ahead, file - 1), at(rank + ahead, file + 1))
    if kind == "N":
        return king in (at(rank + dr, file + df) for dr, df in KNIGHT_STEPS)
    lines = {"B": BISHOP_LINES, "R": ROOK_LINES, "Q": BISHOP_LINES + ROOK_LINES}[kind]
    for dr, df in lines:
        r, f = rank + dr, file + df
        while at(r, f) is not None:
            if at(r, f) == king:
                return True
            if at(r, f) in board:
                break
            r, f = r + dr, f + df
    return False


def s5_forbidden(fen, move):
    """Whether `move` drops a pawn on the mover's seventh rank (Swedish S5)."""
    seventh = "7" if oracle.side_to_move(fen) == "w" else "2"
    return move.startswith("P@") and move[3] == seventh


class Stub:
    def __init__(self, opt):
        self.opt = opt
        self.name = opt.get("name", "team-stub")
        self.limits = {k: int(opt[k]) for k in ("crash-after", "illegal-after", "hang-after")
                       if k in opt}
        self.seed = int(opt["random"]) if "random" in opt else None
        self.rules = oracle.Oracle()
        self.variant = "chess"
        self.games = 0
        self.new_game()

    def new_game(self):
        self.fen = None  # the current position; None for the start position
        self.history = []  # the positions before each move played since, for `undo`
        self.own = 0
        self.games += 1
        self.rng = random.Random(self.seed * 1000 + self.games) if self.seed is not None else None
        self.forced = True

    def out(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def current_fen(self):
        return self.fen or self.rules.fen(self.variant)

    def legal(self):
        return self.rules.legal_moves(self.variant, self.fen)

    def push(self, move, variant=None):
        """Plays `move` if it is legal under the rules of `variant` (default:
        the game's); returns whether it was."""
        variant = variant or self.variant
        if move not in self.rules.legal_moves(variant, self.fen):
            return False
        self.history.append(self.fen)
        self.fen = self.rules.fen(variant, self.fen, [move])
        return True

    def drop_rules(self):
        """The variant whose rules allow every drop that gives check."""
        return "bughouse" if self.variant == "swedish" else self.variant

    def checking_drops(self):
        """The drops that give check, in generation order (Swedish chess
        forbids them, so they are found under bughouse rules; the S5 pawn
        drops stay forbidden)."""
        fen = self.current_fen()
        return [m for m in self.rules.legal_moves(self.drop_rules(), fen)
                if "@" in m and drop_gives_check(fen, m)
                and not (self.variant == "swedish" and s5_forbidden(fen, m))]

    def choose(self):
        """The move to play and the variant whose rules allow it; None to
        sit, "hang" to hang."""
        if self.opt.get("sit"):
            return None
        n = self.own
        if self.limits.get("crash-after") == n:
            sys.exit(0)
        if self.limits.get("hang-after") == n:
            return "hang"
        if self.limits.get("illegal-after") == n:
            return "a1a1", self.variant
        moves = self.legal()
        if self.opt.get("no-drops"):
            moves = [m for m in moves if "@" not in m]
        elif self.opt.get("checking-drop"):
            checks = self.checking_drops()
            if checks:
                return checks[0], self.drop_rules()
        if not moves:
            return None
        return (self.rng.choice(moves) if self.rng else moves[0]), self.variant

    def play(self):
        if "delay" in self.opt:
            time.sleep(float(self.opt["delay"]))
        choice = self.choose()
        if choice == "hang":
            return
        if choice is None:
            if not self.opt.get("xboard"):
                self.out("bestmove 0000")
            return
        mv, rules = choice
        self.own += 1
        if not self.opt.get("xboard"):
            self.out("bestmove " + mv)
            return
        # A checking drop in Swedish chess is played under bughouse rules:
        # the arbiter confiscates it and sends `undo`.
        self.push(mv, rules)
        for i in range(1, int(self.opt.get("chatter", 0)) + 1):
            self.out("tellics ptell chat %d.%d" % (self.own, i))
        self.out("move " + mv)

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
            k = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:k]) if words[1] == "fen" else None
            moves = words[k + 1:]
            self.fen = self.rules.fen(self.variant, fen, moves) if moves else fen
        elif cmd == "go":
            self.play()
        elif cmd == "quit":
            sys.exit(0)

    # --- XBoard ------------------------------------------------------------
    def xboard(self, line):
        words = line.split()
        cmd = words[0] if words else ""
        rest = line[len(cmd):].strip()
        if cmd == "protover":
            self.out('feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 '
                     'variants="bughouse,swedish" myname="%s" done=1' % self.name)
        elif cmd == "new":
            self.new_game()
        elif cmd == "variant":
            self.variant = rest
        elif cmd == "setboard":
            self.fen = rest
        elif cmd == "force":
            self.forced = True
        elif cmd == "go":
            self.forced = False
            self.play()
        elif cmd == "usermove":
            if not self.push(rest):
                self.out("Illegal move: " + rest)
                return
            if not self.forced:
                self.play()
        elif cmd == "undo":
            if self.history:
                self.fen = self.history.pop()
                self.own -= 1
        elif cmd == "holding":
            parts = rest.replace("]", "[").split("[")
            self.fen = oracle.with_reserve(self.current_fen(), parts[1], parts[3])
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
            if line and not self.opt.get("mute"):
                handle(line)


if __name__ == "__main__":
    oracle.run(lambda: Stub(parse_args(sys.argv[1:])).run(), "team-stub")
