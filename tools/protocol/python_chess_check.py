"""Checks vsadnik's UCI and XBoard front ends with python-chess's engine module.

For each protocol (UCI via popen_uci, XBoard via popen_xboard):
  * identification and options,
  * analysis of a few positions (depth / time limits, MultiPV for UCI,
    root-move restriction: UCI searchmoves, XBoard exclude/include),
  * an infinite analysis stopped after a while (the stop latency is measured),
  * self-games (the engine against itself, one process per side) played to
    the end by the rules with real clocks: every move must be legal, and no
    side may overstep its clock,
  * for UCI, a few pondering moves (go ponder / ponderhit).

Any failure (exception, illegal move, time loss, unexpected python-chess
warning) makes the exit status 1. A summary is printed at the end. Times are
read from the monotonic clock (a wall-clock step is no lost move). A time
loss is reported with the time the engine itself says it thought (its last
`post` line) and the last protocol lines with their times, so that a stall
outside the engine (the machine, the pipe) can be told from one inside it.

  python3 -m tools.protocol.python_chess_check [--engine PATH] [--games N]
      [--base SECONDS] [--inc SECONDS] [--max-plies N] [--protocols uci,xboard]
"""
import argparse
import collections
import logging
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:
    sys.stderr.write("python_chess_check.py needs python-chess: pip install -r tools/requirements.txt\n")
    sys.exit(2)

from tools import vsadnik

OPENINGS = [
    chess.STARTING_FEN,
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "8/8/4k3/8/2p5/2P5/3K4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
]

ANALYSIS_FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
]


class Warnings(logging.Handler):
    """Collects python-chess warnings and errors (protocol noise is a failure)."""

    # XBoard's optional '.' status answer, and sigterm=0 (asked for on purpose:
    # the engine exits on quit; python-chess merely prefers to keep SIGTERM).
    BENIGN = ("stat01:", "Rejecting feature sigterm=0")

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        msg = record.getMessage()
        if not any(b in msg for b in self.BENIGN):
            self.records.append(msg)


class Trace(logging.Handler):
    """Keeps the last protocol lines python-chess logs (`<<` sent, `>>` read),
    each with the monotonic time it was logged at."""

    def __init__(self, keep=40):
        super().__init__(logging.DEBUG)
        self.lines = collections.deque(maxlen=keep)

    def emit(self, record):
        msg = record.getMessage()
        if ": << " in msg or ": >> " in msg:
            self.lines.append((time.monotonic(), msg))

    def dump(self, since):
        """The kept lines, timed in seconds from `since`."""
        return ["    %+8.3f s  %s" % (t - since, msg) for t, msg in self.lines]


class Check:
    def __init__(self, args, trace):
        self.args = args
        self.trace = trace
        self.failures = []
        self.notes = []
        self.stats = {}

    def fail(self, what):
        self.failures.append(what)
        print("FAIL: " + what, flush=True)

    def note(self, what):
        self.notes.append(what)
        print("  " + what, flush=True)

    def open(self, protocol):
        if protocol == "uci":
            return chess.engine.SimpleEngine.popen_uci(self.args.engine, timeout=20)
        return chess.engine.SimpleEngine.popen_xboard(self.args.engine, timeout=20)

    # ---------------------------------------------------------------- analysis
    def analysis(self, protocol):
        eng = self.open(protocol)
        try:
            name = eng.id.get("name", "")
            if not name.startswith("vsadnik"):
                self.fail("%s: engine name %r" % (protocol, name))
            self.note("%s: id name %s; options: %s" % (protocol, name, ", ".join(sorted(eng.options))))
            if protocol == "uci":
                eng.configure({"Hash": 32, "Threads": 2})
            else:
                eng.configure({"memory": 32, "cores": 2})
            for fen in ANALYSIS_FENS:
                board = chess.Board(fen)
                limit = chess.engine.Limit(depth=8) if protocol == "uci" else chess.engine.Limit(time=0.5)
                info = eng.analyse(board, limit)
                pv = info.get("pv") or []
                if not pv or pv[0] not in board.legal_moves:
                    self.fail("%s: analyse %s gave pv %r" % (protocol, fen, pv))
                    continue
                if "score" not in info:
                    self.fail("%s: analyse %s gave no score" % (protocol, fen))
                    continue
                self.note("%s: analyse %s -> %s %s depth %s" % (
                    protocol, fen.split()[0], board.san(pv[0]), info["score"].white(), info.get("depth")))
                if fen == ANALYSIS_FENS[2] and pv[0] != chess.Move.from_uci("d1d8"):
                    self.fail("%s: missed the mate in one: %s" % (protocol, pv[0]))
            board = chess.Board()
            roots = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
            limit = chess.engine.Limit(depth=6) if protocol == "uci" else chess.engine.Limit(time=0.3)
            info = eng.analyse(board, limit, root_moves=roots)
            if not info.get("pv") or info["pv"][0] not in roots:
                self.fail("%s: root_moves ignored: %r" % (protocol, info.get("pv")))
            if protocol == "uci":
                infos = eng.analyse(board, chess.engine.Limit(depth=6), multipv=3)
                firsts = {i["pv"][0] for i in infos if i.get("pv")}
                if len(infos) != 3 or len(firsts) != 3:
                    self.fail("uci: multipv 3 gave %d lines, %d distinct moves" % (len(infos), len(firsts)))
            # An infinite analysis, stopped.
            with eng.analysis(chess.Board(ANALYSIS_FENS[1])) as an:
                time.sleep(0.5)
                t = time.monotonic()
                an.stop()
                best = an.wait()
                latency = time.monotonic() - t
            if best is None or best.move is None:
                self.fail("%s: stopped analysis gave no move" % protocol)
            self.stats["%s stop latency (ms)" % protocol] = round(latency * 1000, 1)
            self.note("%s: infinite analysis stopped in %.1f ms, best %s" % (
                protocol, latency * 1000, best.move if best else None))
            if protocol == "uci":
                self.ponder(eng)
        finally:
            eng.quit()

    def ponder(self, eng):
        board = chess.Board()
        for _ in range(6):
            res = eng.play(board, chess.engine.Limit(white_clock=5, black_clock=5), ponder=True)
            if res.move is None or res.move not in board.legal_moves:
                self.fail("uci: ponder play gave %r" % res.move)
                return
            board.push(res.move)
            # The opponent plays the expected move when there is one.
            nxt = res.ponder if res.ponder in board.legal_moves else next(iter(board.legal_moves))
            board.push(nxt)
        self.note("uci: 6 moves with ponder=True: %s" % " ".join(m.uci() for m in board.move_stack))

    # ---------------------------------------------------------------- games
    def games(self, protocol):
        results = {}
        worst_margin = None
        plies_total = 0
        for g in range(self.args.games):
            fen = OPENINGS[g % len(OPENINGS)]
            white, black = self.open(protocol), self.open(protocol)
            try:
                board = chess.Board(fen)
                clocks = {chess.WHITE: self.args.base, chess.BLACK: self.args.base}
                game_id = object()
                while not board.is_game_over(claim_draw=True) and board.ply() < self.args.max_plies:
                    eng = white if board.turn == chess.WHITE else black
                    limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                               white_inc=self.args.inc, black_inc=self.args.inc)
                    t = time.monotonic()
                    res = eng.play(board, limit, game=game_id, info=chess.engine.INFO_BASIC)
                    used = time.monotonic() - t
                    if res.move is None or res.move not in board.legal_moves:
                        self.fail("%s game %d: illegal move %r at %s" % (protocol, g + 1, res.move, board.fen()))
                        break
                    left = clocks[board.turn] - used
                    if left < 0:
                        self.fail("%s game %d: %s lost on time (%.3f s over) at ply %d; the engine "
                                  "reported %s s of thought" % (
                                      protocol, g + 1, "white" if board.turn else "black", -left,
                                      board.ply(), res.info.get("time", "no")))
                        print("  the last protocol lines (seconds from the move's request):")
                        print("\n".join(self.trace.dump(t)), flush=True)
                        break
                    worst_margin = left if worst_margin is None else min(worst_margin, left)
                    clocks[board.turn] = left + self.args.inc
                    board.push(res.move)
                outcome = board.outcome(claim_draw=True)
                if outcome is None:
                    result, why = "*", "ply cap %d" % self.args.max_plies
                else:
                    result, why = outcome.result(), outcome.termination.name.lower()
                plies_total += len(board.move_stack)
                results[result] = results.get(result, 0) + 1
                self.note("%s game %d: %s (%s) after %d plies, clocks left %.2f / %.2f s" % (
                    protocol, g + 1, result, why, len(board.move_stack), clocks[chess.WHITE], clocks[chess.BLACK]))
            except chess.engine.EngineError as e:
                self.fail("%s game %d: engine error: %s" % (protocol, g + 1, e))
            except chess.engine.EngineTerminatedError as e:
                self.fail("%s game %d: engine died: %s" % (protocol, g + 1, e))
            finally:
                for eng in (white, black):
                    try:
                        eng.quit()
                    except Exception:
                        pass
        self.stats["%s games" % protocol] = " ".join("%s:%d" % kv for kv in sorted(results.items()))
        self.stats["%s plies" % protocol] = plies_total
        if worst_margin is not None:
            self.stats["%s smallest clock left (s)" % protocol] = round(worst_margin, 3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=3, help="self-games per protocol")
    ap.add_argument("--base", type=float, default=4.0, help="seconds on each clock")
    ap.add_argument("--inc", type=float, default=0.05, help="increment per move in seconds")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--protocols", default="uci,xboard")
    args = ap.parse_args()
    args.engine = vsadnik.require(args.engine)
    warnings = Warnings()
    trace = Trace()
    logger = logging.getLogger("chess.engine")
    logger.addHandler(warnings)
    logger.addHandler(trace)
    logger.setLevel(logging.DEBUG)
    check = Check(args, trace)
    t0 = time.monotonic()
    for protocol in args.protocols.split(","):
        print("== %s" % protocol, flush=True)
        try:
            check.analysis(protocol)
            check.games(protocol)
        except Exception as e:  # noqa: BLE001 - any failure is reported
            check.fail("%s: %s: %s" % (protocol, type(e).__name__, e))
    for w in warnings.records:
        check.fail("python-chess warning: %s" % w)
    print("== summary (%.1f s)" % (time.monotonic() - t0))
    for k, v in check.stats.items():
        print("  %s: %s" % (k, v))
    print("  failures: %d" % len(check.failures))
    for f in check.failures:
        print("    " + f)
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
