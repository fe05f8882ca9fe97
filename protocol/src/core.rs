//! What both protocol dialects share: the engine with its options, the
//! output, the event channel, and the numbering of searches (a result whose
//! number is not the current search's is stale and dropped).

use crate::event::{Event, Out};
use crossbeam::channel::Sender;
use engine::strength::{ELO_MAX, ELO_MIN};
use engine::{Engine, Level, Settings, Strength};
use std::sync::OnceLock;
use std::time::Duration;

/// Hash table size at start, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest accepted `Threads` / `cores`.
pub const MAX_THREADS: usize = 256;
/// Largest accepted `MultiPV`.
pub const MAX_MULTIPV: usize = 256;
/// Largest accepted `Move Overhead` in milliseconds.
pub const MAX_OVERHEAD_MS: u64 = 5000;
/// Default `Move Overhead` in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 30;

/// Whether the loop goes on after a command.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit`: stop searching and exit.
    Quit,
}

/// The largest hash table offered: 65536 MB, or half the machine's memory
/// if that is less (the memory is taken as the search fills the table).
pub fn max_hash_mb() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        let total_mb = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("MemTotal:"))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .and_then(|kb| kb.parse::<u64>().ok())
            })
            .map(|kb| (kb / 1024) as usize);
        match total_mb {
            Some(mb) => (mb / 2).clamp(DEFAULT_HASH_MB, 65536),
            None => 65536,
        }
    })
}

/// The threads the host runs at once (its cores, or its CPU quota), 1 if
/// unknown; `VSADNIK_HOST_THREADS` overrides it (for tests).
pub fn host_threads() -> usize {
    static HOST: OnceLock<usize> = OnceLock::new();
    *HOST.get_or_init(|| {
        std::env::var("VSADNIK_HOST_THREADS")
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
            .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
            .unwrap_or(1)
            .clamp(1, MAX_THREADS)
    })
}

/// The strength options as the protocols name them (Stockfish's names):
/// `Skill Level` applies unless `UCI_LimitStrength` asks for `UCI_Elo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    /// `Skill Level`, 0 to 20 (20: full strength).
    pub skill: u8,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit: bool,
    /// `UCI_Elo`.
    pub elo: u32,
    /// `Variety`: draw the first moves among near-equal ones.
    pub variety: bool,
    /// CECP `random` mode (toggled by `random`, off after `new`): variety
    /// for the game.
    pub random: bool,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions {
            skill: 20,
            limit: false,
            elo: ELO_MIN,
            variety: false,
            random: false,
        }
    }
}

impl StrengthOptions {
    /// The engine's strength under these options.
    pub fn strength(&self) -> Strength {
        Strength {
            level: if self.limit {
                Level::from_elo(self.elo)
            } else {
                Level::from_skill(self.skill)
            },
            variety: self.variety || self.random,
        }
    }
}

/// Engine, output and channel, handed from one dialect to the other.
pub struct Core {
    /// Protocol output.
    pub out: Out,
    /// The loop's event channel (search results come back on it).
    pub tx: Sender<Event>,
    /// The search engine and its options.
    pub engine: Engine,
    /// Current hash size in megabytes.
    pub hash_mb: usize,
    /// The strength options (the engine plays by them).
    pub strength: StrengthOptions,
    next_id: u64,
}

impl Core {
    /// A core with default options and the engine `settings` (the
    /// command line's developer switches).
    pub fn new(out: Out, tx: Sender<Event>, settings: Settings) -> Core {
        let mut engine = Engine::new(DEFAULT_HASH_MB);
        engine.move_overhead = Duration::from_millis(DEFAULT_OVERHEAD_MS);
        engine.settings = settings;
        Core {
            out,
            tx,
            engine,
            hash_mb: DEFAULT_HASH_MB,
            strength: StrengthOptions::default(),
            next_id: 0,
        }
    }

    /// A fresh search number.
    pub fn next_search_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Resizes the hash table (a no-op for the current size). When the
    /// memory cannot be had, the error says which size the table kept.
    pub fn set_hash(&mut self, mb: i64) -> Result<(), String> {
        let max = max_hash_mb();
        if mb < 1 || mb as u64 > max as u64 {
            return Err(format!("Hash must be from 1 to {max} MB, got {mb}"));
        }
        if mb as usize == self.hash_mb {
            return Ok(());
        }
        let done = self.engine.set_hash(mb as usize);
        self.hash_mb = self.engine.hash_mb();
        done
    }

    /// Sets the number of search threads, at most the hardware threads of
    /// the host: more only take turns on the cores, and then `stop` and the
    /// clock wait for every thread to be scheduled (hundreds of
    /// milliseconds at 64 threads on 2 cores). Answers the note to show
    /// when the number asked for was capped.
    pub fn set_threads(&mut self, n: i64) -> Result<Option<String>, String> {
        if n < 1 || n as u64 > MAX_THREADS as u64 {
            return Err(format!("Threads must be from 1 to {MAX_THREADS}, got {n}"));
        }
        let host = host_threads();
        self.engine.threads = (n as usize).min(host);
        Ok((n as usize > host).then(|| {
            format!("Threads {n} is more than the {host} hardware threads of this machine; searching with {host}")
        }))
    }

    /// Sets the number of principal variations reported.
    pub fn set_multipv(&mut self, n: i64) -> Result<(), String> {
        if n < 1 || n as u64 > MAX_MULTIPV as u64 {
            return Err(format!("MultiPV must be from 1 to {MAX_MULTIPV}, got {n}"));
        }
        self.engine.multipv = n as usize;
        Ok(())
    }

    /// Sets the move overhead.
    pub fn set_overhead(&mut self, ms: i64) -> Result<(), String> {
        if ms < 0 || ms as u64 > MAX_OVERHEAD_MS {
            return Err(format!(
                "Move Overhead must be from 0 to {MAX_OVERHEAD_MS} ms, got {ms}"
            ));
        }
        self.engine.move_overhead = Duration::from_millis(ms as u64);
        Ok(())
    }

    /// Sets `Skill Level` (0 to 20).
    pub fn set_skill(&mut self, n: i64) -> Result<(), String> {
        if !(0..=20).contains(&n) {
            return Err(format!("Skill Level must be from 0 to 20, got {n}"));
        }
        self.change_strength(|s| s.skill = n as u8);
        Ok(())
    }

    /// Sets `UCI_Elo`.
    pub fn set_elo(&mut self, n: i64) -> Result<(), String> {
        if n < i64::from(ELO_MIN) || n > i64::from(ELO_MAX) {
            return Err(format!(
                "UCI_Elo must be from {ELO_MIN} to {ELO_MAX}, got {n}"
            ));
        }
        self.change_strength(|s| s.elo = n as u32);
        Ok(())
    }

    /// Changes the strength options, and the engine's strength with them.
    pub fn change_strength(&mut self, change: impl FnOnce(&mut StrengthOptions)) {
        change(&mut self.strength);
        self.engine.strength = self.strength.strength();
    }
}

/// A command line split into its first word and the rest, both trimmed
/// (`("", "")` for a blank line). Splits at a character, never inside one.
pub fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((cmd, rest)) => (cmd, rest.trim()),
        None => (line, ""),
    }
}

/// Parses an integer option value (a leading `+` and surrounding blanks
/// allowed; anything else is an error naming the option).
pub fn parse_int(name: &str, value: &str) -> Result<i64, String> {
    let v = value.trim();
    v.strip_prefix('+')
        .unwrap_or(v)
        .parse::<i64>()
        .map_err(|_| format!("{name} needs a whole number, got '{value}'"))
}

/// Parses a check option value: `true`/`false` (also `1`/`0`, `on`/`off`).
pub fn parse_bool(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Ok(true),
        "false" | "0" | "off" | "no" => Ok(false),
        _ => Err(format!("{name} needs true or false, got '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_at_characters() {
        assert_eq!(split_command("  go depth 5 "), ("go", "depth 5"));
        assert_eq!(split_command("quit"), ("quit", ""));
        assert_eq!(split_command("   "), ("", ""));
        assert_eq!(split_command("usermove a\u{e9}1"), ("usermove", "a\u{e9}1"));
        assert_eq!(
            split_command("\u{e9}\u{e9}\u{a0}x  y"),
            ("\u{e9}\u{e9}", "x  y")
        );
        assert_eq!(split_command("\u{2003}d\u{2003}x"), ("d", "x"));
    }
}
