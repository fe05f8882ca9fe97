#!/usr/bin/env bash
# Perft speed benchmark (not a test): vsadnik versus Stockfish on this machine, in one run.
#
#   tools/perft_speed.sh                 # depths 6 and 7 from the start position
#   DEPTHS="5 6" tools/perft_speed.sh    # other depths
#   VSADNIK_BIN=path STOCKFISH=path tools/perft_speed.sh
#
# vsadnik (found by the tools' rule, tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...): `vsadnik perft D` (whole process timed; its last
# "Nodes searched: N" line is read).  Stockfish: one process, Threads 1,
# `position startpos` + `go perft D`, timed from the command to the
# "Nodes searched:" line (start-up and network loading excluded).
# Both are single-threaded.  Timings are wall-clock: on a shared machine
# (load average is printed) they are noisy; run it again when the machine is idle.
set -u
cd "$(dirname "$0")/.." || exit 2

STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
DEPTHS=${DEPTHS:-"6 7"}
TIMEOUT=${TIMEOUT:-900}

expected() {
  case $1 in
    1) echo 20 ;; 2) echo 400 ;; 3) echo 8902 ;; 4) echo 197281 ;; 5) echo 4865609 ;;
    6) echo 119060324 ;; 7) echo 3195901860 ;; 8) echo 84998978956 ;; *) echo "" ;;
  esac
}

# prints "<nodes> <seconds>" or "ERROR ..."
time_stockfish() {
  python3 - "$STOCKFISH" "$1" "$TIMEOUT" <<'PY'
import subprocess, sys, time
sf, depth, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
p = subprocess.Popen([sf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s):
    p.stdin.write(s + "\n"); p.stdin.flush()
def wait_for(prefix):
    for line in p.stdout:
        if line.startswith(prefix):
            return line
    print("ERROR stockfish exited"); sys.exit(1)
send("uci"); wait_for("uciok")
send("setoption name Threads value 1")
send("position startpos")
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
  local t0 t1 out nodes
  t0=$(date +%s.%N)
  out=$(timeout "$TIMEOUT" "$VSADNIK" perft "$1" 2>&1)
  local rc=$?
  t1=$(date +%s.%N)
  nodes=$(printf '%s\n' "$out" | grep 'Nodes searched' | tail -1 | sed 's/.*: *//')
  if [ $rc -ne 0 ] || [ -z "$nodes" ]; then
    echo "ERROR rc=$rc: $(printf '%s\n' "$out" | tail -1)"
    return
  fi
  echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')"
}

have_v=1; have_s=1
VSADNIK=$(python3 -m tools.vsadnik) || have_v=0
if [ ! -x "$STOCKFISH" ]; then echo "stockfish not found ($STOCKFISH)"; have_s=0; fi
[ -x "$STOCKFISH" ] && echo "stockfish: $("$STOCKFISH" quit </dev/null 2>/dev/null | head -1)"
echo "machine: $(nproc) cores, load average:$(uptime | sed 's/.*load average://')"
printf '%-10s %5s %14s %10s %14s  %s\n' engine depth nodes seconds leaves/s check
status=0
ratios=""
for d in $DEPTHS; do
  exp=$(expected "$d")
  sf_nps=""; v_nps=""
  for eng in stockfish vsadnik; do
    if [ $eng = stockfish ] && [ $have_s = 0 ]; then continue; fi
    if [ $eng = vsadnik ] && [ $have_v = 0 ]; then continue; fi
    if [ $eng = stockfish ]; then res=$(time_stockfish "$d"); else res=$(time_vsadnik "$d"); fi
    case $res in
      ERROR*) printf '%-10s %5s %s\n' $eng "$d" "$res"; status=1; continue ;;
    esac
    set -- $res
    nodes=$1; secs=$2
    nps=$(awk -v n="$nodes" -v s="$secs" 'BEGIN{ if (s > 0) printf "%.0f", n/s; else print 0 }')
    ok=ok
    if [ -n "$exp" ] && [ "$nodes" != "$exp" ]; then ok="WRONG (expected $exp)"; status=1; fi
    printf '%-10s %5s %14s %10s %14s  %s\n' $eng "$d" "$nodes" "$secs" \
      "$(awk -v x="$nps" 'BEGIN{printf "%.1fM", x/1e6}')" "$ok"
    if [ $eng = stockfish ]; then sf_nps=$nps; else v_nps=$nps; fi
  done
  if [ -n "$sf_nps" ] && [ -n "$v_nps" ]; then
    ratios="$ratios perft $d: $(awk -v a="$v_nps" -v b="$sf_nps" 'BEGIN{printf "%.2f", a/b}')"
  fi
done
if [ -n "$ratios" ]; then
  echo "ratio vsadnik/stockfish (leaves/s):$ratios"
elif [ $have_v = 0 ]; then
  echo "ratio vsadnik/stockfish: n/a (vsadnik not built)"
fi
exit $status
