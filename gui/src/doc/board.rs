//! A board of the state document: its squares with the pieces (towers top
//! first), reserves, panes, the legal moves with their parts, the last
//! move and the king in check. Built by [`crate::view`] and
//! [`crate::moves`].

use super::team::SeatedBoard;
use super::ColorWord;
use serde::ser::Serializer;
use serde::Serialize;

/// One piece: `{"c": "w", "k": "P"}`, with `promoted` and `id` (a tavreli
/// pawn's promotion kind) only when set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// `w` or `b`.
    pub c: char,
    /// Its kind, upper case.
    pub k: char,
    /// A promoted piece (drop chess).
    #[serde(skip_serializing_if = "is_false")]
    pub promoted: bool,
    /// Tavreli: the kind a pawn promotes into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<char>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One side's pieces in hand, kind by kind: `{"Q": 1, "N": 2}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand(pub Vec<(char, u8)>);

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(kind, n)| (kind, n)))
    }
}

/// Both sides' pieces in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reserves {
    /// White's.
    pub white: Hand,
    /// Black's.
    pub black: Hand,
}

/// One of the boards the grid is cut into (tranzit's I and II; one with
/// an empty label and no result for the other variants).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pane {
    /// `I`, `II`; empty.
    pub label: &'static str,
    /// Its first file in the grid.
    pub file0: usize,
    /// Its files.
    pub files: usize,
    /// `live`, `won by White`, `won by Black`, `drawn`; null for the one
    /// board of most variants.
    pub result: Option<&'static str>,
    /// Tranzit: the sides that score nothing here yet (absent for the one
    /// board of most variants).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoreless: Option<Vec<ColorWord>>,
}

/// A legal move with its parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// In coordinates.
    pub uci: String,
    /// The start square; null for a drop.
    pub from: Option<String>,
    /// The destination square.
    pub to: String,
    /// The promotion letter.
    pub promo: Option<char>,
    /// The dropped kind.
    pub drop: Option<char>,
    /// Tavreli: the pieces taken off the tower's top; null for all.
    pub k: Option<u32>,
}

/// The last move's squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Its start square; null for a drop.
    pub from: Option<String>,
    /// Its destination square.
    pub to: String,
}

/// One board of the state document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// `main`; `A`, `B` in team games.
    pub id: String,
    /// The files of the grid.
    pub files: usize,
    /// Its ranks.
    pub ranks: usize,
    /// One list per square (rank 1 and file a first), top piece first.
    pub squares: Vec<Vec<Piece>>,
    /// The pieces in hand; null in variants without them.
    pub reserves: Option<Reserves>,
    /// The boards the grid is cut into.
    pub panes: Vec<Pane>,
    /// The moves the person may make here.
    pub legal: Vec<LegalMove>,
    /// The last move played here.
    pub last: Option<LastMove>,
    /// The square of the king in check.
    pub check: Option<String>,
    /// English progressive: the squares of the pieces moved this round.
    pub round: Vec<String>,
    /// A team game's board: its own position, clocks, players and moves.
    #[serde(flatten)]
    pub seated: Option<SeatedBoard>,
}
