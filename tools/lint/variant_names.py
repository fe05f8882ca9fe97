"""Lists every variant name spelled as a string literal outside the variant
registry and the variants' own folders, and fails when there is one.

Front ends (the protocols, the match runner, the web board and its page,
the binary) ask movegen's registry (`movegen/src/registry.rs`) for names;
only the registry and each variant's own code may spell them. Tests are
exempt: integration tests (`tests/` folders) and a Rust file's unit tests
(everything from its `#[cfg(test)]` on), where a literal checks what a
front end shows.

    python3 -m tools.lint.variant_names [--root DIR]

Prints `FILE:LINE: LITERAL` per offence; exit status 1 if any.
"""
import argparse
import os
import re
import sys

from tools import REPO

NAMES = ("chess", "crazyhouse", "bughouse", "swedish", "tranzit", "tavreli",
         "progressive-italian", "progressive-scottish", "progressive-english")
LITERAL = re.compile(r"""(["'])(%s)\1""" % "|".join(re.escape(n) for n in NAMES))

# Code allowed to spell names: the registry, and each variant's own code
# in movegen, eval and the search.
ALLOWED = (
    "movegen/src/registry.rs",
    "movegen/src/chess.rs",
    "movegen/src/drops/",
    "movegen/src/progressive/",
    "movegen/src/tranzit/",
    "movegen/src/tavreli/",
    "eval/src/chess/",
    "eval/src/drops/",
    "eval/src/tranzit/",
    "eval/src/tavreli/",
    "eval/src/progressive.rs",
    "engine/src/searchable/",
)
# The source folders of the workspace's crates (and the page's scripts).
SOURCES = ("src", "examples")


def offences(root):
    """(path, line number, literal) of each name outside the allowed code."""
    found = []
    for crate in sorted(os.listdir(root)):
        if not os.path.isfile(os.path.join(root, crate, "Cargo.toml")) or crate == "fuzz":
            continue
        for folder in SOURCES:
            base = os.path.join(root, crate, folder)
            for dirpath, _, files in os.walk(base):
                for name in sorted(files):
                    if not name.endswith((".rs", ".js")):
                        continue
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    if rel.startswith(ALLOWED):
                        continue
                    found.extend((rel, n, lit) for n, lit in scan(path))
    return found


def scan(path):
    """Line numbers and literals of the names in one file, up to its unit
    tests."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if path.endswith(".rs") and line.strip() == "#[cfg(test)]":
                return
            if line.lstrip().startswith(("//", "///", "//!")):
                continue
            for m in LITERAL.finditer(line):
                yield n, m.group(0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=REPO)
    args = ap.parse_args()
    found = offences(args.root)
    for path, n, lit in found:
        print(f"{path}:{n}: {lit}")
    if found:
        print(f"{len(found)} variant name(s) spelled outside the registry "
              "(movegen/src/registry.rs); ask it instead", file=sys.stderr)
        sys.exit(1)
    print("variant names: only the registry and the variants' own code spell them")


if __name__ == "__main__":
    main()
