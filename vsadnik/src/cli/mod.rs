//! The `vsadnik` command line: subcommands other than the protocol loop.

pub mod ablation;
pub mod bench;
pub mod help;
pub mod perft;
