//! The one description of the command line: every command, its arguments
//! and options with how many values each takes and what it does. The
//! parser ([`super::parse`]) reads the words by it, and the help
//! ([`super::help`]) is written from it.

/// How many words an option takes after its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arity {
    /// None: a switch.
    Flag,
    /// Exactly this many, whatever they look like (an engine command may
    /// itself hold `--flags`).
    Exactly(usize),
    /// One or more, up to the next option (a word of `--` and a lower-case
    /// letter): a FEN typed without quotes keeps its fields, tranzit's `--`
    /// included.
    Words,
}

/// One option of a command.
#[derive(Copy, Clone, Debug)]
pub struct Opt {
    /// The option's name, without the leading `--`.
    pub name: &'static str,
    /// Its values as the usage line shows them (`NAME`, `M1 M2 ...`).
    pub meta: &'static str,
    /// How many words it takes.
    pub arity: Arity,
    /// It must be given.
    pub required: bool,
    /// It may be given more than once.
    pub repeated: bool,
    /// What it does, one line.
    pub help: &'static str,
}

/// An option taking `arity` values shown as `meta`.
const fn opt(name: &'static str, meta: &'static str, arity: Arity, help: &'static str) -> Opt {
    Opt {
        name,
        meta,
        arity,
        required: false,
        repeated: false,
        help,
    }
}

/// An option with one value.
const fn one(name: &'static str, meta: &'static str, help: &'static str) -> Opt {
    opt(name, meta, Arity::Exactly(1), help)
}

/// A switch.
const fn flag(name: &'static str, help: &'static str) -> Opt {
    opt(name, "", Arity::Flag, help)
}

/// An option that must be given.
const fn required(o: Opt) -> Opt {
    Opt {
        required: true,
        ..o
    }
}

/// One command.
#[derive(Copy, Clone, Debug)]
pub struct Command {
    /// The command word.
    pub name: &'static str,
    /// One line for the overview.
    pub summary: &'static str,
    /// Its positional arguments: (name, what it is); a name in brackets
    /// (`[COMMAND]`) may be left out.
    pub positional: &'static [(&'static str, &'static str)],
    /// Its options.
    pub opts: &'static [Opt],
    /// Text after the options in the usage line (another form of the
    /// command), or empty.
    pub also: &'static str,
}

/// `--variant NAME`.
const VARIANT: Opt = one(
    "variant",
    "NAME",
    "a name from `vsadnik variants` (default: chess)",
);

/// The commands, in the order the overview lists them.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "perft",
        summary: "count the leaf nodes of all legal move sequences of DEPTH plies",
        positional: &[(
            "DEPTH",
            "plies to count, 0 to 64; the last line is `Nodes searched: N`",
        )],
        opts: &[
            VARIANT,
            opt(
                "fen",
                "FEN",
                Arity::Words,
                "start from FEN (default: the variant's start position); quotes optional",
            ),
            opt(
                "moves",
                "M1 M2 ...",
                Arity::Words,
                "play these moves first (coordinate notation)",
            ),
            flag(
                "divide",
                "one line `MOVE: N` per legal root move before the total",
            ),
            one(
                "threads",
                "N",
                "split the root moves over N threads, 1 to 1024 (default: 1)",
            ),
        ],
        also: "",
    },
    Command {
        name: "bench",
        summary: "search a fixed set of positions; print the nodes and the speed",
        positional: &[],
        opts: &[
            VARIANT,
            one(
                "depth",
                "D",
                "search depth, 1 to 64 (default: the variant's, 11 for chess)",
            ),
            one(
                "threads",
                "N",
                "search threads, 1 to 256 (default: 1; more is not deterministic)",
            ),
        ],
        also: "",
    },
    Command {
        name: "variants",
        summary: "list the supported variants, one per line",
        positional: &[],
        opts: &[],
        also: "",
    },
    Command {
        name: "match",
        summary: "play a match between UCI or XBoard engines (docs/match.md)",
        positional: &[],
        opts: &[
            required(one(
                "variant",
                "NAME",
                "a name from `vsadnik variants` (required)",
            )),
            required(one("games", "N", "games to play, 1 to 10000000 (required)")),
            required(one(
                "tc",
                "[MOVES/]BASE[+INC]",
                "time control in seconds, e.g. 10+0.1, 1:30+1, 40/60 (required)",
            )),
            Opt {
                required: true,
                repeated: true,
                ..one(
                    "engine",
                    "CMD",
                    "an engine command, `uci:` or `xboard:` forces the protocol; two (four \
                     for bughouse, swedish)",
                )
            },
            one(
                "concurrency",
                "K",
                "games played at once, 1 to 256 (default: 1)",
            ),
            one("pgn", "FILE", "append each finished game to FILE"),
            one(
                "openings",
                "FILE",
                "start positions: EPD/FEN lines or a PGN file",
            ),
            flag("resume", "continue the match recorded in --pgn FILE"),
            one(
                "live",
                "FILE",
                "keep the game being played in FILE, rewritten after every move (for \
                 vsadnik gui --watch FILE)",
            ),
            opt(
                "sprt",
                "elo0=E0 elo1=E1 alpha=A beta=B",
                Arity::Exactly(4),
                "stop when a sequential probability ratio test decides",
            ),
            opt(
                "resign",
                "MOVES SCORE",
                Arity::Exactly(2),
                "a side whose score is at most -SCORE cp for MOVES moves loses",
            ),
            opt(
                "draw",
                "MOVENUMBER MOVES SCORE",
                Arity::Exactly(3),
                "from MOVENUMBER, both scores within SCORE cp for MOVES moves: a draw",
            ),
            one(
                "margin",
                "MS",
                "time an engine may overstep its clock, 0 to 60000 ms (default: 50)",
            ),
            flag(
                "debug",
                "echo the engines' traffic and standard error on standard error",
            ),
            one(
                "shard",
                "K/N",
                "play part K of N of the match: every Nth pair of rounds, numbered as in the \
                 whole match (docs/match.md)",
            ),
            opt(
                "merge",
                "FILE ...",
                Arity::Words,
                "read the PGN/BPGN files of a match's parts and print its score, Elo and \
                 (with --sprt) SPRT lines as one run would; nothing is played",
            ),
        ],
        also: "| vsadnik match --merge FILE ... [--sprt elo0=E0 elo1=E1 alpha=A beta=B]",
    },
    Command {
        name: "gui",
        summary: "a board in the browser: play or analyse any variant (docs/gui.md)",
        positional: &[],
        opts: &[
            one(
                "port",
                "N",
                "listen on 127.0.0.1:N, 0 to 65535 (default: 0, any free port); the first \
                 line of output is the URL",
            ),
            one(
                "variant",
                "NAME",
                "the first game's variant (default: chess; bughouse and swedish: you in one \
                 seat, friends or engines in the others, docs/gui_team.md)",
            ),
            one(
                "side",
                "white|black|both",
                "the person's seat in the first game (default: white; both: the engine only \
                 analyses, not in team games)",
            ),
            one(
                "board",
                "A|B",
                "team games: the person's board in the first game (default: A); friends take \
                 the other seats through the seat links the page shows",
            ),
            one(
                "engine",
                "CMD",
                "the opponent (both opponents in team games), a UCI or XBoard engine as for \
                 match (default: this program, in XBoard for team games)",
            ),
            one(
                "partner",
                "CMD",
                "the partner's engine in team games (default: the --engine); partner \
                 messages need an XBoard partner",
            ),
            one(
                "tc",
                "BASE[+INC]",
                "time control of games against the engine, in seconds (default: 300+3)",
            ),
            one(
                "margin",
                "MS",
                "time the engine may overstep its clock, 0 to 60000 ms (default: 50)",
            ),
            one(
                "level",
                "LEVEL",
                "the engine's level in two-player games: full, skill N (0 to 20) or elo N \
                 (the engine's UCI_Elo range; vsadnik's is in docs/strength.md) (default: full)",
            ),
            one(
                "pace",
                "MS",
                "team games: the least time between two moves on a board nobody plays in \
                 person, whose engines would otherwise race the people, 0 to 60000 ms \
                 (default: 1000; 0: as fast as they play); the wait is on nobody's clock",
            ),
            flag("open", "open the page in the desktop's browser"),
            flag(
                "debug",
                "echo the engine's traffic and standard error on standard error",
            ),
            one(
                "watch",
                "FILE",
                "follow the game of `vsadnik match --live FILE`, read-only (with --port, \
                 --open)",
            ),
        ],
        also: "| vsadnik gui --watch FILE [--port N] [--open]",
    },
    Command {
        name: "analyse",
        summary: "analyse the games of a PGN file: evaluations, mistakes, better lines \
                  (docs/analysis.md)",
        positional: &[(
            "GAMES.pgn",
            "the games: PGN, BPGN for team games (a game's Variant or Rules tag names its variant)",
        )],
        opts: &[
            one(
                "variant",
                "NAME",
                "the variant of games whose tags name none (default: chess)",
            ),
            one(
                "movetime",
                "MS",
                "search each position this long, 1 to 3600000 ms (not with --nodes)",
            ),
            one(
                "nodes",
                "N",
                "search each position this many nodes, 1 to 10^12 (default: 500000; one \
                 thread gives the same analysis every run)",
            ),
            one("threads", "N", "search threads, 1 to 256 (default: 1)"),
            one(
                "out",
                "FILE",
                "write the annotated games to FILE, replaced only once all are done \
                 (default: standard output, each game as it is done)",
            ),
        ],
        also: "",
    },
    Command {
        name: "help",
        summary: "this overview, or the usage and options of COMMAND",
        positional: &[(
            "[COMMAND]",
            "one of perft, bench, variants, match, gui, analyse, help",
        )],
        opts: &[],
        also: "",
    },
];

/// The developer switches, given before the command (`docs/ablation.md`).
pub const SWITCHES: &[Opt] = &[
    one(
        "ablate",
        "NAME[,NAME]",
        "turn off an evaluation term family or search phase (docs/ablation.md)",
    ),
    one("depth-limit", "N", "cap every search at depth N"),
    one(
        "nodes-per-move",
        "N",
        "stop every search after about N nodes",
    ),
];

/// The command called `name`.
pub fn command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The names of the commands, comma-separated.
pub fn command_names() -> String {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}
