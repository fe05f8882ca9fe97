#!/usr/bin/env bash
# A UCI engine with options set before the GUI speaks to it, for
# `vsadnik match --engine`:  uci_with.sh PROGRAM [ARG | NAME=VALUE]...
# Words with `=` are options (sent as `setoption name NAME value VALUE`),
# the others are the program's arguments, e.g.
#   uci_with.sh target/release/vsadnik UCI_LimitStrength=true UCI_Elo=2000
#   uci_with.sh target/release/vsadnik Variety=true --nodes-per-move 200000
prog=${1:?usage: uci_with.sh PROGRAM [ARG | NAME=VALUE]...}
shift
args=()
opts=()
for w in "$@"; do
  case "$w" in
    *=*) opts+=("$w") ;;
    *) args+=("$w") ;;
  esac
done
{
  for kv in "${opts[@]}"; do
    printf 'setoption name %s value %s\n' "${kv%%=*}" "${kv#*=}"
  done
  cat
} | exec "$prog" "${args[@]}"
