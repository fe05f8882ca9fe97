#!/bin/sh
# Screenshot of XBoard playing VARIANT with vsadnik on both sides
# (docs/xboard.md, "Engine-defined variants").
#
#   tools/xboard/screenshot.sh tranzit|tavreli|progressive [SECONDS]
#
# Runs XBoard 4.9 (Debian's /usr/games/xboard) under xvfb-run with
# vsadnik (by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...) as first and second engine (Two Machines mode),
# waits SECONDS (default 40), saves the screen to docs/img/VARIANT.png and
# XBoard's debug log to /tmp/xb-VARIANT/xboard.debug.
# Needs: xboard xvfb imagemagick xdotool
# (apt-get install -y xboard xvfb imagemagick xdotool).
set -eu
VARIANT=${1:?usage: screenshot.sh tranzit|tavreli|progressive [SECONDS]}
SECONDS_TO_PLAY=${2:-40}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tools/xboard/shoot.sh
. "$ROOT/tools/xboard/shoot.sh"
case "$VARIANT" in
  tranzit) XV=tranzit; SIZE=Medium; TC="-tc 1 -inc 0.5" ;;
  tavreli) XV=tavreli; SIZE=Bulky; TC="-tc 1 -inc 0.5" ;;
  progressive) XV=progressive-italian; SIZE=Bulky; TC="-tc 1 -inc 0.5" ;;
  *) echo "unknown variant: $VARIANT" >&2; exit 2 ;;
esac
ENGINE=$(PYTHONPATH="$ROOT" python3 -m tools.vsadnik)
WORK=/tmp/xb-$VARIANT
rm -rf "$WORK"; mkdir -p "$WORK" "$ROOT/docs/img"
OUT="$ROOT/docs/img/$VARIANT.png"

if [ -z "${VSADNIK_IN_XVFB:-}" ]; then
  VSADNIK_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$@"
fi

# shellcheck disable=SC2086
/usr/games/xboard -variant "$XV" -testLegality false -boardSize "$SIZE" \
  -fcp "$ENGINE" -fd "$WORK" -scp "$ENGINE" -sd "$WORK" \
  -mode TwoMachines $TC -ponderNextMove false \
  -showCoords true -highlightLastMove true -x 0 -y 0 \
  -moveHistoryUp true \
  -debug -debugfile "$WORK/xboard.debug" -saveSettingsOnExit false \
  -sgf "$WORK/game.pgn" >"$WORK/xboard.out" 2>&1 &
XB=$!
# No window manager: XBoard's windows open at the top left; put the move
# list to the right of the board.
W=
for _ in $(seq 1 30); do
  sleep 1
  W=$(xdotool search --name "^xboard: | vs\. " | head -n 1 || true)
  [ -n "$W" ] && break
done
[ -n "$W" ] || { echo "no XBoard window" >&2; kill "$XB"; exit 1; }
shoot "$W"
