//! XBoard's team-play side (`docs/team_play.md`): the `holding`, `partner`
//! and `ptell` commands, restarting a search when the reserves change,
//! sitting when no legal move is left (S11), obeying the partner's `sit` and
//! `go`, and telling the partner which pieces mate. A child module of
//! `xboard`, so that the hooks there stay one line each.

use super::{Activity, Xboard};
use crate::event::Event;
use crate::team_talk::{parse_holding, sit_message, Holding, PartnerRequest, TeamTalk};
use engine::{Limits, Score, SearchResult};
use movegen::drops::reserve::HELD_KINDS;
use movegen::Color;
use std::time::{Duration, Instant};

/// A partner's `sit` is obeyed while the clock has more than this left
/// (or a tenth of the session time, if that is more).
pub const SIT_LOW_CLOCK: Duration = Duration::from_secs(3);
/// Without a game clock (`st`, or none), the longest a `sit` holds a move.
pub const SIT_NO_CLOCK: Duration = Duration::from_secs(30);

/// A move found but held back at the partner's request.
struct Held {
    result: SearchResult,
    /// When the search for it started (the clock has run since).
    started: Instant,
    /// The number of the timer event that plays it when the clock runs low.
    timer_id: u64,
}

/// Team-play state of an XBoard session.
#[derive(Default)]
pub(super) struct TeamState {
    talk: TeamTalk,
    /// S11: since when the engine sits, on move without a legal move.
    waiting_since: Option<Instant>,
    held: Option<Held>,
    /// `?` arrived while the engine was thinking: its move is played even
    /// if the partner asked it to sit.
    move_now: bool,
    /// The last search found a forced mate for the engine: the partner is
    /// kept sitting so that no piece reaches the opponent.
    mating: bool,
}

/// `limits` for a search started `used` after the engine's clock started:
/// the time already spent is taken off the clock and off a fixed move time.
fn spend(mut limits: Limits, used: Duration) -> Limits {
    if let Some(t) = limits.time {
        limits.time = Some(t.saturating_sub(used));
    }
    if let Some(m) = limits.movetime {
        limits.movetime = Some(m.saturating_sub(used).max(Duration::from_millis(1)));
    }
    limits
}

impl Xboard {
    /// Starts thinking on the engine's move, its clock having started at
    /// `started`; sits instead when no legal move is left but the game goes
    /// on (S11), and tells the partner which pieces would mate.
    pub(super) fn think_since(&mut self, started: Instant) {
        self.team.move_now = false;
        if let Some(r) = self.game_over() {
            self.out(&r);
            return;
        }
        if let Some(view) = self.session.team_view() {
            if let Some(text) = sit_message(view) {
                let kinds = view.saving_kinds();
                self.team.waiting_since.get_or_insert(started);
                let mut lines = vec![format!("# {text}")];
                lines.extend(self.team.talk.tell_need(kinds));
                self.core.out.lines(&lines);
                return;
            }
            // The opponent moved: a board frozen for us goes again, unless
            // the engine is mating.
            let mut lines = self.team.talk.tell_freeze(self.team.mating);
            if self.team.waiting_since.take().is_some() {
                lines.extend(self.team.talk.tell_need(Vec::new()));
            }
            if view.has_partner() && self.team.talk.partner().is_some() {
                lines.extend(self.team.talk.tell_mates(view.mating_kinds()));
                if let (Some(own), Some(opp)) = (self.tc.time, self.tc.otim) {
                    lines.extend(self.team.talk.tell_clocks(own, opp));
                }
            }
            self.core.out.lines(&lines);
            self.set_wishes();
            self.set_sitting_stakes();
        }
        let limits = spend(
            self.tc.limits(self.session.moves_by(self.engine_side)),
            started.elapsed(),
        );
        let (id, reporter) = self.reporter();
        let moves = self.gui.root_moves(&*self.session).unwrap_or_default();
        let handle = self
            .session
            .search(&self.core.engine, limits, &moves, reporter);
        self.activity = Activity::Thinking {
            id,
            handle,
            started,
        };
    }

    /// After the engine's own move: the pieces that would mate it in the
    /// opponent's hand (`---K`); and when the opponent is left sitting (no
    /// legal move until a piece comes) with less time than the partner can
    /// sit through, the partner is asked to `sit` so that none comes (`go`
    /// follows on the engine's next turn).
    pub(super) fn team_after_own_move(&mut self) {
        let Some(view) = self.session.team_view() else {
            return;
        };
        if view.has_partner() && self.team.talk.partner().is_some() {
            let stuck = view.sitting() && self.opponent_flags_first();
            let mut lines = self.team.talk.tell_dangers(view.mating_kinds());
            lines.extend(self.team.talk.tell_freeze(stuck || self.team.mating));
            self.core.out.lines(&lines);
        }
    }

    /// Every search stopped: a held move and the sitting are forgotten.
    pub(super) fn team_halt(&mut self) {
        self.team.held = None;
        self.team.waiting_since = None;
        self.team.move_now = false;
    }

    /// `?`: move now. A search under way stops and its move is played even
    /// if the partner asked the engine to sit; a move held back at the
    /// partner's request is played at once.
    pub(super) fn team_move_now(&mut self) {
        if let Activity::Thinking { handle, .. } = &self.activity {
            handle.stop();
            self.team.move_now = true;
        } else if let Some(held) = self.team.held.take() {
            self.team.talk.release();
            self.out("# moving now, as told, although my partner asked me to sit");
            self.play_own_move(held.result, held.started.elapsed());
            self.flush_pongs();
        }
    }

    /// A new game (`new`, `variant`): the partner's requests end.
    pub(super) fn team_new_game(&mut self) {
        self.team_halt();
        self.team.mating = false;
        self.team.talk.reset_game();
        self.set_wishes();
        self.forget_sitting_stakes();
    }

    /// Analysis and a new game score sitting without the game's clocks.
    pub(super) fn forget_sitting_stakes(&mut self) {
        self.core.engine.settings.eval.sitting_loses = [false; 2];
    }

    /// A search result or a sit timer arrived. Returns the result when the
    /// usual handling should go on; None when it was handled here: a timer
    /// playing a held move, or a move held back because the partner asked
    /// the engine to sit.
    pub(super) fn team_search_done(
        &mut self,
        id: u64,
        result: SearchResult,
    ) -> Option<SearchResult> {
        if self.team.held.as_ref().is_some_and(|h| h.timer_id == id) {
            let held = self.team.held.take()?;
            self.team.talk.release();
            self.out("# the clock runs low: moving although my partner asked me to sit");
            self.play_own_move(held.result, held.started.elapsed());
            self.flush_pongs();
            return None;
        }
        let started = match &self.activity {
            Activity::Thinking { id: t, started, .. } if *t == id => *started,
            _ => return Some(result),
        };
        self.team.mating = self.is_mating(&result);
        let lines = self.team.talk.tell_freeze(self.team.mating);
        self.core.out.lines(&lines);
        if std::mem::take(&mut self.team.move_now) && self.team.talk.sit_requested() {
            self.team.talk.release();
            self.out("# moving now, as told, although my partner asked me to sit");
            return Some(result);
        }
        if !self.team.talk.sit_requested() {
            return Some(result);
        }
        let Some(wait) = self.sit_wait(started) else {
            // The clock is low already: move, and forget the request.
            self.team.talk.release();
            return Some(result);
        };
        let _ = std::mem::replace(&mut self.activity, Activity::Idle);
        let timer_id = self.core.next_search_id();
        let tx = self.core.tx.clone();
        let timer_result = result.clone();
        let spawned = std::thread::Builder::new()
            .name("sit-timer".into())
            .spawn(move || {
                std::thread::sleep(wait);
                let _ = tx.send(Event::SearchDone {
                    id: timer_id,
                    result: timer_result,
                });
            });
        if spawned.is_err() {
            // No timer: obey the clock rather than the partner.
            return Some(result);
        }
        self.team.held = Some(Held {
            result,
            started,
            timer_id,
        });
        self.out("# sitting: my partner asked me to (ptell go releases me)");
        // Not thinking any more: pings wait no longer.
        self.flush_pongs();
        None
    }

    /// How much longer the engine may sit on a move whose clock started at
    /// `started`; None when the clock is already low.
    fn sit_wait(&self, started: Instant) -> Option<Duration> {
        let used = started.elapsed();
        let limits = self.tc.limits(self.session.moves_by(self.engine_side));
        let left = match limits.time {
            Some(clock) if self.tc.st.is_none() => {
                let low = SIT_LOW_CLOCK.max(self.tc.base / 10);
                clock.saturating_sub(used).saturating_sub(low)
            }
            _ => SIT_NO_CLOCK.saturating_sub(used),
        };
        (!left.is_zero()).then_some(left)
    }

    /// Whether a sitting opponent runs out of time before the partner, who
    /// sits until [`SIT_LOW_CLOCK`] is left: the partner's clock as it told
    /// it, else the engine's own standing for it. True without clocks.
    fn opponent_flags_first(&self) -> bool {
        match (self.other_board_clocks().0, self.tc.otim) {
            (Some(partner), Some(opp)) => opp + SIT_LOW_CLOCK < partner,
            _ => true,
        }
    }

    /// Tells the engine's evaluation which side flags first if it sits
    /// (S11), from the clocks of the last `time` and `otim`: a side loses
    /// sitting when the other team's player on the other board can sit
    /// longer. The other board's clocks are the partner's `time` and `otim`
    /// when it told them; else the engine's own clock stands for its
    /// partner's, the opponent's for the opponent's partner's. The opponent
    /// only when the partner talks (it sits when asked,
    /// [`Self::opponent_flags_first`]); without clocks, neither.
    fn set_sitting_stakes(&mut self) {
        let mut loses = [false; 2];
        if let (Some(own), Some(_)) = (self.tc.time, self.tc.otim) {
            let partnered = self.session.team_view().is_some_and(|v| v.has_partner());
            let talking = partnered && self.team.talk.partner().is_some();
            let (_, rival) = self.other_board_clocks();
            loses[self.engine_side.index()] =
                partnered && rival.is_some_and(|r| own < r + SIT_LOW_CLOCK);
            loses[self.engine_side.flip().index()] = talking && self.opponent_flags_first();
        }
        self.core.engine.settings.eval.sitting_loses = loses;
    }

    /// The other board's clocks, the partner's and its opponent's: as the
    /// partner told them, else the engine's own and its opponent's standing
    /// for them.
    fn other_board_clocks(&self) -> (Option<Duration>, Option<Duration>) {
        let told = self.team.talk.partner_clocks();
        (
            told.partner.or(self.tc.time),
            told.opponent.or(self.tc.otim),
        )
    }

    /// Whether `result` is a forced mate for the engine in a game with a
    /// partner board.
    fn is_mating(&self, result: &SearchResult) -> bool {
        matches!(result.score, Some(Score::Mate(m)) if m > 0)
            && self.session.team_view().is_some_and(|v| v.has_partner())
    }

    /// Hands the partner's wishes to the engine's evaluation (from its next
    /// search on).
    fn set_wishes(&mut self) {
        self.core.engine.settings.eval.team_extra = self.team.talk.eval_extra(self.engine_side);
    }

    /// `partner NAME` / `partner`.
    pub(super) fn cmd_partner(&mut self, rest: &str) {
        self.team.talk.set_partner(rest);
        self.set_wishes();
    }

    /// `ptell TEXT`: a message from the partner.
    pub(super) fn cmd_ptell(&mut self, rest: &str) {
        let (req, lines) = self.team.talk.on_ptell(rest);
        self.core.out.lines(&lines);
        match req {
            PartnerRequest::Go => {
                if let Some(held) = self.team.held.take() {
                    self.play_own_move(held.result, held.started.elapsed());
                    self.flush_pongs();
                }
            }
            PartnerRequest::Piece { .. } | PartnerRequest::Clear => self.set_wishes(),
            _ => {}
        }
    }

    /// `holding [WHITE] [BLACK] [PIECE]`: the reserves of the current
    /// position. A search of the engine's move starts again on the new
    /// reserves with the time already used taken off; pondering and
    /// analysis restart; a sitting engine moves once it has a legal move.
    pub(super) fn cmd_holding(&mut self, rest: &str, line: &str) {
        let h = match parse_holding(rest) {
            Ok(h) => h,
            Err(e) => {
                self.error(&format!("malformed holding, {e}"), line);
                return;
            }
        };
        if self.session.team_view().is_none() {
            self.error("holding needs a drop variant", line);
            return;
        }
        match std::mem::replace(&mut self.activity, Activity::Idle) {
            Activity::Thinking {
                id,
                handle,
                started,
            } => {
                if !self.holding_changes(&h) {
                    self.activity = Activity::Thinking {
                        id,
                        handle,
                        started,
                    };
                    return;
                }
                handle.stop();
                let _ = handle.wait();
                self.apply_holding(&h);
                self.think_since(started);
            }
            Activity::Pondering { guess, handle, .. } => {
                handle.stop();
                let _ = handle.wait();
                self.session.undo();
                self.apply_holding(&h);
                self.start_pondering(guess);
            }
            Activity::Analyzing { handle } => {
                if !self.holding_changes(&h) {
                    self.activity = Activity::Analyzing { handle };
                    return;
                }
                handle.stop();
                let _ = handle.wait();
                self.apply_holding(&h);
                self.start_analysis();
            }
            Activity::Idle => {
                if !self.holding_changes(&h) {
                    return;
                }
                self.apply_holding(&h);
                let resume = self
                    .team
                    .held
                    .take()
                    .map(|held| held.started)
                    .or(self.team.waiting_since);
                if let Some(started) = resume {
                    // A held move may be illegal now, a sitting engine may
                    // have a move: think again on the clock already running.
                    self.think_since(started);
                } else if self.session.side_to_move() != self.engine_side
                    && !self.force
                    && !self.analyze
                {
                    self.team_after_own_move();
                }
            }
        }
    }

    /// Whether `h` differs from the current reserves.
    fn holding_changes(&self, h: &Holding) -> bool {
        let Some(view) = self.session.team_view() else {
            return false;
        };
        let r = view.reserve();
        Color::ALL
            .iter()
            .any(|&c| HELD_KINDS.iter().any(|&k| r.count(c, k) != h.count(c, k)))
    }

    /// Sets the reserves of the current position to `h`.
    fn apply_holding(&mut self, h: &Holding) {
        if let Some(view) = self.session.team_view_mut() {
            for c in Color::ALL {
                for k in HELD_KINDS {
                    view.set_reserve(c, k, h.count(c, k));
                }
            }
        }
    }
}
