//! The state document the page draws from (`GET /api/state`, the `state`
//! event): the boards with their squares, reserves, panes and legal moves,
//! the move list, clocks, result, engine, and the variant's own counters.
//!
//! Boards are a list and seats are per colour so that the team variants
//! (two boards, four seats) extend the document instead of changing it:
//! see [`super::team_state`] and docs/gui_team.md.

use super::json::Json;
use super::moves;
use super::opponent::Activity;
use super::room::{Room, Side};
use super::view::{progressive_series, reserves_json, squares_json, tranzit_panes};
use crate::placement::{parse_move, parse_placement};
use movegen::variant::Status;
use movegen::{Color, VariantId};
use std::time::Instant;

/// `white` or `black`.
pub(super) fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// What one board of the state document shows.
pub(super) struct BoardView<'a> {
    /// The board's id (`main`; `A`, `B` in team games).
    pub id: &'a str,
    /// The variant.
    pub variant: VariantId,
    /// The position.
    pub fen: &'a str,
    /// The moves the person may make here, in coordinates.
    pub legal: &'a [String],
    /// The last move played here, in coordinates.
    pub last: Option<&'a str>,
    /// The side in check, if any.
    pub check: Option<Color>,
}

/// One board (one grid; tranzit's shown as two panes).
pub(super) fn board_json(v: &BoardView) -> Json {
    let placement = v.fen.split_whitespace().next().unwrap_or("");
    let info = v.variant.info();
    let grid = match parse_placement(placement, info.towers) {
        Ok(g) => g,
        // The rules library wrote this FEN: a failure is a bug here.
        Err(e) => return Json::obj().with("error", format!("cannot draw '{placement}': {e}")),
    };
    let panes = if info.boards == 2 {
        tranzit_panes(v.fen)
    } else {
        vec![Json::obj()
            .with("label", "")
            .with("file0", 0)
            .with("files", grid.files)
            .with("result", Json::Null)]
    };
    let legal: Vec<Json> = v.legal.iter().map(|m| moves::to_json(m)).collect();
    let last = match v.last.and_then(parse_move) {
        Some(m) => Json::obj().with("from", m.from).with("to", m.to),
        None => Json::Null,
    };
    let check = v.check.and_then(|c| grid.king(c == Color::White));
    let round = if info.series {
        progressive_series(v.fen).round
    } else {
        Vec::new()
    };
    Json::obj()
        .with("id", v.id)
        .with("files", grid.files)
        .with("ranks", grid.ranks)
        .with("squares", squares_json(&grid))
        .with("reserves", reserves_json(&grid))
        .with("panes", Json::Arr(panes))
        .with("legal", Json::Arr(legal))
        .with("last", last)
        .with("check", check)
        .with("round", round)
}

/// The series of a progressive game (null in other variants).
pub(super) fn series_json(variant: VariantId, fen: &str) -> Json {
    if !variant.info().series {
        return Json::Null;
    }
    let s = progressive_series(fen);
    let to_move = if fen.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    };
    Json::obj()
        .with("number", s.number)
        .with("played", s.played)
        .with("length", s.number)
        .with("color", color_word(to_move))
}

impl Room {
    /// The board of the game.
    fn board_json(&self, fen: &str) -> Json {
        let legal = if self.person_may_move() {
            self.table.legal_moves()
        } else {
            Vec::new()
        };
        board_json(&BoardView {
            id: "main",
            variant: self.table.variant(),
            fen,
            legal: &legal,
            last: self.table.played().last().map(|p| p.coord.as_str()),
            check: self.table.in_check().then(|| self.table.side_to_move()),
        })
    }

    /// The whole state document.
    pub(super) fn state(&self) -> Json {
        let now = Instant::now();
        let fen = self.table.fen();
        let variant = self.table.variant();
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
                .with("at", crate::matches::live::epoch_ms())
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
            .with("boards", vec![self.board_json(&fen)])
            .with("moves", moves)
            .with("result", result)
            .with("clocks", clocks)
            .with("engine", engine)
            .with("analysis", self.analysis)
            .with("flipped", self.flipped)
            .with("series", series_json(variant, &fen))
            .with("thinking", self.thinking.clone())
            .with("thinking_seq", self.thinking_seq)
    }
}
