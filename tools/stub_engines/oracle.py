"""The rules oracle of the stub engines: one `vsadnik` child process in UCI
mode that tells the legal moves and the FEN of a position, so that the stubs
need nothing but the Python standard library.

The program is found by the tools' rule (tools/vsadnik.py: `$VSADNIK_BIN`,
which the Rust tests set to the binary they test, else `target/release/vsadnik`
or `target/debug/vsadnik` of this repository, else `vsadnik` on `PATH`).

The oracle is asked with UCI commands (see docs/protocols.md):
`setoption name UCI_Variant value V`, `position startpos|fen F [moves ...]`,
then `go perft 1` (one `MOVE: 1` line per legal move, in vsadnik's generation
order, then `Nodes searched: N`) or `d` (`Fen: ...`, and `Moves: ...` in SAN
for chess, in the same order). An error message from vsadnik
(`info string Error: ...`) raises `OracleError`.

Also here: the small FEN helpers the stubs share.
"""
import re
import sys

from tools import vsadnik

# A `go perft 1` line: a move and its leaf count.
MOVE_LINE = re.compile(r"(\S+): \d+")


class OracleError(Exception):
    """vsadnik could not be found or started, exited, or refused a command."""


class Oracle:
    """A vsadnik child process that answers questions about positions.

    A position is a variant name, a FEN (None for the variant's start
    position) and a list of moves in coordinate notation played from it.
    """

    def __init__(self, program=None):
        try:
            program = vsadnik.find(program)
            self.proc = vsadnik.start(program, text=True, bufsize=1)
        except vsadnik.NotFound as e:
            raise OracleError(str(e)) from e
        except OSError as e:
            raise OracleError("cannot start vsadnik (%s): %s" % (program, e)) from e
        self.program = program
        self.variant = "chess"
        self._send("uci")
        self._read_until(lambda line: line == "uciok", "'uci'")
        self._send("setoption name Hash value 1")

    def _send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise OracleError("vsadnik (%s) does not take input: %s" % (self.program, e)) from e

    def _read_until(self, last, command):
        """The lines vsadnik writes up to and including the one for which
        `last(line)` holds; `command` says what was asked, for errors."""
        lines = []
        refusal = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise OracleError("vsadnik (%s) exited after %s" % (self.program, command))
            line = line.rstrip("\n")
            if line.startswith(("info string Error", "info string Unknown")):
                refusal = refusal or line[len("info string "):]
            lines.append(line)
            if last(line):
                break
        if refusal:
            raise OracleError("vsadnik refused %s: %s" % (command, refusal))
        return lines

    def _setup(self, variant, fen, moves):
        """Sends the position; returns what was asked, for error messages."""
        if variant != self.variant:
            self._send("setoption name UCI_Variant value " + variant)
            self.variant = variant
        command = "position " + ("fen " + fen if fen else "startpos")
        if moves:
            command += " moves " + " ".join(moves)
        self._send(command)
        return "'%s' (variant %s)" % (command, variant)

    def legal_moves(self, variant, fen=None, moves=()):
        """Every legal move of the position, in coordinates (`e2e4`, `e7e8q`,
        `N@f3`), in vsadnik's generation order."""
        command = self._setup(variant, fen, moves)
        self._send("go perft 1")
        lines = self._read_until(lambda line: line.startswith("Nodes searched:"), command)
        return [m.group(1) for m in map(MOVE_LINE.fullmatch, lines) if m]

    def _display(self, variant, fen, moves):
        """The `d` output's `Key: value` lines of the position, as a dict."""
        command = self._setup(variant, fen, moves)
        self._send("d")
        lines = self._read_until(lambda line: line.startswith("Moves:"), command)
        return dict(line.split(": ", 1) for line in lines if ": " in line)

    def fen(self, variant, fen=None, moves=()):
        """The FEN of the position (drop variants: with the reserve in
        brackets and `~` after promoted pieces)."""
        return self._display(variant, fen, moves)["Fen"]

    def moves_with_san(self, fen=None, moves=()):
        """Chess: every legal move as a (coordinates, SAN) pair."""
        coords = self.legal_moves("chess", fen, moves)
        sans = self._display("chess", fen, moves)["Moves"].split()
        if len(sans) != len(coords):
            raise OracleError("vsadnik listed %d moves in SAN but %d in coordinates"
                              % (len(sans), len(coords)))
        return list(zip(coords, sans))


def run(main, stub_name):
    """Runs the stub's `main()`; an `OracleError` ends it with a message on
    standard error and exit status 2 (the match runner shows an engine's
    last lines of standard error when it fails)."""
    try:
        main()
    except OracleError as e:
        sys.stderr.write("%s: rules oracle: %s\n" % (stub_name, e))
        sys.stderr.flush()
        sys.exit(2)


# --- FEN helpers -------------------------------------------------------------

def side_to_move(fen, moves=()):
    """'w' or 'b': who moves after `moves` from `fen` (None: a start
    position, White to move)."""
    side = fen.split()[1] if fen else "w"
    if len(moves) % 2:
        side = "b" if side == "w" else "w"
    return side


def square_name(index):
    """`a1` for 0 ... `h8` for 63."""
    return "abcdefgh"[index % 8] + str(index // 8 + 1)


def square_index(name):
    """0 for `a1` ... 63 for `h8`."""
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def pieces(fen):
    """The pieces of an 8x8 FEN placement as {square index: FEN letter}
    (a reserve in brackets and `~` marks are left out)."""
    placement = fen.split()[0].split("[")[0]
    out = {}
    for r, rank in enumerate(placement.split("/")[:8]):
        f = 0
        for c in rank:
            if c.isdigit():
                f += int(c)
            elif c.isalpha():
                out[(7 - r) * 8 + f] = c
                f += 1
    return out


def with_reserve(fen, white, black):
    """`fen` with its bracketed reserve replaced by White's pieces `white`
    and Black's `black` (letters in any case)."""
    placement, rest = fen.split(" ", 1)
    board = placement.split("[")[0]
    return "%s[%s%s] %s" % (board, white.upper(), black.lower(), rest)
