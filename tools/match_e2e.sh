#!/usr/bin/env bash
# End-to-end check of `vsadnik match` against independent programs: a few
# short games of vsadnik (UCI) against Debian's Fairy-Max (XBoard), from two
# PGN openings, two games at a time; then python-chess replays the PGN and
# checks every move, the tags, and that each result agrees with the final
# position wherever the Termination tag names a rule. Exits non-zero on any
# failure. Takes well under a minute.
#
#   tools/match_e2e.sh                      # vsadnik vs fairymax
#   E2E_ENGINE=/usr/games/stockfish tools/match_e2e.sh
#   E2E_GAMES=8 E2E_TC=5+0.1 tools/match_e2e.sh
#
# vsadnik is found by the tools' rule (tools/vsadnik.py: $VSADNIK_BIN, else
# target/release/vsadnik, built here if missing, ...). Needs fairymax
# (apt-get install fairymax), python3 with python-chess
# (pip install -r tools/requirements.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"

[ -n "${VSADNIK_BIN:-}" ] || [ -x target/release/vsadnik ] || cargo build --release -p vsadnik
VSADNIK=$(python3 -m tools.vsadnik)
ENGINE="${E2E_ENGINE:-$VSADNIK}"
OPPONENT="${E2E_OPPONENT:-fairymax}"
GAMES="${E2E_GAMES:-4}"
TC="${E2E_TC:-2+0.05}"

command -v "$OPPONENT" >/dev/null || { echo "match_e2e: $OPPONENT is not installed"; exit 1; }
python3 -c "import chess.pgn" || { echo "match_e2e: python-chess is missing"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/book.pgn" <<'EOF'
[Event "e2e book"]

1. e4 e5 2. Nf3 Nc6 *

[Event "e2e book"]

1. d4 Nf6 2. c4 e6 *
EOF

echo "== $GAMES games at $TC: $ENGINE vs $OPPONENT"
start=$(date +%s)
"$VSADNIK" match --variant chess --games "$GAMES" --tc "$TC" --concurrency 2 \
  --engine "$ENGINE" --engine "$OPPONENT" \
  --openings "$work/book.pgn" --pgn "$work/games.pgn" | tee "$work/out.txt"
echo "== match took $(( $(date +%s) - start )) s"

python3 - "$work/games.pgn" "$work/out.txt" "$GAMES" <<'EOF'
import re
import sys

import chess
import chess.pgn

pgn_path, out_path, want_games = sys.argv[1], sys.argv[2], int(sys.argv[3])
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


RULES = {
    "checkmate": lambda b: b.is_checkmate(),
    "stalemate": lambda b: b.is_stalemate(),
    "insufficient material": lambda b: b.is_insufficient_material(),
    "fifty-move rule": lambda b: b.halfmove_clock >= 100,
    "threefold repetition": lambda b: b.is_repetition(3),
}
OTHER = {"time forfeit", "illegal move", "engine crash", "stalled connection",
         "adjudication", "normal", "rules infraction"}

rounds = []
with open(pgn_path) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        h = game.headers
        tag = "game %s (%s vs %s)" % (h.get("Round"), h.get("White"), h.get("Black"))
        rounds.append(int(h.get("Round", "0")))
        if game.errors:
            fail("%s: PGN errors %s" % (tag, game.errors))
            continue
        board = game.board()
        plies = 0
        for move in game.mainline_moves():
            if not board.is_legal(move):
                fail("%s: illegal move %s at ply %d" % (tag, move, plies + 1))
                break
            board.push(move)
            plies += 1
        for name in ("Event", "Site", "Date", "Round", "White", "Black", "Result",
                     "TimeControl", "PlyCount", "Termination"):
            if name not in h:
                fail("%s: no %s tag" % (tag, name))
        if h.get("PlyCount") != str(plies):
            fail("%s: PlyCount %s, %d moves" % (tag, h.get("PlyCount"), plies))
        term, result = h.get("Termination", ""), h.get("Result")
        if term in RULES:
            if not RULES[term](board):
                fail("%s: Termination %s but the final position is not one" % (tag, term))
            want = "1/2-1/2"
            if term == "checkmate":
                want = "0-1" if board.turn == chess.WHITE else "1-0"
            if result != want:
                fail("%s: %s should be %s, the tag says %s" % (tag, term, want, result))
        elif term in OTHER:
            if result not in ("1-0", "0-1", "1/2-1/2"):
                fail("%s: bad result %s" % (tag, result))
            if term != "adjudication" and result == "1/2-1/2":
                fail("%s: %s cannot be a draw" % (tag, term))
        else:
            fail("%s: unknown Termination '%s'" % (tag, term))
        print("ok %s: %s %s, %d plies" % (tag, result, term, plies))

if sorted(rounds) != list(range(1, want_games + 1)):
    fail("rounds in the PGN: %s" % sorted(rounds))
lines = open(out_path).read().splitlines()
if len(lines) < 2 or not re.fullmatch(r"Score of .+ vs .+: \d+ - \d+ - \d+  \[\d\.\d{3}\] %d" % want_games, lines[-2]):
    fail("score line: %r" % (lines[-2:] or ["<none>"])[0])
num = r"(-?\d+\.\d|-?inf|nan)"
if not lines or not re.fullmatch(r"Elo difference: %s \+/- %s, LOS: %s %%, DrawRatio: %s %%" % (num, num, num, num), lines[-1]):
    fail("Elo line: %r" % (lines[-1] if lines else "<none>"))
if failures:
    print("match_e2e: %d failure(s)" % len(failures))
    sys.exit(1)
print("match_e2e: %d games checked, all good" % want_games)
EOF
