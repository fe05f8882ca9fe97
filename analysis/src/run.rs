//! An analysis of a whole PGN text: every game read and replayed first (a
//! game that cannot be is an error naming it, and nothing is searched),
//! then every game searched in turn.

use crate::game::{self, Job};
use crate::search::Analyst;
use arena::pgn_in::{read_games, PgnRecord};
use movegen::VariantId;

/// How far an analysis has come.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions searched so far, over all games.
    pub done: usize,
    /// Positions to search, over all games.
    pub total: usize,
    /// The game being analysed, from 1.
    pub game: usize,
    /// The games.
    pub games: usize,
}

/// The games of `text`, replayed: a game names its variant in its
/// `Variant` or `Rules` tag, else it is of `variant`.
pub fn prepare(text: &str, variant: VariantId) -> Result<Vec<Box<dyn Job>>, String> {
    let records = read_games(text);
    if records.is_empty() {
        return Err("no game in the PGN text".to_string());
    }
    records
        .into_iter()
        .enumerate()
        .map(|(i, record)| {
            let name = describe(i + 1, &record);
            let id = record
                .variant(variant)
                .map_err(|e| format!("{name}: {e}"))?;
            if id.info().team {
                return Err(format!(
                    "{name}: {id} is a four-player team game; its record is BPGN, which \
                     `vsadnik analyse` does not read yet"
                ));
            }
            game::prepare(record, id).map_err(|e| format!("{name}: {e}"))
        })
        .collect()
}

/// `game 3 (Alice - Bob, round 2)`: a game as errors name it.
fn describe(n: usize, record: &PgnRecord) -> String {
    let tag = |k| record.tag(k).unwrap_or("?");
    format!(
        "game {n} ({} - {}, round {})",
        tag("White"),
        tag("Black"),
        tag("Round")
    )
}

/// Analyses `jobs` one after the other, telling `progress` after every
/// position and handing each game's annotated PGN to `emit` as it is done.
pub fn analyse(
    jobs: &[Box<dyn Job>],
    analyst: &mut Analyst,
    progress: &mut dyn FnMut(Progress),
    emit: &mut dyn FnMut(String),
) {
    let mut p = Progress {
        done: 0,
        total: jobs.iter().map(|j| j.positions()).sum(),
        game: 0,
        games: jobs.len(),
    };
    for job in jobs {
        p.game += 1;
        progress(p);
        analyst.new_game();
        emit(job.analyse(analyst, &mut || {
            p.done += 1;
            progress(p);
        }));
    }
}
