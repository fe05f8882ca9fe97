//! perft against every committed fixture file `data/perft/<variant>.epd`
//! (`<variant>960.epd`: the variant's Chess960 form, read with
//! `Position::from_fen_960`)
//! (numbers from independent generators; each file's comments name the
//! source of every number and the script that produced it). Depths are taken
//! up to `VSADNIK_PERFT_LIMIT` leaves per position (default 20 million, a few
//! seconds in all); CI raises it.

use movegen::perft::perft_divide;
use movegen::variant::{dispatch, Position, VariantVisitor};
use movegen::Board;

use crate::perft_suite::{limit, load, path, Fixture};

/// The fixtures, the file's name, and whether they are Chess960's.
struct Check<'a>(&'a [Fixture], &'a str, bool);

impl VariantVisitor for Check<'_> {
    type Output = usize;
    fn visit<P: Position>(self) -> usize {
        let mut checked = 0;
        for f in self.0 {
            let read = if self.2 { P::from_fen_960 } else { P::from_fen };
            let pos = read(&f.fen).unwrap_or_else(|e| panic!("{}: {}: {e}", self.1, f.fen));
            for &(depth, expected) in &f.counts {
                if expected <= limit(20_000_000) {
                    assert_eq!(
                        pos.clone().perft(depth),
                        expected,
                        "{} {} depth {depth}",
                        self.1,
                        f.fen
                    );
                    checked += 1;
                }
            }
        }
        checked
    }
}

#[test]
fn every_fixture_file_matches() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut variants = Vec::new();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "epd"))
    {
        let variant = path.file_stem().unwrap().to_string_lossy().to_string();
        let fixtures = load(path);
        assert!(!fixtures.is_empty(), "{variant}: empty fixture file");
        let (name, chess960) = match variant.strip_suffix("960") {
            Some(name) => (name, true),
            None => (variant.as_str(), false),
        };
        let id =
            movegen::VariantId::parse(name).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let checked = dispatch(id, Check(&fixtures, &variant, chess960));
        assert!(
            checked >= fixtures.len(),
            "{variant}: only {checked} counts checked"
        );
        variants.push(variant);
    }
    assert!(variants.iter().any(|v| v == "chess"), "{variants:?}");
    assert!(variants.iter().any(|v| v == "chess960"), "{variants:?}");
}

#[test]
fn divide_sums_to_perft() {
    let f = &load(&path("chess"))[1];
    let b = Board::from_fen(&f.fen).unwrap();
    let (depth, total) = f.counts[2];
    let parts = perft_divide(&b, depth);
    assert_eq!(parts.len() as u64, f.counts[0].1);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), total);
}
