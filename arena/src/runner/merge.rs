//! `vsadnik match --merge FILE...`: the PGN (or BPGN) files of a match
//! played in parts (`--shard K/N`, on as many machines) read back as one
//! match, with the closing lines one run would have printed: the SPRT's
//! (with `--sprt`), the score and the Elo. Every finished game counts once;
//! the files must hold one pairing, each round once, each with the colours
//! the schedule gives it (the first side White in odd rounds).

use super::{recorded_games, RecordedGame};
use crate::console as output;
use crate::game::{TEAM_SIDE_TAGS, TWO_PLAYER_SIDE_TAGS};
use crate::options::SprtSpec;
use crate::stats::{Score, SprtState};
use crate::{MatchError, UsageError};
use movegen::VariantId;
use std::collections::BTreeMap;

/// What `--merge` is asked to do.
#[derive(Clone, Debug)]
pub struct MergeOptions {
    /// The PGN or BPGN files of the match's parts.
    pub files: Vec<String>,
    /// The SPRT to judge the merged score by.
    pub sprt: Option<SprtSpec>,
}

/// The most missing rounds named one by one.
const MISSING_SHOWN: usize = 10;

/// The finished games of one file: two-player or team games.
fn read_file(path: &str) -> Result<(Vec<RecordedGame>, bool), UsageError> {
    let bytes = std::fs::read(path).map_err(|e| UsageError(format!("--merge {path}: {e}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let team = recorded_games(&text, TEAM_SIDE_TAGS);
    if !team.is_empty() {
        return Ok((team, true));
    }
    Ok((recorded_games(&text, TWO_PLAYER_SIDE_TAGS), false))
}

/// The merged match: its two sides, its games by round (with the file
/// each came from), its score.
#[derive(Debug)]
pub struct Merged {
    /// The sides as the score line names them: the first side is White's
    /// in odd rounds.
    pub sides: [String; 2],
    /// The rounds found.
    pub rounds: Vec<u32>,
    /// The first side's score.
    pub score: Score,
}

/// Reads and checks the games of `files` (`(path, games)`); the merged
/// match, or why the files do not make one.
pub fn merge_games(files: &[(String, Vec<RecordedGame>)]) -> Result<Merged, String> {
    let mut by_round: BTreeMap<u32, (&str, &RecordedGame)> = BTreeMap::new();
    for (path, games) in files {
        for g in games {
            if let Some((other, _)) = by_round.insert(g.round, (path, g)) {
                return Err(if other == path {
                    format!("round {} is twice in {path}", g.round)
                } else {
                    format!(
                        "round {} is in both {other} and {path}: did two parts play the same --shard?",
                        g.round
                    )
                });
            }
        }
    }
    let Some((_, (_, first))) = by_round.first_key_value() else {
        return Err(format!(
            "no finished game in {}",
            files
                .iter()
                .map(|(p, _)| p.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let sides = if first.round % 2 == 1 {
        first.sides.clone()
    } else {
        [first.sides[1].clone(), first.sides[0].clone()]
    };
    let mut score = Score::default();
    for (round, (path, g)) in &by_round {
        if g.variant != first.variant {
            // A game without a Variant tag is standard chess.
            let name = |v: &Option<String>| {
                v.clone()
                    .unwrap_or_else(|| VariantId::Chess.name().to_string())
            };
            return Err(format!(
                "{path}: round {round} is a game of {}, not of {}",
                name(&g.variant),
                name(&first.variant)
            ));
        }
        let expected = round % 2 == 1;
        match g.first_white(&sides) {
            Some(first_white) if first_white == expected => {
                let (own, other) = g.points_of(first_white);
                score.add(own, other);
            }
            Some(_) => {
                return Err(format!(
                "{path}: round {round} has {} with White, which the schedule gives the other side",
                g.sides[0]
            ))
            }
            None => {
                return Err(format!(
                    "{path}: round {round} is {} vs {}, not a game of {} vs {}",
                    g.sides[0], g.sides[1], sides[0], sides[1]
                ))
            }
        }
    }
    Ok(Merged {
        sides,
        rounds: by_round.keys().copied().collect(),
        score,
    })
}

/// The rounds missing below the last one found, as words (empty: none).
fn missing(rounds: &[u32]) -> String {
    let last = rounds.last().copied().unwrap_or(0);
    let gaps: Vec<u32> = (1..last)
        .filter(|r| rounds.binary_search(r).is_err())
        .collect();
    match gaps.len() {
        0 => String::new(),
        n => {
            let shown: Vec<String> = gaps
                .iter()
                .take(MISSING_SHOWN)
                .map(u32::to_string)
                .collect();
            let more = n.saturating_sub(MISSING_SHOWN);
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            format!("; missing: {}{tail}", shown.join(", "))
        }
    }
}

/// Runs `--merge`: prints how many games were merged, then the lines a
/// single run of the whole match closes with.
pub fn merge(opts: &MergeOptions) -> Result<(), MatchError> {
    let mut files = Vec::new();
    let mut kinds = Vec::new();
    for (i, path) in opts.files.iter().enumerate() {
        if opts.files[..i].contains(path) {
            return Err(UsageError(format!("--merge: {path} is given twice")).into());
        }
        let (games, team) = read_file(path)?;
        kinds.push(team);
        files.push((path.clone(), games));
    }
    let with_games: Vec<bool> = files
        .iter()
        .zip(&kinds)
        .filter(|((_, g), _)| !g.is_empty())
        .map(|(_, &team)| team)
        .collect();
    if with_games.windows(2).any(|w| w[0] != w[1]) {
        return Err(UsageError(
            "--merge: some files hold team games (BPGN), some two-player games".into(),
        )
        .into());
    }
    let merged = merge_games(&files).map_err(|e| UsageError(format!("--merge: {e}")))?;
    let rounds = &merged.rounds;
    let mut lines = vec![format!(
        "Merged {} games from {} files: rounds {} to {}{}",
        rounds.len(),
        files.len(),
        rounds[0],
        rounds[rounds.len() - 1],
        missing(rounds)
    )];
    if let Some(spec) = &opts.sprt {
        lines.push(SprtState::new(spec, &merged.score).line());
    }
    let [first, second] = &merged.sides;
    lines.push(merged.score.score_line(first, second));
    lines.push(merged.score.elo_line());
    output::lines(&lines);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: u32, white: &str, black: &str, points: (u8, u8)) -> RecordedGame {
        RecordedGame {
            round,
            variant: None,
            sides: [white.into(), black.into()],
            points,
        }
    }

    #[test]
    fn shards_merge_into_one_score() {
        let a = vec![game(1, "x", "y", (2, 0)), game(2, "y", "x", (1, 1))];
        let b = vec![game(4, "y", "x", (2, 0)), game(3, "x", "y", (1, 1))];
        let m = merge_games(&[("a".into(), a.clone()), ("b".into(), b.clone())]).unwrap();
        assert_eq!(m.sides, ["x".to_string(), "y".to_string()]);
        assert_eq!(m.rounds, [1, 2, 3, 4]);
        assert_eq!(
            m.score,
            Score {
                wins: 1,
                losses: 1,
                draws: 2
            }
        );
        // The first side is White's in odd rounds, whichever round is first.
        let m = merge_games(&[("b".into(), vec![game(4, "y", "x", (2, 0))])]).unwrap();
        assert_eq!(m.sides, ["x".to_string(), "y".to_string()]);
        assert_eq!(m.score.losses, 1);
        assert_eq!(missing(&[1, 2, 5]), "; missing: 3, 4");
        assert_eq!(missing(&[1, 2]), "");
        assert!(missing(&[30]).ends_with("10 and 19 more"));
    }

    #[test]
    fn what_does_not_merge() {
        let a = vec![game(1, "x", "y", (2, 0))];
        for (files, why) in [
            (
                vec![("a", a.clone()), ("b", a.clone())],
                "round 1 is in both a and b",
            ),
            (
                vec![(
                    "a",
                    vec![game(1, "x", "y", (2, 0)), game(1, "x", "y", (0, 2))],
                )],
                "twice in a",
            ),
            (
                vec![("a", a.clone()), ("b", vec![game(2, "x", "z", (1, 1))])],
                "not a game of x vs y",
            ),
            (
                vec![("a", a.clone()), ("b", vec![game(3, "y", "x", (1, 1))])],
                "schedule gives the other side",
            ),
            (vec![("a", vec![])], "no finished game in a"),
        ] {
            let files: Vec<(String, Vec<RecordedGame>)> =
                files.into_iter().map(|(p, g)| (p.to_string(), g)).collect();
            let e = merge_games(&files).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
        let mut other = game(2, "y", "x", (1, 1));
        other.variant = Some(VariantId::Crazyhouse.name().into());
        let e = merge_games(&[("a".into(), a), ("b".into(), vec![other])]).unwrap_err();
        assert!(
            e.contains(&format!("not of {}", VariantId::Chess.name())),
            "{e}"
        );
    }
}
