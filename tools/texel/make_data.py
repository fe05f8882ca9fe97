"""Generate labelled positions for Texel tuning of vsadnik's evaluation.

Games are played by an external UCI engine (Debian's Stockfish by default)
against itself at a fixed node budget, from varied openings: each game starts
with ``--random-plies`` uniformly random legal moves from the start position,
drawn from a seeded RNG (a game whose random opening already ended is
skipped).  The games are therefore NOT played by vsadnik.

Every position from ply ``--skip-plies`` on is a candidate; it is written
only if it is "quiet":
  * the side to move is not in check, and
  * the move the engine chose there is not a capture or a promotion
    (so the static evaluation is a fair estimate without quiescence),
and then kept with probability ``--sample``.

Each written line is ``FEN;result`` with result 1.0 / 0.5 / 0.0 from White's
point of view; with ``--score``, ``FEN;result;cp`` where cp is the score of
the engine's own search of that position (the one that chose its move), in
centipawns from White's point of view, mate scores as +-MATE_CP.  Games are adjudicated:
  * a win when both sides' scores agree that one side is ahead by at least
    ``--resign-cp`` for ``--resign-plies`` consecutive plies (or a mate score),
  * a draw by the rules (stalemate, insufficient material, 50 moves,
    threefold repetition) or after ``--max-plies`` plies.

Generation is deterministic for a given seed (one engine thread, hash
cleared per game), so the first N games of any run are identical.

The set the weights in eval/src/chess/tuned.rs were fitted to (docs/eval.md):
  nice python3 -m tools.texel.make_data --games 2000 --nodes 2500 --seed 1 \
      --out target/texel2000.txt
"""

import argparse
import random
import sys
import time

import chess
import chess.engine

MATE_CP = 3000


def play_game(engine, rng, args):
    board = chess.Board()
    for _ in range(args.random_plies):
        moves = list(board.legal_moves)
        if not moves:
            return None, []
        board.push(rng.choice(moves))
    if board.is_game_over():
        return None, []

    candidates = []  # FENs of quiet positions
    streak_white = 0  # plies in a row White is judged clearly ahead
    streak_black = 0
    result = None
    limit = chess.engine.Limit(nodes=args.nodes)
    game_id = object()  # a new object per game makes python-chess send ucinewgame
    while True:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            if outcome.winner is None:
                result = "0.5"
            else:
                result = "1.0" if outcome.winner == chess.WHITE else "0.0"
            break
        if board.ply() >= args.max_plies:
            result = "0.5"
            break
        info = engine.play(board, limit, game=game_id, info=chess.engine.INFO_SCORE)
        move = info.move
        ply = board.ply()
        score = info.info.get("score")
        if (
            ply >= args.skip_plies
            and not board.is_check()
            and not board.is_capture(move)
            and move.promotion is None
            and rng.random() < args.sample
        ):
            if not args.score:
                candidates.append(board.fen())
            elif score is not None:
                cp = score.white().score(mate_score=100000)
                cp = max(-MATE_CP, min(MATE_CP, cp))
                candidates.append(f"{board.fen()};{cp}")
        if score is not None:
            white = score.white()
            cp = white.score(mate_score=100000)
            if cp >= args.resign_cp:
                streak_white += 1
                streak_black = 0
            elif cp <= -args.resign_cp:
                streak_black += 1
                streak_white = 0
            else:
                streak_white = streak_black = 0
            if streak_white >= args.resign_plies:
                result = "1.0"
                break
            if streak_black >= args.resign_plies:
                result = "0.0"
                break
        board.push(move)
    return result, candidates


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--nodes", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--skip-plies", type=int, default=16, help="first ply (counted from the start position) to sample")
    ap.add_argument("--sample", type=float, default=1.0, help="probability of keeping a quiet position")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--resign-cp", type=int, default=1000)
    ap.add_argument("--resign-plies", type=int, default=8)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--score", action="store_true", help="add the engine's score of each position (FEN;result;cp)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": args.hash})
    stats = {"1.0": 0, "0.5": 0, "0.0": 0}
    positions = 0
    start = time.time()
    with open(args.out, "w") as out:
        played = 0
        while played < args.games:
            result, fens = play_game(engine, rng, args)
            if result is None:
                continue
            played += 1
            stats[result] += 1
            for fen in fens:
                if args.score:
                    fen, cp = fen.rsplit(";", 1)
                    out.write(f"{fen};{result};{cp}\n")
                else:
                    out.write(f"{fen};{result}\n")
            positions += len(fens)
            if played % 50 == 0:
                out.flush()
                el = time.time() - start
                print(
                    f"{played} games, {positions} positions, W/D/L {stats['1.0']}/{stats['0.5']}/{stats['0.0']},"
                    f" {el:.0f}s",
                    file=sys.stderr,
                    flush=True,
                )
    engine.quit()
    print(
        f"done: {played} games, {positions} positions, W/D/L {stats['1.0']}/{stats['0.5']}/{stats['0.0']},"
        f" {time.time() - start:.0f}s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
