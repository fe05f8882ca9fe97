#!/usr/bin/env bash
# The chess network from scratch (docs/nnue.md):
#
#   tools/nnue/make_net.sh WORKDIR [OPENINGS_COUNT] [NODES] [EPOCHS]
#
# 1. OPENINGS_COUNT (default 40000) random openings of 8 plies
#    (python3 -m tools.strength.random_openings, seed 202);
# 2. one self-play game from each, NODES (default 2000) nodes a move, two
#    games at once, in-process (engine/examples/selfplay_positions.rs): the
#    quiet positions of every game;
# 3. two positions, each a distinct random legal move away, from each of
#    them (python3 -m tools.nnue.perturb --fraction 1 --copies 2);
# 4. Stockfish's static evaluation of every position
#    (python3 -m tools.nnue.label_static, Debian's /usr/games/stockfish);
# 5. training (python3 -m tools.nnue.train, numpy), EPOCHS (default 10) epochs,
#    from random weights or, when INIT names a network file (e.g.
#    INIT=eval/nets/chess.nnue), from that network's weights, writing
#    WORKDIR/chess.nnue. Copy it to eval/nets/chess.nnue and rebuild.
#
# Every step leaves its file in WORKDIR; a step whose file is there is not
# run again. The positions come from the engine as built (vsadnik by the
# tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else target/release/vsadnik,
# ...; and the selfplay_positions example). Run from the repository's root.
set -euo pipefail
work=${1:?usage: make_net.sh WORKDIR [OPENINGS_COUNT] [NODES] [EPOCHS]}
count=${2:-40000}
nodes=${3:-2000}
epochs=${4:-10}
mkdir -p "$work"
cargo build --release -q
cargo build --release -q -p engine --example selfplay_positions
if [ ! -s "$work/openings.epd" ]; then
  python3 -m tools.strength.random_openings chess "$count" 8 --seed 202 >"$work/openings.epd"
fi
if [ ! -s "$work/positions.txt" ]; then
  target/release/examples/selfplay_positions "$work/openings.epd" "$nodes" \
    >"$work/positions.txt"
fi
if [ ! -s "$work/perturbed.txt" ]; then
  python3 -m tools.nnue.perturb "$work/positions.txt" "$work/perturbed.txt" --fraction 1 --copies 2
fi
if [ ! -s "$work/labelled.txt" ]; then
  python3 -m tools.nnue.label_static "$work/perturbed.txt" "$work/labelled.txt" --jobs 2
fi
python3 -m tools.nnue.train "$work/labelled.txt" --out "$work/chess.nnue" --epochs "$epochs" \
  ${INIT:+--init "$INIT"}
