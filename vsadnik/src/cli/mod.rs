//! The `vsadnik` command line: one description of every command and
//! option ([`spec`]), read with lexopt ([`parse`]) and shown as help
//! ([`help`]); the commands other than the protocol loop.

pub mod ablation;
pub mod analyse;
pub mod bench;
pub mod gui_args;
pub mod help;
pub mod match_args;
pub mod parse;
pub mod perft;
pub mod spec;

/// A command-line mistake: printed as one line on standard error, exit
/// status 2 (the type the match runner and the board report theirs in).
pub use arena::UsageError;
