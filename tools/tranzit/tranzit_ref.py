"""Independent reference implementation of Chess-tranzit move generation and perft.

Written from the rules file docs/rules/tranzit.md (T1-T17, the fine points and
the Decisions) only -- plain Python, no code from vsadnik and no chess library.
It exists to cross-check vsadnik (tools/tranzit/compare.py) and to produce the numbers
in data/perft/tranzit.epd (tools/tranzit/make_fixtures.py).

Usage (same output shape as `vsadnik perft`):
  python3 -m tools.tranzit.tranzit_ref perft DEPTH [--fen FEN] [--moves M1 M2 ...] [--divide]
  python3 -m tools.tranzit.tranzit_ref fen [--fen FEN] [--moves ...]      # FEN after the moves
prints `MOVE: N` lines (with --divide) and `Nodes searched: N`; errors: one line on
stderr, exit 2.

Coordinates: one 16x8 grid, files a-h = board I, files i-p = board II (T2).  Square
index = rank*16 + file (rank 0 = rank 1).  A transfer is a move exactly 8 files
sideways (e1m1, l4d4).

FEN (vsadnik's extension, which this script reads and writes):
  <placement 16x8> <side> <castling> <en passant> <quiet actions> <move> [<results> [<transferred>]]
  - placement: 8 ranks (8 first) of 16 files, empty runs may be two digits ("16", "8");
  - castling: subset of KQkq, board I only (T5), or "-";
  - en passant: a grid square (e3, m6) or "-"; written after every double step;
  - quiet actions: actions since the last capture, pawn move or transfer (T15);
  - results (default "--"): board I then board II, each "-" live, "w" won by White,
    "b" won by Black, "d" drawn;
  - transferred (default "-"): "W", "B" or "WB": who has made a transfer I->II (T14);
    it only matters for scoring and is NOT part of the repetition key (T10 fine point).
  Fields 1-4 are required; 5-8 default to 0, 1, "--", "-".

Rules as implemented (the places where the rules file needs a reading are marked READING):
  * Actions (T3): FIDE moves on a live board, castling only on board I (T5), double
    steps from the own 2nd rank on either board and en passant on the board of the
    double step (T4), transfers to the same square of the other, live board (T12).
  * T6: a transfer is refused when the destination is occupied, when a king's
    destination is attacked on the destination board, or when the transferred piece
    attacks the enemy king on the destination board.  A check discovered on the
    departure board is allowed (Decision).
  * T7: no action may leave the mover's king attacked on the board it stands on.
  * Judgement after every action, in the order T11, T8, T10, T15:
      T11  board I live and a player has no piece (king included) on it -> he loses it;
      T8   the player to move has his king on a live board X, is in check there and no
           legal FIDE move on X ends the check -> the mover wins X (transfers never
           save from mate, Decision);
      T10  the position (both boards, side to move, castling rights, board results --
           which also fix the pending forced transfers, see below -- and the e.p. square
           only when an e.p. capture is legal) occurs for the third time, counting the
           loaded position as the first entry of the history -> the board of the
           repeating FIDE move is drawn; for a transfer every live board is drawn.
           READING: the key compared is the position with the results after T11/T8 of
           the same action (a freshly decided board can never repeat an earlier
           position, since results only grow); the history stores the key after the
           whole judgement.  The history is never cut at a capture/pawn move/transfer
           (transfers are reversible), the check just walks all positions.
      T15  the quiet-action counter reaches 100 -> every live board is drawn.
  * T12: on a dead board nothing moves and nothing lands; its pieces may transfer out
    to the live board (obeying T6 and T7).
  * T13: a king standing on a dead board waits for its forced transfer: if it is its
    owner's turn, the king transfer is his only legal action; if the destination is
    attacked (also when occupied and attacked) he is mated there (the opponent wins the
    other board), if it is occupied the other board is drawn -- both end the game, so
    the node has no legal action.  Such a king is not in check.  Forced transfers are
    fully determined by the kings' squares and the results, so they need no extra
    state.  When both kings stand on the dead board, the side to move transfers first.
  * T9: a player to move with no legal action, not in check, draws every live board
    (the king's board and, if live, the other one): the game ends.
  * A position with both boards decided has no legal action.
  * Results are judged only after actions: a loaded FEN is taken as it is.
Perft counts action sequences (leaves at depth D) applying all of the above along every
path (a decided board changes what may move next).
"""
import sys

FILES = "abcdefghijklmnop"
TRANSFER, NORMAL, EP, CASTLE, DOUBLE = 0, 1, 2, 3, 4
START_FEN = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1"


class TranzitError(Exception):
    pass


def sqname(s):
    return FILES[s & 15] + str((s >> 4) + 1)


def parse_sq(t):
    if len(t) != 2 or t[0] not in FILES or t[1] not in "12345678":
        raise TranzitError("bad square '%s'" % t)
    return (int(t[1]) - 1) * 16 + FILES.index(t[0])


def board_of(s):
    return (s & 15) >> 3


def other_sq(s):
    """The same square on the other board (T2)."""
    return s + 8 if (s & 15) < 8 else s - 8


def _step(s, df, dr):
    f = s & 15
    b, lf = f >> 3, f & 7
    nf, nr = lf + df, (s >> 4) + dr
    if 0 <= nf < 8 and 0 <= nr < 8:
        return nr * 16 + b * 8 + nf
    return None


ALL = list(range(128))
BOARD_SQS = [[s for s in ALL if board_of(s) == b] for b in (0, 1)]


def _table(deltas):
    return [[t for t in (_step(s, df, dr) for df, dr in deltas) if t is not None] for s in ALL]


def _rays(dirs):
    out = []
    for s in ALL:
        rays = []
        for df, dr in dirs:
            ray, t = [], _step(s, df, dr)
            while t is not None:
                ray.append(t)
                t = _step(t, df, dr)
            if ray:
                rays.append(ray)
        out.append(rays)
    return out


KNIGHT = _table([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
KING = _table([(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)])
ROOK_RAYS = _rays([(1, 0), (-1, 0), (0, 1), (0, -1)])
BISHOP_RAYS = _rays([(1, 1), (1, -1), (-1, 1), (-1, -1)])
# squares a pawn of the colour attacks from s: PAWN_ATT[1]=white, [0]=black
PAWN_ATT = [_table([(-1, -1), (1, -1)]), _table([(-1, 1), (1, 1)])]
# squares from which a pawn of the colour attacks s (the reverse)
PAWN_FROM = [_table([(-1, 1), (1, 1)]), _table([(-1, -1), (1, -1)])]

# castling: (right, king from, king to, rook from, rook to, squares that must be empty,
#            squares the king passes that must not be attacked incl. start and end)
CASTLES = {
    "K": (4, 6, 7, 5, (5, 6), (4, 5, 6)),
    "Q": (4, 2, 0, 3, (1, 2, 3), (4, 3, 2)),
    "k": (116, 118, 119, 117, (117, 118), (116, 117, 118)),
    "q": (116, 114, 112, 115, (113, 114, 115), (116, 115, 114)),
}
# which rights die when an action starts from or lands on a square of board I (T5)
RIGHTS_SQ = {4: "KQ", 7: "K", 0: "Q", 116: "kq", 119: "k", 112: "q"}


def attacked(bd, s, by_white):
    """Is square s attacked by a piece of that colour standing on the same board as s?"""
    if by_white:
        n, k, p, r, b, q = "N", "K", "P", "R", "B", "Q"
        pf = PAWN_FROM[1][s]
    else:
        n, k, p, r, b, q = "n", "k", "p", "r", "b", "q"
        pf = PAWN_FROM[0][s]
    for t in KNIGHT[s]:
        if bd[t] == n:
            return True
    for t in KING[s]:
        if bd[t] == k:
            return True
    for t in pf:
        if bd[t] == p:
            return True
    for ray in ROOK_RAYS[s]:
        for t in ray:
            x = bd[t]
            if x is not None:
                if x == r or x == q:
                    return True
                break
    for ray in BISHOP_RAYS[s]:
        for t in ray:
            x = bd[t]
            if x is not None:
                if x == b or x == q:
                    return True
                break
    return False


def piece_attacks(bd, frm, piece, target):
    """Does `piece` standing on frm attack target (same board)?"""
    u = piece.upper()
    if u == "N":
        return target in KNIGHT[frm]
    if u == "K":
        return target in KING[frm]
    if u == "P":
        return target in PAWN_ATT[1 if piece == "P" else 0][frm]
    rays = []
    if u in "RQ":
        rays += ROOK_RAYS[frm]
    if u in "BQ":
        rays += BISHOP_RAYS[frm]
    for ray in rays:
        for t in ray:
            if t == target:
                return True
            if bd[t] is not None:
                break
    return False


class Pos:
    __slots__ = ("bd", "white", "castle", "ep", "quiet", "fullmove", "res", "trans", "ksq", "key")

    def copy(self):
        p = Pos.__new__(Pos)
        p.bd = self.bd[:]
        p.white = self.white
        p.castle = self.castle
        p.ep = self.ep
        p.quiet = self.quiet
        p.fullmove = self.fullmove
        p.res = self.res[:]
        p.trans = self.trans
        p.ksq = self.ksq[:]
        return p


def is_white(piece):
    return piece.isupper()


def parse_fen(fen):
    f = fen.split()
    if not 4 <= len(f) <= 8:
        raise TranzitError("invalid FEN: %d fields, expected 4 to 8" % len(f))
    ranks = f[0].split("/")
    if len(ranks) != 8:
        raise TranzitError("invalid FEN: %d ranks" % len(ranks))
    bd = [None] * 128
    for i, row in enumerate(ranks):
        r = 7 - i
        file = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                file += int(row[j:k])
                j = k
                continue
            if c not in "PNBRQKpnbrqk" or file >= 16:
                raise TranzitError("invalid FEN placement '%s'" % row)
            bd[r * 16 + file] = c
            file += 1
            j += 1
        if file != 16:
            raise TranzitError("invalid FEN: rank %d has %d files" % (r + 1, file))
    p = Pos()
    p.bd = bd
    if f[1] not in ("w", "b"):
        raise TranzitError("invalid FEN side '%s'" % f[1])
    p.white = f[1] == "w"
    p.castle = "" if f[2] == "-" else "".join(c for c in "KQkq" if c in f[2])
    p.ep = None if f[3] == "-" else parse_sq(f[3])
    p.quiet = int(f[4]) if len(f) > 4 else 0
    p.fullmove = int(f[5]) if len(f) > 5 else 1
    res = f[6] if len(f) > 6 else "--"
    if len(res) != 2 or any(c not in "-wbd" for c in res):
        raise TranzitError("invalid results field '%s'" % res)
    p.res = list(res)
    tr = f[7] if len(f) > 7 else "-"
    if tr not in ("-", "W", "B", "WB", "BW"):
        raise TranzitError("invalid transferred field '%s'" % tr)
    p.trans = "".join(c for c in "WB" if c in tr)
    ks = [None, None]  # [black, white]
    for s in ALL:
        if bd[s] == "K":
            if ks[1] is not None:
                raise TranzitError("two white kings")
            ks[1] = s
        elif bd[s] == "k":
            if ks[0] is not None:
                raise TranzitError("two black kings")
            ks[0] = s
    if None in ks:
        raise TranzitError("a king is missing")
    p.ksq = ks
    # castling rights need king and rook at home (otherwise they are dropped)
    c = ""
    for r in p.castle:
        kf, _, rf, _, _, _ = CASTLES[r]
        if bd[kf] == ("K" if r.isupper() else "k") and bd[rf] == ("R" if r.isupper() else "r"):
            c += r
    p.castle = c
    return p


def to_fen(p):
    rows = []
    for r in range(7, -1, -1):
        row, run = "", 0
        for f in range(16):
            x = p.bd[r * 16 + f]
            if x is None:
                run += 1
            else:
                if run:
                    row += str(run)
                    run = 0
                row += x
        if run:
            row += str(run)
        rows.append(row)
    return "%s %s %s %s %d %d %s %s" % (
        "/".join(rows), "w" if p.white else "b", p.castle or "-",
        sqname(p.ep) if p.ep is not None else "-", p.quiet, p.fullmove,
        "".join(p.res), p.trans or "-")


def action_str(a):
    frm, to, promo, _ = a
    return sqname(frm) + sqname(to) + (promo.lower() if promo else "")


# ---------------------------------------------------------------- generation

def gen_fide(p, b, white, out):
    """Pseudo-legal FIDE moves of `white`'s pieces on board b (live board assumed)."""
    bd = p.bd
    for s in BOARD_SQS[b]:
        x = bd[s]
        if x is None or x.isupper() != white:
            continue
        u = x.upper()
        if u == "P":
            fwd = 16 if white else -16
            rank = s >> 4
            last = 6 if white else 1  # rank from which a push promotes
            t = s + fwd
            if bd[t] is None:
                if rank == last:
                    for pr in "QRBN":
                        out.append((s, t, pr if white else pr.lower(), NORMAL))
                else:
                    out.append((s, t, None, NORMAL))
                    if rank == (1 if white else 6) and bd[t + fwd] is None:
                        out.append((s, t + fwd, None, DOUBLE))
            for t in PAWN_ATT[1 if white else 0][s]:
                y = bd[t]
                if y is not None:
                    if y.isupper() != white:
                        if rank == last:
                            for pr in "QRBN":
                                out.append((s, t, pr if white else pr.lower(), NORMAL))
                        else:
                            out.append((s, t, None, NORMAL))
                elif t == p.ep:
                    out.append((s, t, None, EP))
        elif u == "N":
            for t in KNIGHT[s]:
                y = bd[t]
                if y is None or y.isupper() != white:
                    out.append((s, t, None, NORMAL))
        elif u == "K":
            for t in KING[s]:
                y = bd[t]
                if y is None or y.isupper() != white:
                    out.append((s, t, None, NORMAL))
            if b == 0:  # T5: castling only on board I
                for r in (("K", "Q") if white else ("k", "q")):
                    if r not in p.castle:
                        continue
                    kf, kt, rf, _, empty, safe = CASTLES[r]
                    if s != kf or bd[rf] != ("R" if white else "r"):
                        continue
                    if any(bd[e] is not None for e in empty):
                        continue
                    if any(attacked(bd, q, not white) for q in safe):
                        continue
                    out.append((s, kt, None, CASTLE))
        else:
            rays = []
            if u in "RQ":
                rays += ROOK_RAYS[s]
            if u in "BQ":
                rays += BISHOP_RAYS[s]
            for ray in rays:
                for t in ray:
                    y = bd[t]
                    if y is None:
                        out.append((s, t, None, NORMAL))
                    else:
                        if y.isupper() != white:
                            out.append((s, t, None, NORMAL))
                        break


def gen_transfers(p, white, out):
    """Transfers allowed by T6 and T12 (king safety T7 is checked by the caller)."""
    bd = p.bd
    eks = p.ksq[0 if white else 1]
    for s in ALL:
        x = bd[s]
        if x is None or x.isupper() != white:
            continue
        d = other_sq(s)
        if p.res[board_of(d)] != "-":  # T12: nothing transfers onto a dead board
            continue
        if bd[d] is not None:  # T6: destination occupied
            continue
        if x == "K" or x == "k":
            if attacked(bd, d, not white):  # T6: king destination attacked
                continue
        elif board_of(eks) == board_of(d) and piece_attacks(bd, d, x, eks):
            continue  # T6: the transferred piece may not give check
        out.append((s, d, None, TRANSFER))


def _apply_board(bd, a):
    """Apply action a to the list bd in place (pieces only)."""
    frm, to, promo, kind = a
    x = bd[frm]
    bd[frm] = None
    if kind == EP:
        bd[to - 16 if x == "P" else to + 16] = None
    elif kind == CASTLE:
        if to > frm:
            bd[frm + 1], bd[frm + 3] = bd[frm + 3], None
        else:
            bd[frm - 1], bd[frm - 4] = bd[frm - 4], None
    bd[to] = promo if promo else x


def _king_safe_after(p, a, white):
    bd = p.bd[:]
    _apply_board(bd, a)
    frm, to = a[0], a[1]
    ks = p.ksq[1 if white else 0]
    if frm == ks:
        ks = to
    return not attacked(bd, ks, not white)


def in_check(p, white=None):
    """T7/T13: is the king attacked on its (live) board?  A king on a dead board never is."""
    if white is None:
        white = p.white
    ks = p.ksq[1 if white else 0]
    if p.res[board_of(ks)] != "-":
        return False
    return attacked(p.bd, ks, not white)


def game_over(p):
    return p.res[0] != "-" and p.res[1] != "-"


def forced_king(p, white):
    """The king square if this side's king waits on a dead board (T13), else None."""
    ks = p.ksq[1 if white else 0]
    return ks if p.res[board_of(ks)] != "-" else None


def legal_actions(p):
    if game_over(p):
        return []
    white = p.white
    ks = p.ksq[1 if white else 0]
    kb = board_of(ks)
    bd = p.bd
    if p.res[kb] != "-":
        # T13: the king must transfer now; impossible -> mated/drawn, no action
        d = other_sq(ks)
        if bd[d] is None and not attacked(bd, d, not white):
            return [(ks, d, None, TRANSFER)]
        return []
    acts = []
    for b in (0, 1):
        if p.res[b] == "-":
            gen_fide(p, b, white, acts)
    gen_transfers(p, white, acts)
    chk = attacked(bd, ks, not white)
    out = []
    for a in acts:
        frm = a[0]
        if chk or board_of(frm) == kb:
            if _king_safe_after(p, a, white):
                out.append(a)
        else:
            # an action on the other board or a transfer onto the king's board
            # cannot expose the king when it is not in check
            out.append(a)
    return out


def has_fide_escape(p, white, b):
    """T8: does `white` have a legal non-transfer move on board b (his king's board)?"""
    acts = []
    gen_fide(p, b, white, acts)
    for a in acts:
        if _king_safe_after(p, a, white):
            return True
    return False


def ep_capture_legal(p):
    if p.ep is None or game_over(p):
        return False
    white = p.white
    ks = p.ksq[1 if white else 0]
    b = board_of(p.ep)
    if p.res[b] != "-" or p.res[board_of(ks)] != "-":
        return False
    pawn = "P" if white else "p"
    for s in PAWN_FROM[1 if white else 0][p.ep]:
        if p.bd[s] == pawn and _king_safe_after(p, (s, p.ep, None, EP), white):
            return True
    return False


def pos_key(p):
    """T10 fine point: both boards, side to move, castling rights, board results (and so
    the pending forced transfers), e.p. square only when an e.p. capture is legal."""
    return (tuple(p.bd), p.white, p.castle, p.res[0], p.res[1],
            p.ep if ep_capture_legal(p) else None)


def make(p, a, hist=None):
    """Play action a (assumed legal) and judge the results (T11, T8, T10, T15).
    hist: dict key -> occurrences (including the loaded position); updated in place."""
    frm, to, promo, kind = a
    q = p.copy()
    bd = q.bd
    white = p.white
    x = bd[frm]
    capture = bd[to] is not None or kind == EP
    _apply_board(bd, a)
    if x == "K":
        q.ksq[1] = to
    elif x == "k":
        q.ksq[0] = to
    if q.castle:
        for s in (frm, to):
            r = RIGHTS_SQ.get(s)
            if r:
                q.castle = "".join(c for c in q.castle if c not in r)
    q.ep = (frm + to) // 2 if kind == DOUBLE else None
    if capture or kind == TRANSFER or x in "Pp":
        q.quiet = 0
    else:
        q.quiet = p.quiet + 1
    if not white:
        q.fullmove += 1
    if kind == TRANSFER and board_of(frm) == 0:
        c = "W" if white else "B"
        if c not in q.trans:
            q.trans = "".join(t for t in "WB" if t in q.trans or t == c)
    q.white = not white
    res = q.res
    # T11: emptied board I
    if res[0] == "-":
        has_w = has_b = False
        for s in BOARD_SQS[0]:
            y = bd[s]
            if y is not None:
                if y.isupper():
                    has_w = True
                else:
                    has_b = True
                if has_w and has_b:
                    break
        if not has_w:
            res[0] = "b"
        elif not has_b:
            res[0] = "w"
    # T8: mate of the player to move on his king's board
    side = q.white
    ks = q.ksq[1 if side else 0]
    X = board_of(ks)
    if res[X] == "-" and attacked(bd, ks, not side) and not has_fide_escape(q, side, X):
        res[X] = "w" if white else "b"
    # T10: threefold repetition
    if hist is not None:
        key = pos_key(q)
        if hist.get(key, 0) + 1 >= 3:
            if kind == TRANSFER:
                for b in (0, 1):
                    if res[b] == "-":
                        res[b] = "d"
            elif res[board_of(frm)] == "-":
                res[board_of(frm)] = "d"
    # T15: 100 quiet actions
    if q.quiet >= 100:
        for b in (0, 1):
            if res[b] == "-":
                res[b] = "d"
    if hist is not None:
        k2 = pos_key(q)
        hist[k2] = hist.get(k2, 0) + 1
        q.key = k2
    return q


def final_results(p):
    """Results including the turn-start decisions (T13 impossible transfer, T9 stalemate);
    used for reporting only (they always end the game)."""
    res = p.res[:]
    if game_over(p):
        return res
    white = p.white
    ks = p.ksq[1 if white else 0]
    kb = board_of(ks)
    if res[kb] != "-":
        d = other_sq(ks)
        if attacked(p.bd, d, not white):
            res[1 - kb] = "b" if white else "w"
        elif p.bd[d] is not None:
            res[1 - kb] = "d"
        return res
    if not legal_actions(p) and not in_check(p):
        for b in (0, 1):
            if res[b] == "-":
                res[b] = "d"
    return res


def unmake_hist(hist, key):
    n = hist[key] - 1
    if n:
        hist[key] = n
    else:
        del hist[key]


def perft(p, depth, hist):
    if depth == 0:
        return 1
    acts = legal_actions(p)
    if depth == 1:
        return len(acts)
    n = 0
    for a in acts:
        q = make(p, a, hist)
        n += perft(q, depth - 1, hist)
        unmake_hist(hist, q.key)
    return n


def divide(p, depth, hist):
    out = []
    for a in legal_actions(p):
        if depth <= 1:
            out.append((action_str(a), 1))
            continue
        q = make(p, a, hist)
        out.append((action_str(a), perft(q, depth - 1, hist)))
        unmake_hist(hist, q.key)
    return out


def find_action(p, text):
    for a in legal_actions(p):
        if action_str(a) == text:
            return a
    raise TranzitError("illegal move '%s'" % text)


class Game:
    """A position with its repetition history (T10: starts with the loaded position)."""

    def __init__(self, fen=START_FEN):
        self.pos = parse_fen(fen)
        self.hist = {pos_key(self.pos): 1}
        self.moves = []

    def play(self, a):
        if isinstance(a, str):
            a = find_action(self.pos, a)
        self.pos = make(self.pos, a, self.hist)
        self.moves.append(action_str(a))
        return self.pos

    def legal(self):
        return legal_actions(self.pos)

    def perft(self, depth):
        return perft(self.pos, depth, self.hist)

    def divide(self, depth):
        return divide(self.pos, depth, self.hist)


def main(argv):
    if not argv or argv[0] not in ("perft", "fen"):
        sys.stderr.write("usage: tranzit_ref.py perft DEPTH [--fen FEN] [--moves ...] [--divide] | fen [--fen FEN] [--moves ...]\n")
        return 2
    cmd = argv[0]
    args = argv[1:]
    depth = None
    if cmd == "perft":
        if not args or not args[0].isdigit():
            sys.stderr.write("tranzit_ref: perft needs a depth\n")
            return 2
        depth = int(args[0])
        args = args[1:]
    fen, moves, div = START_FEN, [], False
    i = 0
    while i < len(args):
        if args[i] == "--fen" and i + 1 < len(args):
            fen = args[i + 1]
            i += 2
        elif args[i] == "--moves":
            i += 1
            while i < len(args) and not args[i].startswith("--"):
                moves.append(args[i])
                i += 1
        elif args[i] == "--divide":
            div = True
            i += 1
        elif args[i] == "--variant" and i + 1 < len(args):
            i += 2
        else:
            sys.stderr.write("tranzit_ref: unknown argument '%s'\n" % args[i])
            return 2
    try:
        g = Game(fen)
        for m in moves:
            g.play(m)
    except TranzitError as e:
        sys.stderr.write("tranzit_ref: %s\n" % e)
        return 2
    if cmd == "fen":
        print(to_fen(g.pos))
        return 0
    if div:
        total = 0
        for m, n in g.divide(depth):
            print("%s: %d" % (m, n))
            total += n
        print("Nodes searched: %d" % total)
    else:
        print("Nodes searched: %d" % g.perft(depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
