#!/usr/bin/env bash
# A bughouse team game end to end: two vsadnik (UCI) against two Sjeng
# (Debian's XBoard bughouse engine), then the BPGN is checked for its four
# players, a result and a Termination tag. Usage: tools/team_e2e.sh [GAMES]
# (vsadnik by the tools' rule: tools/vsadnik.py).
set -euo pipefail
cd "$(dirname "$0")/.."
V=$(python3 -m tools.vsadnik)
S=$(command -v sjeng || echo /usr/games/sjeng)
games=${1:-2}
out=$(mktemp -d)
"$V" match --variant bughouse --games "$games" --tc 5+0.05 \
  --engine "$V" --engine "$V" --engine "$S" --engine "$S" \
  --pgn "$out/games.bpgn" | tee "$out/log"
finished=$(grep -c '^Finished game ' "$out/log")
[ "$finished" = "$games" ] || { echo "expected $games finished games"; exit 1; }
for tag in WhiteA BlackA WhiteB BlackB Result Termination; do
  n=$(grep -c "^\[$tag " "$out/games.bpgn")
  [ "$n" = "$games" ] || { echo "BPGN: $n $tag tags"; exit 1; }
done
grep -q '^\[WhiteB "Sjeng' "$out/games.bpgn" || { echo "Sjeng did not play"; exit 1; }
grep -q '1A\. ' "$out/games.bpgn" && grep -q '1b\. ' "$out/games.bpgn" || { echo "moves missing"; exit 1; }
tail -n 2 "$out/log" | grep -q '^Elo difference: ' || { echo "no Elo line"; exit 1; }
echo "team e2e passed ($out)"
