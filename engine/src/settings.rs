//! What one engine plays with beyond its options: the evaluation settings
//! (the developer switches of `docs/ablation.md` and the bughouse partner's
//! wishes of `docs/team_play.md`), the switches of the progressive series
//! search and the developer caps on every search. The engine owns them
//! ([`crate::Engine::settings`]) and a search copies them at its start, so
//! two engines in one process each play with their own.

use crate::ablation::{Caps, Switch};
use crate::series::SeriesSwitches;
use eval::EvalConfig;

/// The settings of one engine. The default is the normal engine: every
/// term and phase on, no caps, no partner's wishes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The evaluation switches and the partner's wishes.
    pub eval: EvalConfig,
    /// The phases of the progressive series search turned off.
    pub series: SeriesSwitches,
    /// The depth and node caps on every search.
    pub caps: Caps,
}

impl Settings {
    /// Turns `switch` off.
    pub fn ablate(&mut self, switch: Switch) {
        match switch {
            Switch::TranzitEval => self.eval.tranzit_plain = true,
            Switch::TavreliBelowTop => self.eval.tavreli_tops_only = true,
            Switch::ProgressiveDefence => self.series.defence_off = true,
            Switch::ProgressiveSolver => self.series.solver_off = true,
            Switch::ChessNetwork => self.eval.chess_network_off = true,
            Switch::CrazyhouseNetwork => self.eval.crazyhouse_network_off = true,
            Switch::TranzitNetwork => self.eval.tranzit_network_off = true,
            Switch::TavreliNetwork => self.eval.tavreli_network_off = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_switch_turns_off_one_setting() {
        let mut seen = Vec::new();
        for switch in Switch::ALL {
            let mut s = Settings::default();
            s.ablate(switch);
            assert_ne!(s, Settings::default(), "{}", switch.name());
            assert!(!seen.contains(&s), "{}", switch.name());
            seen.push(s);
        }
    }
}
