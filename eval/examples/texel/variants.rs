//! The variants the tuner can fit: how a data line becomes a position, which
//! weights set it fits and how the evaluation reports to a tracer.

use eval::acc::Acc;
use eval::breakdown::Breakdown;
use eval::params::Params;
use eval::score::S;
use eval::EvalConfig;
use movegen::drops::{self, CrazyhousePosition, DropBoard};
use movegen::tavreli::{TavreliBoard, TavreliPosition};
use movegen::tranzit::{TranzitPosition, TranzitState};
use movegen::VariantId;
use movegen::{Board, Position};

/// A variant whose evaluation weights the tuner fits.
pub trait Tunable {
    /// A position as the evaluation reads it.
    type Pos;
    /// The weights set that is fitted.
    type W: Params + Clone;
    /// The variant (its name heads the output).
    const ID: VariantId;
    /// The weights type's name, for the generated source.
    const TYPE: &'static str;
    /// Whether the set has piece-square tables `--asymmetric` applies to.
    const TABLES: bool = false;
    /// Reads a position from its FEN.
    fn parse(fen: &str) -> Option<Self::Pos>;
    /// The hand-set starting weights.
    fn initial() -> Self::W;
    /// The weights the engine plays with now.
    fn current() -> Self::W;
    /// `w` as Rust source: `pub const TUNED: TYPE = ...;`.
    fn to_rust(w: &Self::W) -> String;
    /// Evaluates `p` with `w`, every tuned term reported to `acc`.
    fn eval<A: Acc>(p: &Self::Pos, w: &Self::W, acc: &mut A) -> Breakdown;
    /// Whether a position with this evaluation is fitted (by default all).
    fn usable(_bd: &Breakdown) -> bool {
        true
    }
    /// The parameter each parameter is tuned as (tied parameters share one
    /// index): by default each its own.
    fn canonical(_w: &Self::W, _symmetric: bool) -> Vec<usize> {
        (0..Self::W::LEN).collect()
    }
    /// Sets what the data cannot (run after rounding): by default nothing.
    fn finish(_w: &mut Self::W) {}
}

/// Standard chess: every chess weight, piece-square tables optionally tied
/// left-right.
pub struct Chess;

impl Tunable for Chess {
    type Pos = Board;
    type W = eval::chess::Weights;
    const ID: VariantId = VariantId::Chess;
    const TYPE: &'static str = "Weights";
    const TABLES: bool = true;
    fn parse(fen: &str) -> Option<Board> {
        Board::from_fen(fen).ok()
    }
    fn initial() -> Self::W {
        eval::chess::Weights::initial()
    }
    fn current() -> Self::W {
        eval::chess::WEIGHTS.clone()
    }
    fn to_rust(w: &Self::W) -> String {
        w.to_rust("TUNED")
    }
    fn eval<A: Acc>(p: &Board, w: &Self::W, acc: &mut A) -> Breakdown {
        eval::chess::evaluate_with(p, w, acc)
    }
    /// A piece-square entry on files e-h (with `symmetric`) is tuned as its
    /// mirror on files a-d.
    fn canonical(w: &Self::W, symmetric: bool) -> Vec<usize> {
        let mut canon: Vec<usize> = (0..Self::W::LEN).collect();
        if symmetric {
            let index = |p: &S| {
                (p as *const S as usize - w as *const Self::W as usize) / std::mem::size_of::<S>()
            };
            for table in &w.psqt {
                for sq in 0..64 {
                    if sq % 8 >= 4 {
                        canon[index(&table[sq])] = index(&table[sq ^ 7]);
                    }
                }
            }
        }
        canon
    }
}

/// Chess-tranzit: the tranzit weights (the points of decided boards fixed).
pub struct Tranzit;

impl Tunable for Tranzit {
    type Pos = TranzitState;
    type W = eval::tranzit::TranzitWeights;
    const ID: VariantId = VariantId::Tranzit;
    const TYPE: &'static str = "TranzitWeights";
    fn parse(fen: &str) -> Option<TranzitState> {
        TranzitPosition::from_fen(fen).ok().map(|p| *p.current())
    }
    fn initial() -> Self::W {
        eval::tranzit::TranzitWeights::initial()
    }
    fn current() -> Self::W {
        eval::tranzit::WEIGHTS.clone()
    }
    fn to_rust(w: &Self::W) -> String {
        w.to_rust("TUNED")
    }
    fn eval<A: Acc>(p: &TranzitState, w: &Self::W, acc: &mut A) -> Breakdown {
        eval::tranzit::evaluate_with(p, w, &EvalConfig::default(), acc)
    }
    /// Positions whose decided boards give one side points are left out:
    /// a won board (6 000 cp) saturates the sigmoid whatever the weights,
    /// and a game it did not decide would flatten K for every position.
    fn usable(bd: &Breakdown) -> bool {
        bd.fixed == S::ZERO
    }
}

/// Tavreli: the tower weights (the chess terms on the tops fixed).
pub struct Tavreli;

impl Tunable for Tavreli {
    type Pos = TavreliBoard;
    type W = eval::tavreli::TavreliWeights;
    const ID: VariantId = VariantId::Tavreli;
    const TYPE: &'static str = "TavreliWeights";
    fn parse(fen: &str) -> Option<TavreliBoard> {
        TavreliPosition::from_fen(fen).ok().map(|p| *p.board())
    }
    fn initial() -> Self::W {
        eval::tavreli::TavreliWeights::initial()
    }
    fn current() -> Self::W {
        eval::tavreli::TAVRELI_WEIGHTS.clone()
    }
    fn to_rust(w: &Self::W) -> String {
        w.to_rust("TUNED")
    }
    fn eval<A: Acc>(p: &TavreliBoard, w: &Self::W, acc: &mut A) -> Breakdown {
        eval::tavreli::evaluate_with(p, w, &EvalConfig::default(), acc)
    }
}

/// Crazyhouse: the drop weights, the chess weights of the board among them
/// (their piece-square tables tied left-right as for chess).
pub struct Crazyhouse;

impl Tunable for Crazyhouse {
    type Pos = DropBoard;
    type W = eval::drops::DropWeights;
    const ID: VariantId = VariantId::Crazyhouse;
    const TYPE: &'static str = "DropWeights";
    const TABLES: bool = true;
    fn parse(fen: &str) -> Option<DropBoard> {
        CrazyhousePosition::from_fen(fen).ok().map(|p| *p.current())
    }
    fn initial() -> Self::W {
        eval::drops::DropWeights::initial()
    }
    fn current() -> Self::W {
        eval::drops::WEIGHTS.clone()
    }
    fn to_rust(w: &Self::W) -> String {
        w.to_rust("TUNED")
    }
    fn eval<A: Acc>(p: &DropBoard, w: &Self::W, acc: &mut A) -> Breakdown {
        eval::drops::evaluate_with::<drops::Crazyhouse, A>(p, w, &EvalConfig::default(), acc)
    }
    /// The chess weights come first in the set, so their ties carry over.
    fn canonical(w: &Self::W, symmetric: bool) -> Vec<usize> {
        let mut canon = Chess::canonical(&w.chess, symmetric);
        canon.extend(canon.len()..Self::W::LEN);
        canon
    }
    /// The phase of crazyhouse never falls (every piece stays in play, on
    /// the board or in hand), so the endgame halves of the drop terms are
    /// never fitted. They take the middlegame values, for bughouse and
    /// Swedish chess, where pieces leave for the other board.
    fn finish(w: &mut Self::W) {
        let skip = <eval::chess::Weights as Params>::LEN;
        let mut i = 0;
        w.visit_mut(&mut |p| {
            if i >= skip {
                p.eg = p.mg;
            }
            i += 1;
        });
    }
}
