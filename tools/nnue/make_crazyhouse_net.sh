#!/usr/bin/env bash
# The crazyhouse network from scratch, in two generations (docs/nnue.md,
# "The crazyhouse network"):
#
#   tools/nnue/make_crazyhouse_net.sh WORKDIR [PLAIN_GAMES] [PERTURBED_GAMES] [OWN_GAMES] [NODES] [EPOCHS]
#
# 1. 40000 random crazyhouse openings of 8 plies
#    (python3 -m tools.strength.random_openings, seed 606);
# 2. self-play from the first PLAIN_GAMES (default 5600) of them, NODES
#    (default 2000) nodes a move, two games at once, in-process
#    (engine/examples/selfplay_positions.rs --score), with the hand-written
#    drop evaluation (--ablate crazyhouse-network): every quiet position
#    with the score of the search that chose its move;
# 3. the same from openings 20001 on, PERTURBED_GAMES (default 20000) of
#    them, with --perturb: each ply also keeps the position one random move
#    away, with its own search's score;
# 4. the first network: python3 -m tools.nnue.train --variant crazyhouse on
#    runs 2 and 3, EPOCHS (default 10) epochs, the target mixing the
#    search's score with the game's result (--wdl 0.1), written to
#    WORKDIR/first.nnue and copied to eval/nets/crazyhouse.nnue;
# 5. self-play by the build with the first network (no --ablate), --perturb,
#    from OWN_GAMES (default 20000) other openings (seed 707);
# 6. the second network, trained the same way on runs 2, 3 and 5:
#    WORKDIR/crazyhouse.nnue, copied to eval/nets/crazyhouse.nnue. Rebuild.
#
# Every step leaves its file in WORKDIR; a step whose file is there is not
# run again. Run from the repository's root.
set -euo pipefail
work=${1:?usage: make_crazyhouse_net.sh WORKDIR [PLAIN_GAMES] [PERTURBED_GAMES] [OWN_GAMES] [NODES] [EPOCHS]}
plain=${2:-5600}
perturbed=${3:-20000}
own=${4:-20000}
nodes=${5:-2000}
epochs=${6:-10}
mkdir -p "$work"
selfplay=target/release/examples/selfplay_positions
build() { cargo build --release -q -p engine --example selfplay_positions; }
train() {
  local out=$1
  shift
  python3 -m tools.nnue.train "$@" --variant crazyhouse --out "$out" --epochs "$epochs" --wdl 0.1
  cp "$out" eval/nets/crazyhouse.nnue
}
build
if [ ! -s "$work/openings.epd" ]; then
  python3 -m tools.strength.random_openings crazyhouse 40000 8 --seed 606 >"$work/openings.epd"
fi
hand=(--variant crazyhouse --score --ablate crazyhouse-network)
if [ ! -s "$work/plain.txt" ]; then
  head -n "$plain" "$work/openings.epd" >"$work/plain.epd"
  "$selfplay" "$work/plain.epd" "$nodes" "${hand[@]}" >"$work/plain.txt"
fi
if [ ! -s "$work/perturbed.txt" ]; then
  tail -n +20001 "$work/openings.epd" | head -n "$perturbed" >"$work/perturbed.epd"
  "$selfplay" "$work/perturbed.epd" "$nodes" "${hand[@]}" --perturb >"$work/perturbed.txt"
fi
if [ ! -s "$work/first.nnue" ]; then
  train "$work/first.nnue" "$work/plain.txt" "$work/perturbed.txt"
fi
if [ ! -s "$work/own.txt" ]; then
  cp "$work/first.nnue" eval/nets/crazyhouse.nnue
  build
  python3 -m tools.strength.random_openings crazyhouse "$own" 8 --seed 707 >"$work/own.epd"
  "$selfplay" "$work/own.epd" "$nodes" --variant crazyhouse --score --perturb >"$work/own.txt"
fi
train "$work/crazyhouse.nnue" "$work/plain.txt" "$work/perturbed.txt" "$work/own.txt"
