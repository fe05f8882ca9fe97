#!/usr/bin/env bash
# Debian's Stockfish playing at a limited strength: stockfish_elo.sh ELO
# (UCI_LimitStrength on, UCI_Elo ELO, one thread). For `vsadnik match`.
elo=${1:?usage: stockfish_elo.sh ELO}
{ printf 'setoption name Threads value 1\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value %s\n' "$elo"; cat; } |
  exec /usr/games/stockfish
