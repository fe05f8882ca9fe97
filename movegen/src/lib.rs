//! Board representation, rules, legal move generation and notation for every
//! variant vsadnik plays. Standard chess is the fast 8x8 core; the [`variant`]
//! module holds the seam the search and the protocols are generic over.

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod chess;
pub mod chess960;
pub mod chess_move;
pub mod counter;
pub mod divide;
pub mod drops;
pub mod fen;
pub mod fen_fields;
pub mod game;
pub mod header;
pub mod history;
pub mod move_code;
pub mod movegen;
pub mod perft;
pub mod pgn;
pub mod progressive;
pub mod registry;
pub mod san;
pub mod state_stack;
pub mod tavreli;
pub mod tranzit;
pub mod types;
pub mod variant;
pub mod view;
pub mod zobrist;

pub use board::Board;
pub use chess::Chess;
pub use chess_move::Move;
pub use fen::{FenError, START_FEN};
pub use registry::{VariantId, VariantInfo};
pub use types::{Color, Piece, PieceKind, Square};
pub use variant::{Outcome, Position, Status};
