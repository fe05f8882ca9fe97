"""Counts games with the same start position (FEN tag) and the same move
text in PGN files (self-play sanity check: deterministic engines repeat
games unless the openings differ).

    python3 -m tools.strength.pgn_duplicates FILE.pgn [...]
"""
import re
import sys


def games(text):
    for block in re.split(r"\n(?=\[Event )", text):
        lines = block.splitlines()
        fen = [line for line in lines if line.startswith("[FEN ")]
        moves = "\n".join(line for line in lines if line and not line.startswith("["))
        if moves:
            yield fen + re.sub(r"\{[^}]*\}", "", moves).split()


for path in sys.argv[1:]:
    with open(path) as f:
        gs = [" ".join(g) for g in games(f.read())]
    print(f"{path}: {len(gs)} games, {len(set(gs))} distinct (start position, moves)")
