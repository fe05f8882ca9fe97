#!/usr/bin/env bash
# A UCI engine with options set before the GUI speaks to it, for
# `vsadnik match --engine`:  uci_with.sh PROGRAM [NAME=VALUE]...
# e.g.  uci_with.sh target/release/vsadnik "UCI_LimitStrength=true" "UCI_Elo=2000"
prog=${1:?usage: uci_with.sh PROGRAM [NAME=VALUE]...}
shift
{
  for kv in "$@"; do
    printf 'setoption name %s value %s\n' "${kv%%=*}" "${kv#*=}"
  done
  cat
} | exec "$prog"
