#!/usr/bin/env bash
# The crazyhouse network from scratch (docs/nnue.md, "The crazyhouse network"):
#
#   tools/nnue/make_crazyhouse_net.sh WORKDIR [PLAIN_GAMES] [PERTURBED_GAMES] [NODES] [EPOCHS]
#
# 1. 40000 random crazyhouse openings of 8 plies
#    (python3 -m tools.strength.random_openings, seed 606);
# 2. self-play from the first PLAIN_GAMES (default 5600) of them, NODES
#    (default 2000) nodes a move, two games at once, in-process
#    (engine/examples/selfplay_positions.rs --score): every quiet position
#    with the score of the search that chose its move;
# 3. self-play from openings 20001 on, PERTURBED_GAMES (default 20000) of
#    them, the same way with --perturb: each ply also keeps the position one
#    random move away, with its own search's score;
#    both runs play with the hand-written drop evaluation (--ablate
#    crazyhouse-network), the engine before the network; set ABLATE= to
#    play with the network of the build instead;
# 4. training (python3 -m tools.nnue.train --variant crazyhouse, numpy),
#    EPOCHS (default 10) epochs, the target mixing the search's score with
#    the game's result (WDL, default 0.1), from random weights or INIT,
#    writing WORKDIR/crazyhouse.nnue. Copy it to eval/nets/crazyhouse.nnue
#    and rebuild.
#
# Every step leaves its file in WORKDIR; a step whose file is there is not
# run again. Run from the repository's root.
set -euo pipefail
work=${1:?usage: make_crazyhouse_net.sh WORKDIR [PLAIN_GAMES] [PERTURBED_GAMES] [NODES] [EPOCHS]}
plain=${2:-5600}
perturbed=${3:-20000}
nodes=${4:-2000}
epochs=${5:-10}
ablate=${ABLATE-crazyhouse-network}
mkdir -p "$work"
cargo build --release -q -p engine --example selfplay_positions
selfplay=(target/release/examples/selfplay_positions)
play=(--variant crazyhouse --score ${ablate:+--ablate "$ablate"})
if [ ! -s "$work/openings.epd" ]; then
  python3 -m tools.strength.random_openings crazyhouse 40000 8 --seed 606 >"$work/openings.epd"
fi
if [ ! -s "$work/plain.txt" ]; then
  head -n "$plain" "$work/openings.epd" >"$work/plain.epd"
  "${selfplay[@]}" "$work/plain.epd" "$nodes" "${play[@]}" >"$work/plain.txt"
fi
if [ ! -s "$work/perturbed.txt" ]; then
  tail -n +20001 "$work/openings.epd" | head -n "$perturbed" >"$work/perturbed.epd"
  "${selfplay[@]}" "$work/perturbed.epd" "$nodes" "${play[@]}" --perturb >"$work/perturbed.txt"
fi
python3 -m tools.nnue.train "$work/plain.txt" "$work/perturbed.txt" --variant crazyhouse \
  --out "$work/crazyhouse.nnue" --epochs "$epochs" --wdl "${WDL:-0.1}" ${INIT:+--init "$INIT"}
