//! `vsadnik analyse GAMES.pgn [--variant NAME] [--movetime MS | --nodes N]
//! [--threads N] [--out FILE]`: the games read and checked first (a game
//! that cannot be replayed is a usage error naming it, and nothing is
//! searched or written), then analysed with a progress bar on standard
//! error.

use super::parse::parse;
use super::{spec, UsageError};
use analysis::{Analyst, Budget, Progress};
use arena::console as output;
use indicatif::{ProgressBar, ProgressStyle};
use movegen::VariantId;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Nodes per position when neither `--nodes` nor `--movetime` is given.
const DEFAULT_NODES: u64 = 500_000;

/// Runs the command.
pub fn run(words: &[String]) -> Result<(), UsageError> {
    let args = parse(spec::command("analyse").expect("described"), words)?;
    let input = &args.positional[0];
    let variant = match args.one("variant") {
        Some(name) => VariantId::parse(name).map_err(UsageError)?,
        None => VariantId::DEFAULT,
    };
    let budget = match (
        args.number::<u64>("nodes", 1..=1_000_000_000_000)?,
        args.number::<u64>("movetime", 1..=3_600_000)?,
    ) {
        (Some(_), Some(_)) => {
            return Err(UsageError(
                "--nodes and --movetime cannot both be given".to_string(),
            ))
        }
        (Some(n), None) => Budget::Nodes(n),
        (None, Some(ms)) => Budget::Movetime(Duration::from_millis(ms)),
        (None, None) => Budget::Nodes(DEFAULT_NODES),
    };
    let threads = args.number::<usize>("threads", 1..=256)?.unwrap_or(1);
    let text = fs::read_to_string(input).map_err(|e| UsageError(format!("{input}: {e}")))?;
    let out = args.one("out").map(|f| Output::new(f, input)).transpose()?;
    let jobs =
        analysis::prepare(&text, variant).map_err(|e| UsageError(format!("{input}: {e}")))?;
    let mut analyst = Analyst::new(budget, threads);
    let bar = progress_bar();
    let mut written = Vec::new();
    let mut failed = None;
    analysis::analyse(&jobs, &mut analyst, &mut |p| show(&bar, p), &mut |pgn| {
        match &out {
            Some(_) => written.push(pgn),
            None => {
                if let Err(e) = bar.suspend(|| output::try_lines(&[pgn.trim_end_matches('\n')])) {
                    failed.get_or_insert(e);
                }
                // A blank line between games, as PGN has it.
                let _ = bar.suspend(|| output::try_lines(&[""]));
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failed {
        output::exit_after(&e);
    }
    if let Some(out) = out {
        out.write(&written.concat())?;
    }
    Ok(())
}

/// The progress bar: hidden when standard error is not a terminal.
fn progress_bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} positions, {eta} left")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar
}

/// Shows `p` on the bar.
fn show(bar: &ProgressBar, p: Progress) {
    bar.set_length(p.total as u64);
    bar.set_position(p.done as u64);
    bar.set_prefix(format!("game {}/{}", p.game, p.games));
}

/// Where `--out` writes: a file replaced only when the whole analysis is
/// written (a temporary file beside it, renamed over it).
struct Output {
    path: PathBuf,
}

impl Output {
    /// `--out FILE`, refused when it is the input itself.
    fn new(file: &str, input: &str) -> Result<Output, UsageError> {
        let path = PathBuf::from(file);
        let same = match (fs::canonicalize(&path), fs::canonicalize(input)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            return Err(UsageError(format!(
                "--out {file} is the input file; write the analysis elsewhere"
            )));
        }
        if path.is_dir() {
            return Err(UsageError(format!("--out {file} is a directory")));
        }
        let out = Output { path };
        if !out.dir().is_dir() {
            return Err(UsageError(format!("--out {file}: no such directory")));
        }
        Ok(out)
    }

    /// The directory the output goes in.
    fn dir(&self) -> &Path {
        self.path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
    }

    /// Writes `text` to a temporary file beside the output and renames it
    /// over the output.
    fn write(&self, text: &str) -> Result<(), UsageError> {
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = self
            .dir()
            .join(format!(".{name}.{}.tmp", std::process::id()));
        let fail = |e: std::io::Error| UsageError(format!("--out {}: {e}", self.path.display()));
        let written = fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
            .and_then(|()| fs::rename(&tmp, &self.path));
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        written.map_err(fail)
    }
}
