# Sourced by the XBoard screenshot scripts. `shoot WINDOW`: puts the move
# list to the right of the board window (there is no window manager under
# xvfb), lets the game run $SECONDS_TO_PLAY seconds, takes the screenshot
# to $OUT and stops XBoard (process $XB); uses $WORK for the raw image.
shoot() {
  local w=$1 bw bh m
  bw=$(xdotool getwindowgeometry "$w" | sed -n 's/.*Geometry: \([0-9]*\)x.*/\1/p')
  bh=$(xdotool getwindowgeometry "$w" | sed -n 's/.*Geometry: [0-9]*x\([0-9]*\).*/\1/p')
  for m in $(xdotool search --name "^Move list" || true); do
    xdotool windowmove "$m" "$((bw + 4))" 0 windowsize "$m" 330 "$bh"
  done
  sleep "$SECONDS_TO_PLAY"
  import -window root "$WORK/shot.png"
  kill "$XB" 2>/dev/null || true
  wait "$XB" 2>/dev/null || true
  convert "$WORK/shot.png" -trim +repage "$OUT"
  echo "$OUT"
}
