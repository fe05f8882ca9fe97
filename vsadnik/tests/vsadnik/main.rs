//! The tests that run the `vsadnik` binary, in one test program (one
//! link instead of one per file): the command line, UCI and XBoard, the
//! match runner and the board in the browser.

mod common;
mod gui_support;
mod match_support;

mod ablation_cli;
mod analyse_cli;
mod cli;
mod closed_output;
mod gui_api;
mod gui_friends;
mod gui_play;
mod gui_team;
mod gui_watch;
mod match_cli;
mod match_faults;
mod match_pgn;
mod match_shards;
mod match_team;
mod team_protocol;
mod uci;
mod xboard;
mod xboard_gui;
