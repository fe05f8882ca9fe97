//! The game on the board: a position of any variant behind one object-safe
//! trait ([`Table`]), so the room holds a `Box<dyn Table>` and picks the
//! variant at run time (`movegen::variant::dispatch`), as the protocol
//! sessions do. Every move is checked by the rules library; the record
//! notation, results and FEN come from it too.

use arena::notation::{parse_engine_move, parse_lenient};
use arena::openings::{replay, Replayed};
use arena::options::Proto;
use arena::pgn_in::read_games;
use movegen::game::{Game, Played};
use movegen::pgn::PgnBody;
use movegen::variant::{dispatch, Position, Status, VariantVisitor};
use movegen::view::View;
use movegen::{Color, VariantId};

/// A game of some variant: its start, the moves played, the position.
pub trait Table: Send {
    /// The variant.
    fn variant(&self) -> VariantId;
    /// The FEN the game started from; `None` for the start position.
    fn start_fen(&self) -> Option<&str>;
    /// The FEN of the current position.
    fn fen(&self) -> String;
    /// What the board shows of the current position.
    fn view(&self) -> View;
    /// The side whose move it is.
    fn side_to_move(&self) -> Color;
    /// Whether the rules have ended the game.
    fn status(&self) -> Status;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Every legal move, in coordinates.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given in coordinates (or the record notation); the
    /// error says why it is not legal.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Plays an engine's move read as the match arbiter reads it.
    fn play_engine(&mut self, proto: Proto, text: &str) -> Result<(), String>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// The moves played with their texts.
    fn played(&self) -> Vec<Played>;
    /// The moves played, in coordinates (what engines are told).
    fn coords(&self) -> Vec<String>;
    /// The moves played in the record notation.
    fn records(&self) -> Vec<String>;
    /// Whether the record notation is SAN (XBoard engines may ask for it).
    fn has_san(&self) -> bool;
    /// An engine's line (coordinates or SAN) in the record notation, as
    /// far as its moves are legal from the current position.
    fn line_records(&self, line: &[String]) -> Vec<String>;
    /// The variant's part of the game's PGN (tags, game comment, movetext).
    fn pgn_body(&self) -> PgnBody;
    /// The number of moves played.
    fn plies(&self) -> usize;
}

/// `Err` when the game is over.
fn check_ongoing<P: Position>(pos: &P) -> Result<(), String> {
    match pos.status() {
        Status::Ongoing => Ok(()),
        Status::Over(_) => Err("the game is over".to_string()),
    }
}

/// A game of the board is movegen's [`Game`], moved as the page and the
/// engines move it.
impl<P: Position> Table for Game<P> {
    fn variant(&self) -> VariantId {
        P::ID
    }
    fn start_fen(&self) -> Option<&str> {
        Game::start_fen(self)
    }
    fn fen(&self) -> String {
        self.position().to_fen()
    }
    fn view(&self) -> View {
        self.position().view()
    }
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }
    fn status(&self) -> Status {
        self.position().status()
    }
    fn in_check(&self) -> bool {
        self.position().in_check()
    }
    fn legal_moves(&self) -> Vec<String> {
        if self.position().status() != Status::Ongoing {
            return Vec::new();
        }
        let mut list = P::MoveList::default();
        self.position().generate_moves(&mut list);
        list.iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, text: &str) -> Result<(), String> {
        check_ongoing(self.position())?;
        let m = parse_lenient(self.position(), text.trim())
            .map_err(|_| format!("{} is not a legal move here", text.trim()))?;
        Game::play(self, m);
        Ok(())
    }
    fn play_engine(&mut self, proto: Proto, text: &str) -> Result<(), String> {
        check_ongoing(self.position())?;
        let m = parse_engine_move(self.position(), proto, text)?;
        Game::play(self, m);
        Ok(())
    }
    fn undo(&mut self) -> bool {
        Game::undo(self)
    }
    fn played(&self) -> Vec<Played> {
        Game::played(self)
    }
    fn coords(&self) -> Vec<String> {
        self.moves().map(|m| m.to_string()).collect()
    }
    fn records(&self) -> Vec<String> {
        Game::played(self).into_iter().map(|p| p.record).collect()
    }
    fn has_san(&self) -> bool {
        P::HAS_SAN
    }
    fn pgn_body(&self) -> PgnBody {
        Game::pgn_body(self)
    }
    fn plies(&self) -> usize {
        Game::plies(self)
    }
    fn line_records(&self, line: &[String]) -> Vec<String> {
        let mut pos = self.position().clone();
        let mut out = Vec::new();
        for text in line {
            if pos.status() != Status::Ongoing {
                break;
            }
            let Ok(m) = parse_lenient(&pos, text) else {
                break;
            };
            out.push(pos.move_to_record(m));
            pos.make_move(m);
        }
        out
    }
}

/// The variants the board plays with two players (the team variants come
/// with their own two-board table).
pub fn two_player_variants() -> Vec<VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|v| !v.info().team)
        .collect()
}

/// Checks that `variant` is one the board plays with two players.
pub fn check_two_player(variant: VariantId) -> Result<(), String> {
    if variant.info().team {
        return Err(format!(
            "{variant} is a four-player team game: start one with a new game \
             (a single board of it cannot be loaded); the two-player variants are {}",
            movegen::registry::names(two_player_variants())
        ));
    }
    Ok(())
}

/// The two-player variant called `name`.
pub fn two_player_variant(name: &str) -> Result<VariantId, String> {
    let variant = VariantId::from_name(name).ok_or_else(|| {
        format!(
            "unknown variant '{name}' (known: {})",
            movegen::registry::names(two_player_variants())
        )
    })?;
    check_two_player(variant)?;
    Ok(variant)
}

/// A new game of `variant` from `fen` (or the start position).
pub fn new_table(variant: VariantId, fen: Option<&str>) -> Result<Box<dyn Table>, String> {
    struct New<'a>(Option<&'a str>);
    impl VariantVisitor for New<'_> {
        type Output = Result<Box<dyn Table>, String>;
        fn visit<P: Position>(self) -> Self::Output {
            Ok(Box::new(
                Game::<P>::from_fen(self.0).map_err(|e| e.to_string())?,
            ))
        }
    }
    check_two_player(variant)?;
    dispatch(variant, New(fen))
}

/// A new game of `variant` from a Chess960 start drawn at random (one of
/// the 960, [`movegen::chess960`]); refused for a variant without a
/// Chess960 form.
pub fn chess960_table(variant: VariantId) -> Result<Box<dyn Table>, String> {
    struct New(u16);
    impl VariantVisitor for New {
        type Output = Result<Box<dyn Table>, String>;
        fn visit<P: Position>(self) -> Self::Output {
            if !P::CHESS960 {
                return Err(format!(
                    "{} has no Chess960 starts; they are for {}",
                    P::ID.name(),
                    crate::doc::state::chess960_variants().join(", ")
                ));
            }
            let fen = movegen::chess960::start_fen(self.0);
            Ok(Box::new(
                Game::<P>::from_fen_960(Some(&fen)).map_err(|e| e.to_string())?,
            ))
        }
    }
    check_two_player(variant)?;
    use std::hash::{BuildHasher, Hasher};
    let draw = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    dispatch(
        variant,
        New((draw % u64::from(movegen::chess960::STARTS)) as u16),
    )
}

/// The first game of a PGN text, replayed: its variant
/// ([`arena::pgn_in::PgnRecord::variant`], `variant` when it names none),
/// its `FEN` tag and its main line, every move checked.
pub fn load_pgn(text: &str, variant: VariantId) -> Result<Box<dyn Table>, String> {
    struct Load<'a>(&'a arena::pgn_in::PgnRecord);
    impl VariantVisitor for Load<'_> {
        type Output = Result<Box<dyn Table>, String>;
        fn visit<P: Position>(self) -> Self::Output {
            let Replayed { fen, moves, .. } = replay::<P>(self.0)?;
            let mut game = Game::<P>::from_fen(fen.as_deref()).map_err(|e| e.to_string())?;
            for m in &moves {
                Table::play(&mut game, m)?;
            }
            Ok(Box::new(game))
        }
    }
    let games = read_games(text);
    let game = games
        .first()
        .filter(|g| !g.moves.is_empty() || !g.tags.is_empty())
        .ok_or("no game in the PGN text")?;
    let variant = game.variant(variant)?;
    check_two_player(variant)?;
    dispatch(variant, Load(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_takes_back_and_records() {
        let mut t = new_table(VariantId::Chess, None).unwrap();
        assert_eq!(t.legal_moves().len(), 20);
        t.play("e2e4").unwrap();
        t.play("e5").unwrap();
        assert_eq!(t.records(), ["e4", "e5"]);
        assert_eq!(t.played()[1].color, Color::Black);
        assert_eq!(t.played()[1].number, 1);
        assert!(t.play("e4e5").unwrap_err().contains("not a legal move"));
        assert_eq!(
            t.line_records(&["g1f3".into(), "b8c6".into(), "zz".into(), "a2a3".into()]),
            ["Nf3", "Nc6"]
        );
        assert!(t.undo());
        assert_eq!(t.coords(), ["e2e4"]);
        let t = new_table(VariantId::Chess, Some(movegen::START_FEN)).unwrap();
        assert_eq!(t.start_fen(), None, "the start position's FEN is no set-up");
        assert!(new_table(VariantId::Chess, Some("8/8 w")).is_err());
        assert!(new_table(VariantId::Bughouse, None)
            .err()
            .unwrap()
            .contains("team"));
        assert!(two_player_variant("nosuch")
            .unwrap_err()
            .contains("unknown variant"));
    }

    #[test]
    fn progressive_numbers_moves_by_series() {
        let mut t = new_table(VariantId::ProgressiveItalian, None).unwrap();
        for m in ["e2e4", "e7e5", "d7d6"] {
            t.play(m).unwrap();
        }
        let numbers: Vec<u32> = t.played().iter().map(|p| p.number).collect();
        assert_eq!(numbers, [1, 2, 2]);
        assert_eq!(t.side_to_move(), Color::White);
    }

    #[test]
    fn loads_pgn_of_each_kind() {
        let t = load_pgn(
            "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
            VariantId::Chess,
        )
        .unwrap();
        assert!(matches!(t.status(), Status::Over(_)));
        let t = load_pgn(
            "[Variant \"tranzit\"]\n\n1. I f3 I e5 2. I g4 I Qh4# 3. II Ke1 *\n",
            VariantId::Chess,
        )
        .unwrap();
        assert_eq!(t.variant(), VariantId::Tranzit);
        assert_eq!(t.coords().last().map(String::as_str), Some("e1m1"));
        let t = load_pgn(
            "[Variant \"tavreli\"]\n\n1. e2-e4 d7-d5 2. e4xd5 *\n",
            VariantId::Chess,
        )
        .unwrap();
        assert_eq!(t.records().last().map(String::as_str), Some("e4xd5"));
        // A tower split's count in parentheses is not a PGN variation.
        let mut t = new_table(VariantId::Tavreli, None).unwrap();
        for m in ["e2-e4", "d7-d5", "e4xd5", "d8xd5", "b1-c3"] {
            t.play(m).unwrap();
        }
        let split = t
            .legal_moves()
            .into_iter()
            .map(|m| t.line_records(&[m])[0].clone())
            .find(|r| r.starts_with("d5(1)"))
            .expect("the queen leaves its tower alone");
        t.play(&split).unwrap();
        let text =
            format!("[Variant \"tavreli\"]\n\n1. e2-e4 d7-d5 2. e4xd5 d8xd5 3. b1-c3 {split} *\n");
        let loaded = load_pgn(&text, VariantId::Chess).unwrap();
        assert_eq!(loaded.records(), t.records());
        assert_eq!(loaded.fen(), t.fen());
        assert!(load_pgn("", VariantId::Chess).is_err());
        assert!(load_pgn("1. e4 e4 *", VariantId::Chess)
            .err()
            .unwrap()
            .contains("e4"));
        assert!(load_pgn("[Variant \"swedish\"]\n\n*", VariantId::Chess).is_err());
    }
}
