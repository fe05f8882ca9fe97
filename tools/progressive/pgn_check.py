"""Checks progressive-chess PGN as `vsadnik match` writes it (docs/match.md,
"Progressive chess in PGN") with python-chess, which knows nothing of
progressive chess:

- python-chess reads every game without errors (no `Variant` tag it would
  refuse; a `Rules` tag names the variant);
- the game comment is the rules' series record; this script parses it on
  its own (series numbers in turn from the start, moves in long algebraic
  notation);
- replaying the movetext, every real move is the record's move, made with
  the record's mover to move in python-chess's board (White plays the odd
  series), and every null move `--` is made by the other side;
- the final position (placement, castling, side to move) equals vsadnik's
  own after the same moves (UCI `position ... moves ...` then `d`); a game
  ended in mid-series leaves python-chess with the other side to move;
- a game whose movetext is empty (en passant after an earlier double step)
  is checked from its record alone, against vsadnik.

  python3 -m tools.progressive.pgn_check                 # plays, then checks
  python3 -m tools.progressive.pgn_check --pgn games.pgn # checks a file
      [--binary target/release/vsadnik] [--games 4] [--tc 0.5+0.01]
      [--variants italian,scottish,english]

Without --pgn it plays vsadnik against itself, `--games` games per variant,
alternating two openings (the start position and a mid-series position).
Exit status 1 on any fault (printed with the game).
"""

import argparse
import atexit
import io
import logging
import os
import shutil
import subprocess
import sys
import tempfile

import chess
import chess.pgn

from tools import vsadnik

NAMES = ["progressive-italian", "progressive-scottish", "progressive-english"]
# The start position and White in mid-series 3 (one move played): the
# second needs the VariantFEN tag.
OPENINGS = [
    chess.STARTING_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1",
]


def parse_record(text):
    """[(series number, continued, [LAN moves])] of a series record."""
    out = []
    for group in text.split(","):
        words = group.split()
        if not words:
            raise ValueError("an empty series")
        head = words[0]
        continued = head.endswith("...")
        number = int(head[:-3] if continued else head)
        if not words[1:]:
            raise ValueError(f"series {number} has no moves")
        out.append((number, continued, words[1:]))
    return out


def lan_to_uci(lan, mover):
    """The coordinates of a long-algebraic move (`Ng1f3`, `e7e8Q`, `O-O`)."""
    t = lan.rstrip("+#")
    rank = "1" if mover == chess.WHITE else "8"
    if t == "O-O":
        return "e" + rank + "g" + rank
    if t == "O-O-O":
        return "e" + rank + "c" + rank
    if t[0] in "NBRQK":
        t = t[1:]
    t = t.replace("x", "")
    promo = t[4:].lower()
    return t[:2] + t[2:4] + promo


def vsadnik_fen(binary, variant, fen, moves):
    """vsadnik's FEN after `moves` (coordinates) from `fen`."""
    pos = "position startpos" if fen is None else "position fen " + fen
    if moves:
        pos += " moves " + " ".join(moves)
    script = f"uci\nsetoption name UCI_Variant value {variant}\n{pos}\nd\nquit\n"
    r = vsadnik.run(binary, [], input=script, capture_output=True, text=True, timeout=30)
    for line in r.stdout.splitlines():
        if line.startswith("Fen: "):
            return line[5:]
    raise RuntimeError(f"no Fen line from vsadnik: {r.stdout[-500:]} {r.stderr[-500:]}")


def check_game(game, binary):
    """Returns a list of faults (empty: the game is right) and a kind:
    'replayed' or 'record only'."""
    faults = []
    if game.errors:
        return [f"python-chess errors: {game.errors}"], "unread"
    h = game.headers
    variant = h.get("Rules")
    if variant not in NAMES:
        return [f"Rules tag {variant!r}"], "unread"
    if "Variant" in h:
        faults.append("a Variant tag (python-chess refuses unknown variants)")
    own_fen = h.get("VariantFEN") or h.get("FEN")
    board = game.board()
    try:
        record = parse_record(game.comment) if game.comment else []
    except ValueError as e:
        return [f"series record {game.comment!r}: {e}"], "unread"
    # The record's moves with their movers; series numbers in turn.
    series = int(own_fen.split()[5]) if own_fen and len(own_fen.split()) > 5 else (
        1 if board.turn == chess.WHITE else 2)
    played = []  # (mover, LAN)
    for i, (n, continued, lans) in enumerate(record):
        if n != series + i:
            faults.append(f"series {n} where series {series + i} is due")
        if continued != (i == 0 and own_fen is not None and len(own_fen.split()) > 6):
            faults.append(f"series {n}: '...' marks only a series begun before the start")
        mover = chess.WHITE if n % 2 == 1 else chess.BLACK
        played += [(mover, lan) for lan in lans]
    moves = list(game.mainline_moves())
    coords = []
    if moves:
        kind = "replayed"
        i = 0
        for m in moves:
            if i >= len(played):
                faults.append(f"movetext longer than the record at {m}")
                break
            mover, lan = played[i]
            if not m:
                if board.turn == mover:
                    faults.append(f"a pass by the mover before {lan} in {board.fen()}")
            else:
                if board.turn != mover:
                    faults.append(f"{board.san(m)} ({lan}) made by the wrong side in {board.fen()}")
                if m.uci() != lan_to_uci(lan, mover):
                    faults.append(f"movetext {m.uci()} but record {lan}")
                coords.append(m.uci())
                i += 1
            board.push(m)
        if i != len(played):
            faults.append(f"the movetext has {i} moves, the record {len(played)}")
    else:
        kind = "record only"
        faults += replay_record(board, played, coords)
    theirs = vsadnik_fen(binary, variant, own_fen, coords)
    f = theirs.split()
    ours = board.fen().split()
    if ours[0] != f[0] or ours[2] != f[2]:
        faults.append(f"final position {board.fen()} but vsadnik {theirs}")
    side = chess.WHITE if f[1] == "w" else chess.BLACK
    mid_series = len(f) > 6
    if (board.turn == side) == mid_series:
        faults.append(f"final side to move {board.fen()} but vsadnik {theirs}")
    return faults, kind


def replay_record(board, played, coords):
    """Plays the record's moves on `board` with passes, setting the en
    passant square python-chess cannot know (a double step before the last
    move of the previous series); appends the coordinates to `coords`."""
    faults = []
    for mover, lan in played:
        if board.turn != mover:
            board.push(chess.Move.null())
        m = chess.Move.from_uci(lan_to_uci(lan, mover))
        piece = board.piece_at(m.from_square)
        if (piece and piece.piece_type == chess.PAWN and board.piece_at(m.to_square) is None
                and chess.square_file(m.from_square) != chess.square_file(m.to_square)):
            board.ep_square = m.to_square
        if not board.is_legal(m):
            faults.append(f"record move {lan} is not legal in {board.fen()}")
            break
        coords.append(m.uci())
        board.push(m)
    return faults


def play(binary, variant, games, tc, openings, pgn):
    args = ["match", "--variant", variant, "--games", str(games), "--tc", tc,
            "--engine", binary, "--engine", binary, "--openings", openings, "--pgn", pgn]
    vsadnik.run(binary, args, check=True, stdout=subprocess.DEVNULL, timeout=600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pgn", help="check this file instead of playing")
    ap.add_argument("--binary", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--tc", default="0.5+0.01")
    ap.add_argument("--variants", default="italian,scottish,english")
    a = ap.parse_args()
    a.binary = vsadnik.require(a.binary)
    if a.pgn:
        paths = [a.pgn]
    else:
        tmp = tempfile.mkdtemp(prefix="pgn_check_")
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
        openings = os.path.join(tmp, "openings.epd")
        with open(openings, "w") as f:
            f.write("\n".join(OPENINGS) + "\n")
        paths = []
        for v in a.variants.split(","):
            path = os.path.join(tmp, f"{v}.pgn")
            play(a.binary, "progressive-" + v, a.games, a.tc, openings, path)
            paths.append(path)
    # python-chess logs what it cannot read; the faults below say it.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    total, bad, kinds = 0, 0, {}
    for path in paths:
        with open(path) as f:
            text = f.read()
        stream = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            total += 1
            faults, kind = check_game(game, a.binary)
            kinds[kind] = kinds.get(kind, 0) + 1
            if faults:
                bad += 1
                print(f"{path}: game {game.headers.get('Round')} ({game.headers.get('Rules')}):")
                for x in faults:
                    print("  " + x)
    summary = ", ".join(f"{n} {k}" for k, n in kinds.items())
    print(f"pgn_check: {total} games ({summary}), {bad} with faults")
    sys.exit(1 if bad or total == 0 else 0)


if __name__ == "__main__":
    main()
