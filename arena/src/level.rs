//! A playing level asked of an engine (the web board's level chooser):
//! full strength, a `Skill Level`, or an Elo through `UCI_LimitStrength` and
//! `UCI_Elo`, the option names Stockfish, Fairy-Stockfish and vsadnik share.

use std::fmt;

/// A playing level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// Full strength.
    Full,
    /// `Skill Level` N, 0 to 20.
    Skill(u8),
    /// `UCI_Elo` N with `UCI_LimitStrength` on.
    Elo(u32),
}

impl Level {
    /// Reads `full`, `skill N` (0 to 20) or `elo N` (100 to 4000; the
    /// engine says which Elo it offers).
    pub fn parse(text: &str) -> Result<Level, String> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let number = |w: &str, lo: u32, hi: u32, what: &str| {
            w.parse::<u32>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| {
                    format!("{what} must be a whole number from {lo} to {hi}, got '{w}'")
                })
        };
        match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["full"] => Ok(Level::Full),
            ["skill", n] => Ok(Level::Skill(number(n, 0, 20, "a skill level")? as u8)),
            ["elo", n] => Ok(Level::Elo(number(n, 100, 4000, "an Elo")?)),
            _ => Err(format!(
                "a level is 'full', 'skill N' (0 to 20) or 'elo N', got '{}'",
                text.trim()
            )),
        }
    }

    /// The options that set this level, in the order they are sent: the
    /// option's name, its value (`true`/`false` for a check) and whether
    /// the level needs it (an engine without an option that is not needed
    /// is sent the others).
    pub fn options(&self) -> Vec<(&'static str, String, bool)> {
        match *self {
            Level::Full => vec![
                ("UCI_LimitStrength", "false".into(), false),
                ("Skill Level", "20".into(), false),
            ],
            Level::Skill(n) => vec![
                ("UCI_LimitStrength", "false".into(), false),
                ("Skill Level", n.to_string(), true),
            ],
            Level::Elo(n) => vec![
                ("UCI_LimitStrength", "true".into(), true),
                ("UCI_Elo", n.to_string(), true),
            ],
        }
    }
}

impl fmt::Display for Level {
    /// The form [`Level::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Full => write!(f, "full"),
            Level::Skill(n) => write!(f, "skill {n}"),
            Level::Elo(n) => write!(f, "elo {n}"),
        }
    }
}

/// An option an engine offered in its handshake: its name, and for a spin
/// option its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    /// The name as the engine spells it.
    pub name: String,
    /// A spin option's least and greatest value.
    pub range: Option<(i64, i64)>,
}

impl Offered {
    /// From a UCI `option name NAME type TYPE ...` line, given what follows
    /// `option name `.
    pub fn from_uci(rest: &str) -> Offered {
        let (name, spec) = rest.split_once(" type ").unwrap_or((rest, ""));
        let words: Vec<&str> = spec.split_whitespace().collect();
        let after = |key: &str| {
            let i = words.iter().position(|w| *w == key)?;
            words.get(i + 1)?.parse::<i64>().ok()
        };
        Offered {
            name: name.trim().to_string(),
            range: (words.first() == Some(&"spin"))
                .then(|| after("min").zip(after("max")))
                .flatten(),
        }
    }

    /// From the value of an XBoard `feature option="NAME -TYPE ..."`.
    pub fn from_xboard(value: &str) -> Offered {
        let (name, spec) = value.split_once(" -").unwrap_or((value, ""));
        let words: Vec<&str> = spec.split_whitespace().collect();
        let number = |i: usize| words.get(i)?.parse::<i64>().ok();
        Offered {
            name: name.trim().to_string(),
            range: (words.first() == Some(&"spin"))
                .then(|| number(2).zip(number(3)))
                .flatten(),
        }
    }

    /// Refuses a whole-number `value` outside the range.
    pub fn check(&self, value: &str) -> Result<(), String> {
        match (self.range, value.parse::<i64>()) {
            (Some((lo, hi)), Ok(v)) if v < lo || v > hi => {
                Err(format!("takes {} from {lo} to {hi}, not {v}", self.name))
            }
            _ => Ok(()),
        }
    }
}

/// Whether two option names are the same, ignoring case, spaces and
/// underscores (XBoard engines spell `Skill Level` as `SkillLevel`).
pub fn same_option(a: &str, b: &str) -> bool {
    let key = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '_')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    key(a) == key(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_back_what_they_print() {
        for l in [
            Level::Full,
            Level::Skill(0),
            Level::Skill(20),
            Level::Elo(1800),
        ] {
            assert_eq!(Level::parse(&l.to_string()), Ok(l));
        }
        assert_eq!(Level::parse("  Elo   2000 "), Ok(Level::Elo(2000)));
        for bad in [
            "", "skill", "skill 21", "skill -1", "elo 99", "elo x", "strong", "full 1",
        ] {
            assert!(Level::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn offered_options_keep_their_ranges() {
        let uci = Offered::from_uci("UCI_Elo type spin default 1350 min 1350 max 2850");
        assert_eq!(uci.name, "UCI_Elo");
        assert_eq!(uci.range, Some((1350, 2850)));
        assert_eq!(
            uci.check("1000").unwrap_err(),
            "takes UCI_Elo from 1350 to 2850, not 1000"
        );
        assert!(uci.check("2000").is_ok());
        let check = Offered::from_uci("UCI_LimitStrength type check default false");
        assert_eq!(check.range, None);
        assert!(check.check("true").is_ok());
        let xb = Offered::from_xboard("SkillLevel -spin 20 0 20");
        assert_eq!((xb.name.as_str(), xb.range), ("SkillLevel", Some((0, 20))));
        assert_eq!(Offered::from_xboard("ClearHash -button").range, None);
    }

    #[test]
    fn option_names_match_across_spellings() {
        assert!(same_option("Skill Level", "SkillLevel"));
        assert!(same_option("UCI_Elo", "ucielo"));
        assert!(!same_option("UCI_Elo", "Elo"));
    }
}
