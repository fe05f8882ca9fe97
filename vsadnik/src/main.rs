//! The `vsadnik` binary: protocol loop on standard input, or a subcommand.

mod cli;

use arena::console as output;
use cli::{help, UsageError};
use engine::Settings;
use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let result = utf8_arguments(std::env::args_os().skip(1)).and_then(|all| {
        let (settings, n) = cli::ablation::parse_leading(&all)?;
        run(&all[n..], settings)
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            output::note(&format!("vsadnik: {e}"));
            ExitCode::from(2)
        }
    }
}

/// The arguments as text: one that is not UTF-8 is a usage error (shown
/// with its bad bytes replaced).
fn utf8_arguments(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, UsageError> {
    args.enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|bad| {
                UsageError(format!(
                    "argument {} is not valid UTF-8: '{}'",
                    i + 1,
                    bad.to_string_lossy()
                ))
            })
        })
        .collect()
}

/// Runs the command in `args` (the developer flags already taken off and
/// read into `settings`, for the engines it creates).
fn run(args: &[String], settings: Settings) -> Result<(), UsageError> {
    let Some((command, rest)) = args.split_first() else {
        protocol::run_stdio(settings);
        return Ok(());
    };
    if help::asked(rest) {
        if let Some(lines) = help::command(command) {
            output::lines(&lines);
            return Ok(());
        }
    }
    match command.as_str() {
        "perft" => cli::perft::run(rest),
        "bench" => cli::bench::run(rest, settings),
        "match" => run_match(rest),
        "gui" => gui::run(cli::gui_args::options(rest)?),
        "analyse" => cli::analyse::run(rest),
        "variants" => {
            no_arguments(command, rest)?;
            output::lines(&movegen::VariantId::ALL.map(movegen::VariantId::name));
            Ok(())
        }
        "help" | "--help" | "-h" => help::run(rest),
        "--version" | "-V" => {
            no_arguments(command, rest)?;
            output::line(&format!("vsadnik {}", env!("CARGO_PKG_VERSION")));
            Ok(())
        }
        other => Err(UsageError(format!(
            "unknown command or argument '{other}'; {}",
            help::usage()
        ))),
    }
}

/// `vsadnik match`: a mistake in its options is a usage error; a failure
/// once the match is under way ends the program with status 1.
fn run_match(words: &[String]) -> Result<(), UsageError> {
    let done = match cli::match_args::request(words)? {
        cli::match_args::MatchRequest::Play(opts) => arena::run(&opts),
        cli::match_args::MatchRequest::Merge(opts) => arena::runner::merge::merge(&opts),
    };
    match done {
        Ok(()) => Ok(()),
        Err(arena::MatchError::Usage(e)) => Err(e),
        Err(arena::MatchError::Fatal(msg)) => {
            output::note(&format!("vsadnik: match: {msg}"));
            std::process::exit(1);
        }
    }
}

/// Fails when `command` was given arguments.
fn no_arguments(command: &str, rest: &[String]) -> Result<(), UsageError> {
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(UsageError(format!(
            "{command} takes no argument, got '{extra}'"
        ))),
    }
}
