//! `vsadnik analyse`: the annotated PGN (evaluations, NAGs by the loss,
//! the better line), every variant's record read back by the rules
//! library, and bad input refused with one line and nothing written.

use arena::openings::replay;
use arena::pgn_in::read_games;
use movegen::pgn::PgnGame;
use movegen::variant::{dispatch, Position, Status, VariantVisitor};
use movegen::VariantId;

use crate::common::run;

/// A file holding `text` in a fresh directory.
fn file(name: &str, text: &str) -> (tempdir::Dir, String) {
    let dir = tempdir::Dir::new();
    let path = dir.path(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

mod tempdir {
    /// A directory removed when dropped.
    pub struct Dir(std::path::PathBuf);
    impl Dir {
        pub fn new() -> Dir {
            use std::sync::atomic::{AtomicU32, Ordering};
            static N: AtomicU32 = AtomicU32::new(0);
            let p = std::env::temp_dir().join(format!(
                "vsadnik-analyse-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::Relaxed)
            ));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
        pub fn path(&self, name: &str) -> String {
            self.0.join(name).to_string_lossy().into_owned()
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

const QUEEN_HUNG: &str = "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
    1. e4 e5 2. Nf3 Qh4 3. Nxh4 Nc6 1-0\n";

#[test]
fn a_hung_queen_is_a_blunder_with_the_better_line() {
    let (_dir, pgn) = file("g.pgn", QUEEN_HUNG);
    let (code, out, err) = run(&["analyse", &pgn, "--nodes", "20000"]);
    assert_eq!(code, Some(0), "{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("2... Qh4?? {[%eval "), "{out}");
    assert!(
        flat.contains("Blunder.") && flat.contains("was best.} (2... "),
        "{out}"
    );
    assert!(out.contains("[Annotator \"vsadnik"), "{out}");
    assert!(out.contains("[White \"A\"]") && out.trim_end().ends_with("1-0"));
    assert_eq!(out.matches("[%eval ").count(), 6, "one per move: {out}");
    assert!(!out.contains("e4?") && !out.contains("Nxh4?"), "{out}");
    let again = run(&["analyse", &pgn, "--nodes", "20000"]).1;
    assert_eq!(
        out, again,
        "one thread and a node budget: the same analysis"
    );
}

#[test]
fn out_replaces_the_file_only_when_done_and_never_the_input() {
    let (dir, pgn) = file("g.pgn", QUEEN_HUNG);
    let out = dir.path("out.pgn");
    std::fs::write(&out, "old").unwrap();
    let (code, stdout, err) = run(&["analyse", &pgn, "--nodes", "2000", "--out", &out]);
    assert_eq!(code, Some(0), "{err}");
    assert!(stdout.is_empty());
    assert!(std::fs::read_to_string(&out).unwrap().contains("Qh4??"));
    let (code, _, err) = run(&["analyse", &pgn, "--out", &pgn]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is the input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), QUEEN_HUNG);
}

#[test]
fn bad_input_is_one_line_and_writes_nothing() {
    let (dir, pgn) = file(
        "g.pgn",
        &format!("{QUEEN_HUNG}\n[Round \"2\"]\n\n1. e4 e5 2. Ke3 *\n"),
    );
    let out = dir.path("out.pgn");
    std::fs::write(&out, "old").unwrap();
    let (_odd_dir, odd) = file("odd.pgn", "[Variant \"shogi\"]\n\n1. e4 *\n");
    let (_team_dir, team) = file("team.pgn", "[Variant \"bughouse\"]\n\n1. e4 *\n");
    let (_empty_dir, empty) = file("empty.pgn", "\n\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["analyse", &pgn, "--out", &out],
            "game 2 (? - ?, round 2): Ke3 is not a legal move here",
        ),
        (vec!["analyse", &odd], "unknown variant 'shogi'"),
        (
            vec!["analyse", &team],
            "'1.': a team game numbers its moves with their board",
        ),
        (vec!["analyse", &empty], "no game"),
        (vec!["analyse", "/no/such.pgn"], "/no/such.pgn"),
        (
            vec!["analyse", &pgn, "--nodes", "5", "--movetime", "5"],
            "cannot both",
        ),
        (vec!["analyse", &pgn, "--threads", "0"], "--threads"),
        (
            vec!["analyse", &pgn, "--variant", "nosuch"],
            "unknown variant",
        ),
        (vec!["analyse"], "needs GAMES.pgn"),
        (
            vec!["analyse", &pgn, "--out", "/no/such/dir/x.pgn"],
            "no such directory",
        ),
    ];
    for (args, says) in cases {
        let (code, stdout, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
}

/// A seeded game of `plies` moves of variant `P`, as PGN.
struct RandomGame(u64, usize);

impl VariantVisitor for RandomGame {
    type Output = (String, Vec<String>);
    fn visit<P: Position>(self) -> Self::Output {
        let (mut seed, plies) = (self.0, self.1);
        let start = P::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < plies && pos.status() == Status::Ongoing {
            let mut list = P::MoveList::default();
            pos.generate_moves(&mut list);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = list[(seed >> 33) as usize % list.len()];
            pos.make_move(m);
            moves.push(m);
        }
        let body = P::pgn_body(&start, &moves);
        let text = PgnGame {
            tags: body.tags,
            comment: body.comment,
            moves: body.moves,
            black_starts: body.black_starts,
            first_move_number: body.first_move_number,
            result: "*".into(),
            notes: Vec::new(),
        }
        .render();
        (text, moves.iter().map(|m| m.to_string()).collect())
    }
}

/// Replays the first game of `text` as `P`: its moves in coordinates.
struct Reread<'a>(&'a str);

impl VariantVisitor for Reread<'_> {
    type Output = Result<Vec<String>, String>;
    fn visit<P: Position>(self) -> Self::Output {
        let games = read_games(self.0);
        replay::<P>(&games[0]).map(|r| r.moves)
    }
}

#[test]
fn every_two_player_variant_reads_back_by_its_rules() {
    for id in VariantId::ALL.into_iter().filter(|v| !v.info().team) {
        let (pgn_text, moves) = dispatch(id, RandomGame(id as u64 + 7, 24));
        let (_dir, pgn) = file("g.pgn", &pgn_text);
        let (code, out, err) = run(&["analyse", &pgn, "--nodes", "3000"]);
        assert_eq!(code, Some(0), "{id}: {err}");
        assert_eq!(dispatch(id, Reread(&out)), Ok(moves.clone()), "{id}: {out}");
        let evals = out.matches("[%eval ").count();
        assert!(evals + 1 >= moves.len(), "{id}: {evals} evaluations: {out}");
        assert!(
            out.contains('?'),
            "{id}: random moves and no mistake: {out}"
        );
    }
}

/// A bughouse game in BPGN: the pawn captured on board A is dropped on
/// board B (so both boards are replayed together), every move gets its
/// evaluation, the marks go on the moves, and the record reads back.
#[test]
fn a_team_game_is_analysed_board_by_board() {
    let bpgn = "[Event \"t\"]\n[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n\
        [Variant \"bughouse\"]\n\n1A. e4 {59.9} 1a. d5 {59.8} 2A. exd5 {59.7} 1B. d4 {59.9}\n\
        1b. P@e5 {59.5} {B to partner: thanks} 2B. dxe5 {59.4} *\n";
    let (_dir, pgn) = file("t.bpgn", bpgn);
    let (code, out, err) = run(&["analyse", &pgn, "--nodes", "3000"]);
    assert_eq!(code, Some(0), "{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("[Annotator \"vsadnik"), "{out}");
    assert!(flat.contains("1b. P@e5"), "{out}");
    assert!(flat.contains("{B to partner: thanks}"), "{out}");
    assert_eq!(out.matches("[%eval ").count(), 6, "{out}");
    let back = arena::team::bpgn_in::read_team_game(&out).unwrap();
    let sans: Vec<&str> = back
        .moves
        .iter()
        .map(|m| m.san.trim_end_matches(['?', '!']))
        .collect();
    assert_eq!(sans, ["e4", "d5", "exd5", "d4", "P@e5", "dxe5"]);
    // Without the capture on board A, board B has no pawn to drop.
    let (_d, bad) = file("bad.bpgn", &bpgn.replace("2A. exd5 {59.7} ", ""));
    let (code, _, err) = run(&["analyse", &bad]);
    assert_eq!(code, Some(2));
    assert!(err.contains("1b. P@e5 is not a legal move here"), "{err}");
}
