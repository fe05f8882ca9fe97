//! Progressive chess under XBoard, which alternates sides after every move:
//! a series is played move by move with null moves (`@@@@`) for the side
//! that waits. [`SeriesSync`] follows the side XBoard believes is to move
//! and says when the engine must pass.
//!
//! What XBoard 4.9 does (tested with its debug log): it accepts `move @@@@`
//! from an engine, also out of turn (a pass for the other side), and shows
//! it as `--` in the move list; it passes an engine's null move on to the
//! other engine as `setboard FEN` with the same placement and the other side
//! to move (not as `@@@@`); a user's pass (a click on the clock) is a null
//! move too.

use movegen::Color;

/// XBoard's idea of whose turn it is, against the game's.
#[derive(Clone, Debug)]
pub struct SeriesSync {
    /// The side XBoard believes is to move.
    pub gui_side: Color,
    /// The opponent is an engine (`computer`): it passes for itself, so the
    /// engine never passes for it.
    pub opponent_computer: bool,
}

/// What the engine does after a move so that XBoard follows the series.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// XBoard and the game agree on the side to move.
    InStep,
    /// Send `move @@@@`: a pass for the side XBoard believes is to move.
    Pass,
    /// The engine's series goes on but XBoard waits for the opponent, who
    /// passes himself (an engine opponent).
    Wait,
}

impl SeriesSync {
    /// In step with a game whose side to move is `side`.
    pub fn new(side: Color) -> SeriesSync {
        SeriesSync {
            gui_side: side,
            opponent_computer: false,
        }
    }

    /// A move (ours, the user's or a null move) was played on XBoard's board.
    pub fn moved(&mut self) {
        self.gui_side = self.gui_side.flip();
    }

    /// Whether a null move from the GUI fits: the side XBoard has on move is
    /// not the one whose series it is.
    pub fn null_fits(&self, real: Color) -> bool {
        self.gui_side != real
    }

    /// What to do with the game's side to move `real` and the engine playing
    /// `engine`.
    pub fn step(&self, real: Color, engine: Color) -> Step {
        if self.gui_side == real {
            Step::InStep
        } else if self.gui_side == engine || !self.opponent_computer {
            Step::Pass
        } else {
            Step::Wait
        }
    }
}

impl SeriesSync {
    /// Whether `setboard fen` is XBoard's way of passing on a null move: the
    /// placement of `current` with the side XBoard does not have on move.
    pub fn is_null_setboard(&self, current: &str, fen: &str) -> bool {
        let (c, f): (Vec<&str>, Vec<&str>) = (
            current.split_whitespace().collect(),
            fen.split_whitespace().collect(),
        );
        let passed_to = self.gui_side.flip().fen_char().to_string();
        c.len() >= 2 && f.len() >= 2 && c[0] == f[0] && f[1] == passed_to
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_follow_the_series() {
        let mut s = SeriesSync::new(Color::White);
        // The user (White) plays the first move of a two-move series.
        s.moved();
        assert_eq!(s.step(Color::White, Color::Black), Step::Pass);
        s.moved();
        assert_eq!(s.step(Color::White, Color::Black), Step::InStep);
        // The engine's series goes on after its move.
        s.moved();
        assert_eq!(s.step(Color::Black, Color::Black), Step::InStep);
        s.moved();
        assert_eq!(s.step(Color::Black, Color::Black), Step::Pass);
        s.opponent_computer = true;
        assert_eq!(s.step(Color::Black, Color::Black), Step::Wait);
        assert!(s.null_fits(Color::Black));
        assert!(!s.null_fits(Color::White));
    }

    #[test]
    fn null_setboards() {
        // Black played e7e5, the first move of series 2: XBoard has White
        // on move; the other engine's pass arrives as a setboard.
        let mut s = SeriesSync::new(Color::Black);
        s.moved();
        let ours = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 1";
        let xb = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        assert!(s.is_null_setboard(ours, xb));
        assert!(!s.is_null_setboard(ours, &xb.replace(" b ", " w ")));
        assert!(!s.is_null_setboard(ours, "8/8/8/8/8/8/8/8 b - - 0 1"));
    }
}
