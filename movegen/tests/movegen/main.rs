//! The rules library's tests, in one test program: FEN, notation, every
//! variant's rules (named after their rule numbers), perft fixtures against
//! independent generators, random games.

mod counters;
mod drops_random;
mod fen;
mod notation;
mod odd_input;
mod perft_fixtures;
mod perft_suite;
mod progressive;
mod progressive_perft;
mod progressive_record;
mod random_games;
mod status;
mod swedish;
mod tavreli;
mod tavreli_master_games;
mod tavreli_perf;
mod tavreli_perft;
mod team;
mod tranzit;
