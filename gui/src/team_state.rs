//! The state document of a team game, as the player of one seat sees it
//! (the host's page, or a seat link's): the two-player document's fields
//! (so the page's board, reserves, drag and drop and move list work as
//! they are) with two boards — the player's first, then the partner's,
//! turned so that the partner's colour is at the bottom, as partners sit
//! side by side — each with its own clocks, players and moves, and a `team`
//! object: the seats, the partner messages, how the game ended for the
//! person's team. Its types are [`crate::doc::state`] and
//! [`crate::doc::team`].

use super::doc::board::Board;
use super::doc::state::{
    all_variants, chess960_variants, team_variants, Clocks, EnginePart, GameResult, Players, State,
};
use super::doc::team::{Message, Seat, SeatedBoard, TeamPart};
use super::doc::{ColorWord, MoveEntry};
use super::team_room::{Phase, TeamRoom};
use super::view;
use arena::team::play::seat_name;
use movegen::drops::{DropRules, TeamBoard};
use movegen::{Color, Position};
use std::time::Instant;

/// The most partner messages the document carries (the latest).
const MESSAGES_SHOWN: usize = 40;

/// `A` or `B`.
fn board_name(b: TeamBoard) -> &'static str {
    if b == TeamBoard::A {
        "A"
    } else {
        "B"
    }
}

impl<R: DropRules> TeamRoom<R> {
    /// What seat `e`'s player is doing.
    fn activity(&self, e: usize) -> &'static str {
        if self.sitters.is_person(e) {
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

    /// Seat `e` for the page of seat `me` (the host's page: with the
    /// links of the other seats).
    fn seat(&self, e: usize, me: usize, host_view: bool) -> Seat {
        let (b, c) = self.play.seat(e);
        Seat {
            name: self.names[e].clone(),
            role: self.role(me, e),
            link: (host_view && e != me).then(|| self.sitters.link(e)),
            board: board_name(b),
            color: c.into(),
            seat: seat_name(b, c),
            status: self.activity(e),
            protocol: self.engines[e]
                .as_ref()
                .map(|en| format!("{:?}", en.proto).to_ascii_lowercase()),
        }
    }

    /// What board `b` has of its own, for the player of seat `me`:
    /// position, clocks, players, moves.
    fn seated(&self, b: TeamBoard, me: usize, now: Instant) -> SeatedBoard {
        let pos = self.play.game().board(b);
        let mine = b == self.play.seat(me).0;
        let (coords, sans) = self.play.moves(b);
        let start = self.play.start(b).view();
        let (mut number, mut color) = (start.number, start.side_to_move);
        let mut moves = Vec::new();
        for (coord, san) in coords.iter().zip(sans) {
            moves.push(MoveEntry {
                n: number,
                color: color.into(),
                text: san.clone(),
                uci: coord.clone(),
            });
            if color == Color::Black {
                number += 1;
            }
            color = color.flip();
        }
        // A board waiting out its pace has no clock running.
        let running = (matches!(self.phase, Phase::Playing) && !self.play.paused(b, now))
            .then(|| pos.side_to_move().into());
        let name = |c| self.names[self.play.seat_at(b, c)].clone();
        SeatedBoard {
            fen: pos.to_fen(),
            // The partner's colour at the bottom of the partner's board.
            flipped: if mine {
                self.flipped[me]
            } else {
                !self.flipped[me]
            },
            to_move: pos.side_to_move().into(),
            clocks: Clocks {
                white: self.play.left_ms(b, Color::White, now),
                black: self.play.left_ms(b, Color::Black, now),
                running,
                tc: Some(self.tc.tag()),
                at: None,
            },
            players: Players {
                white: name(Color::White),
                black: name(Color::Black),
            },
            moves,
        }
    }

    /// Board `b` with what it has of its own (`seated`), for the player
    /// of seat `me` (who may move on it, or not).
    fn team_board(&self, b: TeamBoard, me: usize, seated: SeatedBoard) -> Board {
        let pos = self.play.game().board(b);
        let mine = b == self.play.seat(me).0;
        let legal: Vec<String> = if mine && self.may_move(me) {
            let mut list = <movegen::drops::DropPosition<R> as Position>::MoveList::default();
            pos.generate_moves(&mut list);
            list.iter().map(|m| m.to_string()).collect()
        } else {
            Vec::new()
        };
        let last = self.play.moves(b).0.last().map(String::as_str);
        let mut board = view::board(board_name(b), &pos.view(), &legal, last);
        board.seated = Some(seated);
        board
    }

    /// The whole state document as the player of seat `me` sees it;
    /// `host_view`: the host's page (which has the seat links).
    pub(super) fn state(&self, me: usize, host_view: bool) -> State {
        let now = self.clock_time();
        let (my_board, my_color) = self.play.seat(me);
        let mine = self.seated(my_board, me, now);
        let theirs = self.seated(my_board.other(), me, now);
        // The person's board's side to move, moves and clocks are the game's.
        let (to_move, moves, clocks) = (mine.to_move, mine.moves.clone(), mine.clocks.clone());
        let boards = vec![
            self.team_board(my_board, me, mine),
            self.team_board(my_board.other(), me, theirs),
        ];
        let opponent = self.play.seat_at(my_board, my_color.flip());
        let partner = me ^ 1;
        let (turn, result) = match &self.phase {
            Phase::Ready => ("ready", None),
            Phase::Over(end) => {
                let outcome = match end.winner {
                    None => "draw",
                    Some(t) if t == self.play.team_of(me) => "win",
                    Some(_) => "loss",
                };
                let result = GameResult {
                    result: end.result().to_string(),
                    termination: end.termination.clone(),
                    comment: end.comment.clone(),
                    outcome: Some(outcome),
                };
                ("over", Some(result))
            }
            Phase::Playing if self.may_move(me) => ("person", None),
            Phase::Playing => ("engine", None),
        };
        let ours: Vec<_> = self
            .play
            .talk()
            .iter()
            .filter(|t| t.from == me || t.from == partner)
            .collect();
        let messages = ours[ours.len().saturating_sub(MESSAGES_SHOWN)..]
            .iter()
            .map(|t| Message {
                from: if t.from == me { "you" } else { "partner" },
                text: t.text.clone(),
            })
            .collect();
        let engine = EnginePart {
            name: self.names[opponent].clone(),
            status: self.activity(opponent),
            color: Some(my_color.flip().into()),
            notice: self.notice.clone(),
            level: None,
        };
        let team = TeamPart {
            board: board_name(my_board),
            seats: (0..4).map(|e| self.seat(e, me, host_view)).collect(),
            partner: self.seat(partner, me, host_view),
            host: host_view,
            messages,
            started: !matches!(self.phase, Phase::Ready),
        };
        State {
            version: self.version,
            variant: self.variant.name(),
            towers: false,
            variants: all_variants(),
            team_variants: team_variants(),
            chess960_variants: chess960_variants(),
            fen: self.play.game().to_fen(),
            start_fen: None,
            side: ColorWord::from(my_color).name(),
            to_move,
            turn,
            boards,
            moves,
            result,
            clocks: Some(clocks),
            engine,
            analysis: false,
            flipped: self.flipped[me],
            series: None,
            thinking: None,
            thinking_seq: self.version,
            players: None,
            watch: None,
            team: Some(team),
            study: None,
        }
    }
}
