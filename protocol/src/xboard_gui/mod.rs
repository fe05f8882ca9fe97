//! What the XBoard GUI needs beyond CECP's core for the variants it does not
//! know (`docs/xboard.md`): the `setup` of engine-defined variants
//! (tranzit's 16x8 board, tavreli's tops and Helgi, Swedish chess's
//! holdings), target markers for `lift`/`put` (the engine decides legality;
//! also for drops from the holdings), tavreli's tower FEN and its
//! whole-tower play, and progressive series played with null moves.
//!
//! [`Gui`] keeps that state for the XBoard dialect; everything here is
//! switched on by XBoard's `accepted highlight` (other CECP clients, such as
//! python-chess or the match runner, keep the plain protocol and the
//! contract's move forms).

pub mod board;
pub mod highlight;
pub mod holdings;
pub mod series;
pub mod setup;

use crate::session::Session;
use series::{SeriesSync, Step};

/// GUI state of the XBoard dialect.
#[derive(Clone, Debug)]
pub struct Gui {
    /// XBoard accepted `highlight`: a GUI with a board is attached.
    enabled: bool,
    /// Progressive: XBoard's side to move against the game's.
    sync: SeriesSync,
}

impl Default for Gui {
    fn default() -> Self {
        Gui {
            enabled: false,
            sync: SeriesSync::new(movegen::Color::White),
        }
    }
}

fn progressive(session: &dyn Session) -> bool {
    session.variant().info().series
}

fn towers(session: &dyn Session) -> bool {
    session.variant().info().towers
}

impl Gui {
    /// `accepted FEATURE` from the GUI.
    pub fn accepted(&mut self, feature: &str) {
        if feature.trim() == "highlight" {
            self.enabled = true;
        }
    }

    /// `computer`: the opponent is an engine.
    pub fn computer(&mut self) {
        self.sync.opponent_computer = true;
    }

    /// `new`: a new game, opponent unknown until `computer`.
    pub fn new_game(&mut self, session: &dyn Session) {
        self.sync = SeriesSync::new(session.side_to_move());
    }

    /// After `variant` or `setboard`: in step with the new position; the
    /// `setup` line describing it, for engine-defined variants.
    pub fn position_set(&mut self, session: &dyn Session) -> Option<String> {
        self.sync.gui_side = session.side_to_move();
        setup::setup_line(session.variant(), &session.view())
    }

    /// Whether `mv` can be shown on XBoard's board. XBoard shows one piece
    /// per square, a tower's top: a tavreli split would leave the rest of
    /// the tower behind on a square XBoard shows empty, its board and the
    /// game out of step (and, in Two Machines mode, the other engine,
    /// given the plain move, would move the whole tower). So under XBoard
    /// tavreli is played with whole towers.
    pub fn shows(&self, session: &dyn Session, mv: &str) -> bool {
        !(self.enabled && towers(session) && mv.contains('('))
    }

    /// The moves the engine may choose from at the root: None for every
    /// legal move; under XBoard in tavreli, the whole-tower moves (all
    /// moves in the rare position where only a split is legal, rather
    /// than no move).
    pub fn root_moves(&self, session: &dyn Session) -> Option<Vec<String>> {
        if !self.enabled || !towers(session) {
            return None;
        }
        let whole: Vec<String> = session
            .legal_moves()
            .into_iter()
            .filter(|m| self.shows(session, m))
            .collect();
        (!whole.is_empty()).then_some(whole)
    }

    /// The answer to `lift`, `put` or `hover` (`line` is the whole command):
    /// a `highlight` line, an `Error` line, or nothing.
    pub fn marker(
        &self,
        cmd: &str,
        square: &str,
        line: &str,
        session: &dyn Session,
    ) -> Option<String> {
        let view = session.view();
        match cmd {
            "lift" => {
                let legal = session.legal_moves();
                Some(
                    highlight::lift(&view, &legal, square.trim())
                        .unwrap_or_else(|e| format!("Error ({e}): {}", crate::uci::echo(line))),
                )
            }
            "put" => Some(highlight::clear(view.files)),
            _ => None,
        }
    }

    /// The move a GUI move stands for: in tavreli a promotion letter
    /// XBoard added is dropped (promotion is automatic there). Other text
    /// is passed on unchanged (a split, or anything that is not a plain
    /// `e2e4`/`e7e8q` form, is then refused as an illegal move).
    pub fn user_move(&self, text: &str, session: &dyn Session) -> String {
        if !self.enabled || !towers(session) {
            return text.to_string();
        }
        if session.canonical_move(text).is_none() && text.chars().count() == 5 {
            if let Some(squares) = text.strip_suffix(|c: char| c.is_ascii_alphabetic()) {
                return squares.to_string();
            }
        }
        text.to_string()
    }

    /// After any move on XBoard's board (the engine's, the user's): the
    /// comment lines to print (tavreli's towers).
    pub fn moved(&mut self, session: &dyn Session) -> Vec<String> {
        self.sync.moved();
        if self.enabled && towers(session) {
            vec![format!("# towers: {}", session.fen())]
        } else {
            Vec::new()
        }
    }

    /// Whether XBoard and the game agree on whose turn it is, and if not,
    /// what the engine (playing `engine`) does about it. Always
    /// [`Step::InStep`] outside progressive chess under XBoard.
    pub fn step(&self, session: &dyn Session, engine: movegen::Color) -> Step {
        if !self.enabled || !progressive(session) {
            return Step::InStep;
        }
        self.sync.step(session.side_to_move(), engine)
    }

    /// The engine sent `move @@@@`.
    pub fn passed(&mut self) {
        self.sync.moved();
    }

    /// A null move from the GUI (`@@@@`): accepted (and followed) when the
    /// side XBoard has on move is not the one playing its series.
    pub fn null_move(&mut self, session: &dyn Session) -> bool {
        let fits =
            self.enabled && progressive(session) && self.sync.null_fits(session.side_to_move());
        if fits {
            self.sync.moved();
        }
        fits
    }

    /// Whether `setboard fen` passes on the other engine's null move.
    pub fn is_null_setboard(&self, fen: &str, session: &dyn Session) -> bool {
        self.enabled && progressive(session) && self.sync.is_null_setboard(&session.fen(), fen)
    }
}
