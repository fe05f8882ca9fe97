//! The state document the page draws from (`GET /api/state`, the `state`
//! event): the boards with their squares, reserves, panes and legal moves,
//! the move list, clocks, result, engine, and the variant's own counters.
//!
//! Boards are a list and seats are per colour so that the team variants
//! (two boards, four seats) extend the document instead of changing it:
//! see [`super::team_state`] and docs/gui_team.md.

use super::opponent::Activity;
use super::room::{Room, Side};
use super::view::{board_json, color_word, series_json};
use arena::json::Json;
use movegen::variant::Status;
use movegen::Color;
use std::time::Instant;

impl Room {
    /// The board of the game.
    fn board_json(&self, view: &movegen::view::View) -> Json {
        let legal = if self.person_may_move() {
            self.table.legal_moves()
        } else {
            Vec::new()
        };
        let last = self.table.played().last().map(|p| p.coord.as_str());
        board_json("main", view, &legal, last)
    }

    /// The whole state document.
    pub(super) fn state(&self) -> Json {
        let now = Instant::now();
        let fen = self.table.fen();
        let variant = self.table.variant();
        let view = self.table.view();
        let to_move = self.table.side_to_move();
        let moves: Vec<Json> = self
            .table
            .played()
            .iter()
            .map(|p| {
                Json::obj()
                    .with("n", p.number)
                    .with("color", color_word(p.color))
                    .with("text", p.record.clone())
                    .with("uci", p.coord.clone())
            })
            .collect();
        let result = match self.end() {
            Some(e) => Json::obj()
                .with("result", e.result())
                .with("termination", e.termination.clone())
                .with("comment", e.comment.clone()),
            None => Json::Null,
        };
        let clocks = if self.side == Side::Both {
            Json::Null
        } else {
            Json::obj()
                .with("white", self.left_ms(Color::White, now))
                .with("black", self.left_ms(Color::Black, now))
                .with("running", self.turn_start.map(|_| color_word(to_move)))
                .with("tc", self.tc.tag())
                .with("at", arena::live::epoch_ms())
        };
        let engine_status = match self.opponent.activity() {
            Activity::Searching { .. } => "thinking",
            Activity::Analyzing { .. } => "analyzing",
            Activity::Idle if self.opponent.running() => "idle",
            Activity::Idle => "not running",
        };
        let engine = Json::obj()
            .with("name", self.opponent.name())
            .with("status", engine_status)
            .with("color", self.engine_color().map(color_word))
            .with("notice", self.notice.clone());
        let turn = if self.end().is_some() || self.table.status() != Status::Ongoing {
            "over"
        } else if self.person_may_move() {
            "person"
        } else {
            "engine"
        };
        Json::obj()
            .with("version", self.version)
            .with("variant", variant.name())
            .with("towers", variant.info().towers)
            .with(
                "variants",
                movegen::VariantId::ALL
                    .map(movegen::VariantId::name)
                    .to_vec(),
            )
            .with("fen", fen.clone())
            .with("start_fen", self.table.start_fen())
            .with("side", self.side.name())
            .with("to_move", color_word(to_move))
            .with("turn", turn)
            .with("boards", vec![self.board_json(&view)])
            .with("moves", moves)
            .with("result", result)
            .with("clocks", clocks)
            .with("engine", engine)
            .with("analysis", self.analysis)
            .with("flipped", self.flipped)
            .with("series", series_json(&view))
            .with("thinking", self.thinking.clone())
            .with("thinking_seq", self.thinking_seq)
    }
}
