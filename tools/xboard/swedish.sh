#!/bin/sh
# Screenshot of XBoard playing one board of Swedish chess, with holdings,
# vsadnik against itself (docs/xboard.md, "Swedish chess under XBoard").
#
#   tools/xboard/swedish.sh [SECONDS] [FEN]
#
# Runs XBoard 4.9 (Debian's /usr/games/xboard) under xvfb-run with
# vsadnik (by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...) as the first engine, waits for its `setup` (the
# 8x8 board with holdings), pastes FEN (default: a middlegame with pieces in
# both hands) as a user-loaded position (Edit > Paste Position, Ctrl+Shift+V),
# starts Two Machines mode (Ctrl+T: the second engine gets the position with
# its holdings by `setboard`), waits SECONDS (default 30), and saves the
# screen to docs/img/swedish.png and XBoard's debug log to
# /tmp/xb-swedish/xboard.debug. VSADNIK_BIN=PATH runs another build.
#
# The position is pasted, not given with -lpf: XBoard loads a -lpf file
# before the engine's `setup` arrives, so it cannot read the holdings yet,
# and the `setup` would then replace the position anyway.
# Needs: xboard xvfb imagemagick xdotool python3-tk (for the clipboard)
# (apt-get install -y xboard xvfb imagemagick xdotool python3-tk).
set -eu
SECONDS_TO_PLAY=${1:-30}
FEN=${2:-"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[NBPPnbpp] w KQkq - 0 4"}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tools/xboard/shoot.sh
. "$ROOT/tools/xboard/shoot.sh"
ENGINE=$(PYTHONPATH="$ROOT" python3 -m tools.vsadnik)
WORK=/tmp/xb-swedish
rm -rf "$WORK"; mkdir -p "$WORK" "$ROOT/docs/img"
OUT="$ROOT/docs/img/swedish.png"

if [ -z "${VSADNIK_IN_XVFB:-}" ]; then
  VSADNIK_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$@"
fi

/usr/games/xboard -variant swedish -testLegality false -boardSize Bulky \
  -fcp "$ENGINE" -fd "$WORK" -scp "$ENGINE" -sd "$WORK" \
  -tc 1 -inc 0.5 -ponderNextMove false \
  -showCoords true -highlightLastMove true -x 0 -y 0 \
  -moveHistoryUp true \
  -debug -debugfile "$WORK/xboard.debug" -saveSettingsOnExit false \
  -sgf "$WORK/game.pgn" >"$WORK/xboard.out" 2>&1 &
XB=$!
fail() { echo "$1" >&2; kill "$XB" 2>/dev/null || true; exit 1; }

# The board window, and the first engine's setup (board with holdings).
W=
for _ in $(seq 1 30); do
  sleep 1
  W=$(xdotool search --name "^xboard: | vs\. |vsadnik" | head -n 1 || true)
  [ -n "$W" ] && grep -q "<first : setup (" "$WORK/xboard.debug" 2>/dev/null && break
done
[ -n "$W" ] || fail "no XBoard window"
grep -q "<first : setup (" "$WORK/xboard.debug" || fail "no setup from the engine"

# Paste the position: the clipboard is held by a small Tk program.
python3 -c '
import sys, tkinter
r = tkinter.Tk(); r.withdraw()
r.clipboard_clear(); r.clipboard_append(sys.argv[1])
r.after(5000, r.destroy); r.mainloop()' "$FEN" &
sleep 1
# No window manager: a click on the message line gives XBoard the focus.
xdotool mousemove 200 84 click 1
xdotool key ctrl+shift+v
sleep 1
grep -q ">first : setboard .*\[" "$WORK/xboard.debug" || fail "the position was not pasted"
xdotool key ctrl+t

shoot "$W"
