//! The two boards of a team game as `vsadnik match --live` writes them
//! ([`LiveBoard`]s): kept by [`TeamPlay`] as moves are played, handed to
//! the live file whenever they changed.

use super::TeamPlay;
use crate::clock::PlayerClock;
use crate::live::LiveBoard;
use movegen::drops::{DropRules, TeamBoard};
use movegen::{Color, Position};
use std::time::Instant;

/// The live file's boards of one team game.
pub(super) struct TeamLive {
    /// Board A, then board B.
    boards: [LiveBoard; 2],
    /// A position changed since the boards were last handed out.
    changed: bool,
}

impl TeamLive {
    /// Board `b`'s move `uci` (`text` in the record) by `mover`, numbered
    /// `number`.
    pub(super) fn moved(&mut self, b: TeamBoard, mover: Color, number: u32, uci: &str, text: &str) {
        self.boards[b.index()].push(mover, number, uci, text);
        self.changed = true;
    }

    /// A position changed without a move (an S4 confiscation).
    pub(super) fn touched(&mut self) {
        self.changed = true;
    }
}

impl<R: DropRules> TeamPlay<R> {
    /// Keeps the boards for the live file from now on; `players` are the
    /// names of White and Black on board A, then on board B.
    pub fn follow_live(&mut self, players: [[&str; 2]; 2]) {
        let full = PlayerClock::new(&self.tc).left_ms(0);
        let boards = TeamBoard::ALL.map(|b| {
            let id = if b == TeamBoard::A { "A" } else { "B" };
            let fen = self.game.board(b).to_fen();
            LiveBoard::new(id, players[b.index()], self.start_fen(b), fen, full)
        });
        self.live = Some(TeamLive {
            boards,
            changed: true,
        });
    }

    /// The live file's boards at `now` (positions, whose reserves change
    /// with the other board's captures, and the four clocks, the side to
    /// move's running on each board), when a position changed since they
    /// were last asked for; `None` otherwise or when not followed.
    pub fn live_update(&mut self, now: Instant) -> Option<&[LiveBoard; 2]> {
        if !self.live.as_ref()?.changed {
            return None;
        }
        let fens = TeamBoard::ALL.map(|b| self.game.board(b).to_fen());
        let movers = TeamBoard::ALL.map(|b| self.game.board(b).side_to_move());
        let clocks =
            TeamBoard::ALL.map(|b| [Color::White, Color::Black].map(|c| self.left_ms(b, c, now)));
        let live = self.live.as_mut()?;
        for (i, (board, fen)) in live.boards.iter_mut().zip(fens).enumerate() {
            board.set_fen(fen);
            board.set_clocks(clocks[i], Some(movers[i]));
        }
        live.changed = false;
        Some(&live.boards)
    }

    /// The live file's boards when the game is over: the last positions,
    /// no clock running; `None` when not followed.
    pub fn live_final(&mut self) -> Option<&[LiveBoard; 2]> {
        let fens = TeamBoard::ALL.map(|b| self.game.board(b).to_fen());
        let live = self.live.as_mut()?;
        for (board, fen) in live.boards.iter_mut().zip(fens) {
            board.set_fen(fen);
            board.stop_clocks();
        }
        Some(&live.boards)
    }
}

#[cfg(test)]
mod tests {
    use crate::options::TimeControl;
    use crate::team::play::TeamPlay;
    use movegen::drops::{Bughouse, TeamGame};
    use std::time::{Duration, Instant};

    #[test]
    fn boards_follow_the_moves() {
        let tc = TimeControl::parse("60+0").unwrap();
        let now = Instant::now();
        let mut p = TeamPlay::<Bughouse>::new(TeamGame::default(), tc, Duration::ZERO, true, now);
        assert!(p.live_update(now).is_none(), "not followed");
        p.follow_live([["a", "b"], ["c", "d"]]);
        assert!(p.live_update(now).is_some());
        assert!(p.live_update(now).is_none(), "nothing changed");
        p.person_move(0, "e4", now).unwrap();
        let boards = p.live_update(now).unwrap();
        let text = format!("{:?}", boards[0]);
        assert!(text.contains("e2e4") && text.contains("b KQkq"), "{text}");
        assert_eq!(
            (boards[1].id.as_str(), boards[1].white.as_str()),
            ("B", "c")
        );
        let text = format!("{:?}", p.live_final().unwrap()[0]);
        assert!(text.contains("running: None"), "{text}");
    }
}
