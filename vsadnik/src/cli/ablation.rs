//! Developer switches for strength benchmarks, given before the command
//! (`docs/ablation.md`): `--ablate NAME[,NAME]`, `--depth-limit N`,
//! `--nodes-per-move N`. They are read into the [`Settings`] of the engines
//! the command creates.

use arena::args::{parse_number, UsageError};
use engine::ablation::Switch;
use engine::Settings;

/// The flags this module reads, each with one value.
const FLAGS: [&str; 3] = ["--ablate", "--depth-limit", "--nodes-per-move"];

/// Reads the developer flags at the start of `args` into engine settings
/// (the default ones without flags) and returns them with how many words
/// they took; the rest is the usual command line.
pub fn parse_leading(args: &[String]) -> Result<(Settings, usize), UsageError> {
    let mut settings = Settings::default();
    let mut used = 0;
    let mut seen: Vec<&str> = Vec::new();
    while let Some(flag) = args.get(used).map(String::as_str) {
        if !FLAGS.contains(&flag) {
            break;
        }
        if seen.contains(&flag) {
            return Err(UsageError(format!("option {flag} given twice")));
        }
        seen.push(flag);
        let value = args
            .get(used + 1)
            .ok_or_else(|| UsageError(format!("{flag} needs a value")))?;
        match flag {
            "--ablate" => {
                for s in parse_switches(value)? {
                    settings.ablate(s);
                }
            }
            "--depth-limit" => {
                let d = parse_number::<i32>(value, "--depth-limit", 1..=64)?;
                settings.caps.depth = Some(d);
            }
            _ => {
                let n = parse_number::<u64>(value, "--nodes-per-move", 1..=u64::MAX)?;
                settings.caps.nodes = Some(n);
            }
        }
        used += 2;
    }
    Ok((settings, used))
}

/// The switches named in a comma-separated list.
fn parse_switches(list: &str) -> Result<Vec<Switch>, UsageError> {
    list.split(',')
        .map(|name| {
            Switch::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Switch::ALL.iter().map(|s| s.name()).collect();
                UsageError(format!(
                    "unknown --ablate name '{name}'; usage: --ablate NAME[,NAME] with NAME one of {}",
                    names.join(", ")
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_lists() {
        assert_eq!(
            parse_switches("tranzit-eval,progressive-solver").unwrap(),
            vec![Switch::TranzitEval, Switch::ProgressiveSolver]
        );
        assert!(parse_switches("bogus").is_err());
        assert!(parse_switches("").is_err());
        assert!(parse_switches("tranzit-eval,").is_err());
    }

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn leading_flags_become_settings() {
        let (settings, used) = parse_leading(&words(
            "--ablate tranzit-eval,progressive-solver --nodes-per-move 500 --depth-limit 3 bench --depth 2",
        ))
        .unwrap();
        assert_eq!(used, 6);
        let mut want = Settings::default();
        want.ablate(Switch::TranzitEval);
        want.ablate(Switch::ProgressiveSolver);
        want.caps.depth = Some(3);
        want.caps.nodes = Some(500);
        assert_eq!(settings, want);
        let (settings, used) = parse_leading(&words("bench --ablate tranzit-eval")).unwrap();
        assert_eq!((settings, used), (Settings::default(), 0));
        assert!(parse_leading(&words("--depth-limit 2 --depth-limit 3")).is_err());
    }
}
