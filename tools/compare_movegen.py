"""Differential move-generation test: our engine versus python-chess.

Plays seeded random games with python-chess and, for every position reached,
asks ONE long-running engine process (UCI over stdin/stdout):

  position fen <FEN>
  go perft 1            -> "<uci move>: 1" per legal move, then "Nodes searched: N"
  go perft 2            (every --perft2-every'th position) -> per-move counts
  d + isready           -> "Fen: <fen>" and "Moves: <SAN> <SAN> ..." lines, then readyok

and compares move sets, per-move counts, the FEN (python-chess's
board.fen(en_passant="legal"): the e.p. square is written only when an e.p.
capture is legal) and the SAN set (with +/# marks) exactly.

Every other position is sent with the e.p. square written the FEN-standard way
(after any double push, even when no capture is possible), so the engine's `d`
must normalise it away.  At the end of each game (with `d` enabled) the whole
game is also sent as `position startpos|fen <start> moves <m1> <m2> ...` and the
FEN after the moves is compared, which checks the engine's UCI move parsing and
its half/fullmove counters.

Games: --games random games from the start position, plus --epd-games games
starting from each position of data/perft/chess.epd.  Moves are uniformly
random among the legal moves, except that with probability --bias the move is
drawn from the "interesting" ones (captures, promotions, castling, double
pawn pushes that allow an en passant reply) when there are any, and with
probability --check-bias from the checking moves (a mating one if any).  A game ends at
game over (python-chess Board.is_game_over()) or after --max-plies plies.
Each game has its own RNG seeded from (seed, game number), so --only-game K
replays a single game exactly.

With --chess960 the games are Chess960 (Fischer random): the engine gets
`setoption name UCI_Chess960 value true`, python-chess plays chess960 boards,
the games start from random ones of the 960 start positions (seeded) and from
data/perft/chess960.epd, castling is the king taking its rook, and FENs are
compared in Shredder-FEN (the rook files), as vsadnik writes them.

Exit status: 0 all equal, 1 mismatches, 2 engine timeout / crash / protocol error.

Examples:
  python3 -m tools.compare_movegen                       # 2000 games vs vsadnik (tools/vsadnik.py)
  python3 -m tools.compare_movegen --quick               # CI-sized (50 games + 1 per EPD position)
  python3 -m tools.compare_movegen --quick --chess960    # the same for Chess960
  python3 -m tools.compare_movegen --engine /usr/games/stockfish --no-d   # self-check of this script
"""
import argparse
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

from tools import REPO, vsadnik

try:
    import chess
except ImportError:
    sys.stderr.write("compare_movegen.py needs python-chess: pip install -r tools/requirements.txt\n")
    sys.exit(2)

PERFT_LINE = re.compile(r"^([a-h][1-8][a-h][1-8][qrbn]?)\s*:\s*(\d+)$")


class EngineError(Exception):
    pass


class Engine:
    """One engine process; lines from stdout are read by a thread into a queue."""

    def __init__(self, path, timeout):
        self.path = path
        self.timeout = timeout
        self.last_cmd = None
        try:
            self.p = vsadnik.start(path, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError("cannot start engine %s: %s" % (path, e))
        self.q = queue.Queue()
        self.t = threading.Thread(target=self._reader, daemon=True)
        self.t.start()

    def _reader(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\r\n"))
        self.q.put(None)  # EOF

    def send(self, cmd):
        self.last_cmd = cmd
        try:
            self.p.stdin.write(cmd + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError("engine closed its input (exit code %s) when sent: %s"
                              % (self.p.poll(), cmd))

    def readline(self, waiting_for):
        try:
            line = self.q.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError("engine did not answer within %g s (waiting for %s after '%s')"
                              % (self.timeout, waiting_for, self.last_cmd))
        if line is None:
            time.sleep(0.1)
            raise EngineError("engine exited (code %s) while waiting for %s after '%s'"
                              % (self.p.poll(), waiting_for, self.last_cmd))
        return line

    def read_until(self, pred, waiting_for):
        lines = []
        while True:
            line = self.readline(waiting_for)
            lines.append(line)
            if pred(line):
                return lines

    def start(self):
        self.send("uci")
        lines = self.read_until(lambda line: line.strip() == "uciok", "uciok")
        name = next((line[8:].strip() for line in lines if line.startswith("id name ")), "?")
        if CHESS960:
            self.send("setoption name UCI_Chess960 value true")
        self.isready()
        return name

    def isready(self):
        self.send("isready")
        return self.read_until(lambda line: line.strip() == "readyok", "readyok")

    def perft(self, depth):
        """Return (dict move->count, total, problems list)."""
        self.send("go perft %d" % depth)
        lines = self.read_until(lambda line: line.startswith("Nodes searched:"), "'Nodes searched:'")
        moves = {}
        problems = []
        for line in lines[:-1]:
            m = PERFT_LINE.match(line.strip())
            if m:
                if m.group(1) in moves:
                    problems.append("move %s listed twice" % m.group(1))
                moves[m.group(1)] = int(m.group(2))
        try:
            total = int(lines[-1].split(":", 1)[1])
        except ValueError:
            raise EngineError("cannot parse %r" % lines[-1])
        return moves, total, problems

    def display(self):
        """Send `d` (+ isready as end marker); return (fen or None, san list or None)."""
        self.send("d")
        lines = self.isready()
        fen = sans = None
        for line in lines:
            if line.startswith("Fen:"):
                fen = line[4:].strip()
            elif line.startswith("Moves:"):
                sans = line[6:].split()
        return fen, sans

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()
            self.p.wait()


# Set by --chess960: boards are chess960 ones, FENs written in Shredder-FEN.
CHESS960 = False


def fen_of(board, en_passant="legal"):
    """The board's FEN as vsadnik writes it."""
    return board.fen(en_passant=en_passant, shredder=CHESS960)


def interesting(board, m):
    if board.is_capture(m) or m.promotion or board.is_castling(m):
        return True
    # double push landing next to an enemy pawn: gives the opponent an e.p. chance
    if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
        rank = chess.square_rank(m.to_square)
        f = chess.square_file(m.to_square)
        for df in (-1, 1):
            if 0 <= f + df < 8:
                p = board.piece_at(chess.square(f + df, rank))
                if p and p.piece_type == chess.PAWN and p.color != board.turn:
                    return True
    return False


def random_game(start_fen, rng, max_plies, bias, check_bias):
    """Return (start board, list of moves)."""
    board = chess.Board(start_fen, chess960=CHESS960)
    start = board.copy(stack=False)
    moves = []
    while len(moves) < max_plies and not board.is_game_over():
        legal = list(board.legal_moves)
        r = rng.random()
        if r < bias:
            good = [m for m in legal if interesting(board, m)]
            if good:
                legal = good
        elif r < bias + check_bias:
            good = [m for m in legal if board.gives_check(m)]
            if good:
                legal = good
                mates = []
                for m in good:  # play a mate when there is one, so games end in mate more often
                    board.push(m)
                    if board.is_checkmate():
                        mates.append(m)
                    board.pop()
                if mates:
                    legal = mates
        m = rng.choice(legal)
        board.push(m)
        moves.append(m)
    return start, moves


def load_epd(path):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fens.append(line.split(";")[0].strip())
    return fens


class Checker:
    def __init__(self, engine, args):
        self.e = engine
        self.args = args
        self.positions = 0
        self.moves = 0
        self.perft2 = 0
        self.dchecks = 0
        self.replays = 0
        self.bad_positions = 0
        self.mismatches = []  # (where, fen, kind, details)
        self.current = None  # (where, fen) being checked
        self.coverage = dict.fromkeys(["in check", "double check", "e.p. legal", "castling legal",
                                       "promotion legal", "checkmate", "stalemate"], 0)

    def report(self, where, fen, kind, details):
        self.mismatches.append((where, fen, kind, details))
        if len(self.mismatches) <= self.args.max_report:
            print("MISMATCH %s [%s]\n  fen: %s" % (kind, where, fen))
            for d in details:
                print("  " + d)
            sys.stdout.flush()

    @staticmethod
    def diff_counts(expected, got):
        details = []
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        if missing:
            details.append("missing (legal, not listed by engine): " + " ".join(missing))
        if extra:
            details.append("extra (listed by engine, not legal): " + " ".join(extra))
        wrong = ["%s engine %d expected %d" % (m, got[m], expected[m])
                 for m in sorted(set(expected) & set(got)) if got[m] != expected[m]]
        if wrong:
            details.append("wrong counts: " + ", ".join(wrong))
        return details

    def check_position(self, board, where, index):
        self.current = (where, fen_of(board))
        before = len(self.mismatches)
        legal = list(board.legal_moves)
        cov = self.coverage
        if board.is_check():
            cov["in check"] += 1
            if len(board.checkers()) > 1:
                cov["double check"] += 1
            if not legal:
                cov["checkmate"] += 1
        elif not legal:
            cov["stalemate"] += 1
        if board.has_legal_en_passant():
            cov["e.p. legal"] += 1
        if any(board.is_castling(m) for m in legal):
            cov["castling legal"] += 1
        if any(m.promotion for m in legal):
            cov["promotion legal"] += 1
        # every other position: send the e.p. square whenever python-chess has one (FEN standard)
        if index % 2 == 1 and board.ep_square is not None:
            sent = fen_of(board, en_passant="fen")
        else:
            sent = fen_of(board)
        self.e.send("position fen " + sent)

        depths = [1]
        if self.args.perft2_every and index % self.args.perft2_every == 0:
            depths.append(2)
        for depth in depths:
            if depth == 1:
                expected = {m.uci(): 1 for m in legal}
            else:
                expected = {}
                for m in legal:
                    board.push(m)
                    expected[m.uci()] = board.legal_moves.count()
                    board.pop()
                self.perft2 += 1
            got, total, problems = self.e.perft(depth)
            self.moves += len(expected)
            details = problems + self.diff_counts(expected, got)
            if total != sum(expected.values()):
                details.append("Nodes searched %d, expected %d" % (total, sum(expected.values())))
            elif total != sum(got.values()):
                details.append("Nodes searched %d != sum of listed counts %d" % (total, sum(got.values())))
            if details:
                self.report(where, sent, "perft %d" % depth, details)

        if not self.args.no_d:
            fen, sans = self.e.display()
            self.dchecks += 1
            want_fen = fen_of(board)
            if fen != want_fen:
                self.report(where, sent, "d Fen", ["engine:   %s" % fen, "expected: %s" % want_fen])
            want_sans = {board.san(m) for m in legal}
            if sans is None:
                self.report(where, sent, "d Moves", ["no 'Moves:' line in d output"])
            else:
                details = []
                if len(sans) != len(set(sans)):
                    details.append("duplicates: " + " ".join(sorted(s for s in set(sans) if sans.count(s) > 1)))
                missing = sorted(want_sans - set(sans))
                extra = sorted(set(sans) - want_sans)
                if missing:
                    details.append("missing: " + " ".join(missing))
                if extra:
                    details.append("extra: " + " ".join(extra))
                if details:
                    self.report(where, sent, "d Moves (SAN)", details)
        self.positions += 1
        if len(self.mismatches) > before:
            self.bad_positions += 1

    def check_replay(self, start, moves, where):
        """position startpos/fen ... moves ...; compare the FEN reached."""
        if fen_of(start) == chess.STARTING_FEN:
            cmd = "position startpos"
        else:
            cmd = "position fen " + fen_of(start)
        if moves:
            cmd += " moves " + " ".join(m.uci() for m in moves)
        board = start.copy()
        for m in moves:
            board.push(m)
        self.current = (where, cmd[:200])
        self.e.send(cmd)
        fen, _ = self.e.display()
        self.replays += 1
        want = fen_of(board)
        if fen != want:
            self.report(where, cmd[:120] + ("..." if len(cmd) > 120 else ""), "moves replay",
                        ["engine:   %s" % fen, "expected: %s" % want])

    def run_game(self, start_fen, game_no):
        rng = random.Random("%d:%d" % (self.args.seed, game_no))
        start, moves = random_game(start_fen, rng, self.args.max_plies, self.args.bias, self.args.check_bias)
        board = start.copy()
        for ply in range(len(moves) + 1):
            # index depends only on (game, ply), so --only-game replays exactly the same checks
            self.check_position(board, "game %d ply %d" % (game_no, ply), game_no + ply)
            if ply < len(moves):
                board.push(moves[ply])
        if not self.args.no_d:
            self.check_replay(start, moves, "game %d replay" % game_no)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=2000, help="random games from the start position (default 2000)")
    ap.add_argument("--epd", default=None,
                    help="start positions (default data/perft/chess.epd, with --chess960 chess960.epd)")
    ap.add_argument("--chess960", action="store_true", help="Chess960 games (see above)")
    ap.add_argument("--epd-games", type=int, default=3, help="games from each EPD position (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="CI size: --games 50 --epd-games 1")
    ap.add_argument("--no-d", action="store_true", help="skip the `d` (Fen/Moves) and moves-replay checks")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--bias", type=float, default=0.3,
                    help="probability of preferring captures/promotions/castling/e.p. chances (default 0.3)")
    ap.add_argument("--check-bias", type=float, default=0.1,
                    help="probability of preferring checking moves (default 0.1)")
    ap.add_argument("--perft2-every", type=int, default=10, help="go perft 2 on every Nth position (0 = never)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each engine line")
    ap.add_argument("--max-report", type=int, default=10, help="mismatches printed in detail")
    ap.add_argument("--only-game", type=int, default=None,
                    help="run only game number K (numbering as printed in mismatch reports)")
    args = ap.parse_args()
    if args.quick:
        args.games, args.epd_games = 50, 1

    args.engine = vsadnik.require(args.engine)
    global CHESS960
    CHESS960 = args.chess960
    if args.epd is None:
        args.epd = os.path.join(REPO, "data", "perft", "chess960.epd" if CHESS960 else "chess.epd")

    if CHESS960:
        pick = random.Random(args.seed)
        starts = [chess.Board.from_chess960_pos(pick.randrange(960)).fen() for _ in range(args.games)]
    else:
        starts = [chess.STARTING_FEN] * args.games
    if args.epd_games and args.epd:
        for fen in load_epd(args.epd):
            starts += [fen] * args.epd_games

    t0 = time.time()
    engine = Engine(args.engine, args.timeout)
    checker = Checker(engine, args)
    status = 0
    games = 0
    try:
        name = engine.start()
        print("engine: %s (%s)" % (name, args.engine))
        print("seed %d, %d games (%d from the start position, %d from %s), d checks %s"
              % (args.seed, len(starts), args.games, len(starts) - args.games, args.epd,
                 "off" if args.no_d else "on"))
        sys.stdout.flush()
        for game_no, fen in enumerate(starts):
            if args.only_game is not None and game_no != args.only_game:
                continue
            checker.run_game(fen, game_no)
            games += 1
    except EngineError as e:
        print("ENGINE ERROR: %s" % e)
        if checker.current:
            print("  at %s: %s" % checker.current)
        status = 2
    finally:
        engine.close()

    n_mis = len(checker.mismatches)
    print("games: %d, positions compared: %d, moves compared: %d, perft-2 positions: %d, "
          "d checks: %d, move-list replays: %d, mismatches: %d (in %d positions), %.1fs"
          % (games, checker.positions, checker.moves, checker.perft2,
             checker.dchecks, checker.replays, n_mis, checker.bad_positions, time.time() - t0))
    print("coverage (positions): " + ", ".join("%s %d" % kv for kv in checker.coverage.items()))
    if n_mis > args.max_report:
        print("(only the first %d mismatches were printed)" % args.max_report)
    failed = checker.bad_positions + (1 if status else 0)  # an engine error counts as a failure
    print("movegen: %d passed, %d failed" % (checker.positions - checker.bad_positions, failed))
    if status:
        sys.exit(status)
    sys.exit(1 if n_mis else 0)


if __name__ == "__main__":
    main()
