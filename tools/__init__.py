"""vsadnik's Python tools: oracles and independent move generators per
variant, stub engines, the protocol fuzzer, the browser test of the board,
strength and training helpers (tools/README.md).

Every tool is a module of this package, run from the repository's root:
`python3 -m tools.tranzit.compare --quick`.
"""
import os

# The repository's root: the folder this package is in.
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
