#!/usr/bin/env bash
# The tranzit or the tavreli network from scratch (docs/nnue.md, "The
# tranzit network", "The tavreli network"):
#
#   tools/nnue/make_selfplay_net.sh tranzit|tavreli WORKDIR [GAMES] [NODES] [EPOCHS]
#
# 1. 8000 random openings of 6 plies of the variant
#    (python3 -m tools.strength.random_openings, seed 808);
# 2. self-play from the first GAMES (tranzit 2500, tavreli 8000 by default)
#    of them, NODES (default 2000) nodes a move, two games at once,
#    in-process (engine/examples/selfplay_positions.rs --score --perturb),
#    with the variant's hand-written evaluation (--ablate
#    tranzit-network / tavreli-network): every quiet position, and each
#    ply the quiet position one random move away, with the score of its own
#    search (in tranzit less the points of decided boards);
# 3. the network: python3 -m tools.nnue.train --variant VARIANT, EPOCHS
#    (default 10) epochs, the target mixing the search's score with the
#    game's result (--wdl 0.1), written to WORKDIR/VARIANT.nnue and copied
#    to eval/nets/VARIANT.nnue. Rebuild.
#
# Every step leaves its file in WORKDIR; a step whose file is there is not
# run again. Run from the repository's root.
set -euo pipefail
usage="usage: make_selfplay_net.sh tranzit|tavreli WORKDIR [GAMES] [NODES] [EPOCHS]"
variant=${1:?$usage}
work=${2:?$usage}
case "$variant" in
  tranzit) default_games=2500 ;;
  tavreli) default_games=8000 ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
games=${3:-$default_games}
nodes=${4:-2000}
epochs=${5:-10}
mkdir -p "$work"
selfplay=target/release/examples/selfplay_positions
cargo build --release -q -p engine --example selfplay_positions
if [ ! -s "$work/openings.epd" ]; then
  python3 -m tools.strength.random_openings "$variant" 8000 6 --seed 808 >"$work/openings.epd"
fi
if [ ! -s "$work/perturbed.txt" ]; then
  head -n "$games" "$work/openings.epd" >"$work/perturbed.epd"
  "$selfplay" "$work/perturbed.epd" "$nodes" --variant "$variant" --score --perturb \
    --ablate "$variant-network" >"$work/perturbed.txt"
fi
python3 -m tools.nnue.train "$work/perturbed.txt" --variant "$variant" \
  --out "$work/$variant.nnue" --epochs "$epochs" --wdl 0.1
cp "$work/$variant.nnue" "eval/nets/$variant.nnue"
