//! The XBoard dialect's calls into [`crate::xboard_gui`]: the state changes
//! that need the dialect's fields (output, session, search), kept out of
//! `xboard.rs`. A child module of `xboard` (declared there with `#[path]`).

use super::Xboard;
use crate::uci::echo;
use crate::xboard_gui::series::Step;

impl Xboard {
    /// After `variant` or a real `setboard`: the `setup` line of an
    /// engine-defined variant.
    pub(super) fn gui_position_set(&mut self) {
        if let Some(line) = self.gui.position_set(&*self.session) {
            self.out(&line);
        }
    }

    /// After a move on XBoard's board: the GUI's comment lines.
    pub(super) fn gui_moved(&mut self) {
        let lines = self.gui.moved(&*self.session);
        self.core.out.lines(&lines);
    }

    /// Brings XBoard in step with a progressive series: passes with
    /// `move @@@@` where needed. True when the engine may go on (think if it
    /// is its turn); false while it waits for the opponent's pass.
    pub(super) fn gui_step(&mut self) -> bool {
        match self.gui.step(&*self.session, self.engine_side) {
            Step::InStep => true,
            Step::Wait => false,
            Step::Pass => {
                self.out("move @@@@");
                self.gui.passed();
                true
            }
        }
    }

    /// A null move from the GUI (`@@@@`, or a `setboard` that only passes
    /// the turn): accepted while the side XBoard has on move is not the one
    /// playing its series; otherwise `Illegal move`.
    pub(super) fn gui_null(&mut self, text: &str) {
        if !self.gui.null_move(&*self.session) {
            self.out(&format!("Illegal move: {}", echo(text)));
            return;
        }
        self.after_opponent_move();
    }
}
