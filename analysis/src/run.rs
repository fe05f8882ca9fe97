//! An analysis of a whole PGN text: every game read and replayed first (a
//! game that cannot be is an error naming it, and nothing is searched),
//! then every game searched in turn.

use crate::game::{self, Job};
use crate::search::Analyst;
use crate::team;
use arena::pgn_in::{read_games, split_games, PgnRecord};
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
/// `Variant` or `Rules` tag, else it is of `variant`; a team game's record
/// is BPGN.
pub fn prepare(text: &str, variant: VariantId) -> Result<Vec<Box<dyn Job>>, String> {
    let texts = split_games(text);
    let records: Vec<PgnRecord> = texts
        .iter()
        .filter_map(|t| read_games(t).into_iter().next())
        .collect();
    if records.is_empty() || records.len() != texts.len() {
        return Err("no game in the PGN text".to_string());
    }
    records
        .into_iter()
        .zip(&texts)
        .enumerate()
        .map(|(i, (record, text))| {
            let name = describe(i + 1, &record);
            let id = record
                .variant(variant)
                .map_err(|e| format!("{name}: {e}"))?;
            let job = if id.info().team {
                team::prepare(text, id)
            } else {
                game::prepare(record, id)
            };
            job.map_err(|e| format!("{name}: {e}"))
        })
        .collect()
}

/// `game 3 (Alice - Bob, round 2)`: a game as errors name it (a team
/// game by its board A players).
fn describe(n: usize, record: &PgnRecord) -> String {
    let tag = |k, or| record.tag(k).or_else(|| record.tag(or)).unwrap_or("?");
    format!(
        "game {n} ({} - {}, round {})",
        tag("White", "WhiteA"),
        tag("Black", "BlackA"),
        tag("Round", "Round")
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
