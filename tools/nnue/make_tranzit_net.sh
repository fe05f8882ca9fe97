#!/usr/bin/env bash
# The tranzit network from scratch (docs/nnue.md, "The tranzit network"):
#
#   tools/nnue/make_tranzit_net.sh WORKDIR [GAMES] [NODES] [EPOCHS]
#
# 1. 8000 random tranzit openings of 6 plies
#    (python3 -m tools.strength.random_openings, seed 808);
# 2. self-play from the first GAMES (default 2500) of them, NODES (default
#    2000) nodes a move, two games at once, in-process
#    (engine/examples/selfplay_positions.rs --score --perturb), with the
#    hand-written tranzit evaluation (--ablate tranzit-network): every quiet
#    position, and each ply the quiet position one random move away, with
#    the score of its own search less the points of decided boards;
# 3. the network: python3 -m tools.nnue.train --variant tranzit, EPOCHS
#    (default 10) epochs, the target mixing the search's score with the
#    game's result (--wdl 0.1), written to WORKDIR/tranzit.nnue and copied
#    to eval/nets/tranzit.nnue. Rebuild.
#
# Every step leaves its file in WORKDIR; a step whose file is there is not
# run again. Run from the repository's root.
set -euo pipefail
work=${1:?usage: make_tranzit_net.sh WORKDIR [GAMES] [NODES] [EPOCHS]}
games=${2:-2500}
nodes=${3:-2000}
epochs=${4:-10}
mkdir -p "$work"
selfplay=target/release/examples/selfplay_positions
cargo build --release -q -p engine --example selfplay_positions
if [ ! -s "$work/openings.epd" ]; then
  python3 -m tools.strength.random_openings tranzit 8000 6 --seed 808 >"$work/openings.epd"
fi
if [ ! -s "$work/perturbed.txt" ]; then
  head -n "$games" "$work/openings.epd" >"$work/perturbed.epd"
  "$selfplay" "$work/perturbed.epd" "$nodes" --variant tranzit --score --perturb \
    --ablate tranzit-network >"$work/perturbed.txt"
fi
python3 -m tools.nnue.train "$work/perturbed.txt" --variant tranzit --out "$work/tranzit.nnue" \
  --epochs "$epochs" --wdl 0.1
cp "$work/tranzit.nnue" eval/nets/tranzit.nnue
