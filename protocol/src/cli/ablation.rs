//! Developer switches for strength benchmarks, given before the command
//! (`docs/ablation.md`): `--ablate NAME[,NAME]`, `--depth-limit N`,
//! `--nodes-per-move N`. They set [`engine::ablation`] for the process.

use super::args::{parse_number, UsageError};
use engine::ablation::{self, Switch};

/// The flags this module reads, each with one value.
const FLAGS: [&str; 3] = ["--ablate", "--depth-limit", "--nodes-per-move"];

/// Reads the developer flags at the start of `args`, applies them, and
/// returns how many words they took; the rest is the usual command line.
pub fn apply_leading(args: &[String]) -> Result<usize, UsageError> {
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
                    ablation::set_ablated(s, true);
                }
            }
            "--depth-limit" => {
                let d = parse_number::<i32>(value, "--depth-limit", 1..=64)?;
                ablation::set_depth_limit(Some(d));
            }
            _ => {
                let n = parse_number::<u64>(value, "--nodes-per-move", 1..=u64::MAX)?;
                ablation::set_nodes_per_move(Some(n));
            }
        }
        used += 2;
    }
    Ok(used)
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
}
