"""A second, simple and independent progressive-chess move generator on top of
python-chess, written from docs/rules/progressive.md (not from the
Rust code). Slow on purpose: clarity first.

Rule sets: 'italian', 'scottish', 'english'.

State: a python-chess board whose turn is the side playing the current
series (its own en passant square always cleared), the series number n,
the moves played in it, the en passant bookkeeping, the English round set.

Usage as a tool:
  progressive_ref.py perft DEPTH --variant V [--fen FEN] [--divide]
  progressive_ref.py series --variant V [--fen FEN]     (whole-series count)
  progressive_ref.py moves --variant V [--fen FEN]      (legal moves, sorted)
"""

import argparse
import sys

import chess

VARIANTS = ("italian", "scottish", "english")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def forward(sq, color, steps=1):
    return sq + (8 if color == chess.WHITE else -8) * steps


class State:
    """One position between two single moves."""

    def __init__(self, variant):
        assert variant in VARIANTS
        self.variant = variant
        self.board = None
        self.n = 1            # series number = its length
        self.played = 0       # moves already played in it
        # At a series start: squares the mover may capture en passant on.
        self.ep_start = set()
        # In mid-series: {passed square: pawn square} of the mover's double
        # steps in this series whose pawn has not moved again.
        self.double_steps = {}
        self.moved = set()    # English: squares of pieces moved in this round
        self.frozen = set()   # English: squares of pieces promoted in this series
        # I3: completed series since the last one with a pawn move or capture,
        # and whether the current series has had one.
        self.quiet_series = 0
        self.reset_now = False

    def copy(self):
        c = State(self.variant)
        c.board = self.board.copy(stack=False)
        c.n, c.played = self.n, self.played
        c.ep_start = set(self.ep_start)
        c.double_steps = dict(self.double_steps)
        c.moved, c.frozen = set(self.moved), set(self.frozen)
        c.quiet_series, c.reset_now = self.quiet_series, self.reset_now
        return c

    # ---- rules -------------------------------------------------------------

    def last_move_of_series(self):
        return self.played == self.n - 1

    def chess_moves(self):
        """Ordinary legal chess moves (no en passant), the board's own ep square cleared."""
        self.board.ep_square = None
        return list(self.board.legal_moves)

    def ep_moves(self, target):
        """Legal en passant captures onto target for the side to move (chess legality only)."""
        b = self.board.copy(stack=False)
        them = not b.turn
        pawn_sq = forward(target, b.turn, -1)
        if b.piece_at(pawn_sq) != chess.Piece(chess.PAWN, them) or b.piece_at(target):
            return []
        b.ep_square = target
        return [m for m in b.legal_moves if b.is_en_passant(m)]

    def italian_ok(self, m, board=None):
        """I1: a checking move only as the last move of the series."""
        if self.variant != "italian" or self.last_move_of_series():
            return True
        return not (board or self.board).gives_check(m)

    def takeable_ep_targets(self):
        """At a series start: the targets for which some capture is legal under the set."""
        out = set()
        for t in self.ep_start:
            for m in self.ep_moves(t):
                b = self.board.copy(stack=False)
                b.ep_square = t
                if self.italian_ok(m, b):
                    out.add(t)
        return out

    def moves_before_rounds(self):
        moves = [m for m in self.chess_moves() if self.italian_ok(m)]
        if self.variant != "english" and self.played == 0:
            for t in sorted(self.ep_start):
                for m in self.ep_moves(t):
                    b = self.board.copy(stack=False)
                    b.ep_square = t
                    if self.italian_ok(m, b):
                        moves.append(m)
        return moves

    def round_ok(self, m):
        if m.from_square in self.moved:
            return False
        if self.board.is_castling(m):
            rook = chess.square(7 if chess.square_file(m.to_square) == 6 else 0,
                                chess.square_rank(m.from_square))
            if rook in self.moved:
                return False
        return True

    def legal_moves(self):
        moves = self.moves_before_rounds()
        if self.variant == "english":
            moves = [m for m in moves if self.round_ok(m)]
        return moves

    def play(self, m):
        """The state after the legal move m."""
        c = self.copy()
        b = c.board
        us = b.turn
        gives_check = b.gives_check(m)
        is_ep = False
        if c.variant != "english" and c.played == 0 and b.piece_type_at(m.from_square) == chess.PAWN \
                and chess.square_file(m.from_square) != chess.square_file(m.to_square) \
                and b.piece_at(m.to_square) is None:
            is_ep = True
            b.ep_square = m.to_square
        piece = b.piece_type_at(m.from_square)
        capture = is_ep or b.piece_at(m.to_square) is not None
        castling = b.is_castling(m)
        b.push(m)
        b.ep_square = None
        if c.played == 0:
            c.ep_start = set()
            c.double_steps = {}
        if c.variant != "english":
            if m.from_square in c.double_steps.values():
                c.double_steps = {t: p for t, p in c.double_steps.items() if p != m.from_square}
            if piece == chess.PAWN and abs(m.to_square - m.from_square) == 16:
                c.double_steps[(m.from_square + m.to_square) // 2] = m.to_square
        if c.variant == "english":
            c.moved.discard(m.from_square)
            c.moved.add(m.to_square)
            if castling:
                rank = chess.square_rank(m.from_square)
                if chess.square_file(m.to_square) == 6:
                    rf, rt = chess.square(7, rank), chess.square(5, rank)
                else:
                    rf, rt = chess.square(0, rank), chess.square(3, rank)
                c.moved.discard(rf)
                c.moved.add(rt)
            if m.promotion:
                c.frozen.add(m.to_square)
        if piece == chess.PAWN or capture:
            c.reset_now = True
        c.played += 1
        ends = c.played == c.n or (gives_check and c.variant in ("scottish", "english"))
        if ends:
            c.quiet_series = 0 if c.reset_now else c.quiet_series + 1
            c.reset_now = False
            c.n += 1
            c.played = 0
            c.moved, c.frozen = set(), set()
            # b.turn is already the opponent's: he may take the targets that
            # are still empty and legally capturable.
            c.ep_start = {t for t in c.double_steps if b.piece_at(t) is None}
            c.double_steps = {}
            c.ep_start = c.takeable_ep_targets()
        else:
            b.turn = us
            if c.variant == "english":
                moves = c.moves_before_rounds()
                if not any(c.round_ok(x) for x in moves):
                    c.moved = set(c.frozen)
        return c

    # ---- FEN -----------------------------------------------------------------

    def fen(self):
        b = self.board
        parts = b.fen().split()
        if self.played == 0:
            ep = sorted(self.ep_start)
        else:
            # Mid-series: the targets created whose pawn is still there with
            # an enemy pawn beside it.
            them = not b.turn
            ep = sorted(t for t, p in self.double_steps.items()
                        if any(b.piece_at(s) == chess.Piece(chess.PAWN, them)
                               for s in chess.SquareSet(chess.BB_PAWN_ATTACKS[b.turn][t])))
        ep_text = "".join(chess.square_name(t) for t in ep) or "-"
        if self.variant == "english":
            counter = b.halfmove_clock
        elif self.played == 0:
            counter = self.quiet_series
        else:
            counter = 0 if self.reset_now else self.quiet_series + 1
        out = [parts[0], parts[1], parts[2], ep_text, str(counter), str(self.n)]
        if self.played:
            out.append(str(self.played))
            if self.variant == "english":
                items = [chess.square_name(s) + ("~" if s in self.frozen else "")
                         for s in sorted(self.moved)]
                out.append(",".join(items) or "-")
        return " ".join(out)

    @staticmethod
    def from_fen(fen, variant):
        f = fen.split()
        s = State(variant)
        side = f[1]
        s.n = int(f[5]) if len(f) > 5 else (1 if side == "w" else 2)
        s.played = int(f[6]) if len(f) > 6 else 0
        counter = int(f[4]) if len(f) > 4 else 0
        s.board = chess.Board(f"{f[0]} {side} {f[2]} - {counter if variant == 'english' else 0} 1")
        if (s.n % 2 == 1) != (side == "w"):
            raise ValueError("series parity does not match the side to move")
        if variant != "english":
            if s.played == 0:
                s.quiet_series = counter
            else:
                s.reset_now = counter == 0
                s.quiet_series = max(counter - 1, 0)
        targets = [] if f[3] == "-" else [chess.parse_square(f[3][i:i + 2]) for i in range(0, len(f[3]), 2)]
        if variant != "english":
            if s.played == 0:
                s.ep_start = set(targets)
                s.ep_start = s.takeable_ep_targets()
            else:
                s.double_steps = {t: forward(t, s.board.turn) for t in targets}
        if variant == "english" and len(f) > 7 and f[7] != "-":
            for item in f[7].split(","):
                sq = chess.parse_square(item.rstrip("~"))
                s.moved.add(sq)
                if item.endswith("~"):
                    s.frozen.add(sq)
            moves = s.moves_before_rounds()
            if not any(s.round_ok(x) for x in moves):
                s.moved = set(s.frozen)
        return s


def perft(s, depth):
    if depth == 0:
        return 1
    moves = s.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(s.play(m), depth - 1) for m in moves)


def divide(s, depth):
    return {m.uci(): perft(s.play(m), depth - 1) for m in s.legal_moves()}


def series_count(s):
    """(sequences completing the series, distinct end positions, P4 stalemates on the way)."""
    seqs, ends, stale = 0, set(), 0

    def walk(x):
        nonlocal seqs, stale
        moves = x.legal_moves()
        if not moves:
            if not x.board.is_check():
                stale += 1
            return
        for m in moves:
            y = x.play(m)
            if y.played == 0:
                seqs += 1
                f = y.fen().split()
                ends.add(" ".join(f[:4] + f[5:]))
            else:
                walk(y)

    walk(s)
    return seqs, len(ends), stale


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["perft", "series", "moves", "play"])
    ap.add_argument("depth", nargs="?", type=int, default=1)
    ap.add_argument("--variant", default="italian", choices=VARIANTS)
    ap.add_argument("--fen", default=START)
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--divide", action="store_true")
    a = ap.parse_args()
    s = State.from_fen(a.fen, a.variant)
    for mv in a.moves:
        m = chess.Move.from_uci(mv)
        if m not in s.legal_moves():
            sys.exit(f"illegal move {mv}")
        s = s.play(m)
    if a.command == "perft":
        if a.divide:
            d = divide(s, a.depth)
            for k in sorted(d):
                print(f"{k}: {d[k]}")
            print(f"Nodes searched: {sum(d.values())}")
        else:
            print(f"Nodes searched: {perft(s, a.depth)}")
    elif a.command == "series":
        seqs, ends, stale = series_count(s)
        print(f"sequences {seqs} positions {ends} stalemates {stale}")
    elif a.command == "moves":
        print(" ".join(sorted(m.uci() for m in s.legal_moves())))
    else:
        print(s.fen())


if __name__ == "__main__":
    main()
