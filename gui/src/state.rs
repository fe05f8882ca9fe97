//! The state document the page draws from (`GET /api/state`, the `state`
//! event) for a two-player game: the boards with their squares, reserves,
//! panes and legal moves, the move list, clocks, result, engine, and the
//! variant's own counters. Its types are [`crate::doc::state`].
//!
//! Boards are a list and seats are per colour so that the team variants
//! (two boards, four seats) extend the document instead of changing it:
//! see [`super::team_state`] and docs/gui_team.md.

use super::doc::board::Board;
use super::doc::state::{
    all_variants, chess960_variants, team_variants, Clocks, EnginePart, GameResult, State,
};
use super::doc::{ColorWord, MoveEntry};
use super::opponent::Activity;
use super::room::{Room, Side};
use super::view;
use movegen::variant::Status;
use movegen::Color;
use std::time::Instant;

impl Room {
    /// The board of the game, or of the earlier position the person is
    /// looking at (where nobody moves).
    fn board(&self, v: &movegen::view::View) -> Board {
        if let Some((_, t)) = self.viewed_table() {
            let last = t.coords().pop();
            return view::board("main", &t.view(), &[], last.as_deref());
        }
        let legal = if self.person_may_move() {
            self.table.legal_moves()
        } else {
            Vec::new()
        };
        let last = self.table.coords().pop();
        view::board("main", v, &legal, last.as_deref())
    }

    /// The whole state document.
    pub(super) fn state(&self) -> State {
        let now = Instant::now();
        let variant = self.table.variant();
        let v = self.table.view();
        let to_move = self.table.side_to_move();
        let moves = self
            .table
            .played()
            .iter()
            .map(|p| MoveEntry {
                n: p.number,
                color: p.color.into(),
                text: p.record.clone(),
                uci: p.coord.clone(),
            })
            .collect();
        let result = self.end().map(|e| GameResult {
            result: e.result().to_string(),
            termination: e.termination.clone(),
            comment: e.comment.clone(),
            outcome: None,
        });
        let clocks = (self.side != Side::Both).then(|| Clocks {
            white: self.left_ms(Color::White, now),
            black: self.left_ms(Color::Black, now),
            running: self.turn_start.map(|_| to_move.into()),
            tc: Some(self.tc.tag()),
            at: Some(arena::live::epoch_ms()),
        });
        let engine_status = match self.opponent.activity() {
            Activity::Searching { .. } => "thinking",
            Activity::Analyzing { .. } => "analyzing",
            Activity::Idle if self.opponent.running() => "idle",
            Activity::Idle => "not running",
        };
        let engine = EnginePart {
            name: self.opponent.name().to_string(),
            status: engine_status,
            color: self.engine_color().map(ColorWord::from),
            notice: self.notice.clone(),
            level: Some(self.opponent.level().to_string()),
        };
        let turn = if self.end().is_some() || self.table.status() != Status::Ongoing {
            "over"
        } else if self.person_may_move() {
            "person"
        } else {
            "engine"
        };
        State {
            version: self.version,
            variant: variant.name(),
            towers: variant.info().towers,
            variants: all_variants(),
            team_variants: team_variants(),
            chess960_variants: chess960_variants(),
            fen: self.table.fen(),
            start_fen: self.table.start_fen().map(str::to_string),
            side: self.side.name(),
            to_move: to_move.into(),
            turn,
            boards: vec![self.board(&v)],
            moves,
            result,
            clocks,
            engine,
            analysis: self.analysis,
            flipped: self.flipped,
            series: view::series(&v),
            thinking: self.thinking.clone(),
            thinking_seq: self.thinking_seq,
            players: None,
            watch: None,
            team: None,
            study: self.study_part(),
        }
    }
}
