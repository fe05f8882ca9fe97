"""A second, deliberately simple tavreli (Russian chess) move generator.

Written from docs/rules/tavreli.md (rules R1-R10 and the fine
points), not from the Rust code: towers are Python lists (bottom first) of
piece records, attacks are found by walking rays from the king, and a move
is legal when, after playing it on a copy of the board (move, then R7
promotions/demotions), the mover's king is not attacked. Castling rights are
kept as "has moved" flags on the king and rook pieces themselves; the FEN
letters are derived from them. Speed is not a goal.

FEN: the engine's documented form (docs/tavreli.md): towers top first in
parentheses, `=X` pawn promotion kind when it differs from its file's,
`^` a bottom pawn on its second rank without the double step, `~` promoted.

Usage as a program:
    tavreli_ref.py moves FEN          # one legal move per line (protocol form)
    tavreli_ref.py perft DEPTH FEN    # leaf count
    tavreli_ref.py divide DEPTH FEN   # "move: count" lines, then the total
No dependencies beyond the standard library.
"""

import sys

WHITE, BLACK = "w", "b"
FILES = "abcdefgh"
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# R6: the piece a pawn stood in front of at the start, by file.
PROMOTES_ON_FILE = {0: "R", 1: "N", 2: "B", 3: "Q", 4: "H", 5: "B", 6: "N", 7: "R"}

KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


class Piece:
    """One tavreli piece.

    kind: what it moves as now (P N B R Q K H).
    becomes: for a pawn (or a promoted pawn), the kind it promotes into.
    promoted: a pawn that is currently promoted (kind == becomes).
    fresh: a pawn that never left its starting square (double step, R8).
    moved: for kings and rooks, has it ever moved (castling, R9).
    """

    __slots__ = ("color", "kind", "becomes", "promoted", "fresh", "moved")

    def __init__(self, color, kind, becomes=None, promoted=False, fresh=False, moved=True):
        self.color = color
        self.kind = kind
        self.becomes = becomes
        self.promoted = promoted
        self.fresh = fresh
        self.moved = moved

    def copy(self):
        return Piece(self.color, self.kind, self.becomes, self.promoted, self.fresh, self.moved)


def sq_name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def sq_parse(text):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError("bad square " + text)
    return FILES.index(text[0]) + 8 * (int(text[1]) - 1)


def other(color):
    return BLACK if color == WHITE else WHITE


def last_rank(color):
    return 7 if color == WHITE else 0


def forward(color):
    return 1 if color == WHITE else -1


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


class Game:
    """A position: 64 towers (lists, bottom first) and the move state."""

    def __init__(self):
        self.towers = [[] for _ in range(64)]
        self.turn = WHITE
        self.ep = None
        self.halfmove = 0
        self.fullmove = 1

    def copy(self):
        g = Game()
        g.towers = [[p.copy() for p in t] for t in self.towers]
        g.turn = self.turn
        g.ep = self.ep
        g.halfmove = self.halfmove
        g.fullmove = self.fullmove
        return g

    def top(self, sq):
        t = self.towers[sq]
        return t[-1] if t else None

    def king_square(self, color):
        for sq in range(64):
            p = self.top(sq)
            if p is not None and p.kind == "K" and p.color == color:
                return sq
        raise ValueError("no king")

    # ---- attacks (only tops attack, any tower blocks) ----------------------

    def attacked(self, sq, by):
        """Is `sq` attacked by a top piece of colour `by`?"""
        f, r = sq % 8, sq // 8
        for df, dr in KNIGHT_STEPS:
            if on_board(f + df, r + dr):
                p = self.top((r + dr) * 8 + f + df)
                if p and p.color == by and p.kind in "NH":
                    return True
        for df, dr in KING_STEPS:
            if on_board(f + df, r + dr):
                p = self.top((r + dr) * 8 + f + df)
                if p and p.color == by and p.kind == "K":
                    return True
        # A pawn of `by` attacks diagonally forward, so it stands one rank behind.
        pr = r - forward(by)
        for df in (-1, 1):
            if on_board(f + df, pr):
                p = self.top(pr * 8 + f + df)
                if p and p.color == by and p.kind == "P":
                    return True
        for dirs, kinds in ((ROOK_DIRS, "RQH"), (BISHOP_DIRS, "BQH")):
            for df, dr in dirs:
                x, y = f + df, r + dr
                while on_board(x, y):
                    p = self.top(y * 8 + x)
                    if p is not None:
                        if p.color == by and p.kind in kinds:
                            return True
                        break
                    x, y = x + df, y + dr
        return False

    def in_check(self):
        return self.attacked(self.king_square(self.turn), other(self.turn))

    # ---- where a top piece may go ----------------------------------------

    def reach(self, sq):
        """Squares the top piece on `sq` may move to (kings' squares removed,
        castling and en passant not included)."""
        p = self.top(sq)
        f, r = sq % 8, sq // 8
        out = []

        def add(x, y):
            if on_board(x, y):
                out.append(y * 8 + x)

        if p.kind == "P":
            d = forward(p.color)
            if on_board(f, r + d) and not self.towers[(r + d) * 8 + f]:
                add(f, r + d)
                if p.fresh and on_board(f, r + 2 * d) and not self.towers[(r + 2 * d) * 8 + f]:
                    add(f, r + 2 * d)
            for df in (-1, 1):
                if on_board(f + df, r + d) and self.towers[(r + d) * 8 + f + df]:
                    add(f + df, r + d)
        if p.kind in "NH":
            for df, dr in KNIGHT_STEPS:
                add(f + df, r + dr)
        if p.kind == "K":
            for df, dr in KING_STEPS:
                add(f + df, r + dr)
        dirs = []
        if p.kind in "RQH":
            dirs += ROOK_DIRS
        if p.kind in "BQH":
            dirs += BISHOP_DIRS
        for df, dr in dirs:
            x, y = f + df, r + dr
            while on_board(x, y):
                out.append(y * 8 + x)
                if self.towers[y * 8 + x]:
                    break
                x, y = x + df, y + dr
        # R5: nothing moves onto a king.
        return [t for t in set(out) if not (self.top(t) and self.top(t).kind == "K")]

    # ---- playing a move -----------------------------------------------------

    def play(self, frm, to, k):
        """Plays the top k pieces from `frm` to `to` (no legality test).
        Returns the new game."""
        g = Game()
        g.towers = list(self.towers)  # towers not touched below stay shared
        g.ep, g.halfmove, g.fullmove = self.ep, self.halfmove, self.fullmove

        def own(sq):
            g.towers[sq] = [p.copy() for p in g.towers[sq]]

        own(frm)
        own(to)
        mover = g.top(frm)
        tower = g.towers[frm]
        group = tower[len(tower) - k:]
        g.towers[frm] = tower[:len(tower) - k]
        onto_piece = bool(g.towers[to])
        pawn_move = mover.kind == "P"
        # En passant: the tower that double-stepped is moved onto the square it
        # passed over, then the capturing group goes on top of it.
        if pawn_move and to == self.ep and not g.towers[to] and frm % 8 != to % 8:
            behind = to - 8 * forward(mover.color)
            own(behind)
            g.towers[to] = g.towers[behind]
            g.towers[behind] = []
            onto_piece = True
        # The piece being covered: a promoted piece becomes a pawn again (R7).
        if g.towers[to]:
            under = g.towers[to][-1]
            if under.promoted:
                under.kind = "P"
                under.promoted = False
        for p in group:
            p.fresh = False
            p.moved = True
        g.towers[to] = g.towers[to] + group
        # R7: a pawn on top of its last rank promotes (the mover, or one uncovered).
        for sq in (to, frm):
            t = g.towers[sq]
            if t and t[-1].kind == "P" and sq // 8 == last_rank(t[-1].color):
                t[-1].kind = t[-1].becomes
                t[-1].promoted = True
        # Castling: the king's two-square move brings the rook over.
        if mover.kind == "K" and abs(frm - to) == 2:
            rook_from = frm + 3 if to > frm else frm - 4
            rook_to = frm + 1 if to > frm else frm - 1
            own(rook_from)
            g.towers[rook_to] = g.towers[rook_from]
            g.towers[rook_from] = []
            for p in g.towers[rook_to]:
                p.moved = True
        g.ep = None
        if pawn_move and abs(frm - to) == 16:
            g.ep = (frm + to) // 2
        g.halfmove = 0 if (pawn_move or onto_piece) else self.halfmove + 1
        if self.turn == BLACK:
            g.fullmove += 1
        g.turn = other(self.turn)
        return g

    def candidate_moves(self):
        """(from, to, k) before the king-safety test."""
        out = []
        us = self.turn
        for sq in range(64):
            p = self.top(sq)
            if p is None or p.color != us:
                continue
            n = len(self.towers[sq])
            targets = self.reach(sq)
            if p.kind == "P" and self.ep is not None:
                d = forward(us)
                if self.ep // 8 == sq // 8 + d and abs(self.ep % 8 - sq % 8) == 1:
                    targets.append(self.ep)
            for t in targets:
                for k in range(1, n + 1):
                    out.append((sq, t, k))
        return out

    def castlings(self):
        us = self.turn
        rank = 0 if us == WHITE else 7
        e = rank * 8 + 4
        king = self.towers[e]
        if len(king) != 1 or king[0].kind != "K" or king[0].color != us or king[0].moved:
            return []
        if self.attacked(e, other(us)):
            return []
        out = []
        for rook_file, empty_files, safe_files, to_file in (
            (7, (5, 6), (5, 6), 6),
            (0, (1, 2, 3), (3, 2), 2),
        ):
            corner = self.towers[rank * 8 + rook_file]
            if len(corner) != 1:
                continue
            rook = corner[0]
            if rook.kind != "R" or rook.color != us or rook.moved or rook.promoted:
                continue
            if any(self.towers[rank * 8 + f] for f in empty_files):
                continue
            if any(self.attacked(rank * 8 + f, other(us)) for f in safe_files):
                continue
            out.append((e, rank * 8 + to_file, 1))
        return out

    def legal_moves(self):
        us = self.turn
        out = []
        for frm, to, k in self.candidate_moves():
            after = self.play(frm, to, k)
            if not after.attacked(after.king_square(us), other(us)):
                out.append((frm, to, k))
        return out + self.castlings()

    def move_text(self, move):
        frm, to, k = move
        if k == len(self.towers[frm]):
            return sq_name(frm) + sq_name(to)
        return "%s(%d)%s" % (sq_name(frm), k, sq_name(to))

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        return sum(self.play(*m).perft(depth - 1) for m in moves)

    # ---- FEN -------------------------------------------------------------

    def castling_letters(self):
        s = ""
        for color, rank, letters in ((WHITE, 0, "KQ"), (BLACK, 7, "kq")):
            king = self.towers[rank * 8 + 4]
            if not king or king[-1].kind != "K" or king[-1].color != color or king[-1].moved:
                continue
            for rook_file, letter in ((7, letters[0]), (0, letters[1])):
                corner = self.towers[rank * 8 + rook_file]
                if corner:
                    r = corner[0]
                    if r.kind == "R" and r.color == color and not r.moved and not r.promoted:
                        s += letter
        return s or "-"

    def ep_field(self):
        """The en passant square when some en passant move is legal."""
        if self.ep is None:
            return "-"
        for frm, to, k in self.legal_moves():
            p = self.top(frm)
            if to == self.ep and p.kind == "P":
                return sq_name(self.ep)
        return "-"

    def fen(self):
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                sq = rank * 8 + f
                t = self.towers[sq]
                if not t:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                words = []
                for i in range(len(t) - 1, -1, -1):
                    p = t[i]
                    letter = p.kind if p.color == WHITE else p.kind.lower()
                    w = letter
                    if p.kind == "P":
                        if p.becomes != PROMOTES_ON_FILE[f]:
                            w += "=" + (p.becomes if p.color == WHITE else p.becomes.lower())
                        second = 1 if p.color == WHITE else 6
                        if i == 0 and rank == second and not p.fresh:
                            w += "^"
                    elif p.promoted:
                        w += "~"
                    words.append(w)
                row += words[0] if len(words) == 1 else "(" + "".join(words) + ")"
            if empty:
                row += str(empty)
            rows.append(row)
        return "%s %s %s %s %d %d" % (
            "/".join(rows),
            self.turn,
            self.castling_letters(),
            self.ep_field(),
            self.halfmove,
            self.fullmove,
        )


def parse_fen(fen):
    fields = fen.split()
    if len(fields) < 4:
        raise ValueError("short FEN")
    g = Game()
    rows = fields[0].split("/")
    if len(rows) != 8:
        raise ValueError("need 8 ranks")
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                f += int(c)
                j += 1
                continue
            words = []
            if c == "(":
                j += 1
                while row[j] != ")":
                    w, j = read_word(row, j)
                    words.append(w)
                j += 1
            else:
                w, j = read_word(row, j)
                words.append(w)
            sq = rank * 8 + f
            tower = []
            for depth, (letter, becomes, no_ds, promoted) in enumerate(words):
                color = WHITE if letter.isupper() else BLACK
                kind = letter.upper()
                bottom = depth == len(words) - 1
                if kind == "P":
                    second = 1 if color == WHITE else 6
                    p = Piece(color, "P", becomes or PROMOTES_ON_FILE[f],
                              fresh=bottom and rank == second and not no_ds)
                elif promoted:
                    p = Piece(color, kind, kind, promoted=True)
                else:
                    p = Piece(color, kind)
                tower.append(p)
            g.towers[sq] = list(reversed(tower))
            f += 1
        if f != 8:
            raise ValueError("rank with %d files" % f)
    g.turn = fields[1]
    rights = fields[2]
    for color, rank, letters in ((WHITE, 0, "KQ"), (BLACK, 7, "kq")):
        if letters[0] in rights or letters[1] in rights:
            g.towers[rank * 8 + 4][-1].moved = False
        for rook_file, letter in ((7, letters[0]), (0, letters[1])):
            if letter in rights:
                g.towers[rank * 8 + rook_file][0].moved = False
    g.ep = None if fields[3] == "-" else sq_parse(fields[3])
    g.halfmove = int(fields[4]) if len(fields) > 4 else 0
    g.fullmove = int(fields[5]) if len(fields) > 5 else 1
    return g


def read_word(row, j):
    letter = row[j]
    j += 1
    becomes, no_ds, promoted = None, False, False
    while j < len(row) and row[j] in "=^~":
        if row[j] == "=":
            becomes = row[j + 1].upper()
            j += 2
        elif row[j] == "^":
            no_ds = True
            j += 1
        else:
            promoted = True
            j += 1
    return (letter, becomes, no_ds, promoted), j


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "moves":
        g = parse_fen(" ".join(argv[2:]))
        for m in g.legal_moves():
            print(g.move_text(m))
    elif cmd in ("perft", "divide"):
        depth = int(argv[2])
        g = parse_fen(" ".join(argv[3:]))
        if cmd == "divide":
            total = 0
            for m in g.legal_moves():
                n = g.play(*m).perft(depth - 1)
                total += n
                print("%s: %d" % (g.move_text(m), n))
            print("Nodes searched: %d" % total)
        else:
            print(g.perft(depth))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
