#!/usr/bin/env bash
# Lazy SMP benchmark (not a test): time to reach the bench depth on every bench
# position with 1 and with N threads, and the speedup (sum of 1-thread times /
# sum of N-thread times). The two runs alternate ROUNDS times, so that the
# host's changing speed falls on both alike; the means are compared. Also
# prints the N-thread node overhead (nodes to reach the depth over the
# 1-thread count, which is fixed), nodes per second of both, and the
# machine's ceiling: N independent one-thread benches run at once.
#
#   tools/smp_speedup.sh            # depth 13, 2 threads, 3 rounds
#   DEPTH=15 THREADS=2 ROUNDS=8 tools/smp_speedup.sh
# vsadnik is found by the tools' rule (tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, ...).
set -eu
cd "$(dirname "$0")/.."
BIN=$(python3 -m tools.vsadnik)
DEPTH=${DEPTH:-13}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-3}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
log=$(mktemp)
trap 'rm -f "$log" /tmp/smp_run.err /tmp/smp_par_*.nps' EXIT
# One line per run: threads, nodes, time-to-depth (sum of the positions' ms).
for round in $(seq "$ROUNDS"); do
  for t in 1 "$THREADS"; do
    nodes=$("$BIN" bench --depth "$DEPTH" --threads "$t" 2>/tmp/smp_run.err |
      awk '/Nodes searched/ {print $3}')
    ms=$(awk '{ s += $(NF-1) } END { printf "%.0f", s }' /tmp/smp_run.err)
    echo "$t $nodes $ms" | tee -a "$log" |
      awk -v r="$round" '{ printf "round %d, %d thread(s): %d nodes, time-to-depth %d ms\n", r, $1, $2, $3 }'
  done
done
awk -v n="$THREADS" '
  { nodes[$1] += $2; ms[$1] += $3; runs[$1]++ }
  END {
    one = nodes[1] / runs[1]
    printf "1 thread: %d nodes, time-to-depth %.0f ms, %.0f nodes/s\n", one, ms[1] / runs[1], nodes[1] / ms[1] * 1000
    printf "%d threads: node overhead %.3f, time-to-depth %.0f ms, %.0f nodes/s\n", n, nodes[n] / runs[n] / one, ms[n] / runs[n], nodes[n] / ms[n] * 1000
    printf "time-to-depth speedup, %d threads over 1 (means of %d rounds): %.2fx\n", n, runs[n], (ms[1] / runs[1]) / (ms[n] / runs[n])
  }' "$log"
# The machine's own ceiling: THREADS independent one-thread benches at once,
# their summed nodes per second over one bench alone. Lazy SMP cannot scale
# better than this (shared caches, memory bandwidth, how the host maps the
# virtual cores).
nps_of() { awk '/Nodes\/second/ {print $2}'; }
alone=$("$BIN" bench --depth "$DEPTH" 2>/dev/null | nps_of)
for i in $(seq "$THREADS"); do
  "$BIN" bench --depth "$DEPTH" 2>/dev/null | nps_of > "/tmp/smp_par_$i.nps" &
done
wait
together=$(cat /tmp/smp_par_*.nps | awk '{ s += $1 } END { print s }')
awk -v a="$alone" -v t="$together" -v n="$THREADS" 'BEGIN {
  printf "ceiling: %d one-thread benches at once give %.2fx the nodes per second of one\n", n, t / a }'
