//! Replays the four public tavreli master games (`data/tavreli/master_games.txt`,
//! from the repository sirdyf/tavreli) from the start position with
//! `Position::parse_record_move` and `make_move`, and pins each game's
//! outcome: how far it replays, where (if anywhere) our rules reject a move,
//! and the final status. See docs/tavreli.md, "Master games".
//!
//! The reader normalises the transcription's notation variants here, not in
//! the library: the source writes `-` for every move (the library wants `x`
//! for a move onto a piece or tower), appends the annotations `?`, `!`, `+`
//! and a final `x`, and has one typo (a missing dash), fixed explicitly below.

use movegen::tavreli::TavreliPosition;
use movegen::{Position, Status};

const GAMES: &str = include_str!("../../../data/tavreli/master_games.txt");

/// One game block of the data file.
struct Game {
    number: usize,
    title: String,
    text: String,
}

fn read_games() -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    for line in GAMES.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("[Game ") {
            let (n, title) = rest.split_once(']').expect("a game header");
            games.push(Game {
                number: n.parse().expect("a game number"),
                title: title.trim().to_string(),
                text: String::new(),
            });
        } else {
            let g = games.last_mut().expect("moves after a header");
            g.text.push(' ');
            g.text.push_str(line);
        }
    }
    games
}

/// Transcription errors in the source, fixed before reading:
/// (game, text as written, text meant, why).
const TYPOS: &[(usize, &str, &str, &str)] = &[(
    1,
    " b1 e1 ",
    " b1-e1 ",
    "ply 39: the dash is missing (the rook on b1 goes onto the tower on e1)",
)];

/// The plies of a game as written, typos fixed or not.
fn plies(game: &Game, fix_typos: bool) -> Vec<String> {
    let mut text = format!("{} ", game.text);
    if fix_typos {
        for &(n, written, meant, _) in TYPOS.iter().filter(|t| t.0 == game.number) {
            assert_eq!(text.matches(written).count(), 1, "game {n}: '{written}'");
            text = text.replacen(written, meant, 1);
        }
    }
    text.split_whitespace().map(str::to_string).collect()
}

/// The move a source token stands for, the annotations stripped: `?`, `!`,
/// `+`, `#`, and a final `x` after the destination square.
fn strip_annotations(token: &str) -> &str {
    let mut t = token;
    loop {
        let before = t.len();
        t = t.trim_end_matches(['?', '!', '+', '#']);
        let b = t.as_bytes();
        if b.len() > 2 && b[b.len() - 1] == b'x' && b[b.len() - 2].is_ascii_digit() {
            t = &t[..t.len() - 1];
        }
        if t.len() == before {
            return t;
        }
    }
}

/// Reads one source move. The source writes `-` for every move, so a move
/// onto a piece or tower is read as written and, when the library rejects
/// the dash there, with `x` in its place. Returns the move, the text the
/// library accepted, and whether the dash was replaced.
fn read_move(
    pos: &TavreliPosition,
    token: &str,
) -> Result<(<TavreliPosition as Position>::Move, String, bool), String> {
    let text = strip_annotations(token);
    match pos.parse_record_move(text) {
        Ok(m) => Ok((m, text.to_string(), false)),
        Err(e) if !text.starts_with(['0', 'O']) && text.contains('-') => {
            let marked = text.replacen('-', "x", 1);
            match pos.parse_record_move(&marked) {
                Ok(m) => Ok((m, marked, true)),
                Err(_) => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// How a replay ended.
#[derive(Debug, PartialEq, Eq)]
enum Replay {
    /// Every ply was legal. `towers`: plies the source writes with `-` that
    /// form a tower (read with `x`); `checks`: plies that give check;
    /// `status`: `"ongoing"`, or why the game is over (e.g. `"checkmate"`);
    /// `fen`: the final position.
    Full {
        plies: usize,
        towers: usize,
        checks: Vec<usize>,
        status: &'static str,
        fen: String,
    },
    /// Stopped at 1-based ply `ply` (move number `(ply + 1) / 2`), whose
    /// source text is `text`: our rules (or our reader) reject it.
    Stops { ply: usize, text: String },
}

fn replay(game: &Game, fix_typos: bool) -> Replay {
    let mut pos = TavreliPosition::startpos();
    let plies = plies(game, fix_typos);
    let (mut towers, mut checks) = (0, Vec::new());
    for (i, token) in plies.iter().enumerate() {
        let ply = i + 1;
        let (m, text, marked) = match read_move(&pos, token) {
            Ok(read) => read,
            Err(e) => {
                eprintln!(
                    "game {} ({}), ply {ply}: {token}: {e}",
                    game.number, game.title
                );
                return Replay::Stops {
                    ply,
                    text: token.clone(),
                };
            }
        };
        // The library writes the move back as the (normalised) source text;
        // castling it writes as the king's move.
        let record = pos.move_to_record(m);
        if text.starts_with('0') {
            let king = if pos.side_to_move() == movegen::Color::White {
                "e1"
            } else {
                "e8"
            };
            let to = if text == "0-0" { "g" } else { "c" };
            assert_eq!(
                record,
                format!("{king}-{to}{}", &king[1..]),
                "game {}, ply {ply}",
                game.number
            );
        } else {
            assert_eq!(record, text, "game {}, ply {ply}", game.number);
        }
        towers += usize::from(marked);
        pos.make_move(m);
        if pos.in_check() {
            checks.push(ply);
        }
        // The source's `+` marks a check.
        if token.contains('+') {
            assert!(
                pos.in_check(),
                "game {}, ply {ply}: {token} gives no check",
                game.number
            );
        }
    }
    let status = match pos.status() {
        Status::Ongoing => "ongoing",
        Status::Over(o) => o.reason,
    };
    Replay::Full {
        plies: plies.len(),
        towers,
        checks,
        status,
        fen: pos.to_fen(),
    }
}

fn game(n: usize) -> Game {
    read_games()
        .into_iter()
        .find(|g| g.number == n)
        .unwrap_or_else(|| panic!("game {n} in the data file"))
}

fn full(plies: usize, towers: usize, checks: &[usize], status: &'static str, fen: &str) -> Replay {
    Replay::Full {
        plies,
        towers,
        checks: checks.to_vec(),
        status,
        fen: fen.to_string(),
    }
}

#[test]
fn the_data_file_holds_four_games() {
    let games = read_games();
    let numbers: Vec<usize> = games.iter().map(|g| g.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    assert!(games.iter().all(|g| !g.title.is_empty()));
}

#[test]
fn annotations_are_stripped() {
    assert_eq!(strip_annotations("d2-d4?"), "d2-d4");
    assert_eq!(strip_annotations("b5(6)-e5+"), "b5(6)-e5");
    assert_eq!(strip_annotations("e1(3)-d2x"), "e1(3)-d2");
    assert_eq!(strip_annotations("d4-c4!"), "d4-c4");
    assert_eq!(strip_annotations("b2xd4"), "b2xd4");
}

/// Game 1 as written stops at its typo `b1 e1` (ply 39, White's 20th move),
/// which is no move; the other games read as written.
#[test]
fn as_written_only_the_typo_stops_a_game() {
    let stops = |n| replay(&game(n), false);
    assert_eq!(
        stops(1),
        Replay::Stops {
            ply: 39,
            text: "b1".into()
        }
    );
    for n in 2..=4 {
        assert!(matches!(stops(n), Replay::Full { .. }), "game {n}");
    }
}

/// U. Anderson - V. Zhmurov, Moscow 1997: legal throughout (typo fixed);
/// 22... e1(3)-d2 mates. Exercises splits (h2(1)-h1), stacking on own
/// pieces (1. h1-h2) and Black's 0-0.
#[test]
fn game_1_replays_to_mate() {
    const FEN: &str =
        "r5k1/1(Qp)p2ppp/2npbn2/8/3P4/4P(Bp=hN)PP/(pNP)2(bBR)1(rP)2/4(qP=NP=BR)1K1 w - - 2 23";
    let checks = [26, 36, 42, 44];
    assert_eq!(
        replay(&game(1), true),
        full(44, 18, &checks, "checkmate", FEN)
    );
}

/// A. Karpov - V. Kupreichik, Moscow 1997: legal; 20. b5-d6 mates. 17.
/// a8(1)-c8+ uncovers White's a-pawn on a8, which promotes to a rook at once
/// (R6/R7: `R~` on a8); 17... e8-f7 is a king move onto a pawn (R5).
#[test]
fn game_2_replays_to_mate() {
    const FEN: &str = "R~5(Rb)1/1(rp=rp)1(np)1p2/3N4/4(Bbp=nqpQrp=rP=Nnp=b)k2/2B5/2P=Q1PN2/2P2PPP/4K2R b K - 5 20";
    let checks = [29, 33, 35, 37, 39];
    assert_eq!(
        replay(&game(2), true),
        full(39, 20, &checks, "checkmate", FEN)
    );
}

/// A. Potapov - O. Svirin, Moscow 1998: legal; 26... g1(1)-f2 mates. The
/// source's comment: "the Helgi on g1 mated the white king" — the split
/// uncovers Black's e-pawn on g1, which promotes to a Helgi at once and
/// mates by its knight move g1-h3 (R6/R7, the uncovered piece acting at
/// once, R4). Also 0-0-0 and 0-0 (R9) and king moves onto towers (R5).
#[test]
fn game_3_replays_to_mate() {
    const FEN: &str =
        "1k1rr3/ppp2Rpp/2n1(qR)3/7(Qp=b)/3(bpN)2P1/1P(nN)2P=H1K/P1P2b1P/6(h~BBP=QP=B)1 w - - 3 27";
    let checks = [21, 34, 38, 42, 48, 52];
    assert_eq!(
        replay(&game(3), true),
        full(52, 18, &checks, "checkmate", FEN)
    );
}

/// A. Leontiev - M. Ulybin, Smolensk 1999: legal; 4... c6-b8 takes the
/// queen and bishop prisoner and White resigned (no mate: the final `x`
/// marks that capture).
#[test]
fn game_4_replays_to_the_resignation() {
    const FEN: &str = "r(nQB)b1kb1r/pp(Pp)p(qp)ppp/5n2/8/8/8/PP1PPPPP/RN2KBNR w KQkq - 0 5";
    assert_eq!(replay(&game(4), true), full(8, 5, &[], "ongoing", FEN));
}
