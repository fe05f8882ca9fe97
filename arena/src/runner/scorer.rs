//! The finished games as the main thread takes them: the PGN file, the
//! lines on the screen, the score and the SPRT, and the match's last lines.

use crate::console as output;
use crate::game::Finished;
use crate::options::SprtSpec;
use crate::stats::{Score, SprtState};
use crate::MatchError;
use std::fs::File;
use std::io::Write;

/// What the main thread makes of the finished games: each written to the
/// PGN file and the screen, the score kept, the match stopped when the
/// SPRT decides or output fails.
pub(super) struct Scorer<'a> {
    /// The two sides, as the score line names them.
    sides: &'a [String; 2],
    pgn: Option<File>,
    /// The first side's score.
    score: Score,
    sprt: Option<SprtSpec>,
    /// The SPRT has reached a verdict.
    pub(super) decided: bool,
    /// Why the match failed, if it did.
    write_error: Option<String>,
    /// Standard output closed by its reader: the match stops, quietly.
    output_closed: bool,
}

impl<'a> Scorer<'a> {
    pub(super) fn new(
        sides: &'a [String; 2],
        pgn: Option<File>,
        score: Score,
        sprt: Option<SprtSpec>,
    ) -> Self {
        let mut scorer = Scorer {
            sides,
            pgn,
            score,
            sprt,
            decided: false,
            write_error: None,
            output_closed: false,
        };
        scorer.decided = scorer.sprt_state().is_some_and(|s| s.verdict().is_some());
        scorer
    }

    /// The SPRT on the score so far, if `--sprt` asked for it.
    fn sprt_state(&self) -> Option<SprtState> {
        self.sprt.map(|s| SprtState::new(&s, &self.score))
    }

    /// Records game `f`: its PGN, its result and the score lines; false
    /// when the match must stop.
    pub(super) fn take(&mut self, f: &Finished) -> bool {
        if let Some(file) = self.pgn.as_mut() {
            if let Err(e) = file.write_all(f.pgn.as_bytes()).and_then(|_| file.flush()) {
                self.write_error = Some(format!("writing the PGN: {e}"));
                return false;
            }
        }
        let [first, second] = self.sides;
        let (white, black) = if f.first_white {
            (first, second)
        } else {
            (second, first)
        };
        if f.first_white {
            self.score.add(f.white_points, f.black_points);
        } else {
            self.score.add(f.black_points, f.white_points);
        }
        let mut lines = vec![
            format!(
                "Finished game {} ({white} vs {black}): {} {{{}}}",
                f.round, f.result, f.comment
            ),
            self.score.score_line(first, second),
        ];
        let mut go_on = true;
        if let Some(st) = self.sprt_state() {
            lines.push(st.line());
            if st.verdict().is_some() {
                self.decided = true;
                go_on = false;
            }
        }
        if let Err(e) = output::try_lines(&lines) {
            if output::is_closed(&e) {
                self.output_closed = true;
            } else {
                self.write_error = Some(format!("writing to standard output: {e}"));
            }
            go_on = false;
        }
        go_on
    }

    /// Ends the match: the error that stopped it, or the closing lines (the
    /// SPRT's if it decided or `played` rounds, the score, the Elo).
    pub(super) fn conclude(self, played: bool) -> Result<(), MatchError> {
        if let Some(e) = self.write_error {
            return Err(MatchError::Fatal(e));
        }
        if self.output_closed {
            return Ok(());
        }
        let mut summary = Vec::new();
        if let Some(st) = self.sprt_state() {
            if self.decided || played {
                summary.push(st.line());
            }
        }
        summary.push(self.score.score_line(&self.sides[0], &self.sides[1]));
        summary.push(self.score.elo_line());
        output::lines(&summary);
        Ok(())
    }
}
