#!/usr/bin/env bash
# Lazy SMP benchmark (not a test): time to reach the bench depth on every bench
# position with 1 and with N threads, and the speedup (sum of 1-thread times /
# sum of N-thread times). Also prints nodes per second of both runs, and the
# machine's ceiling: N independent one-thread benches run at once.
#
#   tools/smp_speedup.sh            # depth 13, 2 threads
#   DEPTH=14 THREADS=2 tools/smp_speedup.sh
set -eu
cd "$(dirname "$0")/.."
BIN=${VSADNIK:-target/release/vsadnik}
DEPTH=${DEPTH:-13}
THREADS=${THREADS:-2}
[ -x "$BIN" ] || { echo "vsadnik not built: cargo build --release"; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
run() {
  "$BIN" bench --depth "$DEPTH" --threads "$1" 2>"/tmp/smp_$1.err" | tail -n 2
  awk '{ t += $(NF-1) } END { printf "time-to-depth total: %.0f ms\n", t }' "/tmp/smp_$1.err"
}
echo "== 1 thread";  one=$(run 1);  echo "$one"
echo "== $THREADS threads"; many=$(run "$THREADS"); echo "$many"
t1=$(echo "$one" | awk '/time-to-depth/ {print $3}')
tn=$(echo "$many" | awk '/time-to-depth/ {print $3}')
awk -v a="$t1" -v b="$tn" -v n="$THREADS" 'BEGIN { printf "time-to-depth speedup, %d threads over 1: %.2fx\n", n, a / b }'
# The machine's own ceiling: THREADS independent one-thread benches at once,
# their summed nodes per second over one bench alone. Lazy SMP cannot scale
# better than this (shared caches, memory bandwidth, how the host maps the
# virtual cores).
nps_of() { awk '/Nodes\/second/ {print $2}'; }
alone=$(echo "$one" | nps_of)
for i in $(seq "$THREADS"); do
  "$BIN" bench --depth "$DEPTH" 2>/dev/null | nps_of > "/tmp/smp_par_$i.nps" &
done
wait
together=$(cat /tmp/smp_par_*.nps | awk '{ s += $1 } END { print s }')
rm -f /tmp/smp_par_*.nps
awk -v a="$alone" -v t="$together" -v n="$THREADS" 'BEGIN {
  printf "ceiling: %d one-thread benches at once give %.2fx the nodes per second of one\n", n, t / a }'
