//! Help on standard output, written from the one description of the
//! command line ([`super::spec`]): `vsadnik help` (every command),
//! `vsadnik help COMMAND` and `vsadnik COMMAND --help` (its usage and each
//! argument and option on one line).

use super::spec::{self, Arity, Command, Opt, COMMANDS, SWITCHES};
use super::UsageError;
use arena::console as output;

/// `--name META` (`--name` for a switch).
fn name_and_meta(o: &Opt) -> String {
    match o.arity {
        Arity::Flag => format!("--{}", o.name),
        _ => format!("--{} {}", o.name, o.meta),
    }
}

/// The one-line usage of the whole program.
pub fn usage() -> String {
    let switches: String = SWITCHES
        .iter()
        .map(|o| format!("[{}] ", name_and_meta(o)))
        .collect();
    let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    format!(
        "usage: vsadnik {switches}[{}] ... (no command: UCI/XBoard on standard input)",
        names.join("|")
    )
}

/// The usage line of `command`.
pub fn command_usage(command: &Command) -> String {
    let mut line = format!("usage: vsadnik {}", command.name);
    for (name, _) in command.positional {
        line.push(' ');
        line.push_str(name);
    }
    for o in command.opts {
        let text = name_and_meta(o);
        match (o.required, o.repeated) {
            (true, true) => line.push_str(&format!(" {text} {text} [{text} ...]")),
            (true, false) => line.push_str(&format!(" {text}")),
            (false, _) => line.push_str(&format!(" [{text}]")),
        }
    }
    if !command.also.is_empty() {
        line.push(' ');
        line.push_str(command.also);
    }
    line
}

/// Two columns: each name padded to the widest, then its text.
fn table(rows: &[(String, &str)]) -> Vec<String> {
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    rows.iter()
        .map(|(n, t)| format!("  {n:width$}  {t}"))
        .collect()
}

/// The overview: usage, every command, the switches.
pub fn overview() -> Vec<String> {
    let mut lines = vec![
        usage(),
        String::new(),
        "Without a command vsadnik reads UCI or XBoard commands on standard input \
         (docs/protocols.md)."
            .to_string(),
        String::new(),
        "commands:".to_string(),
    ];
    let commands: Vec<(String, &str)> = COMMANDS
        .iter()
        .map(|c| (c.name.to_string(), c.summary))
        .collect();
    lines.extend(table(&commands));
    lines.push(String::new());
    lines.push("switches (before the command):".to_string());
    let mut switches: Vec<(String, &str)> = SWITCHES
        .iter()
        .map(|o| (name_and_meta(o), o.help))
        .collect();
    switches.push(("--version, -V".to_string(), "print the version"));
    switches.push(("--help, -h".to_string(), "this overview"));
    lines.extend(table(&switches));
    lines.push(String::new());
    lines.push(
        "`vsadnik help COMMAND` or `vsadnik COMMAND --help` gives a command's options; \
         README.md has the full reference."
            .to_string(),
    );
    lines
}

/// The help of the command `name`, if there is one.
pub fn command(name: &str) -> Option<Vec<String>> {
    let c = spec::command(name)?;
    let mut rows: Vec<(String, &str)> = c
        .positional
        .iter()
        .map(|(n, h)| (n.trim_matches(['[', ']']).to_string(), *h))
        .collect();
    rows.extend(c.opts.iter().map(|o| (name_and_meta(o), o.help)));
    if c.name != "help" {
        rows.push(("--help, -h".to_string(), "this help"));
    }
    let mut lines = vec![command_usage(c), String::new(), "options:".to_string()];
    lines.extend(table(&rows));
    Some(lines)
}

/// True when the words after a command ask for its help (`--help` or `-h`
/// among them).
pub fn asked(words: &[String]) -> bool {
    words.iter().any(|w| w == "--help" || w == "-h")
}

/// `vsadnik help [COMMAND]`: prints the overview or the command's help.
pub fn run(words: &[String]) -> Result<(), UsageError> {
    let lines = match words {
        [] => overview(),
        [name] => command(name).ok_or_else(|| {
            UsageError(format!(
                "no command '{name}'; help takes one of {}",
                spec::command_names()
            ))
        })?,
        [_, extra, ..] => {
            return Err(UsageError(format!(
                "unexpected argument '{extra}'; usage: vsadnik help [COMMAND]"
            )))
        }
    };
    output::lines(&lines);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_a_help_with_its_usage() {
        for c in COMMANDS {
            let lines = command(c.name).unwrap();
            assert!(
                lines[0].starts_with(&format!("usage: vsadnik {}", c.name)),
                "{}",
                lines[0]
            );
            assert!(lines.len() > 3, "{}", c.name);
            assert!(overview().iter().any(|l| l.contains(c.summary)));
            for o in c.opts {
                assert!(lines[0].contains(&format!("--{}", o.name)), "{}", o.name);
            }
        }
        assert_eq!(
            command("perft").unwrap()[0],
            "usage: vsadnik perft DEPTH [--variant NAME] [--fen FEN] [--moves M1 M2 ...] \
             [--divide] [--threads N]"
        );
        assert!(usage().starts_with(
            "usage: vsadnik [--ablate NAME[,NAME]] [--depth-limit N] [--nodes-per-move N] \
             [perft|bench|variants|match|gui|analyse|help]"
        ));
    }
}
