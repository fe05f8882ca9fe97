//! Developer switches for strength benchmarks, given before the command
//! (`docs/ablation.md`): `--ablate NAME[,NAME]`, `--depth-limit N`,
//! `--nodes-per-move N`. They are read into the [`Settings`] of the engines
//! the command creates.

use super::parse::leading;
use super::spec::SWITCHES;
use super::UsageError;
use engine::ablation::Switch;
use engine::Settings;

/// Reads the developer flags at the start of `args` into engine settings
/// (the default ones without flags) and returns them with how many words
/// they took; the rest is the usual command line.
pub fn parse_leading(args: &[String]) -> Result<(Settings, usize), UsageError> {
    let (given, used) = leading(SWITCHES, args)?;
    let mut settings = Settings::default();
    if let Some(list) = given.one("ablate") {
        for s in parse_switches(list)? {
            settings.ablate(s);
        }
    }
    settings.caps.depth = given.number::<i32>("depth-limit", 1..=64)?;
    settings.caps.nodes = given.number::<u64>("nodes-per-move", 1..=u64::MAX)?;
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
