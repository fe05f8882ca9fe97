"""Label positions with Stockfish's static evaluation, the training target of
the chess network (docs/nnue.md).

    python3 -m tools.nnue.label_static IN OUT [--jobs 2] [--engine /usr/games/stockfish]
        [--variant crazyhouse]

IN holds ``FEN;result`` lines (``engine/examples/selfplay_positions.rs``;
fields after the second are dropped); OUT gets ``FEN;result;cp`` lines, cp
being the engine's "Final evaluation" of its ``eval`` command in centipawns
from White's point of view (Debian's Stockfish 15.1 prints it in pawns).
With ``--variant`` the engine is told ``UCI_Variant`` first and its "Total
evaluation" line is read: Debian's Fairy-Stockfish 11.1 labels crazyhouse
positions that way (``--engine /usr/games/fairy-stockfish``). A position the engine does not
evaluate (side to move in check) is left out. The positions are split over
``--jobs`` engine processes; the output keeps the input's order.
"""

import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CHUNK = 2000


def label_chunk(engine, variant, lines):
    """The labelled lines of one chunk, from one fresh engine process."""
    lines = [";".join(line.split(";")[:2]) for line in lines]
    script = [f"setoption name UCI_Variant value {variant}\n"] if variant else []
    for line in lines:
        fen = line.split(";")[0]
        script.append(f"position fen {fen}\neval\nisready\n")
    # "readyok" marks the end of one position's output.
    script.append("quit\n")
    out = subprocess.run(
        [engine], input="".join(script), capture_output=True, text=True, check=True
    ).stdout
    labelled = []
    i = 0
    value = None
    for row in out.splitlines():
        if row.startswith(("Final evaluation", "Total evaluation")):
            t = row.split()
            value = None if t[2] == "none" else round(float(t[2]) * 100)
        elif row == "readyok":
            if value is not None:
                labelled.append(f"{lines[i]};{value}")
            value = None
            i += 1
    if i != len(lines):
        raise RuntimeError(f"engine answered {i} of {len(lines)} positions")
    return labelled


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--variant", help="UCI_Variant to set (e.g. crazyhouse)")
    a = ap.parse_args()
    with open(a.inp) as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    chunks = [lines[i : i + CHUNK] for i in range(0, len(lines), CHUNK)]
    done = 0
    with open(a.out, "w") as out, ThreadPoolExecutor(a.jobs) as pool:
        for labelled in pool.map(lambda c: label_chunk(a.engine, a.variant, c), chunks):
            out.write("".join(line + "\n" for line in labelled))
            done += len(labelled)
    print(f"{done} of {len(lines)} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
