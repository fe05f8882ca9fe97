"""Independent move generators ("oracles") for vsadnik's drop variants.

Shared by tools/drops/compare_drops.py and tools/drops/make_drop_fixtures.py.

Two kinds of oracle:

* ``FairySF``: one long-running Fairy-Stockfish process (Debian's
  /usr/games/fairy-stockfish) spoken to over UCI: ``position fen ... [moves ...]``,
  ``go perft D`` (divide lines ``MOVE: N``), ``d`` (``Fen:`` and ``Checkers:``).
  Variants ``crazyhouse`` and ``bughouse`` (in Fairy-Stockfish's two-board variants a
  capture does NOT go to the capturer's hand, which is exactly vsadnik's one-board
  ``bughouse``).  ``swedish_moves_fs`` turns its ``bughouse`` move list into a Swedish
  one by removing drops that give check (S4, detected by ``drop_gives_check`` below,
  a few lines of ray code that share nothing with python-chess) and the S5 pawn drops.

* ``Rules`` on top of python-chess's ``chess.variant.CrazyhouseBoard``:
  - ``crazyhouse``: python-chess as it is (lichess rules, captured promoted pieces
    go to the hand as pawns);
  - ``bughouse``: after every push the mover's pocket is put back to what it was
    (minus the dropped piece), so a capture leaves the board (for the partner);
  - ``swedish`` (rules in docs/rules/swedish.md): as bughouse (S2), minus drops
    that give check (S4), minus White pawn drops on rank 7 and Black pawn drops on
    rank 2 (S5; python-chess already forbids ranks 1 and 8), plus S6: a rook
    dropped on its own corner while its king has never moved restores that
    castling right.  "Never moved" is tracked per colour: from a FEN it is true when
    the king stands on e1/e8 and the castling field has a letter of its colour;
    any king move (castling too) ends it.  The right is set explicitly in
    python-chess's ``castling_rights`` bitmask after the drop (python-chess only
    ever clears rights, so nothing fights it).  A pawn dropped on its own second
    rank double-steps and can be taken en passant: python-chess allows the double
    step from the second rank whatever brought the pawn there.

State for ``Rules`` is ``State(board, never_moved)``; ``never_moved`` is a pair of
bools (White, Black) and only matters for swedish.
"""
import os
import queue
import re
import subprocess
import threading
import time

try:
    import chess
    import chess.variant
except ImportError:  # pragma: no cover
    raise SystemExit("needs python-chess: pip install -r tools/requirements.txt")

from tools import vsadnik

VARIANTS = ("crazyhouse", "bughouse", "swedish")
MOVE_RE = re.compile(r"^([a-h][1-8][a-h][1-8][qrbn]?|[PNBRQK]@[a-h][1-8])\s*:\s*(\d+)$")
FAIRY_SF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")


# --------------------------------------------------------------------------- FEN helpers

def split_fen(fen):
    """Return (placement 8x8 rows list, reserve string, rest of fields list)."""
    parts = fen.split()
    pos = parts[0]
    reserve = ""
    if pos.endswith("]") and "[" in pos:
        pos, reserve = pos[:-1].split("[", 1)
    elif pos.count("/") == 8:
        pos, reserve = pos.rsplit("/", 1)
    return pos, reserve, parts[1:]


def board_map(fen):
    """square index (a1=0) -> piece letter, '~' marks dropped."""
    pos, _, _ = split_fen(fen)
    out = {}
    rows = pos.split("/")
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch == "~":
                continue
            else:
                out[rank * 8 + f] = ch
                f += 1
    return out


def with_reserve(fen, reserve):
    pos, _, rest = split_fen(fen)
    return " ".join(["%s[%s]" % (pos, reserve)] + rest)


def king_never_moved_from_fen(fen):
    """(white, black) per the Swedish fine point: king on e1/e8 and a castling letter of its colour."""
    bm = board_map(fen)
    _, _, rest = split_fen(fen)
    castling = rest[1] if len(rest) > 1 else "-"
    white = bm.get(chess.E1) == "K" and any(c in castling for c in "KQ")
    black = bm.get(chess.E8) == "k" and any(c in castling for c in "kq")
    return (white, black)


# --------------------------------------------------------------------------- S4 without python-chess

def drop_gives_check(fen, move):
    """Does the drop `move` (e.g. 'N@f3') in position `fen` attack the opponent's king?

    A drop adds one piece and uncovers nothing, so it gives check exactly when the
    dropped piece attacks the enemy king.  Plain ray walking on the FEN's board.
    """
    bm = board_map(fen)
    _, _, rest = split_fen(fen)
    white = rest[0] == "w"
    letter = move[0]
    sq = chess.parse_square(move[2:4])
    enemy_king = "k" if white else "K"
    ks = [s for s, p in bm.items() if p == enemy_king]
    if not ks:
        return False
    k = ks[0]
    df = (k % 8) - (sq % 8)
    dr = (k // 8) - (sq // 8)
    if letter == "P":
        return abs(df) == 1 and dr == (1 if white else -1)
    if letter == "N":
        return (abs(df), abs(dr)) in ((1, 2), (2, 1))
    diag = abs(df) == abs(dr) and df != 0
    orth = (df == 0) != (dr == 0)
    if letter == "B" and not diag or letter == "R" and not orth or letter == "Q" and not (diag or orth):
        return False
    if letter not in "BRQ":
        return False
    sf = (df > 0) - (df < 0)
    sr = (dr > 0) - (dr < 0)
    f, r = sq % 8 + sf, sq // 8 + sr
    while (f, r) != (k % 8, k // 8):
        if r * 8 + f in bm:
            return False
        f += sf
        r += sr
    return True


def swedish_s5_forbidden(move, white):
    """S5: no White pawn drop on ranks 1, 7, 8; no Black pawn drop on ranks 8, 2, 1."""
    if not move.startswith("P@"):
        return False
    rank = int(move[3])
    return rank in ((1, 7, 8) if white else (8, 2, 1))


# --------------------------------------------------------------------------- Fairy-Stockfish

class OracleError(Exception):
    pass


class FairySF:
    """One Fairy-Stockfish process; commands are strictly sequential."""

    def __init__(self, variant, path=FAIRY_SF, timeout=60.0):
        if not os.access(path, os.X_OK):
            raise OracleError("Fairy-Stockfish not found at %s (apt-get install fairy-stockfish)" % path)
        self.variant = variant
        self.timeout = timeout
        self.p = subprocess.Popen(["nice", "-n", "10", path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.send("uci")
        lines = self._until(lambda line: line.strip() == "uciok")
        self.name = next((line[8:].strip() for line in lines if line.startswith("id name ")), "Fairy-Stockfish")
        self.send("setoption name Threads value 1")
        self.send("setoption name UCI_Variant value " + variant)
        self.isready()

    def _reader(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\r\n"))
        self.q.put(None)

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def _until(self, pred):
        lines = []
        while True:
            try:
                line = self.q.get(timeout=self.timeout)
            except queue.Empty:
                raise OracleError("Fairy-Stockfish timed out")
            if line is None:
                raise OracleError("Fairy-Stockfish exited")
            lines.append(line)
            if pred(line):
                return lines

    def isready(self):
        self.send("isready")
        return self._until(lambda line: line.strip() == "readyok")

    def _position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def perft(self, fen, depth, moves=()):
        """dict move -> count (divide), and the total."""
        self._position(fen, moves)
        self.send("go perft %d" % depth)
        lines = self._until(lambda line: line.startswith("Nodes searched"))
        div = {}
        for line in lines[:-1]:
            m = MOVE_RE.match(line.strip())
            if m:
                div[m.group(1)] = int(m.group(2))
        return div, int(lines[-1].split(":")[1])

    def display(self, fen, moves=()):
        """(fen after the moves, checkers string)."""
        self._position(fen, moves)
        self.send("d")
        lines = self.isready()
        out_fen = next((line[4:].strip() for line in lines if line.startswith("Fen:")), None)
        checkers = next((line[9:].strip() for line in lines if line.startswith("Checkers:")), "")
        return out_fen, checkers

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()
            self.p.wait()


def swedish_moves_fs(fs, fen, moves=()):
    """Swedish legal moves of fen(+moves) from Fairy-Stockfish's bughouse list, S4/S5 applied.

    fs must run UCI_Variant bughouse.  Returns (set of moves, fen of the position).
    """
    if moves:
        fen, _ = fs.display(fen, moves)
    div, _ = fs.perft(fen, 1)
    white = split_fen(fen)[2][0] == "w"
    out = set()
    for m in div:
        if "@" in m and (swedish_s5_forbidden(m, white) or drop_gives_check(fen, m)):
            continue
        out.add(m)
    return out, fen


def swedish_divide2_fs(fs, fen):
    """Swedish perft-2 divide from Fairy-Stockfish (bughouse) + S4/S5 filters.

    The S6 castling restore changes only the mover's own rights, which matter
    three plies on at the earliest, so it plays no part in depth 2.
    """
    roots, _ = swedish_moves_fs(fs, fen)
    return {m: len(swedish_moves_fs(fs, fen, [m])[0]) for m in roots}


# --------------------------------------------------------------------------- python-chess rules

class State:
    __slots__ = ("board", "never_moved")

    def __init__(self, board, never_moved):
        self.board = board
        self.never_moved = never_moved


class Rules:
    """Crazyhouse / bughouse (one board) / swedish on python-chess's CrazyhouseBoard."""

    def __init__(self, variant):
        if variant not in VARIANTS:
            raise ValueError("unknown variant " + variant)
        self.variant = variant
        self.keep_captures = variant == "crazyhouse"
        self.swedish = variant == "swedish"

    def from_fen(self, fen):
        b = chess.variant.CrazyhouseBoard(fen)
        return State(b, king_never_moved_from_fen(fen))

    @staticmethod
    def fen(state, en_passant="legal"):
        return state.board.fen(en_passant=en_passant)

    def legal(self, state):
        b = state.board
        out = []
        for m in b.legal_moves:
            if self.swedish and m.drop:
                if m.drop == chess.PAWN:
                    rank = chess.square_rank(m.to_square) + 1
                    if rank in ((1, 7, 8) if b.turn == chess.WHITE else (8, 2, 1)):
                        continue  # S5
                if b.gives_check(m):
                    continue  # S4
            out.append(m)
        return out

    def play(self, state, m):
        b = state.board.copy(stack=False)
        mover = b.turn
        saved = b.pockets[mover].copy()
        moving = None if m.drop else b.piece_type_at(m.from_square)
        b.push(m)
        nm = list(state.never_moved)
        me = 0 if mover == chess.WHITE else 1  # never_moved is (White, Black); chess.WHITE == 1
        if not self.keep_captures:
            # S2 / bughouse: a capture leaves the board; the mover's pocket only loses its drop.
            b.pockets[mover] = saved
            if m.drop:
                b.pockets[mover].remove(m.drop)
        if moving == chess.KING:
            nm[me] = False
        if self.swedish and m.drop == chess.ROOK and nm[me]:
            home = chess.E1 if mover == chess.WHITE else chess.E8
            corners = (chess.A1, chess.H1) if mover == chess.WHITE else (chess.A8, chess.H8)
            if m.to_square in corners and b.piece_at(home) == chess.Piece(chess.KING, mover):
                b.castling_rights |= chess.BB_SQUARES[m.to_square]  # S6 restore
        return State(b, tuple(nm))

    def divide(self, state, depth):
        """perft divide: dict uci -> leaves."""
        out = {}
        for m in self.legal(state):
            if depth <= 1:
                out[m.uci()] = 1
            else:
                out[m.uci()] = self.count(self.play(state, m), depth - 1)
        return out

    def count(self, state, depth):
        moves = self.legal(state)
        if depth <= 1:
            return len(moves)
        return sum(self.count(self.play(state, m), depth - 1) for m in moves)


# --------------------------------------------------------------------------- vsadnik

def vsadnik_perft(engine, variant, fen, depth, moves=(), timeout=60.0):
    """Run `vsadnik perft DEPTH --divide`; returns (divide dict, total, problems list)."""
    args = ["perft", str(depth), "--variant", variant, "--fen", fen]
    if moves:
        args += ["--moves"] + list(moves)
    args.append("--divide")
    t0 = time.time()
    for _ in range(60):  # the binary may be missing for a moment while developers rebuild it
        if os.access(engine, os.X_OK):
            break
        time.sleep(5)
    try:
        r = vsadnik.run(engine, args, nice=10, capture_output=True, text=True, timeout=timeout)
        if r.returncode == 127 and not os.access(engine, os.X_OK):
            time.sleep(10)
            r = vsadnik.run(engine, args, nice=10, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, ["vsadnik timed out after %.0f s" % (time.time() - t0)]
    problems = []
    if r.returncode != 0:
        return None, None, ["vsadnik exit %d: %s" % (r.returncode, r.stderr.strip()[-300:])]
    div = {}
    total = None
    for line in r.stdout.splitlines():
        line = line.strip()
        m = MOVE_RE.match(line)
        if m:
            if m.group(1) in div:
                problems.append("move %s listed twice" % m.group(1))
            div[m.group(1)] = int(m.group(2))
        elif line.startswith("Nodes searched"):
            total = int(line.split(":")[1])
        elif line:
            problems.append("unparsed output line: %r" % line[:100])
    if total is None:
        problems.append("no 'Nodes searched' line")
    elif total != sum(div.values()):
        problems.append("Nodes searched %d != sum of divide %d" % (total, sum(div.values())))
    return div, total, problems


def diff_divide(expected, got):
    """List of human-readable differences (expected = oracle)."""
    details = []
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    if missing:
        details.append("missing (legal, not listed by vsadnik): " + " ".join(missing))
    if extra:
        details.append("extra (listed by vsadnik, not legal): " + " ".join(extra))
    wrong = ["%s vsadnik %d expected %d" % (m, got[m], expected[m])
             for m in sorted(set(expected) & set(got)) if got[m] != expected[m]]
    if wrong:
        details.append("wrong counts: " + ", ".join(wrong))
    return details
