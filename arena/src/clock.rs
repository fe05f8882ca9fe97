//! One player's clock under a time control: what is left, what a move
//! costs, the increment and the session bonus. Shared by the two-player
//! arbiter, the team arbiter and `vsadnik gui`.

use super::options::TimeControl;

/// The clock of one player: time left (microseconds, negative once the flag
/// has fallen) and the moves made, for session time controls.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayerClock {
    remaining: i64,
    moves: u32,
}

impl PlayerClock {
    /// A full clock at the start of a game under `tc`.
    pub fn new(tc: &TimeControl) -> PlayerClock {
        PlayerClock {
            remaining: tc.base.as_micros() as i64,
            moves: 0,
        }
    }

    /// Time left, in microseconds, before the move under way is charged.
    pub fn remaining_us(&self) -> i64 {
        self.remaining
    }

    /// Time left in milliseconds once `used_us` of the current turn are
    /// taken off (what an engine is told when its turn has already begun).
    pub fn left_ms(&self, used_us: i64) -> i64 {
        (self.remaining - used_us) / 1000
    }

    /// Moves to the next time control (UCI `movestogo`), for session time
    /// controls (`40/60`).
    pub fn movestogo(&self, tc: &TimeControl) -> Option<u32> {
        (tc.moves > 0).then(|| tc.moves - self.moves % tc.moves)
    }

    /// Takes `used_us` off without a move (a clock paused in mid-turn).
    pub fn spend(&mut self, used_us: i64) {
        self.remaining -= used_us;
    }

    /// Charges a move that took `used_us`: the time comes off, the
    /// increment goes on, and a finished session adds the base again.
    pub fn charge(&mut self, used_us: i64, tc: &TimeControl) {
        self.remaining += tc.inc.as_micros() as i64 - used_us;
        self.moves += 1;
        if tc.moves > 0 && self.moves.is_multiple_of(tc.moves) {
            self.remaining += tc.base.as_micros() as i64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_and_sessions() {
        let tc = TimeControl::parse("2/10+1").unwrap();
        let mut c = PlayerClock::new(&tc);
        assert_eq!(c.remaining_us(), 10_000_000);
        assert_eq!(c.movestogo(&tc), Some(2));
        c.charge(3_000_000, &tc);
        assert_eq!(c.remaining_us(), 8_000_000);
        assert_eq!(c.movestogo(&tc), Some(1));
        c.charge(1_000_000, &tc);
        assert_eq!(
            c.remaining_us(),
            18_000_000,
            "the second move ends a session"
        );
        assert_eq!(c.left_ms(500_000), 17_500);
        c.spend(500_000);
        assert_eq!((c.remaining_us(), c.movestogo(&tc)), (17_500_000, Some(2)));
        let plain = TimeControl::parse("5").unwrap();
        assert_eq!(PlayerClock::new(&plain).movestogo(&plain), None);
    }
}
