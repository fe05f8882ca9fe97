//! The variant seam: the traits that the search, the protocols, perft and the
//! match runner are generic over. See `docs/architecture.md` for how each
//! family of variants fits.

use crate::counter::Counter;
use crate::fen::FenError;
use crate::pgn::PgnBody;
use crate::registry::VariantId;
use crate::types::Color;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// How a finished game (or board) ended, in half-points per side.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// White's half-points (0, 1 or 2 per board).
    pub white: u8,
    /// Black's half-points.
    pub black: u8,
    /// Why the game ended, for `Termination` tags and result comments.
    pub reason: &'static str,
}

impl Outcome {
    /// A decisive single-board result: `winner` scores 1-0.
    pub fn win(winner: Color, reason: &'static str) -> Outcome {
        match winner {
            Color::White => Outcome {
                white: 2,
                black: 0,
                reason,
            },
            Color::Black => Outcome {
                white: 0,
                black: 2,
                reason,
            },
        }
    }

    /// A drawn single-board result.
    pub fn draw(reason: &'static str) -> Outcome {
        Outcome {
            white: 1,
            black: 1,
            reason,
        }
    }

    /// The end of a game whose side to move, `side`, has no legal move:
    /// checkmate when it is in check, else stalemate (a draw).
    pub fn no_legal_move(side: Color, in_check: bool) -> Outcome {
        if in_check {
            Outcome::win(side.flip(), "checkmate")
        } else {
            Outcome::draw("stalemate")
        }
    }

    /// Half-points of `side` minus half-points of its opponent.
    pub fn margin(&self, side: Color) -> i32 {
        let (w, b) = (self.white as i32, self.black as i32);
        match side {
            Color::White => w - b,
            Color::Black => b - w,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(&self) -> &'static str {
        use std::cmp::Ordering::*;
        match self.white.cmp(&self.black) {
            Greater => "1-0",
            Less => "0-1",
            Equal => "1/2-1/2",
        }
    }
}

/// Whether a game goes on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// The side to move has a legal move and no rule has ended the game.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// FIDE's automatic draws for a position with a legal move, as the
    /// chess-like variants apply them: the fifty-move rule once
    /// `halfmove_clock` reaches 100, then threefold repetition when
    /// `repetitions` (asked only then) counts two earlier occurrences.
    pub fn after_draw_rules(
        halfmove_clock: Counter,
        repetitions: impl FnOnce() -> usize,
    ) -> Status {
        if halfmove_clock >= 100 {
            return Status::Over(Outcome::draw("fifty-move rule"));
        }
        if repetitions() >= 2 {
            return Status::Over(Outcome::draw("threefold repetition"));
        }
        Status::Ongoing
    }
}

/// A stack-allocated list of moves that variants size for themselves.
pub trait MoveBuffer<M>: Default + std::ops::Deref<Target = [M]> {
    /// Appends a move.
    fn push_move(&mut self, m: M);
    /// Removes every move.
    fn clear_moves(&mut self);
}

impl<M, const N: usize> MoveBuffer<M> for arrayvec::ArrayVec<M, N> {
    #[inline(always)]
    fn push_move(&mut self, m: M) {
        self.push(m)
    }
    #[inline(always)]
    fn clear_moves(&mut self) {
        self.clear()
    }
}

/// A position of some variant together with the history needed for its rules
/// (repetition, series, board results). The search is generic over this trait
/// and monomorphised per variant.
///
/// "Side to move" is the side whose decision the next move is; in progressive
/// chess it does not alternate every move, so the search compares it before
/// and after each move rather than assuming a flip.
pub trait Position: Clone + Send + Sync + 'static {
    /// One move (one ply): at most 4 bytes, `Option<Move>` the same size.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// The move list type, big enough for the variant's largest position.
    type MoveList: MoveBuffer<Self::Move>;

    /// The variant (its names and what front ends know about it).
    const ID: VariantId;

    /// The FEN of the variant's starting position.
    const START_FEN: &'static str;

    /// The variant's starting position (that of [`Position::START_FEN`]).
    fn startpos() -> Self {
        Self::from_fen(Self::START_FEN).expect("the start position is valid")
    }
    /// Parses the variant's FEN.
    fn from_fen(fen: &str) -> Result<Self, FenError>;
    /// The variant's FEN of the current position.
    fn to_fen(&self) -> String;

    /// Whether the variant has a Chess960 form ([`Position::from_fen_960`]).
    const CHESS960: bool = false;

    /// Parses a FEN of the variant's Chess960 form (UCI_Chess960, XBoard's
    /// `fischerandom`): X-FEN or Shredder-FEN castling letters, castling
    /// written as the king taking its own rook, whatever the set-up. A
    /// refusal for a variant without one.
    fn from_fen_960(fen: &str) -> Result<Self, FenError> {
        let _ = fen;
        Err(FenError(format!(
            "{} has no Chess960 form",
            Self::ID.name()
        )))
    }

    /// The side that chooses the next move.
    fn side_to_move(&self) -> Color;
    /// Appends every legal move to `out` (empty when the game is over by the
    /// position's own rules such as mate; draw rules do not remove moves).
    fn generate_moves(&self, out: &mut Self::MoveList);
    /// Plays a legal move.
    fn make_move(&mut self, m: Self::Move);
    /// Takes back the last move played by `make_move`.
    fn unmake_move(&mut self);
    /// The Zobrist key of everything the rules look at.
    fn hash(&self) -> u64;
    /// True when the side to move is in check.
    fn in_check(&self) -> bool;
    /// Whether the game is over, with the points of each side.
    fn status(&self) -> Status;
    /// What a front end draws of the position.
    fn view(&self) -> crate::view::View;

    /// Whether [`Position::move_to_record`] writes SAN (XBoard engines that
    /// ask for SAN are then sent it).
    const HAS_SAN: bool = false;

    /// The move in the variant's game-record notation (SAN where the variant
    /// has one); coordinates by default.
    fn move_to_record(&self, m: Self::Move) -> String {
        m.to_string()
    }

    /// Parses a legal move in the record notation of
    /// [`Position::move_to_record`]; coordinates by default.
    fn parse_record_move(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_move(text)
    }

    /// The variant-dependent part of the PGN of a game played from `start`
    /// with `moves`: tags, game comment, movetext. By default
    /// [`PgnBody::alternating`].
    fn pgn_body(start: &Self, moves: &[Self::Move]) -> PgnBody {
        PgnBody::alternating(start, moves)
    }

    /// Reads a whole game from `start` written in the variant's own game
    /// record (the game comment [`Position::pgn_body`] writes, if any):
    /// `None` when `text` is not such a record (the default: the variant has
    /// none), else the moves or why they cannot be read.
    fn read_game_record(start: &Self, text: &str) -> Option<Result<Vec<Self::Move>, String>> {
        let _ = (start, text);
        None
    }

    /// Parses a move in the protocols' coordinate notation and checks that it
    /// is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        let mut list = Self::MoveList::default();
        self.generate_moves(&mut list);
        list.iter()
            .copied()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| format!("{text} is not a legal move here"))
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep.
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = Self::MoveList::default();
        self.generate_moves(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut n = 0;
        for &m in list.iter() {
            self.make_move(m);
            n += self.perft(depth - 1);
            self.unmake_move();
        }
        n
    }
}

/// Code that runs generically for one variant, chosen at run time.
pub trait VariantVisitor {
    /// What the visit produces.
    type Output;
    /// Runs for the variant `P`.
    fn visit<P: Position>(self) -> Self::Output;
}

/// Runs `visitor` for the variant `id`.
pub fn dispatch<V: VariantVisitor>(id: VariantId, visitor: V) -> V::Output {
    crate::each_variant!(id, |P| visitor.visit::<P>())
}

/// A position of variant `P` from an optional FEN (default: the start
/// position) with the given coordinate moves played.
pub fn setup_position<P: Position, S: AsRef<str>>(
    fen: Option<&str>,
    moves: &[S],
) -> Result<P, String> {
    let mut pos = match fen {
        Some(f) => P::from_fen(f).map_err(|e| e.to_string())?,
        None => P::startpos(),
    };
    for m in moves {
        let m = m.as_ref();
        let mv = pos
            .parse_move(m)
            .map_err(|_| format!("illegal move '{m}'"))?;
        pos.make_move(mv);
    }
    Ok(pos)
}

impl PgnBody {
    /// The usual form, for variants whose sides alternate: a `Variant` tag
    /// (not for chess), `FEN` and `SetUp` when `start` is not the variant's
    /// start position, the moves in record notation
    /// ([`Position::move_to_record`]) numbered from the start's move number.
    pub fn alternating<P: Position>(start: &P, moves: &[P::Move]) -> PgnBody {
        let mut tags = Vec::new();
        let fen = start.to_fen();
        if P::ID != VariantId::Chess {
            tags.push(("Variant".to_string(), P::ID.name().to_string()));
        } else if is_chess960_fen(&fen) {
            // Readers such as python-chess castle by this tag.
            tags.push(("Variant".to_string(), "Chess960".to_string()));
        }
        let mut first_move_number = 1;
        if fen != P::startpos().to_fen() {
            first_move_number = start.view().number;
            tags.push(("FEN".to_string(), fen));
            tags.push(("SetUp".to_string(), "1".to_string()));
        }
        let mut pos = start.clone();
        let mut records = Vec::with_capacity(moves.len());
        for &m in moves {
            records.push(pos.move_to_record(m));
            pos.make_move(m);
        }
        PgnBody {
            tags,
            comment: None,
            moves: records,
            black_starts: start.side_to_move() == Color::Black,
            first_move_number,
        }
    }
}

/// Whether the castling field of `fen` names rook files (Chess960's
/// Shredder-FEN letters, which every reader here takes as Chess960's).
pub fn is_chess960_fen(fen: &str) -> bool {
    fen.split_whitespace().nth(2).is_some_and(|c| {
        c.chars()
            .any(|l| l.is_ascii_alphabetic() && !"KQkq".contains(l))
    })
}
