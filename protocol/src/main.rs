//! The `vsadnik` binary: protocol loop on standard input, or a subcommand.

use protocol::cli;
use std::process::ExitCode;

const USAGE: &str = "usage: vsadnik [--ablate NAMES] [--depth-limit N] [--nodes-per-move N] [perft|bench|variants|match|help] ... (no command: UCI/XBoard on standard input)";

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let result = cli::ablation::apply_leading(&all).and_then(|n| run(&all[n..]));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            cli::output::note(&format!("vsadnik: {e}"));
            ExitCode::from(2)
        }
    }
}

/// Runs the command in `args` (the developer flags already taken off).
fn run(args: &[String]) -> Result<(), cli::args::UsageError> {
    match args.first().map(String::as_str) {
        None => {
            protocol::run_stdio();
            Ok(())
        }
        Some("perft") => cli::perft::run(&args[1..]),
        Some("bench") => cli::bench::run(&args[1..]),
        Some("match") => protocol::matches::run(&args[1..]),
        Some("variants") if args.len() == 1 => {
            cli::output::lines(movegen::VARIANTS);
            Ok(())
        }
        Some("help" | "--help" | "-h") => {
            cli::output::lines(&[USAGE, "See README.md for the full command-line reference."]);
            Ok(())
        }
        Some("--version" | "-V") => {
            cli::output::line(&format!("vsadnik {}", env!("CARGO_PKG_VERSION")));
            Ok(())
        }
        Some(other) => Err(cli::args::UsageError(format!(
            "unknown command or argument '{other}'; {USAGE}"
        ))),
    }
}
