"""The Chess960 positions of data/perft/chess960.epd, as an EPD skeleton
whose counts are `?` (python-chess makes the positions, seeded; Stockfish
fills in the counts):

    python3 -m tools.chess960.positions > /tmp/skeleton.epd
    python3 -m tools.make_perft_fixtures --chess960 /tmp/skeleton.epd > data/perft/chess960.epd

- start positions by number (518 is the standard set-up, written `KQkq`),
  in X-FEN (`KQkq`) as python-chess writes them;
- the same starts in Shredder-FEN (file letters, `HFhf`);
- positions from random play (seeded) that still hold castling rights, the
  positions of chessprogramming.org's Chess960 perft page, and set-ups made
  by hand for the fine points: a king beside its rook in the corner, a
  king that does not move when it castles, a rook that shields its king
  from a queen (castling is then illegal), a king whose path is attacked.
"""
import random

import chess

STARTS = [0, 1, 100, 255, 333, 518, 600, 707, 880, 959]
WIKI = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
]


HAND = [
    # King b1 beside the rook a1; both sides may castle both ways.
    ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", 5),
    # The king on c1 stays when it castles queen side; the rook b1 shields
    # it from the queen a1, so castling would leave it in check.
    ("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", 4),
    # The same without the queen: castling is legal and the king stays.
    ("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", 4),
    # King f1 and rook g1: castling king side swaps them; a bishop on h3
    # attacks g2, not the path; a rook on e8 attacks e1, on the queen side path.
    ("2r1k2r/8/8/8/8/7b/8/R4KR1 w GAh - 0 1", 4),
    # King g1, rook h1: the king stays and the rook goes to f1.
    ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", 4),
]


def shredder(board):
    """The FEN with file letters for the castling rights."""
    return board.fen(shredder=True)


def random_positions(rng, count):
    """Positions after random moves from random starts that keep a right."""
    out = []
    while len(out) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(8, 30)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if board.castling_rights and not board.is_game_over():
            out.append(board.fen())
    return out


def main():
    rng = random.Random(960)
    print("# Chess960 perft: Stockfish 15.1 with UCI_Chess960 (tools/make_perft_fixtures.py --chess960);")
    print("# positions by tools/chess960/positions.py. Read with Chess960 castling (Board::from_fen_960).")
    for n in STARTS:
        b = chess.Board.from_chess960_pos(n)
        print(f"# start position {n} (X-FEN)")
        print(f"{b.fen()} ;D5 ?")
    for n in STARTS[:4]:
        b = chess.Board.from_chess960_pos(n)
        print(f"# start position {n} (Shredder-FEN)")
        print(f"{shredder(b)} ;D4 ?")
    for fen, depth in HAND:
        print("# made by hand (see the module docstring)")
        print(f"{fen} ;D{depth} ?")
    for fen in WIKI:
        print("# chessprogramming.org, Chess960 perft results")
        print(f"{fen} ;D4 ?")
    for fen in random_positions(rng, 12):
        print("# random play from a random start (seed 960), castling rights left")
        print(f"{fen} ;D4 ?")


if __name__ == "__main__":
    main()
