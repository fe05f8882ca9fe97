//! The state document of a team game: the two-player document's fields
//! (so the page's board, reserves, drag and drop and move list work as
//! they are) with two boards — the person's first, then the partner's,
//! turned so that the partner's colour is at the bottom, as partners sit
//! side by side — each with its own clocks, players and moves, and a `team`
//! object: the seats, the partner messages, how the game ended for the
//! person's team.

use super::team_room::{Phase, TeamRoom};
use super::view::{board_json, color_word};
use arena::json::Json;
use arena::team::play::seat_name;
use movegen::drops::{DropRules, TeamBoard};
use movegen::{Color, Position};
use std::time::Instant;

/// The most partner messages the document carries (the latest).
const MESSAGES_SHOWN: usize = 40;

/// The full-move number and colour of the first move of a board from `fen`.
impl<R: DropRules> TeamRoom<R> {
    /// What seat `e`'s player is doing.
    fn activity(&self, e: usize) -> &'static str {
        if e == self.person {
            "person"
        } else if self.engines[e].is_none() {
            "not running"
        } else if self.play.sitting(e) {
            "sitting"
        } else if self.play.thinking(e) {
            "thinking"
        } else {
            "idle"
        }
    }

    /// Seat `e` for the page.
    fn seat_json(&self, e: usize) -> Json {
        let (b, c) = self.play.seat(e);
        let proto = self.engines[e]
            .as_ref()
            .map(|en| format!("{:?}", en.proto).to_ascii_lowercase());
        Json::obj()
            .with("name", self.names[e].clone())
            .with("role", self.role(e))
            .with("board", if b == TeamBoard::A { "A" } else { "B" })
            .with("color", color_word(c))
            .with("seat", seat_name(b, c))
            .with("status", self.activity(e))
            .with("protocol", proto)
    }

    /// Board `b` with its clocks, players and moves.
    fn team_board_json(&self, b: TeamBoard, now: Instant) -> Json {
        let pos = self.play.game().board(b);
        let fen = pos.to_fen();
        let mine = b == self.play.seat(self.person).0;
        let legal: Vec<String> = if mine && self.person_may_move() {
            let mut list = <movegen::drops::DropPosition<R> as Position>::MoveList::default();
            pos.generate_moves(&mut list);
            list.iter().map(|m| m.to_string()).collect()
        } else {
            Vec::new()
        };
        let (coords, sans) = self.play.moves(b);
        let id = if b == TeamBoard::A { "A" } else { "B" };
        let doc = board_json(id, &pos.view(), &legal, coords.last().map(String::as_str));
        let start = self.play.start(b).view();
        let (mut number, mut color) = (start.number, start.side_to_move);
        let mut moves = Vec::new();
        for (coord, san) in coords.iter().zip(sans) {
            moves.push(
                Json::obj()
                    .with("n", number)
                    .with("color", color_word(color))
                    .with("text", san.clone())
                    .with("uci", coord.clone()),
            );
            if color == Color::Black {
                number += 1;
            }
            color = color.flip();
        }
        // A board waiting out its pace has no clock running.
        let running = (matches!(self.phase, Phase::Playing) && !self.play.paused(b, now))
            .then(|| color_word(pos.side_to_move()));
        let clocks = Json::obj()
            .with("white", self.play.left_ms(b, Color::White, now))
            .with("black", self.play.left_ms(b, Color::Black, now))
            .with("running", running)
            .with("tc", self.tc.tag());
        let name = |c| self.names[self.play.seat_at(b, c)].clone();
        let players = Json::obj()
            .with("white", name(Color::White))
            .with("black", name(Color::Black));
        // The partner's colour at the bottom of the partner's board.
        let flipped = if mine { self.flipped } else { !self.flipped };
        doc.with("fen", fen.clone())
            .with("flipped", flipped)
            .with("to_move", color_word(pos.side_to_move()))
            .with("clocks", clocks)
            .with("players", players)
            .with("moves", moves)
    }

    /// The whole state document.
    pub(super) fn state(&self) -> Json {
        let now = self.clock_time();
        let (my_board, my_color) = self.play.seat(self.person);
        let boards = vec![
            self.team_board_json(my_board, now),
            self.team_board_json(my_board.other(), now),
        ];
        let mine = &boards[0];
        let opponent = self.play.seat_at(my_board, my_color.flip());
        let partner = self.person ^ 1;
        let (turn, result) = match &self.phase {
            Phase::Ready => ("ready", Json::Null),
            Phase::Over(end) => {
                let outcome = match end.winner {
                    None => "draw",
                    Some(t) if t == self.play.team_of(self.person) => "win",
                    Some(_) => "loss",
                };
                let doc = Json::obj()
                    .with("result", end.result())
                    .with("termination", end.termination.clone())
                    .with("comment", end.comment.clone())
                    .with("outcome", outcome);
                ("over", doc)
            }
            Phase::Playing if self.person_may_move() => ("person", Json::Null),
            Phase::Playing => ("engine", Json::Null),
        };
        let ours: Vec<_> = self
            .play
            .talk()
            .iter()
            .filter(|t| t.from == self.person || t.from == partner)
            .collect();
        let messages: Vec<Json> = ours[ours.len().saturating_sub(MESSAGES_SHOWN)..]
            .iter()
            .map(|t| {
                Json::obj()
                    .with(
                        "from",
                        if t.from == self.person {
                            "you"
                        } else {
                            "partner"
                        },
                    )
                    .with("text", t.text.clone())
            })
            .collect();
        let engine = Json::obj()
            .with("name", self.names[opponent].clone())
            .with("status", self.activity(opponent))
            .with("color", color_word(my_color.flip()))
            .with("notice", self.notice.clone());
        let team = Json::obj()
            .with("board", if my_board == TeamBoard::A { "A" } else { "B" })
            .with(
                "seats",
                (0..4).map(|e| self.seat_json(e)).collect::<Vec<_>>(),
            )
            .with("partner", self.seat_json(partner))
            .with("messages", messages)
            .with("started", !matches!(self.phase, Phase::Ready));
        let fen = self.play.game().to_fen();
        Json::obj()
            .with("version", self.version)
            .with("variant", self.variant.name())
            .with("towers", false)
            .with(
                "variants",
                movegen::VariantId::ALL
                    .map(movegen::VariantId::name)
                    .to_vec(),
            )
            .with("fen", fen)
            .with("start_fen", Json::Null)
            .with("side", color_word(my_color))
            .with(
                "to_move",
                mine.get("to_move").cloned().unwrap_or(Json::Null),
            )
            .with("turn", turn)
            .with("moves", mine.get("moves").cloned().unwrap_or(Json::Null))
            .with("clocks", mine.get("clocks").cloned().unwrap_or(Json::Null))
            .with("boards", boards)
            .with("result", result)
            .with("engine", engine)
            .with("analysis", false)
            .with("flipped", self.flipped)
            .with("series", Json::Null)
            .with("thinking", Json::Null)
            .with("thinking_seq", self.version)
            .with("team", team)
    }
}
