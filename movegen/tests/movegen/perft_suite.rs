//! The committed perft suites `data/perft/<name>.epd` (one position per
//! line, `FEN ;D1 n ;D2 n ...`, `#` lines are comments naming the numbers'
//! source), and the make/unmake perft that checks a generator's bulk count.

use movegen::Position;

use std::path::{Path, PathBuf};

/// One position of a suite and its counts by depth.
pub struct Fixture {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The path of the suite `data/perft/<name>.epd`.
pub fn path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../data/perft/{name}.epd"))
}

/// Reads a suite file.
pub fn load(path: &Path) -> Vec<Fixture> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("perft suite {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("';Dn count'");
                    (d[1..].parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            Fixture { fen, counts }
        })
        .collect()
}

/// The largest count checked: `VSADNIK_PERFT_LIMIT` leaves, or `default`.
pub fn limit(default: u64) -> u64 {
    std::env::var("VSADNIK_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Perft by making and unmaking every move through [`Position`] (no bulk
/// counting at the last ply).
pub fn slow_perft<P: Position>(p: &mut P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = P::MoveList::default();
    p.generate_moves(&mut list);
    let mut n = 0;
    for &m in list.iter() {
        p.make_move(m);
        n += slow_perft(p, depth - 1);
        p.unmake_move();
    }
    n
}
