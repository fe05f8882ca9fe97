#!/usr/bin/env bash
# Crazyhouse perft speed benchmark (not a test): vsadnik versus Fairy-Stockfish, in one run.
#
#   tools/drops/perft_speed_drops.sh                    # depths 5 and 6 from the crazyhouse start position
#   DEPTHS="4 5" tools/drops/perft_speed_drops.sh
#   VARIANT=bughouse FEN="..." tools/drops/perft_speed_drops.sh
#   VSADNIK_BIN=path FAIRY_STOCKFISH=path tools/drops/perft_speed_drops.sh
#
# vsadnik (found by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...): `vsadnik perft D --variant crazyhouse` (whole process timed; its
# last "Nodes searched: N" line is read).  Fairy-Stockfish: one process, Threads 1,
# UCI_Variant crazyhouse, `position startpos|fen` + `go perft D`, timed from the command to the
# "Nodes searched:" line (start-up excluded).  Both single-threaded.  The counts of the two
# must agree (and D5 from the start position must be 4888832).  Wall-clock timings: on a
# shared machine (load average is printed) they are noisy.
set -u
cd "$(dirname "$0")/../.." || exit 2

FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
VARIANT=${VARIANT:-crazyhouse}
FEN=${FEN:-}
DEPTHS=${DEPTHS:-"5 6"}
TIMEOUT=${TIMEOUT:-900}

expected() {
  if [ -n "$FEN" ] || [ "$VARIANT" != crazyhouse ]; then echo ""; return; fi
  case $1 in
    1) echo 20 ;; 2) echo 400 ;; 3) echo 8902 ;; 4) echo 197281 ;; 5) echo 4888832 ;; *) echo "" ;;
  esac
}

# prints "<nodes> <seconds>" or "ERROR ..."
time_fsf() {
  python3 - "$FSF" "$1" "$TIMEOUT" "$VARIANT" "$FEN" <<'PY'
import subprocess, sys, time
sf, depth, timeout, variant, fen = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
p = subprocess.Popen([sf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s):
    p.stdin.write(s + "\n"); p.stdin.flush()
def wait_for(prefix):
    for line in p.stdout:
        if line.startswith(prefix):
            return line
    print("ERROR fairy-stockfish exited"); sys.exit(1)
send("uci"); wait_for("uciok")
send("setoption name Threads value 1")
send("setoption name UCI_Variant value " + variant)
send("position fen " + fen if fen else "position startpos")
send("isready"); wait_for("readyok")
t0 = time.perf_counter()
send("go perft %d" % depth)
line = wait_for("Nodes searched:")
dt = time.perf_counter() - t0
send("quit"); p.wait()
print(int(line.split(":")[1]), "%.3f" % dt)
PY
}

# prints "<nodes> <seconds>" or "ERROR ..."
time_vsadnik() {
  local t0 t1 out nodes rc
  t0=$(date +%s.%N)
  if [ -n "$FEN" ]; then
    out=$(timeout "$TIMEOUT" "$VSADNIK" perft "$1" --variant "$VARIANT" --fen "$FEN" 2>&1)
  else
    out=$(timeout "$TIMEOUT" "$VSADNIK" perft "$1" --variant "$VARIANT" 2>&1)
  fi
  rc=$?
  t1=$(date +%s.%N)
  nodes=$(printf '%s\n' "$out" | grep 'Nodes searched' | tail -1 | sed 's/.*: *//')
  if [ $rc -ne 0 ] || [ -z "$nodes" ]; then
    echo "ERROR rc=$rc: $(printf '%s\n' "$out" | tail -1)"
    return
  fi
  echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')"
}

have_v=1; have_f=1
VSADNIK=$(python3 -m tools.vsadnik) || have_v=0
if [ ! -x "$FSF" ]; then echo "Fairy-Stockfish not found ($FSF; apt-get install fairy-stockfish)"; have_f=0; fi
[ $have_f = 1 ] && echo "fairy-stockfish: $("$FSF" quit </dev/null 2>/dev/null | head -1)"
echo "variant: $VARIANT, position: ${FEN:-start}"
echo "machine: $(nproc) cores, load average:$(uptime | sed 's/.*load average://')"
printf '%-15s %5s %14s %10s %12s  %s\n' engine depth nodes seconds leaves/s check
status=0
ratios=""
for d in $DEPTHS; do
  exp=$(expected "$d")
  f_nps=""; v_nps=""; f_nodes=""
  for eng in fairy-stockfish vsadnik; do
    if [ $eng = fairy-stockfish ] && [ $have_f = 0 ]; then continue; fi
    if [ $eng = vsadnik ] && [ $have_v = 0 ]; then continue; fi
    if [ $eng = fairy-stockfish ]; then res=$(time_fsf "$d"); else res=$(time_vsadnik "$d"); fi
    case $res in
      ERROR*) printf '%-15s %5s %s\n' $eng "$d" "$res"; status=1; continue ;;
    esac
    set -- $res
    nodes=$1; secs=$2
    nps=$(awk -v n="$nodes" -v s="$secs" 'BEGIN{ if (s > 0) printf "%.0f", n/s; else print 0 }')
    ok=ok
    if [ -n "$exp" ] && [ "$nodes" != "$exp" ]; then ok="WRONG (expected $exp)"; status=1; fi
    if [ $eng = vsadnik ] && [ -n "$f_nodes" ] && [ "$nodes" != "$f_nodes" ]; then
      ok="WRONG (Fairy-Stockfish counts $f_nodes)"; status=1
    fi
    printf '%-15s %5s %14s %10s %12s  %s\n' $eng "$d" "$nodes" "$secs" \
      "$(awk -v x="$nps" 'BEGIN{printf "%.1fM", x/1e6}')" "$ok"
    if [ $eng = fairy-stockfish ]; then f_nps=$nps; f_nodes=$nodes; else v_nps=$nps; fi
  done
  if [ -n "$f_nps" ] && [ -n "$v_nps" ]; then
    ratios="$ratios perft $d: $(awk -v a="$v_nps" -v b="$f_nps" 'BEGIN{printf "%.2f", a/b}')"
  fi
done
if [ -n "$ratios" ]; then
  echo "ratio vsadnik/fairy-stockfish (leaves/s):$ratios"
fi
exit $status
