#!/usr/bin/env python3
"""Writes the seed corpora of the cargo-fuzz targets into fuzz/seeds/TARGET/
from the perft suites (data/perft/*.epd) and real UCI and XBoard sessions of
every variant. Run from anywhere; the files are committed (docs/fuzzing.md)."""

import hashlib
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"

# movegen::VARIANTS, in its order (the first byte of a fen/moves input).
VARIANTS = [
    "chess", "crazyhouse", "bughouse", "swedish", "tranzit",
    "progressive-italian", "progressive-scottish", "progressive-english", "tavreli",
]
CECP = {"chess": "normal"}
# A few legal first moves of each variant (coordinates, the protocols' form).
OPENING = {
    "chess": "e2e4 e7e5 g1f3 b8c6",
    "crazyhouse": "e2e4 d7d5 e4d5 d8d5",
    "bughouse": "e2e4 d7d5 e4d5 g8f6",
    "swedish": "e2e4 d7d5 e4d5 g8f6",
    "tranzit": "e2e4 e7e5 g1f3",
    "progressive-italian": "e2e4 e7e5 d7d5",
    "progressive-scottish": "e2e4 e7e5 d7d5",
    "progressive-english": "e2e4 e7e5 d7d5",
    "tavreli": "e2e4 e7e5 g1f3",
}


def fens(variant):
    out = []
    for line in (ROOT / "data" / "perft" / f"{variant}.epd").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split(";")[0].strip())
    return out


def write(target, data):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def uci_session(variant, fen):
    return "\n".join([
        "uci",
        f"setoption name UCI_Variant value {variant}",
        "setoption name Threads value 2",
        "setoption name Hash value 32",
        "setoption name MultiPV value 2",
        "isready",
        "ucinewgame",
        f"position startpos moves {OPENING[variant]}",
        "d",
        "eval",
        "go depth 3",
        f"position fen {fen}",
        "go perft 2",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "stop",
        "go infinite searchmoves e2e4",
        "ponderhit",
        "quit",
        "",
    ])


def xboard_session(variant, fen):
    return "\n".join([
        "xboard",
        "protover 2",
        "accepted highlight",
        "new",
        f"variant {CECP.get(variant, variant)}",
        "post",
        "hard",
        "memory 32",
        "cores 2",
        "option MultiPV=2",
        "sd 3",
        "st 0.1",
        "level 40 0:30 1",
        "time 3000",
        "otim 3000",
        "force",
    ] + [f"usermove {m}" for m in OPENING[variant].split()] + [
        "lift e2",
        "put e4",
        "d",
        "ping 1",
        f"setboard {fen}",
        "go",
        "?",
        "hint",
        "undo",
        "remove",
        "analyze",
        ".",
        "exclude all",
        "include all",
        "exit",
        "result 1-0 {fuzz}",
        "uci",
        "isready",
        "xboard",
        "ping 2",
        "quit",
        "",
    ])


def main():
    for i, v in enumerate(VARIANTS):
        fs = fens(v)
        for f in fs:
            write("fen", bytes([i]) + f.encode())
            write("moves", bytes([i]) + f"{f}\n#0 #5 #11 #17 #23 #29".encode())
        write("moves", bytes([i]) + OPENING[v].encode())
        for f in fs[:3]:
            write("protocol", uci_session(v, f).encode())
            write("protocol", xboard_session(v, f).encode())
    write("protocol", b"holding [N] [p] WN\npartner alice\nptell hello\nxboard\nvariant bughouse\n"
          b"holding [QN] [pp] BP\nusermove N@e4\nptell sit\nping 3\n")


if __name__ == "__main__":
    main()
