#!/usr/bin/env bash
# One self-play pairing of the ablation benchmarks (docs/strength.md):
#
#   tools/strength/ablation.sh VARIANT OPPONENT [GAMES] [NODES]
#
# OPPONENT: an --ablate name (tranzit-eval, tavreli-below-top,
# progressive-defence, progressive-solver) or "depth2" (a 2-ply searcher).
# The full engine is the first engine; both search NODES nodes per move
# (default 20000) on a generous clock (60+1), one thread, from
# tools/strength/openings_VARIANT.epd (each opening with both colours).
# vsadnik (by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...) is copied first, so a rebuild during the
# match does not change the engines. CONCURRENCY defaults to 2.
set -euo pipefail
variant=${1:?usage: ablation.sh VARIANT OPPONENT [GAMES] [NODES]}
opponent=${2:?usage: ablation.sh VARIANT OPPONENT [GAMES] [NODES]}
games=${3:-100}
nodes=${4:-20000}
here=$(cd "$(dirname "$0")" && pwd)
vsadnik=$(PYTHONPATH="$here/../.." python3 -m tools.vsadnik)
bin=$(mktemp /tmp/vsadnik-ablation.XXXXXX)
trap 'rm -f "$bin"' EXIT
cp "$vsadnik" "$bin"
chmod +x "$bin"
case $opponent in
depth2) extra="--depth-limit 2" ;;
*) extra="--ablate $opponent" ;;
esac
pgn=${PGN:-ablation-$variant-$opponent.pgn}
set -x
"$bin" match --variant "$variant" --games "$games" --tc 60+1 \
  --concurrency "${CONCURRENCY:-2}" \
  --openings "$here/openings_$variant.epd" --pgn "$pgn" \
  --engine "$bin --nodes-per-move $nodes" \
  --engine "$bin --nodes-per-move $nodes $extra"
