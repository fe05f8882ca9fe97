"""Where chess games against another engine are lost: every position of the
games of a PGN (from their start position up to --plies plies) is searched by
a full-strength engine, and each move is charged what it lost, in
centipawns from the mover's view (the score before the move minus the score
after it, both clipped to +-1000). Prints, per player and per stretch of ten
moves of the game, the mean loss per move and the moves losing 100 cp or
more, and for the games PLAYER lost, the move at which its side first stood
at -200 or worse for good.

    python3 -m tools.strength.move_loss PGN PLAYER [--plies 80] [--nodes 100000] \
        [--engine /usr/games/stockfish] [--jobs 2]

PLAYER is a substring of the White/Black tags (e.g. vsadnik). The searches
are fixed-node (`go nodes`, one thread, `ucinewgame` before each) and so
repeatable. docs/strength.md, "Where the games against UCI_Elo 2500 are
lost", has a run.
"""
import argparse
from concurrent.futures import ProcessPoolExecutor

import chess
import chess.pgn

from tools.texel.label_scores import Engine

CLIP = 1000
LOST = -200


def games_of(pgn_path, player, plies):
    """(player is White, result, FENs of the positions) per game with PLAYER."""
    out = []
    with open(pgn_path) as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return out
            white, black = g.headers.get("White", ""), g.headers.get("Black", "")
            if (player in white) == (player in black):
                continue
            board = g.board()
            fens = [board.fen()]
            for i, m in enumerate(g.mainline_moves()):
                if i >= plies:
                    break
                board.push(m)
                fens.append(board.fen())
            out.append((player in white, g.headers.get("Result", "*"), fens))


def white_scores(job):
    """The engine's scores of `fens` from White's view (None without one)."""
    engine_path, nodes, fens = job
    engine = Engine(engine_path, 16)
    scores = []
    for fen in fens:
        if chess.Board(fen).is_game_over():
            scores.append(None)
            continue
        cp = engine.score(fen, nodes)
        if cp is not None and fen.split()[1] == "b":
            cp = -cp
        scores.append(cp)
    engine.quit()
    return scores


def clip(cp):
    return max(-CLIP, min(CLIP, cp))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("player")
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    games = games_of(args.pgn, args.player, args.plies)
    with ProcessPoolExecutor(args.jobs) as pool:
        all_scores = list(pool.map(white_scores, [(args.engine, args.nodes, f) for _, _, f in games]))

    # loss[side][bucket] = list of losses; side 0: PLAYER, 1: the opponent.
    loss = [dict(), dict()]
    slide = []
    for (player_white, result, fens), scores in zip(games, all_scores):
        for ply in range(len(fens) - 1):
            before, after = scores[ply], scores[ply + 1]
            if before is None or after is None:
                continue
            white_moved = fens[ply].split()[1] == "w"
            sign = 1 if white_moved else -1
            side = 0 if white_moved == player_white else 1
            move_no = int(fens[ply].split()[5])
            bucket = min((move_no - 1) // 10, 5)
            loss[side].setdefault(bucket, []).append(sign * (clip(before) - clip(after)))
        lost = (result == "0-1") if player_white else (result == "1-0")
        if lost:
            own = [None if s is None else (s if player_white else -s) for s in scores]
            first = None
            for ply, s in enumerate(own):
                if s is not None and s <= LOST:
                    if first is None:
                        first = ply
                elif s is not None:
                    first = None
            if first is not None:
                slide.append(int(fens[first].split()[5]))
            else:
                slide.append(None)

    names = [args.player, "opponent"]
    print(f"{len(games)} games, {args.nodes} nodes a position, first {args.plies} plies")
    print("moves      " + "  ".join(f"{n:>28}" for n in names))
    for b in range(6):
        row = []
        for side in range(2):
            v = loss[side].get(b, [])
            big = sum(1 for x in v if x >= 100)
            mean = sum(v) / len(v) if v else 0.0
            row.append(f"{mean:7.1f} cp/move {big:4d} >=100 ({len(v):4d})")
        label = f"{b * 10 + 1}-{b * 10 + 10}" if b < 5 else f"{b * 10 + 1}+"
        print(f"{label:<10} " + "  ".join(f"{r:>28}" for r in row))
    known = sorted(s for s in slide if s is not None)
    print(f"{len(slide)} games lost by {args.player}; at {LOST} cp or worse for good from move:",
          " ".join(str(s) for s in known),
          f"({len(slide) - len(known)} not yet within the first {args.plies} plies)")
    if known:
        print(f"median move {known[len(known) // 2]}")


if __name__ == "__main__":
    main()
