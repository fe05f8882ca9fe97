//! Evaluations from White's point of view, their winning chances and their
//! `[%eval ...]` form.

use engine::Score;
use movegen::variant::Outcome;
use movegen::Color;

/// What a position is worth, from White's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves: White mates when positive, Black when negative.
    Mate(i32),
    /// The game is over and this side has won.
    Won(Color),
}

/// Winning chances are a logistic curve of the centipawns (the one
/// lichess fits to its games): `2 / (1 + e^(-k·cp)) - 1`.
const WIN_CHANCE_SLOPE: f64 = 0.003_682_08;

/// Centipawns past this count as this much for winning chances.
const CP_CLAMP: i32 = 1000;

impl Eval {
    /// A search score of `side`, the side to move.
    pub fn of_score(score: Score, side: Color) -> Eval {
        let sign = match side {
            Color::White => 1,
            Color::Black => -1,
        };
        match score {
            Score::Cp(cp) => Eval::Cp(sign * cp),
            Score::Mate(m) => Eval::Mate(sign * m),
        }
    }

    /// A finished game's value: the winner's, or level for a draw.
    pub fn of_outcome(outcome: Outcome) -> Eval {
        match outcome.white.cmp(&outcome.black) {
            std::cmp::Ordering::Greater => Eval::Won(Color::White),
            std::cmp::Ordering::Less => Eval::Won(Color::Black),
            std::cmp::Ordering::Equal => Eval::Cp(0),
        }
    }

    /// `side`'s winning chances, from -1 (lost) to 1 (won).
    pub fn win_chances(self, side: Color) -> f64 {
        let white = match self {
            Eval::Cp(cp) => {
                let cp = f64::from(cp.clamp(-CP_CLAMP, CP_CLAMP));
                2.0 / (1.0 + (-WIN_CHANCE_SLOPE * cp).exp()) - 1.0
            }
            Eval::Mate(m) => f64::from(m.signum()),
            Eval::Won(Color::White) => 1.0,
            Eval::Won(Color::Black) => -1.0,
        };
        match side {
            Color::White => white,
            Color::Black => -white,
        }
    }

    /// The evaluation as lichess and python-chess read it from a comment:
    /// `[%eval 0.35]` in pawns, `[%eval #-3]` for a mate; none for a game
    /// already won.
    pub fn pgn_command(self) -> Option<String> {
        match self {
            Eval::Cp(cp) => Some(format!("[%eval {}]", pawns(cp))),
            Eval::Mate(m) => Some(format!("[%eval #{m}]")),
            Eval::Won(_) => None,
        }
    }
}

/// Centipawns as pawns with two decimals (`-1.20`, `0.05`).
pub fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let cp = cp.unsigned_abs();
    format!("{sign}{}.{:02}", cp / 100, cp % 100)
}

impl std::fmt::Display for Eval {
    /// `+0.35`, `-1.20`, `#3`, `#-2`, `1-0`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eval::Cp(cp) if cp > 0 => write!(f, "+{}", pawns(cp)),
            Eval::Cp(cp) => f.write_str(&pawns(cp)),
            Eval::Mate(m) => write!(f, "#{m}"),
            Eval::Won(Color::White) => f.write_str("1-0"),
            Eval::Won(Color::Black) => f.write_str("0-1"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_whites_view() {
        assert_eq!(Eval::of_score(Score::Cp(35), Color::Black), Eval::Cp(-35));
        assert_eq!(Eval::of_score(Score::Mate(2), Color::Black), Eval::Mate(-2));
        assert_eq!(Eval::Cp(-120).pgn_command().unwrap(), "[%eval -1.20]");
        assert_eq!(Eval::Cp(-5).pgn_command().unwrap(), "[%eval -0.05]");
        assert_eq!(Eval::Mate(-3).pgn_command().unwrap(), "[%eval #-3]");
        assert_eq!(Eval::Won(Color::White).pgn_command(), None);
        assert_eq!(Eval::Cp(7).to_string(), "+0.07");
        assert_eq!(
            Eval::of_outcome(Outcome::win(Color::Black, "checkmate")),
            Eval::Won(Color::Black)
        );
        assert_eq!(Eval::of_outcome(Outcome::draw("stalemate")), Eval::Cp(0));
    }

    #[test]
    fn winning_chances_are_symmetric_and_bounded() {
        assert_eq!(Eval::Cp(0).win_chances(Color::White), 0.0);
        let w = Eval::Cp(300).win_chances(Color::White);
        assert!((w - 0.5023).abs() < 1e-3, "{w}");
        assert_eq!(Eval::Cp(300).win_chances(Color::Black), -w);
        assert_eq!(
            Eval::Cp(5000).win_chances(Color::White),
            Eval::Cp(CP_CLAMP).win_chances(Color::White)
        );
        assert_eq!(Eval::Mate(-4).win_chances(Color::Black), 1.0);
        assert_eq!(Eval::Won(Color::White).win_chances(Color::Black), -1.0);
    }
}
