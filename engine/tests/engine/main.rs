//! The search's tests, in one test program: known answers, limits,
//! threads, the progressive series search, engines kept apart.

mod common;
mod drops_search;
mod engines_apart;
mod progressive_mates;
mod progressive_search;
mod search;
mod strength;
