//! Resign and draw adjudication (`--resign`, `--draw`): the engines'
//! scores counted move by move, and the end they call for.

use super::{idx, End};
use crate::options::{DrawRule, ResignRule};
use crate::record::color_name;
use movegen::Color;

/// The counts behind resign and draw adjudication.
pub(super) struct Adjudication {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Each side's moves in a row with its engine's score at or below the
    /// resign score.
    low_scores: [u32; 2],
    /// Plies in a row with the mover's score within the draw score.
    calm_plies: u32,
}

impl Adjudication {
    pub(super) fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Self {
        Adjudication {
            resign,
            draw,
            low_scores: [0; 2],
            calm_plies: 0,
        }
    }

    /// Whether the engines are asked for their scores (thinking output).
    pub(super) fn on(&self) -> bool {
        self.resign.is_some() || self.draw.is_some()
    }

    /// Counts the score `color`'s engine gave for the move it just made.
    pub(super) fn note(&mut self, color: Color, score: Option<i32>) {
        if let Some(r) = self.resign {
            match score {
                Some(s) if s <= -r.score => self.low_scores[idx(color)] += 1,
                _ => self.low_scores[idx(color)] = 0,
            }
        }
        if let Some(d) = self.draw {
            match score {
                Some(s) if s.abs() <= d.score => self.calm_plies += 1,
                _ => self.calm_plies = 0,
            }
        }
    }

    /// The adjudicated end, if the counts call for one, before move
    /// number `fullmove`.
    pub(super) fn verdict(&self, fullmove: usize) -> Option<End> {
        if let Some(r) = self.resign {
            for color in [Color::White, Color::Black] {
                if self.low_scores[idx(color)] >= r.moves {
                    return Some(End::loss(
                        color,
                        "adjudication",
                        format!("{} wins by adjudication", color_name(color.flip())),
                    ));
                }
            }
        }
        let d = self.draw?;
        (fullmove >= d.move_number as usize && self.calm_plies >= 2 * d.moves).then(|| End {
            white: 1,
            black: 1,
            termination: "adjudication".to_string(),
            comment: "Draw by adjudication".to_string(),
        })
    }
}
