//! Texel data from games: the quiet positions of every game of a PGN file,
//! each labelled with the game's result, as the tuner reads them
//! (`eval/examples/texel`, `docs/eval.md`).
//!
//! ```text
//! cargo run --release -p arena --example texel_positions -- VARIANT GAMES.pgn [--skip N] > DATA
//! ```
//!
//! A position is written as `FEN;result` (result 1.0 / 0.5 / 0.0 from
//! White's view) when the side to move is not in check and the move played
//! there is not tactical (neither a capture nor a promotion, as the
//! engine's quiescence search sees it): a cheap quietness test. The first
//! `--skip` moves of each game (default 4) are left out; games without a
//! decisive or drawn result (`*`) and games that do not replay are skipped
//! (counted on standard error).

use arena::openings::replay;
use arena::pgn_in::{read_games, PgnRecord};
use engine::{dispatch, SearchVisitor, Searchable};
use std::io::Write;

/// The result of a game from White's view, if it has one.
fn result(game: &PgnRecord) -> Option<&'static str> {
    match game.tag("Result").or(game.result.as_deref())? {
        "1-0" => Some("1.0"),
        "0-1" => Some("0.0"),
        "1/2-1/2" => Some("0.5"),
        _ => None,
    }
}

/// Writes the quiet positions of every game.
struct Extract<'a> {
    games: &'a [PgnRecord],
    skip: usize,
}

impl SearchVisitor for Extract<'_> {
    /// Positions written, games used, games skipped.
    type Output = (usize, usize, usize);

    fn visit<P: Searchable>(self) -> (usize, usize, usize) {
        let out = std::io::stdout();
        let mut out = std::io::BufWriter::new(out.lock());
        let (mut written, mut used, mut skipped) = (0, 0, 0);
        for game in self.games {
            let (Some(label), Ok(line)) = (result(game), replay::<P>(game)) else {
                skipped += 1;
                continue;
            };
            used += 1;
            let mut pos = match &line.fen {
                Some(f) => P::from_fen(f).expect("a replayed FEN loads"),
                None => P::startpos(),
            };
            for (i, text) in line.moves.iter().enumerate() {
                let m = pos.parse_move(text).expect("a replayed move is legal");
                if i >= self.skip && !pos.in_check() && !pos.is_tactical(m) {
                    writeln!(out, "{};{label}", pos.to_fen()).expect("write");
                    written += 1;
                }
                pos.make_move(m);
            }
        }
        (written, used, skipped)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: texel_positions VARIANT GAMES.pgn [--skip N]";
    let (variant, path) = match args.as_slice() {
        [v, p, ..] => (v.as_str(), p.as_str()),
        _ => panic!("{usage}"),
    };
    let skip = match &args[2..] {
        [] => 4,
        [flag, n] if flag == "--skip" => n.parse().expect("--skip N"),
        _ => panic!("{usage}"),
    };
    let text = std::fs::read_to_string(path).expect("read the PGN file");
    let games = read_games(&text);
    let variant = movegen::VariantId::parse(variant).unwrap_or_else(|e| panic!("{e}"));
    let (written, used, skipped) = dispatch(
        variant,
        Extract {
            games: &games,
            skip,
        },
    );
    eprintln!("{written} positions from {used} games ({skipped} skipped)");
}
