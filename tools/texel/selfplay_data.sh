#!/usr/bin/env bash
# Texel data for a variant from vsadnik's own games (docs/eval.md, "Tranzit
# and tavreli"):
#
#   tools/texel/selfplay_data.sh VARIANT GAMES OUT [SEED]
#
# 1. GAMES/2 random openings of 6 plies (python3 -m tools.strength.random_openings,
#    seed SEED, default 11);
# 2. a self-play match from them, each opening with both colours, one side
#    searching 5,000 nodes a move and the other 6,000 (so the two games of
#    an opening differ), on a clock that only bounds a move (60+1), two
#    games at once; the games go to OUT.pgn;
# 3. the quiet positions of every game, labelled with its result, to OUT
#    (arena/examples/texel_positions.rs).
#
# vsadnik (by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...) is copied first, so a rebuild during the
# match does not change the engines.
set -euo pipefail
variant=${1:?usage: selfplay_data.sh VARIANT GAMES OUT [SEED]}
games=${2:?usage: selfplay_data.sh VARIANT GAMES OUT [SEED]}
out=${3:?usage: selfplay_data.sh VARIANT GAMES OUT [SEED]}
seed=${4:-11}
# The repository, for `python3 -m tools...` from any directory.
export PYTHONPATH
PYTHONPATH=$(cd "$(dirname "$0")/../.." && pwd)
vsadnik=$(python3 -m tools.vsadnik)
bin=$(mktemp /tmp/vsadnik-texel.XXXXXX)
openings=$(mktemp /tmp/vsadnik-texel-openings.XXXXXX)
trap 'rm -f "$bin" "$openings"' EXIT
cp "$vsadnik" "$bin"
chmod +x "$bin"
python3 -m tools.strength.random_openings "$variant" $(((games + 1) / 2)) 6 \
  --seed "$seed" --engine "$bin" >"$openings"
"$bin" match --variant "$variant" --games "$games" --tc 60+1 --concurrency 2 \
  --openings "$openings" --pgn "$out.pgn" \
  --engine "$bin --nodes-per-move 5000" --engine "$bin --nodes-per-move 6000" >/dev/null
cargo run --release -q -p arena --example texel_positions -- "$variant" "$out.pgn" >"$out"
