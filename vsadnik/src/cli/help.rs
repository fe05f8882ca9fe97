//! Help on standard output: `vsadnik help` (every command),
//! `vsadnik help COMMAND` and `vsadnik COMMAND --help` (its usage and each
//! option on one line).

use arena::args::UsageError;
use arena::console as output;

/// The one-line usage of the whole program.
pub const USAGE: &str = "usage: vsadnik [--ablate NAMES] [--depth-limit N] [--nodes-per-move N] \
[perft|bench|variants|match|gui|help] ... (no command: UCI/XBoard on standard input)";

/// What `help` says about one command.
pub struct CommandHelp {
    /// The command word.
    pub name: &'static str,
    /// One line for the overview.
    pub summary: &'static str,
    /// The usage line, `usage: vsadnik NAME ...`.
    pub usage: &'static str,
    /// Each argument or option and what it does.
    pub options: &'static [(&'static str, &'static str)],
}

/// Every command, in the order the overview lists them.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        name: "perft",
        summary: "count the leaf nodes of all legal move sequences of DEPTH plies",
        usage: "usage: vsadnik perft DEPTH [--variant NAME] [--fen FEN] [--moves M1 M2 ...] \
                [--divide] [--threads N]",
        options: &[
            (
                "DEPTH",
                "plies to count, 0 to 64; the last line is `Nodes searched: N`",
            ),
            (
                "--variant NAME",
                "a name from `vsadnik variants` (default: chess)",
            ),
            (
                "--fen FEN",
                "start from FEN (default: the variant's start position); quotes optional",
            ),
            (
                "--moves M1 M2 ...",
                "play these moves first (coordinate notation)",
            ),
            (
                "--divide",
                "one line `MOVE: N` per legal root move before the total",
            ),
            (
                "--threads N",
                "split the root moves over N threads, 1 to 1024 (default: 1)",
            ),
            ("--help, -h", "this help"),
        ],
    },
    CommandHelp {
        name: "bench",
        summary: "search a fixed set of positions; print the nodes and the speed",
        usage: "usage: vsadnik bench [--variant NAME] [--depth D] [--threads N]",
        options: &[
            (
                "--variant NAME",
                "a name from `vsadnik variants` (default: chess)",
            ),
            (
                "--depth D",
                "search depth, 1 to 64 (default: the variant's, 11 for chess)",
            ),
            (
                "--threads N",
                "search threads, 1 to 256 (default: 1; more is not deterministic)",
            ),
            ("--help, -h", "this help"),
        ],
    },
    CommandHelp {
        name: "variants",
        summary: "list the supported variants, one per line",
        usage: "usage: vsadnik variants",
        options: &[("--help, -h", "this help")],
    },
    CommandHelp {
        name: "match",
        summary: "play a match between UCI or XBoard engines (docs/match.md)",
        usage: arena::options::USAGE,
        options: &[
            (
                "--variant NAME",
                "a name from `vsadnik variants` (required)",
            ),
            ("--games N", "games to play, 1 to 10000000 (required)"),
            (
                "--tc [MOVES/]BASE[+INC]",
                "time control in seconds, e.g. 10+0.1, 1:30+1, 40/60 (required)",
            ),
            (
                "--engine CMD",
                "an engine command, `uci:` or `xboard:` forces the protocol; two (four for \
                 bughouse, swedish)",
            ),
            (
                "--concurrency K",
                "games played at once, 1 to 256 (default: 1)",
            ),
            ("--pgn FILE", "append each finished game to FILE"),
            (
                "--openings FILE",
                "start positions: EPD/FEN lines or a PGN file",
            ),
            ("--resume", "continue the match recorded in --pgn FILE"),
            (
                "--live FILE",
                "keep the game being played in FILE, rewritten after every move \
                 (for vsadnik gui --watch FILE)",
            ),
            (
                "--sprt elo0=E0 elo1=E1 alpha=A beta=B",
                "stop when a sequential probability ratio test decides",
            ),
            (
                "--resign MOVES SCORE",
                "a side whose score is at most -SCORE cp for MOVES moves loses",
            ),
            (
                "--draw MOVENUMBER MOVES SCORE",
                "from MOVENUMBER, both scores within SCORE cp for MOVES moves: a draw",
            ),
            (
                "--margin MS",
                "time an engine may overstep its clock, 0 to 60000 ms (default: 50)",
            ),
            (
                "--debug",
                "echo the engines' traffic and standard error on standard error",
            ),
            ("--help, -h", "this help"),
        ],
    },
    CommandHelp {
        name: "gui",
        summary: "a board in the browser: play or analyse any variant (docs/gui.md)",
        usage: gui::options::USAGE,
        options: &[
            (
                "--port N",
                "listen on 127.0.0.1:N, 0 to 65535 (default: 0, any free port); the first \
                 line of output is the URL",
            ),
            (
                "--variant NAME",
                "the first game's variant (default: chess; bughouse and swedish: you on \
                 board A, engines in the other seats, docs/gui_team.md)",
            ),
            (
                "--side white|black|both",
                "the person's seat in the first game (default: white; both: the engine \
                 only analyses, not in team games)",
            ),
            (
                "--engine CMD",
                "the opponent (both opponents in team games), a UCI or XBoard engine as for \
                 match (default: this program, in XBoard for team games)",
            ),
            (
                "--partner CMD",
                "the partner's engine in team games (default: the --engine); partner \
                 messages need an XBoard partner",
            ),
            (
                "--tc BASE[+INC]",
                "time control of games against the engine, in seconds (default: 300+3)",
            ),
            (
                "--margin MS",
                "time the engine may overstep its clock, 0 to 60000 ms (default: 50)",
            ),
            (
                "--pace MS",
                "team games: the least time between two moves on the other board, whose \
                 engines would otherwise race the person, 0 to 60000 ms (default: 1000; \
                 0: as fast as they play); the wait is on nobody's clock",
            ),
            ("--open", "open the page in the desktop's browser"),
            (
                "--debug",
                "echo the engine's traffic and standard error on standard error",
            ),
            (
                "--watch FILE",
                "follow the game of `vsadnik match --live FILE`, read-only (with --port, --open)",
            ),
            ("--help, -h", "this help"),
        ],
    },
    CommandHelp {
        name: "help",
        summary: "this overview, or the usage and options of COMMAND",
        usage: "usage: vsadnik help [COMMAND]",
        options: &[("COMMAND", "one of perft, bench, variants, match, gui, help")],
    },
];

/// Lines of the program's other switches for the overview.
const SWITCHES: &[(&str, &str)] = &[
    (
        "--ablate NAME[,NAME]",
        "turn off an evaluation term family or search phase (docs/ablation.md)",
    ),
    ("--depth-limit N", "cap every search at depth N"),
    (
        "--nodes-per-move N",
        "stop every search after about N nodes",
    ),
    ("--version, -V", "print the version"),
    ("--help, -h", "this overview"),
];

/// Two columns: each name padded to the widest, then its text.
fn table(rows: &[(&str, &str)]) -> Vec<String> {
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    rows.iter()
        .map(|(n, t)| format!("  {n:width$}  {t}"))
        .collect()
}

/// The overview: usage, every command, the switches.
pub fn overview() -> Vec<String> {
    let mut lines = vec![
        USAGE.to_string(),
        String::new(),
        "Without a command vsadnik reads UCI or XBoard commands on standard input \
         (docs/protocols.md)."
            .to_string(),
        String::new(),
        "commands:".to_string(),
    ];
    let commands: Vec<(&str, &str)> = COMMANDS.iter().map(|c| (c.name, c.summary)).collect();
    lines.extend(table(&commands));
    lines.push(String::new());
    lines.push("switches (before the command):".to_string());
    lines.extend(table(SWITCHES));
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
    let c = COMMANDS.iter().find(|c| c.name == name)?;
    let mut lines = vec![c.usage.to_string(), String::new(), "options:".to_string()];
    lines.extend(table(c.options));
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
            let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
            UsageError(format!(
                "no command '{name}'; help takes one of {}",
                names.join(", ")
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
            assert!(overview()
                .iter()
                .any(|l| l.starts_with(&format!("  {} ", c.name))));
        }
        assert!(command("nosuch").is_none());
    }
}
