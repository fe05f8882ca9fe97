//! A game of any variant: where it started, the moves played and where it
//! stands. The one game wrapper of the front ends: the protocols' sessions,
//! the board's table and the match referee keep their game in it.

use crate::fen::FenError;
use crate::pgn::PgnBody;
use crate::types::Color;
use crate::variant::Position;

/// One move of a game as front ends list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// In the protocols' coordinate notation.
    pub coord: String,
    /// In the variant's record notation (SAN where it has one).
    pub record: String,
    /// Who played it.
    pub color: Color,
    /// The move number it carries (the full-move number; progressive
    /// chess: the series number).
    pub number: u32,
}

/// A game of the variant `P`.
#[derive(Clone)]
pub struct Game<P: Position> {
    /// The FEN the game started from; `None` for the start position.
    start_fen: Option<String>,
    pos: P,
    /// Each move played and who played it.
    moves: Vec<(P::Move, Color)>,
}

impl<P: Position> Default for Game<P> {
    fn default() -> Self {
        Game::from_position(P::startpos())
    }
}

impl<P: Position> Game<P> {
    /// A game from `fen` (`None`, or the start position's FEN: the start
    /// position).
    pub fn from_fen(fen: Option<&str>) -> Result<Game<P>, FenError> {
        match fen.map(str::trim).filter(|f| !f.is_empty()) {
            None => Ok(Game::default()),
            Some(f) => P::from_fen(f).map(Game::from_position),
        }
    }

    /// [`Game::from_fen`] in the variant's Chess960 form
    /// ([`Position::from_fen_960`]; none: the standard set-up, castling as
    /// the king taking its rook).
    pub fn from_fen_960(fen: Option<&str>) -> Result<Game<P>, FenError> {
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        P::from_fen_960(fen.unwrap_or(P::START_FEN)).map(Game::from_position)
    }

    /// A game from the position `pos` (its history is the game's past).
    pub fn from_position(pos: P) -> Game<P> {
        let fen = pos.to_fen();
        let start_fen = (fen != P::START_FEN && fen != P::startpos().to_fen()).then_some(fen);
        Game {
            start_fen,
            pos,
            moves: Vec::new(),
        }
    }

    /// The FEN the game started from; `None` for the start position.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// The position the game started from.
    pub fn start(&self) -> P {
        match &self.start_fen {
            Some(f) => P::from_fen(f).expect("a start FEN read once reads again"),
            None => P::startpos(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &P {
        &self.pos
    }

    /// The position now, to change what the moves do not (a team game's
    /// reserves, set from the other board).
    pub fn position_mut(&mut self) -> &mut P {
        &mut self.pos
    }

    /// The legal move `text` names in coordinates: exact first, then a
    /// unique case-insensitive match (`e7e8Q` is `e7e8q`).
    pub fn find(&self, text: &str) -> Option<P::Move> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let mut list = P::MoveList::default();
        self.pos.generate_moves(&mut list);
        if let Some(m) = list.iter().copied().find(|m| m.to_string() == text) {
            return Some(m);
        }
        if text.starts_with("O-O") {
            // Castling as XBoard sends it in Fischer random chess.
            return self.pos.parse_record_move(text).ok();
        }
        let mut found = list
            .iter()
            .copied()
            .filter(|m| m.to_string().eq_ignore_ascii_case(text));
        match (found.next(), found.next()) {
            (Some(m), None) => Some(m),
            _ => None,
        }
    }

    /// Plays the legal move `m`.
    pub fn play(&mut self, m: P::Move) {
        let side = self.pos.side_to_move();
        self.pos.make_move(m);
        self.moves.push((m, side));
    }

    /// Takes back the last move; false when none was played.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.pos.unmake_move();
            true
        } else {
            false
        }
    }

    /// The moves played.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = P::Move> + '_ {
        self.moves.iter().map(|(m, _)| *m)
    }

    /// The number of moves played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The number of moves `side` played.
    pub fn moves_by(&self, side: Color) -> usize {
        self.moves.iter().filter(|(_, c)| *c == side).count()
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<P::Move> {
        self.moves.last().map(|(m, _)| *m)
    }

    /// Every move played with its texts, replayed from the start (records
    /// are written as they are needed, not as moves are played).
    pub fn played(&self) -> Vec<Played> {
        let mut pos = self.start();
        self.moves
            .iter()
            .map(|&(m, color)| {
                let played = Played {
                    coord: m.to_string(),
                    record: pos.move_to_record(m),
                    color,
                    number: pos.view().number,
                };
                pos.make_move(m);
                played
            })
            .collect()
    }

    /// The variant's part of the game's PGN.
    pub fn pgn_body(&self) -> PgnBody {
        let moves: Vec<P::Move> = self.moves().collect();
        P::pgn_body(&self.start(), &moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progressive::ItalianPosition;
    use crate::{Chess, START_FEN};

    #[test]
    fn plays_takes_back_and_records() {
        let mut g = Game::<Chess>::default();
        for m in ["e2e4", "E7E5", "g1f3"] {
            let mv = g.find(m).unwrap_or_else(|| panic!("{m}"));
            g.play(mv);
        }
        assert_eq!(g.find("e4e5"), None);
        let played = g.played();
        let records: Vec<&str> = played.iter().map(|p| p.record.as_str()).collect();
        assert_eq!(records, ["e4", "e5", "Nf3"]);
        assert_eq!((played[1].color, played[2].number), (Color::Black, 2));
        assert_eq!(g.moves_by(Color::White), 2);
        assert!(g.undo());
        assert_eq!(g.plies(), 2);
        assert_eq!(
            g.last_move().map(|m| m.to_string()).as_deref(),
            Some("e7e5")
        );
        assert!(g.undo() && g.undo() && !g.undo());
        assert_eq!(
            Game::<Chess>::from_fen(Some(START_FEN))
                .unwrap()
                .start_fen(),
            None
        );
        assert!(Game::<Chess>::from_fen(Some("8/8 w")).is_err());
    }

    #[test]
    fn progressive_moves_carry_their_series() {
        let mut g = Game::<ItalianPosition>::default();
        for m in ["e2e4", "e7e5", "d7d6"] {
            let mv = g.find(m).unwrap();
            g.play(mv);
        }
        let numbers: Vec<u32> = g.played().iter().map(|p| p.number).collect();
        assert_eq!(numbers, [1, 2, 2]);
    }
}
