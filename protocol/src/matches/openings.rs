//! Opening files: one EPD or FEN position per line, or a PGN file whose
//! games' moves are played. Every opening is checked against the rules
//! library when the file is read.

use super::notation::parse_lenient;
use super::pgn_in::{read_games, PgnRecord};
use movegen::variant::{Position, Status};

/// Where a game starts: a position and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The starting FEN, `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves played from it, in coordinates.
    pub moves: Vec<String>,
}

/// The opening of game `round` (1-based) and whether the first engine has
/// White: each opening is played twice, first engine White first, and the
/// list is cycled.
pub fn schedule(openings: &[Opening], round: u32) -> (&Opening, bool) {
    let i = (round - 1) as usize;
    (&openings[(i / 2) % openings.len()], i.is_multiple_of(2))
}

/// `fen` normalised, or `None` when it is the variant's start position.
fn normalise<P: Position>(fen: &str) -> Result<Option<String>, String> {
    let pos = P::from_fen(fen).map_err(|e| e.to_string())?;
    let norm = pos.to_fen();
    Ok(if norm == P::startpos().to_fen() {
        None
    } else {
        Some(norm)
    })
}

/// A FEN or EPD line: the whole line as FEN, else its first six fields,
/// else its first four fields (EPD) with counters `0 1`.
fn parse_position_line<P: Position>(line: &str) -> Result<Option<String>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut tries = vec![line.trim().to_string()];
    if fields.len() > 6 {
        tries.push(fields[..6].join(" "));
    }
    if fields.len() >= 4 {
        tries.push(format!("{} 0 1", fields[..4].join(" ")));
    }
    let mut first_err = None;
    for t in tries {
        match normalise::<P>(&t) {
            Ok(f) => return Ok(f),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(first_err.unwrap_or_else(|| "empty line".to_string()))
}

/// True when `text` looks like PGN rather than EPD/FEN lines.
fn is_pgn(path: &str, text: &str) -> bool {
    if path.to_ascii_lowercase().ends_with(".pgn") {
        return true;
    }
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('[') || l.starts_with("1."))
}

/// A PGN game replayed with the rules library.
pub struct Replayed<P> {
    /// The starting FEN (normalised), `None` for the start position.
    pub fen: Option<String>,
    /// The main line's moves in coordinates.
    pub moves: Vec<String>,
    /// The position after them.
    pub pos: P,
}

/// Replays `game`: its `FEN` tag (or the start position), then its
/// main-line moves in SAN, coordinates or the variant's record notation,
/// each checked legal. Tranzit's board numerals (`I f3`), which the PGN
/// reader sees as words of their own, are read with the move after them.
/// A move after the end of the game is refused.
pub fn replay<P: Position>(game: &PgnRecord) -> Result<Replayed<P>, String> {
    let fen = match game.tag("FEN") {
        Some(f) => normalise::<P>(f)?,
        None => None,
    };
    let mut pos = match &fen {
        Some(f) => P::from_fen(f).map_err(|e| e.to_string())?,
        None => P::startpos(),
    };
    let mut moves = Vec::new();
    let mut tokens = game.moves.iter();
    while let Some(token) = tokens.next() {
        let joined;
        let text = if matches!(token.as_str(), "I" | "II") {
            let next = tokens
                .next()
                .ok_or_else(|| format!("board {token} without a move"))?;
            joined = format!("{token} {next}");
            &joined
        } else {
            token
        };
        if pos.status() != Status::Ongoing {
            return Err(format!("the game is over before {text}"));
        }
        let m = parse_lenient(&pos, text)?;
        moves.push(m.to_string());
        pos.make_move(m);
    }
    Ok(Replayed { fen, moves, pos })
}

/// Reads the openings of `path` for variant `P`.
pub fn load<P: Position>(path: &str) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?;
    let mut out = Vec::new();
    if is_pgn(path, &text) {
        for (i, game) in read_games(&text).into_iter().enumerate() {
            let at = |what: String| format!("--openings {path}: game {}: {what}", i + 1);
            let Replayed { fen, moves, pos } = replay::<P>(&game).map_err(at)?;
            if pos.status() != Status::Ongoing {
                return Err(at("the opening ends the game".to_string()));
            }
            out.push(Opening { fen, moves });
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |what: String| format!("--openings {path}: line {}: {what}", i + 1);
            let fen = parse_position_line::<P>(line).map_err(at)?;
            let pos = match &fen {
                Some(f) => P::from_fen(f).map_err(|e| at(e.to_string()))?,
                None => P::startpos(),
            };
            if pos.status() != Status::Ongoing {
                return Err(at("the position is already decided".to_string()));
            }
            out.push(Opening {
                fen,
                moves: Vec::new(),
            });
        }
    }
    if out.is_empty() {
        return Err(format!("--openings {path}: no openings in the file"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Chess;

    #[test]
    fn epd_fen_and_start_lines() {
        let l = parse_position_line::<Chess>(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";",
        )
        .unwrap();
        assert_eq!(
            l.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        let start = parse_position_line::<Chess>(movegen::START_FEN).unwrap();
        assert_eq!(start, None);
        assert!(parse_position_line::<Chess>("not a fen").is_err());
    }

    /// `load` of a file holding `bytes` (written to a fresh temporary file).
    fn load_bytes(name: &str, bytes: &[u8]) -> Result<Vec<Opening>, String> {
        let path = std::env::temp_dir().join(format!("vsadnik-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let r = load::<Chess>(path.to_str().unwrap());
        let _ = std::fs::remove_file(&path);
        r
    }

    #[test]
    fn multibyte_and_odd_files_are_refused_with_a_line() {
        for (name, text) in [
            ("a.pgn", "[Event \"\u{e9}\"]\n\n1. e\u{e9}4 e5 *\n"),
            ("b.pgn", "1. e4 \u{e9} *\n"),
            ("c.pgn", "[FEN \"\u{e9}\"]\n\n1. e4 *\n"),
            (
                "d.epd",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u{e9} w KQkq -\n",
            ),
            ("e.epd", "\u{1d11e} \u{e9} \u{e9} \u{e9}\n"),
            ("f.epd", "44/8/8/8/8/8/8/4K2k w - -\n"),
        ] {
            let e = load_bytes(name, text.as_bytes()).unwrap_err();
            assert!(
                e.starts_with("--openings ") && !e.contains('\n'),
                "{name}: {e}"
            );
        }
        let e = load_bytes("g.epd", b"\xff\xfe 8/8 w - -\n").unwrap_err();
        assert!(e.starts_with("--openings "), "{e}");
        // Multibyte text in comments and tags is fine.
        let ok = load_bytes(
            "h.pgn",
            "[Event \"Caf\u{e9}\"]\n\n1. e4 {\u{e9}l\u{e9}gant} e5 *\n".as_bytes(),
        );
        assert_eq!(ok.unwrap()[0].moves, ["e2e4", "e7e5"]);
    }

    #[test]
    fn tranzit_records_replay_with_their_board_numerals() {
        let games =
            read_games("[Variant \"tranzit\"]\n\n1. I f3 I e5 2. I g4 I Qh4# 3. II Ke1 II Ke8 *\n");
        let r = replay::<movegen::tranzit::TranzitPosition>(&games[0]).unwrap();
        assert_eq!(r.moves, ["f2f3", "e7e5", "g2g4", "d8h4", "e1m1", "e8m8"]);
        let games = read_games("1. I f3 I *\n");
        assert!(replay::<movegen::tranzit::TranzitPosition>(&games[0]).is_err());
    }

    #[test]
    fn schedule_pairs_and_cycles() {
        let o = vec![
            Opening::default(),
            Opening {
                fen: None,
                moves: vec!["e2e4".into()],
            },
        ];
        let rounds: Vec<(usize, bool)> = (1..=5)
            .map(|r| {
                let (op, first_white) = schedule(&o, r);
                (op.moves.len(), first_white)
            })
            .collect();
        assert_eq!(
            rounds,
            vec![(0, true), (0, false), (1, true), (1, false), (0, true)]
        );
    }
}
