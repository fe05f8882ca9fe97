"""Recompute (or check) the perft numbers of a perft-suite EPD file with Stockfish.

File format (one position per line, perftsuite style, 6-field FEN):

    # <name>; <source of the numbers>
    <FEN> ;D1 <n> ;D2 <n> ... ;Dk <n>

Comment lines (starting with '#') and blank lines are kept verbatim.  A count
may be written as '?' (e.g. ``<FEN> ;D5 ?``): every depth from 1 up to the
largest depth mentioned on the line is (re)computed and written out.

Usage:
    python3 -m tools.make_perft_fixtures data/perft/chess.epd            # print recomputed file
    python3 -m tools.make_perft_fixtures data/perft/chess.epd --diff     # unified diff, exit 1 if different
    python3 -m tools.make_perft_fixtures data/perft/chess.epd --write    # rewrite the file in place
Options:
    --stockfish PATH     engine (default /usr/games/stockfish)
    --max-depth N        only recompute depths <= N, keep deeper numbers as they are
                         (useful for a quick check; '?' beyond N is an error)
    --pychess-nodes N    also cross-check every count <= N against python-chess
                         (slow pure-Python perft; 0 = off, the default)
    --chess960           Chess960 positions (Stockfish's UCI_Chess960, python-chess's
                         chess960 boards): data/perft/chess960.epd
Timing of every deepest count is printed on stderr.
"""
import argparse
import difflib
import re
import subprocess
import sys
import time

DEPTH_RE = re.compile(r"^D(\d+)\s+(\S+)\s*$")


def parse_line(line):
    """Return (fen, {depth: value-or-None}) for a position line."""
    parts = line.rstrip("\n").split(";")
    fen = parts[0].strip()
    if len(fen.split()) != 6:
        raise ValueError("FEN must have 6 fields: %r" % fen)
    depths = {}
    for p in parts[1:]:
        p = p.strip()
        if not p:
            continue
        m = DEPTH_RE.match(p)
        if not m:
            raise ValueError("bad depth token %r in line %r" % (p, line))
        d = int(m.group(1))
        v = m.group(2)
        depths[d] = None if v == "?" else int(v)
    if not depths:
        raise ValueError("no ;Dn entries in line %r" % line)
    return fen, depths


def format_line(fen, depths):
    return fen + "".join(" ;D%d %d" % (d, depths[d]) for d in sorted(depths))


class Stockfish:
    def __init__(self, path, chess960=False, timeout=600):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.name = None
        while True:
            line = self.readline()
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
            if line.strip() == "uciok":
                break
        self.send("setoption name Threads value 1")
        if chess960:
            self.send("setoption name UCI_Chess960 value true")
        self.send("isready")
        while self.readline().strip() != "readyok":
            pass

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def readline(self):
        line = self.p.stdout.readline()
        if line == "":
            raise RuntimeError("stockfish exited unexpectedly")
        return line

    def perft(self, fen, depth):
        """Return (total, {move: count}) for `go perft depth`."""
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        moves = {}
        while True:
            line = self.readline().strip()
            if line.startswith("Nodes searched:"):
                total = int(line.split(":")[1])
                break
            m = re.match(r"^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$", line)
            if m:
                moves[m.group(1)] = int(m.group(2))
        if sum(moves.values()) != total and depth > 0:
            raise RuntimeError("stockfish per-move sum %d != total %d for %s d%d"
                               % (sum(moves.values()), total, fen, depth))
        return total, moves

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def pychess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += pychess_perft(board, depth - 1)
        board.pop()
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("epd")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--diff", action="store_true", help="print a unified diff against the input, exit 1 if it differs")
    g.add_argument("--write", action="store_true", help="rewrite the input file in place")
    ap.add_argument("--max-depth", type=int, default=0)
    ap.add_argument("--pychess-nodes", type=int, default=0)
    ap.add_argument("--chess960", action="store_true")
    args = ap.parse_args()

    try:
        import chess
    except ImportError:
        chess = None
        print("note: python-chess not installed, skipping FEN sanity checks", file=sys.stderr)

    with open(args.epd) as f:
        src = f.readlines()

    sf = Stockfish(args.stockfish, args.chess960)
    print("using %s" % sf.name, file=sys.stderr)
    out = []
    problems = 0
    t_all = time.time()
    for lineno, line in enumerate(src, 1):
        s = line.strip()
        if not s or s.startswith("#"):
            out.append(line.rstrip("\n"))
            continue
        fen, depths = parse_line(s)
        if chess is not None:
            b = chess.Board(fen, chess960=args.chess960)
            if not b.is_valid():
                raise SystemExit("line %d: invalid position (%r): %s" % (lineno, b.status(), fen))
        maxd = max(depths)
        new = {}
        for d in range(1, maxd + 1):
            if args.max_depth and d > args.max_depth:
                if depths.get(d) is None:
                    raise SystemExit("line %d: D%d is '?' but beyond --max-depth" % (lineno, d))
                new[d] = depths[d]
                continue
            t0 = time.time()
            n, _ = sf.perft(fen, d)
            dt = time.time() - t0
            if d == maxd or (args.max_depth and d == args.max_depth):
                print("line %3d D%d %12d  %6.2fs  %s" % (lineno, d, n, dt, fen), file=sys.stderr)
            new[d] = n
            if chess is not None and d == 1 and n != b.legal_moves.count():
                print("line %d: stockfish D1=%d but python-chess has %d legal moves: %s"
                      % (lineno, n, b.legal_moves.count(), fen), file=sys.stderr)
                problems += 1
            if chess is not None and args.pychess_nodes and n <= args.pychess_nodes:
                pn = pychess_perft(chess.Board(fen, chess960=args.chess960), d)
                if pn != n:
                    print("line %d: D%d stockfish %d != python-chess %d: %s" % (lineno, d, n, pn, fen),
                          file=sys.stderr)
                    problems += 1
            if depths.get(d) is not None and depths[d] != n:
                print("line %d: D%d was %d, stockfish says %d" % (lineno, d, depths[d], n), file=sys.stderr)
        out.append(format_line(fen, new))
    sf.close()
    print("total %.1fs" % (time.time() - t_all), file=sys.stderr)

    text = "\n".join(out) + "\n"
    if args.diff:
        diff = list(difflib.unified_diff(src, text.splitlines(True), args.epd, args.epd + " (stockfish)"))
        sys.stdout.writelines(diff)
        if diff:
            print("DIFFERENT", file=sys.stderr)
        else:
            print("identical", file=sys.stderr)
        sys.exit(1 if (diff or problems) else 0)
    if args.write:
        with open(args.epd, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
