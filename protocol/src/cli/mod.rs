//! The `vsadnik` command line: subcommands other than the protocol loop.

pub mod ablation;
pub mod args;
pub mod bench;
pub mod help;
pub mod output;
pub mod perft;
