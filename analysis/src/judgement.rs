//! How bad a move was, by the winning chances it gave away: the
//! thresholds lichess uses (0.1, 0.2 and 0.3 on the scale from -1 to 1,
//! that is 5, 10 and 15 points of winning percentage).

use crate::eval::Eval;
use movegen::Color;

/// A move that cost winning chances.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`: lost at least 0.1.
    Inaccuracy,
    /// `?`: lost at least 0.2.
    Mistake,
    /// `??`: lost at least 0.3.
    Blunder,
}

/// The least loss of each judgement, worst first.
const THRESHOLDS: [(f64, Judgement); 3] = [
    (0.3, Judgement::Blunder),
    (0.2, Judgement::Mistake),
    (0.1, Judgement::Inaccuracy),
];

impl Judgement {
    /// The judgement of a move by `mover` from a position worth `before`
    /// to one worth `after`; none for a loss under 0.1.
    pub fn of_move(mover: Color, before: Eval, after: Eval) -> Option<Judgement> {
        let loss = before.win_chances(mover) - after.win_chances(mover);
        THRESHOLDS
            .iter()
            .find(|(least, _)| loss >= *least)
            .map(|&(_, j)| j)
    }

    /// The move suffix (`?!`, `?`, `??`): NAGs 6, 2 and 4 for readers.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// Its word in comments.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn losses_are_judged_from_the_movers_side() {
        let j = |mover, a, b| Judgement::of_move(mover, Eval::Cp(a), Eval::Cp(b));
        assert_eq!(j(White, 30, 0), None);
        assert_eq!(j(White, 30, -30), Some(Judgement::Inaccuracy));
        assert_eq!(j(White, 50, -100), Some(Judgement::Mistake));
        assert_eq!(j(White, 50, -200), Some(Judgement::Blunder));
        assert_eq!(j(Black, -50, 200), Some(Judgement::Blunder));
        assert_eq!(j(Black, 200, -50), None, "a gain is no mistake");
        assert_eq!(j(White, 1000, 800), None, "a won game stays won");
        assert_eq!(
            Judgement::of_move(White, Eval::Mate(3), Eval::Mate(-5)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            Judgement::of_move(Black, Eval::Cp(20), Eval::Won(White)),
            Some(Judgement::Blunder)
        );
        assert!(Judgement::Blunder > Judgement::Inaccuracy);
    }
}
