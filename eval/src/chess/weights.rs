//! Every tunable parameter of the chess evaluation, as (middlegame, endgame)
//! pairs. The values in use are [`super::tuned::TUNED`]; [`Weights::initial`]
//! is the hand-set starting point the tuner began from.
//!
//! Conventions: a weight is what the side owning the feature *earns*
//! (penalties are negative). Square tables are written as a board diagram
//! from White's side: index 0 is a8, index 63 is h1; Black reads them
//! mirrored. Rank-indexed tables use the rank counted from the owner's side
//! (0 = own first rank).

use crate::score::S;
use crate::weights_struct;

pub use crate::score::s;

weights_struct! {
    /// The chess evaluation's parameters. The layout is flat (a `repr(C)`
    /// list of `S`), which the tuner relies on; see `docs/eval.md`.
    pub struct Weights {
        /// Pawn, knight, bishop, rook, queen.
        pub material: [S; 5],
        /// Piece-square tables, pawn to king, a8 first (see the module docs).
        pub psqt: [[S; 64]; 6],
        /// By number of safe squares (not attacked by enemy pawns, not own
        /// pawns or king) a knight attacks.
        pub knight_mobility: [S; 9],
        /// As `knight_mobility`, for bishops.
        pub bishop_mobility: [S; 14],
        /// As `knight_mobility`, for rooks.
        pub rook_mobility: [S; 15],
        /// As `knight_mobility`, for queens.
        pub queen_mobility: [S; 28],
        /// A passed pawn, by relative rank.
        pub passed: [S; 8],
        /// Extra for a passed pawn whose stop square is empty, by relative rank.
        pub passed_unblocked: [S; 8],
        /// Per square of distance from the owner's king to the passed pawn's
        /// stop square, by the pawn's relative rank.
        pub passed_own_king: [S; 8],
        /// Per square of distance from the enemy king to the stop square.
        pub passed_enemy_king: [S; 8],
        /// A pawn with no own pawns on the adjacent files.
        pub isolated: S,
        /// A pawn with another own pawn ahead of it on its file.
        pub doubled: S,
        /// A pawn that cannot be supported by its neighbours and whose stop
        /// square an enemy pawn attacks.
        pub backward: S,
        /// A pawn defended by a pawn or beside one, by relative rank.
        pub connected: [S; 8],
        /// Per knight, bishop, rook, queen attacking the enemy king's zone.
        pub king_attack: [S; 4],
        /// By the number of pieces attacking the enemy king's zone (7 = 7+).
        pub king_attackers: [S; 8],
        /// Per attack on a square of the enemy king's zone.
        pub king_zone_hits: S,
        /// Per file at and beside the king: the nearest own pawn ahead is 1,
        /// 2, 3+ ranks ahead, or missing.
        pub pawn_shield: [S; 4],
        /// Per file at and beside the king without any pawn.
        pub king_open_file: S,
        /// Per own pawn on a file at or beside the enemy king, ahead of it
        /// by 1, 2, 3, 4+ ranks.
        pub pawn_storm: [S; 4],
        /// Two or more bishops.
        pub bishop_pair: S,
        /// Per bishop, per own pawn on squares of the bishop's colour.
        pub bishop_pawns: S,
        /// Per knight or bishop with a pawn (of either side) just in front.
        pub minor_behind_pawn: S,
        /// A rook on a file without pawns.
        pub rook_open: S,
        /// A rook on a file without own pawns but with enemy pawns.
        pub rook_half_open: S,
        /// A knight on ranks 4-6 defended by a pawn, safe from enemy pawns.
        pub knight_outpost: S,
        /// As `knight_outpost`, for a bishop.
        pub bishop_outpost: S,
        /// Per enemy piece (not pawn or king) attacked by an own pawn.
        pub threat_by_pawn: S,
        /// Per enemy rook or queen attacked by an own knight or bishop.
        pub threat_by_minor: S,
        /// Per enemy queen attacked by an own rook.
        pub threat_by_rook: S,
        /// Per enemy pawn (0) and piece (1) attacked and not defended.
        pub hanging: [S; 2],
        /// A safe check (from a square not attacked by the enemy and not
        /// holding an own piece) is available to a knight, bishop, rook,
        /// queen.
        pub safe_check: [S; 4],
        /// Per square of the enemy king's zone attacked and defended at most
        /// once, by the king or the queen only.
        pub king_zone_weak: S,
        /// Extra for a passed pawn whose way to promotion is empty and not
        /// attacked by the enemy, by relative rank.
        pub passed_free: [S; 8],
        /// By the attack units against the enemy king (see
        /// `king::danger_units`), when at least two pieces attack its zone:
        /// the part of king safety that grows faster than its parts.
        pub king_danger: [S; 24],
        /// Per safe square of space (see `space.rs`), by the owner's number
        /// of knights, bishops, rooks and queens (7 = 7+).
        pub space: [S; 8],
        /// Per square of distance from the king to the nearest own pawn.
        pub king_pawn_distance: S,
        /// For the side to move.
        pub tempo: S,
    }
}

fn table(f: &dyn Fn(i32, i32) -> S) -> [S; 64] {
    // `f(file, rank)` with rank counted from White's side (0 = first rank);
    // stored a8 first.
    let mut t = [S::ZERO; 64];
    let mut i = 0;
    while i < 64 {
        let file = (i % 8) as i32;
        let rank = 7 - (i / 8) as i32;
        t[i] = f(file, rank);
        i += 1;
    }
    t
}

/// A mobility table linear in the number of squares, zero at the middle.
fn mobility<const N: usize>(mg: i32, eg: i32) -> [S; N] {
    let mid = (N as i32 - 1) / 2;
    let mut t = [S::ZERO; N];
    for (i, v) in t.iter_mut().enumerate() {
        *v = S::new((i as i32 - mid) * mg, (i as i32 - mid) * eg);
    }
    t
}

impl Weights {
    /// The hand-set starting point of the tuning: textbook material values,
    /// simple centralisation / advancement tables and round numbers for
    /// every other term.
    pub fn initial() -> Weights {
        // Distance from the centre: 0 (d4..e5) to 3 (corners), per axis.
        let centre = |x: i32| if x < 4 { 3 - x } else { x - 4 };
        let pawn = table(&|f, r| {
            if r == 0 || r == 7 {
                S::ZERO
            } else {
                S::new(
                    (r - 1) * 3 - centre(f) * 2 + if (3..=4).contains(&f) { 5 } else { 0 },
                    (r - 1) * 8,
                )
            }
        });
        let knight = table(&|f, r| {
            let d = centre(f) + centre(r);
            S::new(20 - 8 * d, 15 - 6 * d)
        });
        let bishop = table(&|f, r| {
            let d = centre(f).max(centre(r));
            S::new(10 - 4 * d, 10 - 4 * d)
        });
        let rook = table(&|_, r| S::new(if r == 6 { 15 } else { 0 }, 0));
        let queen = table(&|f, r| {
            let d = centre(f) + centre(r);
            S::new(5 - 2 * d, 10 - 3 * d)
        });
        let king = table(&|f, r| {
            let d = centre(f) + centre(r);
            let shelter = if r == 0 && f != 3 && f != 4 {
                20
            } else {
                -10 * r.min(3)
            };
            S::new(shelter, 20 - 10 * d)
        });
        let rank_table = |mg: [i32; 8], eg: [i32; 8]| -> [S; 8] {
            let mut t = [S::ZERO; 8];
            for i in 0..8 {
                t[i] = S::new(mg[i], eg[i]);
            }
            t
        };
        Weights {
            material: [
                s(100, 120),
                s(320, 300),
                s(330, 320),
                s(480, 520),
                s(950, 950),
            ],
            psqt: [pawn, knight, bishop, rook, queen, king],
            knight_mobility: mobility(4, 4),
            bishop_mobility: mobility(5, 5),
            rook_mobility: mobility(2, 4),
            queen_mobility: mobility(1, 2),
            passed: rank_table(
                [0, 5, 5, 10, 20, 35, 60, 0],
                [0, 10, 15, 25, 45, 75, 120, 0],
            ),
            passed_unblocked: rank_table([0, 0, 0, 2, 5, 10, 15, 0], [0, 0, 2, 5, 10, 20, 30, 0]),
            passed_own_king: rank_table([0; 8], [0, 0, -1, -2, -4, -6, -8, 0]),
            passed_enemy_king: rank_table([0; 8], [0, 0, 2, 4, 8, 12, 16, 0]),
            isolated: s(-10, -15),
            doubled: s(-10, -20),
            backward: s(-8, -10),
            connected: rank_table([0, 5, 8, 12, 20, 35, 60, 0], [0, 3, 5, 10, 20, 35, 60, 0]),
            king_attack: [s(10, 0), s(10, 0), s(15, 0), s(25, 0)],
            king_attackers: rank_table([0, 0, 10, 30, 60, 90, 120, 150], [0; 8]),
            king_zone_hits: s(3, 0),
            pawn_shield: [s(10, 0), s(5, 0), s(0, 0), s(-15, 0)],
            king_open_file: s(-15, 0),
            pawn_storm: [s(0, 0), s(10, 0), s(5, 0), s(0, 0)],
            bishop_pair: s(30, 50),
            bishop_pawns: s(-2, -4),
            minor_behind_pawn: s(10, 0),
            rook_open: s(25, 10),
            rook_half_open: s(10, 5),
            knight_outpost: s(20, 10),
            bishop_outpost: s(10, 5),
            threat_by_pawn: s(40, 30),
            threat_by_minor: s(30, 20),
            threat_by_rook: s(30, 20),
            hanging: [s(5, 15), s(30, 25)],
            safe_check: [s(30, 5), s(20, 5), s(35, 5), s(25, 5)],
            king_zone_weak: s(5, 0),
            passed_free: rank_table([0, 0, 0, 5, 10, 20, 30, 0], [0, 0, 5, 10, 20, 40, 60, 0]),
            king_danger: [S::ZERO; 24],
            space: [S::ZERO; 8],
            king_pawn_distance: S::ZERO,
            tempo: s(15, 5),
        }
    }
}
