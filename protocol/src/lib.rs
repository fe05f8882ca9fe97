//! vsadnik's front ends: the command line, UCI and XBoard.

pub mod cli;

/// Reads protocol commands from standard input until `quit` or end of input.
pub fn run_stdio() {}
