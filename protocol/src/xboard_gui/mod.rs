//! What the XBoard GUI needs beyond CECP's core for the variants it does not
//! know (`docs/xboard.md`): the `setup` of engine-defined variants
//! (tranzit's 16x8 board, tavreli's tops and Helgi, Swedish chess's
//! holdings), target markers for `lift`/`put` (the engine decides legality;
//! also for drops from the holdings), tavreli's tower FEN and splits, and
//! progressive series played with null moves.
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

/// The engine option that sets how many pieces the next tower move made in
/// the GUI carries (tavreli; 0 = the whole tower).
pub const SPLIT_OPTION: &str = "TowerSplit";

/// GUI state of the XBoard dialect.
#[derive(Clone, Debug)]
pub struct Gui {
    /// XBoard accepted `highlight`: a GUI with a board is attached.
    enabled: bool,
    /// Progressive: XBoard's side to move against the game's.
    sync: SeriesSync,
    /// Tavreli: pieces the next GUI move of a tower carries (0: all).
    split: usize,
}

impl Default for Gui {
    fn default() -> Self {
        Gui {
            enabled: false,
            sync: SeriesSync::new(movegen::Color::White),
            split: 0,
        }
    }
}

fn progressive(session: &dyn Session) -> bool {
    session.variant().starts_with("progressive-")
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
        self.split = 0;
    }

    /// After `variant` or `setboard`: in step with the new position; the
    /// `setup` line describing it, for engine-defined variants.
    pub fn position_set(&mut self, session: &dyn Session) -> Option<String> {
        self.sync.gui_side = session.side_to_move();
        setup::setup_line(session.variant(), &session.fen())
    }

    /// Sets the tavreli split count (the [`SPLIT_OPTION`] option).
    pub fn set_split(&mut self, count: i64) -> Result<(), String> {
        if !(0..=32).contains(&count) {
            return Err(format!("{SPLIT_OPTION} must be 0..32"));
        }
        self.split = count as usize;
        Ok(())
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
        let width = board::Placement::parse(&session.fen()).map_or(8, |p| p.width());
        match cmd {
            "lift" => {
                let count = (self.split > 0).then_some(self.split);
                let legal = session.legal_moves();
                Some(
                    highlight::lift(&session.fen(), &legal, square.trim(), count)
                        .unwrap_or_else(|e| format!("Error ({e}): {}", crate::uci::echo(line))),
                )
            }
            "put" => Some(highlight::clear(width)),
            _ => None,
        }
    }

    /// The move a GUI move stands for: in tavreli a whole-tower move becomes
    /// a split when [`SPLIT_OPTION`] is set (and the option goes back to 0),
    /// and a promotion letter XBoard added is dropped (promotion is
    /// automatic there). Text that is not a plain `e2e4`/`e7e8q` form is
    /// passed on unchanged, to be refused as an illegal move.
    pub fn user_move(&mut self, text: &str, session: &dyn Session) -> String {
        if !self.enabled || session.variant() != "tavreli" {
            return text.to_string();
        }
        let split = std::mem::take(&mut self.split);
        let mut squares = text;
        if session.canonical_move(text).is_none() && text.chars().count() == 5 {
            squares = text
                .strip_suffix(|c: char| c.is_ascii_alphabetic())
                .unwrap_or(text);
        }
        if split > 0 {
            if let Some((from, to)) = squares.split_at_checked(2) {
                let cut = format!("{from}({split}){to}");
                if to.chars().count() == 2 && session.canonical_move(&cut).is_some() {
                    return cut;
                }
            }
        }
        squares.to_string()
    }

    /// The lines announcing the engine's move `best`: `move X`, and under
    /// XBoard a tavreli split as `move f3f6` (XBoard cannot read counts)
    /// followed by `# split f3(2)f6`.
    pub fn move_lines(&self, best: &str, session: &dyn Session) -> Vec<String> {
        if self.enabled && session.variant() == "tavreli" {
            if let Some((from, Some(_), to)) = board::move_squares(best) {
                let plain = format!("{}{}", square_name(from), square_name(to));
                return vec![format!("move {plain}"), format!("# split {best}")];
            }
        }
        vec![format!("move {best}")]
    }

    /// After any move on XBoard's board (the engine's, the user's): the
    /// comment lines to print (tavreli's towers).
    pub fn moved(&mut self, session: &dyn Session) -> Vec<String> {
        self.sync.moved();
        if self.enabled && session.variant() == "tavreli" {
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

fn square_name(s: board::Square) -> String {
    format!("{}{}", (b'a' + s.file as u8) as char, s.rank + 1)
}
