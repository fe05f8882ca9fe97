# Builds vsadnik the way OpenBench and other testing frameworks expect:
#
#     make EXE=NAME        # the release binary, copied to NAME
#     ./NAME bench         # last lines: "Nodes searched: N", "Nodes/second: M"
#
# OpenBench also passes CC, CXX and EVALFILE, which a Rust build with its
# networks built in does not use. The binary is the same build as
# `cargo build --release` (Unix-like hosts). See docs/match.md.

EXE ?= vsadnik
CARGO ?= cargo

.PHONY: all clean

all:
	$(CARGO) build --release --locked -p vsadnik --bin vsadnik
	cp target/release/vsadnik $(EXE)

clean:
	$(CARGO) clean
