#!/usr/bin/env python3
"""A tiny UCI "engine" on top of python-chess, used only to test tools/compare_movegen.py.

It speaks the subset compare_movegen.py uses, with vsadnik's conventions:
  uci / isready / quit
  position startpos|fen <FEN> [moves m1 m2 ...]
  go perft N     -> "<move>: <count>" lines, blank line, "Nodes searched: N"
  d              -> "Fen: <fen with e.p. square only if an e.p. capture is legal>"
                    "Moves: <SAN> ..." (all legal moves)

--bug NAME injects a fault so that the comparison can be shown to catch it:
  no-ep        en passant captures are not generated
  no-promo-n   knight promotions are not generated
  fen-ep       Fen always shows python-chess's e.p. square (FEN-standard convention)
  san-plain    SAN without +/# marks
  halfmove     Fen halfmove clock off by one once it is non-zero
  hang         never answers `go perft 2`
  crash        exits on the 500th `go perft`
The bug can also be given as the environment variable VSADNIK_MOCK_BUG, because
compare_movegen.py starts the engine without arguments:
  VSADNIK_MOCK_BUG=no-ep python3 -m tools.compare_movegen --engine tools/pychess_uci_engine.py --quick
"""
import os
import sys

import chess


def main():
    bug = os.environ.get("VSADNIK_MOCK_BUG", "")
    if len(sys.argv) > 2 and sys.argv[1] == "--bug":
        bug = sys.argv[2]
    board = chess.Board()
    perfts = 0

    def legal(b):
        ms = list(b.legal_moves)
        if bug == "no-ep":
            ms = [m for m in ms if not b.is_en_passant(m)]
        if bug == "no-promo-n":
            ms = [m for m in ms if m.promotion != chess.KNIGHT]
        return ms

    def perft(b, depth):
        if depth == 0:
            return 1
        n = 0
        for m in legal(b):
            b.push(m)
            n += perft(b, depth - 1)
            b.pop()
        return n

    out = sys.stdout
    for line in sys.stdin:
        tok = line.split()
        if not tok:
            continue
        cmd = tok[0]
        if cmd == "uci":
            out.write("id name pychess-mock%s\nid author test\nuciok\n" % ("-" + bug if bug else ""))
        elif cmd == "isready":
            out.write("readyok\n")
        elif cmd == "quit":
            break
        elif cmd == "position":
            if tok[1] == "startpos":
                board = chess.Board()
                rest = tok[2:]
            else:
                board = chess.Board(" ".join(tok[2:8]))
                rest = tok[8:]
            if rest and rest[0] == "moves":
                for u in rest[1:]:
                    board.push(chess.Move.from_uci(u))
        elif cmd == "go" and len(tok) >= 3 and tok[1] == "perft":
            depth = int(tok[2])
            perfts += 1
            if bug == "crash" and perfts == 500:
                sys.exit(3)
            if bug == "hang" and depth == 2:
                out.flush()
                continue
            total = 0
            for m in legal(board):
                board.push(m)
                n = perft(board, depth - 1)
                board.pop()
                total += n
                out.write("%s: %d\n" % (m.uci(), n))
            out.write("\nNodes searched: %d\n\n" % total)
        elif cmd == "d":
            fen = board.fen(en_passant="fen" if bug == "fen-ep" else "legal")
            if bug == "halfmove":
                f = fen.split()
                if f[4] != "0":
                    f[4] = str(int(f[4]) + 1)
                fen = " ".join(f)
            sans = [board.san(m) for m in legal(board)]
            if bug == "san-plain":
                sans = [s.rstrip("+#") for s in sans]
            out.write("\n%s\n\nFen: %s\nMoves: %s\n" % (board.unicode(), fen, " ".join(sans)))
        out.flush()


if __name__ == "__main__":
    main()
