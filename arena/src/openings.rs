//! Opening files: one EPD or FEN position per line, or a PGN file whose
//! games' moves are played. Every opening is checked against the rules
//! library when the file is read.

use super::notation::parse_lenient;
use super::pgn_in::{read_games, PgnRecord};
use movegen::pgn::is_null_move;
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
    normalise_as::<P>(fen, false)
}

/// [`normalise`], the FEN read in the variant's Chess960 form when
/// `chess960` (`KQkq` as X-FEN); the result names the rook files, so that
/// it reads back as Chess960's anywhere.
fn normalise_as<P: Position>(fen: &str, chess960: bool) -> Result<Option<String>, String> {
    let pos = if chess960 {
        P::from_fen_960(fen)
    } else {
        P::from_fen(fen)
    }
    .map_err(|e| e.to_string())?;
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

/// `Variant` tags of Chess960 games (any case).
const CHESS960_TAGS: [&str; 2] = ["chess960", "fischerandom"];

/// A PGN game replayed with the rules library.
pub struct Replayed<P> {
    /// The starting FEN (normalised), `None` for the start position.
    pub fen: Option<String>,
    /// The main line's moves in coordinates.
    pub moves: Vec<String>,
    /// The position after them.
    pub pos: P,
}

/// Replays `game`: its `VariantFEN` or `FEN` tag (or the start position),
/// then the variant's own game record when the game comment holds one (a
/// progressive series record), else its main-line moves in SAN,
/// coordinates or the variant's record notation, each checked legal. A move
/// after the end of the game is refused.
pub fn replay<P: Position>(game: &PgnRecord) -> Result<Replayed<P>, String> {
    // `VariantFEN` holds the position where `FEN` (for chess readers)
    // cannot (progressive chess in mid-series).
    // A `Variant "Chess960"` game's FEN castles as Chess960 does.
    let chess960 = game
        .tag("Variant")
        .is_some_and(|v| CHESS960_TAGS.contains(&v.to_ascii_lowercase().as_str()));
    let fen = match game.tag("VariantFEN").or(game.tag("FEN")) {
        Some(f) => normalise_as::<P>(f, chess960)?,
        None => None,
    };
    let mut pos = match &fen {
        Some(f) => P::from_fen(f).map_err(|e| e.to_string())?,
        None => P::startpos(),
    };
    let record = game
        .comment
        .as_deref()
        .and_then(|c| P::read_game_record(&pos, c));
    let played = match record {
        Some(moves) => moves?,
        None => movetext_moves(&pos, &game.moves)?,
    };
    for &m in &played {
        pos.make_move(m);
    }
    let moves = played.iter().map(|m| m.to_string()).collect();
    Ok(Replayed { fen, moves, pos })
}

/// The moves of a PGN movetext from `start`: SAN, coordinates or the
/// variant's record notation, each checked legal. Tranzit's board numerals
/// (`I f3`), which the PGN reader sees as words of their own, are read with
/// the move after them. A null move (`--`) is allowed only where the side
/// that made the previous move moves again (a progressive series), since
/// the variant, not the movetext, says whose turn it is.
fn movetext_moves<P: Position>(start: &P, tokens: &[String]) -> Result<Vec<P::Move>, String> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut last_mover = None;
    let mut tokens = tokens.iter();
    while let Some(token) = tokens.next() {
        if is_null_move(token) {
            if last_mover != Some(pos.side_to_move()) {
                return Err(format!(
                    "null move {token}: only between two moves of the same side"
                ));
            }
            last_mover = None;
            continue;
        }
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
        last_mover = Some(pos.side_to_move());
        moves.push(m);
        pos.make_move(m);
    }
    Ok(moves)
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
    fn load_bytes<P: Position>(name: &str, bytes: &[u8]) -> Result<Vec<Opening>, String> {
        let path =
            std::env::temp_dir().join(format!("vsadnik-openings-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let r = load::<P>(path.to_str().unwrap());
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
            let e = load_bytes::<Chess>(name, text.as_bytes()).unwrap_err();
            assert!(
                e.starts_with("--openings ") && !e.contains('\n'),
                "{name}: {e}"
            );
        }
        let e = load_bytes::<Chess>("g.epd", b"\xff\xfe 8/8 w - -\n").unwrap_err();
        assert!(e.starts_with("--openings "), "{e}");
        // Multibyte text in comments and tags is fine.
        let ok = load_bytes::<Chess>(
            "h.pgn",
            "[Event \"Caf\u{e9}\"]\n\n1. e4 {\u{e9}l\u{e9}gant} e5 *\n".as_bytes(),
        );
        assert_eq!(ok.unwrap()[0].moves, ["e2e4", "e7e5"]);
    }

    /// Loads `text` as a file named `name`; an error without its file and
    /// game prefix.
    fn load_text<P: Position>(name: &str, text: &str) -> Result<Vec<Opening>, String> {
        load_bytes::<P>(name, text.as_bytes()).map_err(|e| {
            e.split_once(": game")
                .map_or(e.clone(), |(_, r)| r.to_string())
        })
    }

    #[test]
    fn progressive_pgn_as_the_match_writes_it() {
        use movegen::progressive::{ItalianPosition, ScottishPosition};
        // Chess with passes in the movetext, the series record as the game
        // comment: the record is read.
        let text =
            "[Rules \"progressive-italian\"]\n\n{1 e2e4, 2 e7e5\nf7f6} 1. e4 e5 2. -- f6 *\n\n\
            [Rules \"progressive-italian\"]\n\n1. e4 e5 2. -- f6 3. Nf3 -- 4. Nc3 *\n\n\
            [Rules \"progressive-italian\"]\n\n\
            {1 e2e4, 2 d7d5 d5d4, 3 c2c4 Ng1f3 Nf3g5, 4 d4xc3 Nb8c6 Ng8f6 a7a6} *\n";
        let o = load_text::<ItalianPosition>("prog.pgn", text).unwrap();
        assert_eq!(o[0].moves, vec!["e2e4", "e7e5", "f7f6"]);
        // Without a record, the movetext: a pass only between two moves of
        // one side.
        assert_eq!(o[1].moves, vec!["e2e4", "e7e5", "f7f6", "g1f3", "b1c3"]);
        // Only the record holds a game with en passant after an earlier
        // double step.
        assert_eq!(o[2].moves[6], "d4c3");
        assert_eq!(o[2].moves.len(), 10);
        // A game from mid-series: `VariantFEN` is the position.
        let text = "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3\"]\n\
            [SetUp \"1\"]\n\
            [VariantFEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1\"]\n\n\
            {3... Ng1f3 Nf3g5, 4 d7d5} 3. Nf3 -- 4. Ng5 d5 *\n";
        let o = load_text::<ScottishPosition>("mid.pgn", text).unwrap();
        assert_eq!(
            o[0].fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1")
        );
        assert_eq!(o[0].moves, vec!["g1f3", "f3g5", "d7d5"]);
        // Faults are named.
        // The last series may stop short (an opening, or a game ended in
        // mid-series); an earlier one may not.
        let o = load_text::<ItalianPosition>("short.pgn", "{1 e2e4, 2 e7e5} *\n").unwrap();
        assert_eq!(o[0].moves, vec!["e2e4", "e7e5"]);
        let bad =
            load_text::<ItalianPosition>("bad.pgn", "{1 e2e4, 2 e7e5, 3 d2d4} *\n").unwrap_err();
        assert!(bad.contains("series 2 is not complete"), "{bad}");
        let bad = load_text::<ItalianPosition>("pass.pgn", "1. e4 -- 2. d4 *\n").unwrap_err();
        assert!(
            bad.contains("null move --: only between two moves of the same side"),
            "{bad}"
        );
    }

    #[test]
    fn a_pass_in_chess_is_refused() {
        let bad = load_text::<Chess>("chess.pgn", "1. e4 -- 2. d4 *\n").unwrap_err();
        assert!(bad.contains("null move --"), "{bad}");
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
