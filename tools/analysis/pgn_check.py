"""Checks `vsadnik analyse` (docs/analysis.md) with python-chess, which
wrote none of it, for chess, crazyhouse and Chess960 (from random starts):

- random games (python-chess's own move generator, seeded; random moves
  give plenty of mistakes) are written as PGN and analysed;
- python-chess reads the analysis back without errors: the main line is
  the game, and every variation (the better line) is legal from the
  position before the move it follows;
- every move has an evaluation python-chess reads (`node.eval()`), except
  a move that ends the game with a win;
- every NAG (?!, ?, ??) is the one the drop in the mover's winning chances
  between the evaluation before and after the move says (lichess's curve
  and thresholds 0.1, 0.2, 0.3), and a judged move has a variation whose
  first move is another move.

  python3 -m tools.analysis.pgn_check [--binary BIN] [--games 3] [--plies 40]
      [--nodes 20000] [--seed 1] [--variants chess,crazyhouse,chess960]

Exit status 1 on any fault (printed with the game).
"""

import argparse
import io
import math
import os
import random
import subprocess
import sys
import tempfile

import chess
import chess.pgn
import chess.variant

from tools import vsadnik

BOARDS = {
    "chess": lambda rng: chess.Board(),
    "crazyhouse": lambda rng: chess.variant.CrazyhouseBoard(),
    # A random one of the 960 starts; python-chess writes its FEN (X-FEN)
    # and `Variant "Chess960"`.
    "chess960": lambda rng: chess.Board.from_chess960_pos(rng.randrange(960)),
}
NAGS = {chess.pgn.NAG_DUBIOUS_MOVE: 0.1, chess.pgn.NAG_MISTAKE: 0.2, chess.pgn.NAG_BLUNDER: 0.3}


def random_game(variant, plies, rng):
    """A game of random legal moves, as python-chess writes it."""
    board = BOARDS[variant](rng)
    game = chess.pgn.Game()
    if variant == "chess960":
        game.setup(board)
    elif variant != "chess":
        game.headers["Variant"] = board.uci_variant.capitalize()
    node = game
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        move = rng.choice(moves)
        node = node.add_variation(move)
        board.push(move)
    game.headers["Result"] = board.result()
    return game


def chances(score, side):
    """The side's winning chances, -1 to 1, as vsadnik analyse counts them."""
    pov = score.pov(side)
    if pov.is_mate():
        return 1.0 if pov.mate() > 0 else -1.0
    cp = max(-1000, min(1000, pov.score()))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def expected_nag(loss):
    """The NAG a loss of winning chances earns, or None."""
    for nag, least in sorted(NAGS.items(), key=lambda kv: -kv[1]):
        if loss >= least:
            return nag
    return None


def check_game(original, analysed):
    """The faults of one analysed game (a list of strings)."""
    faults = [f"python-chess: {e}" for e in analysed.errors]
    want = [m.uci() for m in original.mainline_moves()]
    got = [m.uci() for m in analysed.mainline_moves()]
    if want != got:
        faults.append(f"main line differs: {got} against {want}")
        return faults
    before = None
    for node in analysed.mainline():
        board = node.parent.board()
        mover = board.turn
        after = node.eval()
        nags = set(node.nags) & set(NAGS)
        over = node.board().is_game_over() and node.board().result() != "1/2-1/2"
        if after is None and not over:
            faults.append(f"{node.move} has no evaluation")
        if after is not None and before is not None:
            loss = chances(before, mover) - chances(after, mover)
            nag = expected_nag(loss)
            if nags and nags != {nag}:
                faults.append(f"{board.san(node.move)}: NAG {nags} for a loss of {loss:.3f}")
        if nags:
            others = node.parent.variations[1:]
            if not others or others[0].move == node.move:
                faults.append(f"{board.san(node.move)}: judged without a better line")
        for variation in node.parent.variations[1:]:
            # python-chess records an illegal variation move in errors.
            variation.board()
        before = after
    return faults


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", help=vsadnik.HELP)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default="chess,crazyhouse,chess960")
    args = ap.parse_args()
    binary = vsadnik.find(args.binary)
    rng = random.Random(args.seed)
    bad = 0
    for variant in args.variants.split(","):
        games = [random_game(variant, args.plies, rng) for _ in range(args.games)]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.pgn")
            with open(path, "w") as f:
                for g in games:
                    print(g, file=f, end="\n\n")
            out = subprocess.run([binary, "analyse", path, "--nodes", str(args.nodes)],
                                 capture_output=True, text=True, check=False)
        if out.returncode != 0:
            print(f"{variant}: vsadnik analyse failed: {out.stderr.strip()}")
            return 1
        text = io.StringIO(out.stdout)
        judged = 0
        for i, original in enumerate(games):
            analysed = chess.pgn.read_game(text)
            if analysed is None:
                print(f"{variant} game {i + 1}: missing from the analysis")
                bad += 1
                continue
            judged += sum(1 for n in analysed.mainline() if set(n.nags) & set(NAGS))
            faults = check_game(original, analysed)
            for f in faults:
                print(f"{variant} game {i + 1}: {f}")
            if faults:
                print(analysed)
                bad += 1
        print(f"{variant}: {len(games)} games, {judged} moves judged")
        if judged == 0:
            print(f"{variant}: random games and not one mistake found")
            bad += 1
    if bad:
        print(f"{bad} games with faults")
        return 1
    print("every analysis reads back in python-chess; every NAG matches its loss")
    return 0


if __name__ == "__main__":
    sys.exit(main())
