"""Bounded, seeded protocol fuzzer for vsadnik (issue 16).

Starts the engine, sends random sequences of UCI and XBoard commands (every
command the engine documents, with random, boundary, huge, negative,
multibyte and garbage arguments, FENs of every variant mutated from real
ones, moves the engine itself printed, random bytes, long lines, dialect and
variant switches, go/stop/ponderhit/quit in any order, every option with odd
values) and checks, every few commands:

  * liveness: `isready` -> `readyok` (UCI), or `?` (or `force`) + `ping N` -> `pong N`
    (XBoard), within --timeout seconds (default 20; otherwise: a hang);
  * the process has not exited unless told to (`quit`, end of input), and
    then with status 0 (otherwise: a crash);
  * standard error has no `panicked`.

A session ends with `quit` or the end of input, and a new one starts, until
--seconds have passed. On a failure the exact bytes sent in that session go
to a file (--out, default protocol_fuzz_failure_SEED.txt) and the exit
status is 1. Standard library only.

  python3 -m tools.fuzz.protocol_fuzz [--engine PATH] [--seconds N] [--seed S]
      [--timeout T] [--out FILE]

The engine is vsadnik as tools/vsadnik.py finds it, unless --engine names one.
Replay a saved input: `target/release/vsadnik < FILE`. See docs/fuzzing.md.
"""
import argparse
import glob
import os
import queue
import random
import select
import subprocess
import sys
import threading
import time

from tools import REPO, vsadnik

VARIANTS = [
    "chess", "crazyhouse", "bughouse", "swedish", "tranzit",
    "progressive-italian", "progressive-scottish", "progressive-english", "tavreli",
]
CECP = {"chess": "normal"}
# Rust's char::is_whitespace (the engine splits commands with it).
RUST_WS = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B)) + \
    "\u2028\u2029\u202f\u205f\u3000"
MAX_LINE = 1 << 20
# Hash sizes the fuzzer asks for stay small (the machine is shared); larger
# values are ones the engine refuses (above its maximum or not numbers).
HASH_OK = ["1", "2", "16", "64", "128", "+8", " 4 "]
HASH_BAD = ["0", "-1", "-16", "65537", "99999999999999999999", "1e3", "0x10", "16MB", "", "\u0661\u0666"]

UCI_OPTIONS = ["Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash", "UCI_Variant"]
XB_OPTIONS = ["MultiPV", "MoveOverhead", "ClearHash", "TowerSplit", "Hash", "Threads",
              "Move Overhead", "move_overhead", "towersplit"]
MULTIBYTE = ["\u00e9", "\u0416", "\u4e2d", "\U0001f600", "\u0301", "\ufffd", "\u200b", "\u00a0",
             "\u2003", "\u3000", "\u0661", "\u2167", "\ufeff"]
NUMBERS = ["0", "1", "2", "3", "-1", "-0", "+1", "7", "10", "63", "64", "65", "100", "255", "256",
           "257", "1000", "5000", "5001", "65535", "65536", "2147483647", "2147483648",
           "-2147483648", "4294967296", "9223372036854775807", "9223372036854775808",
           "-9223372036854775808", "99999999999999999999999", "1.5", "0.1", "1e9", "NaN", "inf",
           "0x10", "", "abc", "\u0661\u0662", "\uff11"]
SQUARE_FILES = "abcdefghijklmnop"
PIECES = "PNBRQKHpnbrqkh"


def rust_split(line):
    """(command, rest) as the engine's split_command makes them."""
    line = line.strip(RUST_WS)
    for i, c in enumerate(line):
        if c in RUST_WS:
            return line[:i], line[i:].strip(RUST_WS)
    return line, ""


def real_fens():
    """FENs of every variant from the perft suites, by variant."""
    fens = {v: [] for v in VARIANTS}
    for path in glob.glob(os.path.join(REPO, "data", "perft", "*.epd")):
        v = os.path.basename(path)[:-4]
        if v not in fens:
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    fens[v].append(line.split(";")[0].strip())
    return fens


class Failure(Exception):
    """The engine hung, crashed or panicked."""


class Engine:
    """One engine process; everything sent is kept for the failure file."""

    def __init__(self, path, timeout):
        self.timeout = timeout
        self.proc = vsadnik.start(path, stderr=subprocess.PIPE, bufsize=0)
        self.sent = bytearray()
        self.lines = queue.Queue()
        self.recent = []
        self.fresh = []
        self.stderr = bytearray()
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self):
        buf = b""
        while True:
            chunk = self.proc.stdout.read(65536)
            if not chunk:
                self.lines.put(None)
                return
            buf += chunk
            *whole, buf = buf.split(b"\n")
            for w in whole:
                self.lines.put(w.decode("utf-8", "replace"))

    def _read_err(self):
        while True:
            chunk = self.proc.stderr.read(4096)
            if not chunk:
                return
            self.stderr += chunk

    def send(self, data):
        """Writes all of `data`, failing when the engine stops reading."""
        self.sent += data
        fd = self.proc.stdin.fileno()
        view = memoryview(data)
        deadline = time.monotonic() + self.timeout
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"hang: the engine stopped reading its input ({len(view)} bytes unsent)")
            _, ready, _ = select.select([], [fd], [], left)
            if ready:
                try:
                    n = os.write(fd, view[:65536])
                except BrokenPipeError:
                    raise Failure(self.exit_problem("the engine closed its input"))
                view = view[n:]

    def wait_for(self, wanted, what):
        """Reads lines until one equals `wanted`."""
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"hang: no '{wanted}' within {self.timeout} s after {what}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Failure(self.exit_problem(f"output ended while waiting for '{wanted}'"))
            self.keep(line)
            if line == wanted:
                return

    def drain(self):
        """Reads the lines already there (keeping the last ones)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return
            self.keep(line)

    def keep(self, line):
        self.recent = (self.recent + [line])[-40:]
        self.fresh.append(line)

    def take_fresh(self):
        """The lines read since the last call."""
        fresh, self.fresh = self.fresh, []
        return fresh

    def exit_problem(self, what):
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        time.sleep(0.05)
        if b"panicked" in self.stderr:
            what += ": " + self.stderr.decode("utf-8", "replace")[-2000:]
        return f"crash: {what} (exit status {code})"

    def check_stderr(self):
        if b"panicked" in self.stderr:
            raise Failure("panic: " + self.stderr.decode("utf-8", "replace")[-2000:])

    def finish(self, how):
        """After `quit` or the end of input: the process must exit with 0."""
        try:
            code = self.proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"hang: no exit within {self.timeout} s after {how}")
        time.sleep(0.05)
        self.check_stderr()
        if code != 0:
            raise Failure(f"crash: exit status {code} after {how}")

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Model:
    """What the engine makes of the lines sent: dialect, XBoard edit mode,
    `isready`s to answer, quit."""

    def __init__(self):
        self.dialect = "uci"
        self.editing = False
        self.readies = 0
        self.quit = False

    def feed(self, data):
        for raw in data.split(b"\n")[:-1]:
            if len(raw) > MAX_LINE or self.quit:
                continue
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            cmd, _ = rust_split(line)
            if cmd == "xboard" and self.dialect == "uci":
                self.dialect, self.editing = "xboard", False
                continue
            if cmd == "uci" and self.dialect == "xboard":
                self.dialect, self.editing = "uci", False
            if self.dialect == "xboard" and self.editing:
                if cmd == ".":
                    self.editing = False
                continue
            if cmd == "quit":
                self.quit = True
            elif self.dialect == "uci" and cmd == "isready":
                self.readies += 1
            elif self.dialect == "xboard" and cmd == "edit":
                self.editing = True


class Fuzzer:
    def __init__(self, rng, fens):
        self.rng = rng
        self.fens = fens
        self.moves = {v: set() for v in VARIANTS}
        self.variant = "chess"
        # Kinds of engine lines read, for the summary.
        self.answers = {"bestmove": 0, "move": 0, "info": 0, "pong": 0, "Illegal": 0,
                        "Error": 0, "readyok": 0, "result": 0}

    # ---- harvesting from the engine's output

    def harvest(self, lines):
        for line in lines:
            w = line.split()
            if not w:
                continue
            if line.startswith(("Error", "info string Error", "tellusererror")):
                kind = "Error"
            else:
                kind = "result" if w[0] in ("1-0", "0-1", "1/2-1/2") else w[0]
            if kind in self.answers:
                self.answers[kind] += 1
            found = []
            if w[0] == "bestmove":
                found = w[1:2] + w[3:4]
            elif w[0] == "info" and "pv" in w:
                found = w[w.index("pv") + 1:]
            elif w[0] == "move" or w[0] == "Hint:":
                found = w[1:2]
            elif w[0] in ("Fen:", "#") and len(w) > 2 and w[1] == "Fen:":
                self.fens[self.variant].append(" ".join(w[2:]))
            elif w[0] == "Fen:":
                self.fens[self.variant].append(" ".join(w[1:]))
            pool = self.moves[self.variant]
            for m in found:
                if len(pool) < 400 and m not in ("(none)", "0000", "@@@@"):
                    pool.add(m)
            if len(self.fens[self.variant]) > 300:
                del self.fens[self.variant][100:200]

    # ---- random pieces

    def pick(self, xs):
        return self.rng.choice(xs)

    def number(self):
        r = self.rng.random()
        if r < 0.5:
            return self.pick(NUMBERS)
        if r < 0.8:
            return str(self.rng.randint(-100, 1000))
        return str(self.rng.randint(-(1 << 70), 1 << 70))

    def small_depth(self):
        return self.pick(["0", "1", "2", "3", "-1", "65", "99999999999999999999", "x", "", "4"])

    def square(self):
        files = SQUARE_FILES if self.rng.random() < 0.3 else "abcdefgh"
        return self.pick(files) + str(self.rng.randint(0, 9))

    def garbage_word(self):
        r = self.rng.random()
        if r < 0.3:
            return self.pick(MULTIBYTE) * self.rng.randint(1, 3)
        if r < 0.6:
            return "".join(self.rng.choice("abcdefgh12345678@()=+-#~/[]KQRBNPkqrbnp")
                           for _ in range(self.rng.randint(1, 8)))
        if r < 0.8:
            return self.number()
        return "".join(chr(self.rng.randint(33, 0x2FFF)) for _ in range(self.rng.randint(1, 5)))

    def move(self):
        pool = sorted(self.moves[self.variant])
        r = self.rng.random()
        if pool and r < 0.55:
            m = self.pick(pool)
            s = self.rng.random()
            if s < 0.1:
                return m.upper()
            if s < 0.15:
                return m + self.pick(["q", "Q", "k", "x", "\u00e9", "+", "#"])
            return m
        if r < 0.7:
            return self.square() + self.square() + self.pick(["", "", "q", "n", "=Q", "k"])
        if r < 0.8:
            return self.pick("PNBRQKpnbrq") + "@" + self.square()
        if r < 0.87:
            return self.square() + f"({self.pick(['1', '2', '3', '0', '-1', '99', ''])})" + self.square()
        if r < 0.92:
            return self.pick(["O-O", "O-O-O", "0-0", "@@@@", "0000", "e4", "Nf3", "II e4", "I Qh4#",
                              "g1-f3", "f3(2)xf6", "a1xa2", "e1m1", "(none)"])
        return self.garbage_word()

    def moves_list(self):
        return " ".join(self.move() for _ in range(self.rng.randint(0, 12)))

    def fen(self):
        v = self.variant if self.rng.random() < 0.8 else self.pick(VARIANTS)
        base = self.pick(self.fens[v] or self.fens["chess"])
        r = self.rng.random()
        if r < 0.3:
            return base
        return self.mutate(base)

    def mutate(self, text):
        s = list(text)
        for _ in range(self.rng.randint(1, 4)):
            op = self.rng.random()
            i = self.rng.randint(0, len(s)) if s else 0
            if op < 0.25 and s:
                s[min(i, len(s) - 1)] = self.pick("12345678916pnbrqkhPNBRQKH/()[]=~^- wbKQkq-0\u00e9")
            elif op < 0.4 and s:
                del s[min(i, len(s) - 1)]
            elif op < 0.55:
                s.insert(i, self.pick(["8", "16", "/", "(", ")", "[", "]", "~", "=", " ", "-",
                                       self.pick(MULTIBYTE), "99999999999", "0", "P", "k"]))
            elif op < 0.7:
                fields = "".join(s).split(" ")
                self.rng.shuffle(fields)
                s = list(" ".join(fields))
            elif op < 0.8:
                fields = "".join(s).split(" ")
                j = self.rng.randrange(len(fields))
                fields[j] = self.number() if self.rng.random() < 0.5 else self.garbage_word()
                s = list(" ".join(fields))
            elif op < 0.9:
                fields = "".join(s).split(" ")
                fields = fields[:self.rng.randint(0, len(fields))] + \
                    [self.garbage_word() for _ in range(self.rng.randint(0, 3))]
                s = list(" ".join(fields))
            else:
                a = self.rng.randint(0, len(s))
                b = self.rng.randint(a, len(s))
                s[a:a] = s[a:b]
        return "".join(s)

    def variant_name(self):
        r = self.rng.random()
        if r < 0.85:
            return self.pick(VARIANTS)
        return self.pick(["normal", "nosuch", "Chess", "CHESS", "", "chess960", "tranzit ",
                          "\u00e9", "bughouse crazyhouse"])

    def hash_value(self):
        return self.pick(HASH_OK) if self.rng.random() < 0.6 else self.pick(HASH_BAD)

    def threads_value(self):
        # Accepted counts stay small: 256 threads on a loaded 2-core machine
        # starve the protocol thread for seconds (seen at load 30), which is
        # no hang. Refused and clamped-to-1 values are free.
        return self.pick(["1", "2", "2", "1", "3", "4", "8", "0", "-1", "-5", "257",
                          "99999999999999999999", "+2", "x", "", "\u0662"])

    def option_value(self, name):
        n = name.lower().replace(" ", "").replace("_", "")
        if n == "hash":
            return self.hash_value()
        if n == "threads":
            return self.threads_value()
        if n == "ucivariant":
            return self.variant_name()
        if n in ("ponder",):
            return self.pick(["true", "false", "1", "0", "on", "off", "yes", "TRUE", "", "2"])
        return self.number() if self.rng.random() < 0.8 else self.garbage_word()

    # ---- commands

    def uci_command(self):
        r = self.rng.random()
        if r < 0.08:
            return self.pick(["uci", "isready", "debug on", "debug off", "register later",
                              "ucinewgame", "d", "eval", "stop", "ponderhit", "isready extra"])
        if r < 0.22:
            name = self.pick(UCI_OPTIONS + ["Nonexistent", "hash", "THREADS", "uci_variant", "",
                                            "Move  Overhead", self.garbage_word()])
            if name.lower() == "uci_variant" or (name == "UCI_Variant"):
                value = self.variant_name()
                if value in VARIANTS:
                    self.variant = value
            else:
                value = self.option_value(name)
            form = self.rng.random()
            if form < 0.75:
                return f"setoption name {name} value {value}"
            if form < 0.85:
                return f"setoption name {name}"
            if form < 0.92:
                return f"setoption {name} {value}"
            return f"setoption value {value} name {name}"
        if r < 0.45:
            form = self.rng.random()
            if form < 0.35:
                return f"position startpos moves {self.moves_list()}"
            if form < 0.8:
                return f"position fen {self.fen()} moves {self.moves_list()}"
            if form < 0.9:
                return f"position fen {self.fen()}"
            return self.pick(["position", "position fen", "position startpos moves",
                              "position moves e2e4", "position startpos fen 8/8/8/8/8/8/8/8 w - - 0 1",
                              f"position {self.garbage_word()}"])
        if r < 0.75:
            words = []
            for _ in range(self.rng.randint(0, 4)):
                k = self.pick(["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth",
                               "nodes", "mate", "infinite", "ponder", "searchmoves", "perft",
                               self.garbage_word()])
                if k in ("infinite", "ponder"):
                    words.append(k)
                elif k == "searchmoves":
                    words += [k] + [self.move() for _ in range(self.rng.randint(0, 4))]
                elif k == "perft":
                    words += [k, self.small_depth()]
                elif k in ("depth", "mate"):
                    words += [k, self.pick([self.number(), str(self.rng.randint(1, 6))])]
                elif k == "nodes":
                    words += [k, self.pick([self.number(), str(self.rng.randint(1, 50000))])]
                elif k in ("movetime", "wtime", "btime"):
                    words += [k, self.pick([self.number(), str(self.rng.randint(0, 300))])]
                else:
                    words += [k, self.number()]
            return " ".join(["go"] + words)
        if r < 0.83:
            return self.pick(["stop", "ponderhit", "isready", "stop", "ucinewgame"])
        return self.common_odd()

    def xboard_command(self):
        r = self.rng.random()
        simple = ["new", "force", "go", "playother", "white", "black", "?", "draw", "undo", "remove",
                  "hint", "bk", "hard", "easy", "post", "nopost", "analyze", ".", "exit", "computer",
                  "random", "pause", "resume", "d", "edit", "#", "c", "clear", "exclude all",
                  "include all", "accepted highlight", "accepted san", "rejected usermove", "xboard"]
        if r < 0.2:
            return self.pick(simple)
        if r < 0.35:
            return f"usermove {self.move()}" if self.rng.random() < 0.6 else self.move()
        if r < 0.45:
            name = self.variant_name()
            if name in VARIANTS:
                self.variant = name
                name = CECP.get(name, name)
            elif name == "normal":
                self.variant = "chess"
            return f"variant {name}"
        if r < 0.53:
            return f"setboard {self.fen()}"
        if r < 0.63:
            k = self.rng.random()
            if k < 0.2:
                return f"level {self.pick(['0', '40', '1', '-1', self.number()])} " \
                    f"{self.pick(['0:30', '1', '0:05', '5', '0.5', '1:', ':1', '-1:-1', self.number()])} " \
                    f"{self.pick(['0', '1', '0.5', '-1', self.number()])}"
            if k < 0.4:
                return f"st {self.pick(['0.1', '0.05', '0', '1', '-1', '1e9', self.number()])}"
            if k < 0.5:
                return f"sd {self.pick([str(self.rng.randint(1, 6)), self.number()])}"
            if k < 0.6:
                return f"nps {self.number()}"
            if k < 0.75:
                return f"{self.pick(['time', 'otim'])} {self.pick([str(self.rng.randint(0, 3000)), self.number()])}"
            if k < 0.85:
                return f"memory {self.hash_value()}"
            return f"cores {self.threads_value()}"
        if r < 0.7:
            name = self.pick(XB_OPTIONS + ["Nonexistent", "", self.garbage_word()])
            form = self.rng.random()
            if form < 0.8:
                return f"option {name}={self.option_value(name)}"
            if form < 0.9:
                return f"option {name}"
            return f"option ={self.number()}"
        if r < 0.78:
            return f"{self.pick(['lift', 'put', 'hover'])} {self.pick([self.square(), self.garbage_word(), '', 'j1', '_8', 'j5'])}"
        if r < 0.84:
            k = self.rng.random()
            if k < 0.35:
                def hold():
                    return "".join(self.pick("PNBRQKpnbrqk") for _ in range(self.rng.randint(0, 5)))
                return f"holding [{hold()}] [{hold()}]" + self.pick(["", " WN", " BP", " Wq", " x"])
            if k < 0.55:
                return f"partner {self.pick(['alice', '', 'bob x', self.garbage_word()])}"
            return f"ptell {self.pick(['sit', 'go', 'hello', '', self.garbage_word()])}"
        if r < 0.9:
            return self.pick([f"ping {self.number()}", f"protover {self.number()}",
                              f"result {self.pick(['1-0', '0-1', '1/2-1/2', '*', 'x'])} {{fuzz}}",
                              f"exclude {self.moves_list()}", f"include {self.moves_list()}",
                              f"name {self.garbage_word()}", f"rating {self.number()} {self.number()}",
                              f"ics {self.garbage_word()}", f"egtpath syzygy {self.garbage_word()}",
                              f"accepted {self.garbage_word()}"])
        return self.common_odd()

    def common_odd(self):
        r = self.rng.random()
        if r < 0.25:
            return " ".join(self.garbage_word() for _ in range(self.rng.randint(1, 6)))
        if r < 0.35:
            return self.pick(["", "   ", "\t", "\r", " uci", "quit now", "QUIT", "xboard extra"])
        if r < 0.45:
            return self.pick(["uci", "xboard"])
        if r < 0.55:
            # a line of random bytes (no newline), handled by the caller
            return bytes(self.rng.randint(0, 255) for _ in range(self.rng.randint(1, 200)))
        if r < 0.6:
            return self.pick(["go", "position fen ", "setboard ", "usermove ", "d "]) + \
                "x" * self.pick([1000, 70000, 300000])
        if r < 0.62:
            return "a" * (MAX_LINE + self.rng.randint(1, 1000))
        if r < 0.75:
            return f"{self.pick(['position', 'setoption', 'go', 'usermove', 'setboard', 'ping'])}" \
                   f"{self.pick(MULTIBYTE)} {self.garbage_word()}"
        return self.mutate(self.pick(["go depth 3", "position startpos moves e2e4",
                                      "setoption name Hash value 16", "usermove e2e4",
                                      "level 40 5 0", "ping 1"]))

    def line(self, dialect):
        cmd = self.uci_command() if (dialect == "uci") == (self.rng.random() < 0.9) else self.xboard_command()
        if isinstance(cmd, bytes):
            data = cmd.replace(b"\n", b" ")
        else:
            data = cmd.encode("utf-8")
        end = b"\r\n" if self.rng.random() < 0.05 else b"\n"
        return data + end


def run_session(path, fuzzer, rng, timeout, deadline, stats):
    """One engine process from start to exit. Raises Failure."""
    eng = Engine(path, timeout)
    model = Model()
    try:
        first = rng.random()
        opening = [b"uci\n"] if first < 0.4 else [b"xboard\n", b"protover 2\n"] if first < 0.8 else []
        if opening and opening[0] == b"xboard\n" and rng.random() < 0.6:
            # A clock, so that the engine plays its moves.
            opening.append(rng.choice([b"st 0.05\n", b"sd 3\n", b"level 0 0:02 0.1\n", b"st 0.2\n"]))
        commands = rng.randint(5, 120)
        check_every = rng.randint(1, 8)
        pings = 0
        for data in opening:
            model.feed(data)
            eng.send(data)
        for k in range(commands):
            if time.monotonic() > deadline:
                break
            data = fuzzer.line(model.dialect)
            model.feed(data)
            eng.send(data)
            stats["commands"] += 1
            if model.quit:
                eng.finish("quit")
                return
            if rng.random() < 0.2:
                time.sleep(rng.random() * 0.05)
            if (k + 1) % check_every == 0:
                eng.check_stderr()
                if eng.proc.poll() is not None:
                    raise Failure(eng.exit_problem("the engine exited without quit"))
                if model.dialect == "uci":
                    check = b"isready\n"
                    model.feed(check)
                    eng.send(check)
                    # Every isready sent so far gets its readyok, in order.
                    while stats["readyok_seen"] < model.readies:
                        eng.wait_for("readyok", "isready")
                        stats["readyok_seen"] += 1
                else:
                    pings += 1
                    n = 1000000 + pings
                    # `?` or `force` first: a ping is answered only after
                    # the move the engine is thinking on, with no limit.
                    halt = b"?\n" if rng.random() < 0.7 else b"force\n"
                    check = (b".\n" if model.editing else b"") + halt + f"ping {n}\n".encode()
                    model.feed(check)
                    eng.send(check)
                    eng.wait_for(f"pong {n}", f"{halt.decode().strip()}, ping {n}")
                    # The isready lines of the UCI part are answered by now.
                    stats["readyok_seen"] = model.readies
                stats["checks"] += 1
                eng.drain()
                fuzzer.harvest(eng.take_fresh())
        # End of the session: quit or the end of input.
        if rng.random() < 0.5:
            data = b"quit\n"
            model.feed(data)
            eng.send(data)
            how = "quit"
        else:
            how = "end of input"
        if model.dialect == "uci" and not model.quit:
            # A go perft is counted to its end at the end of input: stop it.
            eng.send(b"stop\n")
        eng.proc.stdin.close()
        eng.finish(how)
    finally:
        stats["sent"] = bytes(eng.sent)
        stats["recent"] = eng.recent
        eng.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", help=vsadnik.HELP)
    ap.add_argument("--seconds", type=float, default=120, help="how long to fuzz (default 120)")
    ap.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    ap.add_argument("--timeout", type=float, default=20, help="seconds for an answer (default 20)")
    ap.add_argument("--out", default=None, help="failure input file (default protocol_fuzz_failure_SEED.txt)")
    args = ap.parse_args()
    args.engine = vsadnik.require(args.engine)
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    fuzzer = Fuzzer(rng, real_fens())
    start = time.monotonic()
    deadline = start + args.seconds
    stats = {"commands": 0, "checks": 0, "sessions": 0, "readyok_seen": 0, "sent": b"",
             "recent": []}
    print(f"protocol_fuzz: seed {seed}, {args.seconds:g} s, engine {args.engine}", flush=True)
    while time.monotonic() < deadline:
        stats["readyok_seen"] = 0
        fuzzer.variant = "chess"
        try:
            run_session(args.engine, fuzzer, rng, args.timeout, deadline, stats)
        except Failure as e:
            out = args.out or f"protocol_fuzz_failure_{seed}.txt"
            with open(out, "wb") as f:
                f.write(stats["sent"])
            print(f"protocol_fuzz: FAILED in session {stats['sessions'] + 1}: {e}", flush=True)
            print("protocol_fuzz: the engine's last lines:", flush=True)
            for line in stats["recent"]:
                print("  " + line[:300], flush=True)
            print(f"protocol_fuzz: input written to {out} (replay: {args.engine} < {out})", flush=True)
            return 1
        stats["sessions"] += 1
    took = time.monotonic() - start
    print(f"protocol_fuzz: {stats['sessions']} sessions, {stats['commands']} commands, "
          f"{stats['checks']} liveness checks in {took:.0f} s: 0 crashes, 0 hangs", flush=True)
    print("protocol_fuzz: lines read: " + ", ".join(f"{k} {v}" for k, v in fuzzer.answers.items()),
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
