//! A small argument reader: flags with values that may span several words
//! (`--fen` and `--moves`), and usage errors that end the program with status 2.
//!
//! A word is a flag when it is `--` followed by a lower-case letter
//! (`--fen`, `--divide`); every other word, `--` itself included, is a value
//! of the flag before it, so an unquoted tranzit FEN keeps its `--` field.

use std::fmt;

/// A command-line mistake: printed as one line on standard error, exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Arguments split into positional words and `--flag [values...]` groups.
pub struct Args {
    /// Words before the first flag.
    pub positional: Vec<String>,
    flags: Vec<(String, Vec<String>)>,
}

impl Args {
    /// Splits `words`; every word after a `--flag` up to the next `--flag` is
    /// one of its values.
    pub fn parse(words: &[String]) -> Args {
        let mut positional = Vec::new();
        let mut flags: Vec<(String, Vec<String>)> = Vec::new();
        for w in words {
            if let Some(name) = flag_name(w) {
                flags.push((name.to_string(), Vec::new()));
            } else if let Some(last) = flags.last_mut() {
                last.1.push(w.clone());
            } else {
                positional.push(w.clone());
            }
        }
        Args { positional, flags }
    }

    /// Fails on any flag not in `known`, or given twice.
    pub fn check_known(&self, known: &[&str]) -> Result<(), UsageError> {
        for (i, (name, _)) in self.flags.iter().enumerate() {
            if !known.contains(&name.as_str()) {
                return Err(UsageError(format!("unknown option --{name}")));
            }
            if self.flags[..i].iter().any(|(n, _)| n == name) {
                return Err(UsageError(format!("option --{name} given twice")));
            }
        }
        Ok(())
    }

    /// The values of `--name`, if the flag is present.
    pub fn values(&self, name: &str) -> Option<&[String]> {
        self.flags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }

    /// True when the flag is present (it must carry no value).
    pub fn switch(&self, name: &str) -> Result<bool, UsageError> {
        match self.values(name) {
            None => Ok(false),
            Some([]) => Ok(true),
            Some(v) => Err(UsageError(format!(
                "--{name} takes no value, got '{}'",
                v.join(" ")
            ))),
        }
    }

    /// The values of `--name`, which needs at least one when present.
    pub fn list(&self, name: &str) -> Result<Option<&[String]>, UsageError> {
        match self.values(name) {
            Some([]) => Err(UsageError(format!("--{name} needs a value"))),
            v => Ok(v),
        }
    }

    /// The value of `--name` joined by spaces (for FENs typed without quotes).
    pub fn joined(&self, name: &str) -> Result<Option<String>, UsageError> {
        Ok(self.list(name)?.map(|v| v.join(" ")))
    }

    /// The single value of `--name` parsed as a number in `range`.
    pub fn number<T>(
        &self,
        name: &str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<Option<T>, UsageError>
    where
        T: std::str::FromStr + PartialOrd + fmt::Display + Copy,
    {
        match self.values(name) {
            None => Ok(None),
            Some([v]) => parse_number(v, name, range).map(Some),
            Some(_) => Err(UsageError(format!("--{name} needs exactly one number"))),
        }
    }
}

/// The flag `word` names (`--fen` names `fen`), or None when the word is a
/// value: a flag is `--` and a lower-case letter, then anything.
pub fn flag_name(word: &str) -> Option<&str> {
    word.strip_prefix("--")
        .filter(|name| name.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// Parses `text` as a number within `range`, naming `what` in the error.
pub fn parse_number<T>(
    text: &str,
    what: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, UsageError>
where
    T: std::str::FromStr + PartialOrd + fmt::Display + Copy,
{
    match text.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(UsageError(format!(
            "{what} must be a number from {} to {}, got '{text}'",
            range.start(),
            range.end()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Args {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        Args::parse(&words)
    }

    #[test]
    fn flags_are_dashes_and_a_lower_case_letter() {
        assert_eq!(flag_name("--fen"), Some("fen"));
        assert_eq!(flag_name("--"), None);
        assert_eq!(flag_name("--W"), None);
        assert_eq!(flag_name("--1"), None);
        assert_eq!(flag_name("-w"), None);
        assert_eq!(flag_name("--\u{e9}"), None);
    }

    #[test]
    fn a_tranzit_fen_keeps_its_dash_dash_field() {
        let a = args("3 --fen 16/16 w - - 0 1 -- W --divide");
        assert_eq!(a.positional, ["3"]);
        assert_eq!(
            a.joined("fen").unwrap().as_deref(),
            Some("16/16 w - - 0 1 -- W")
        );
        assert!(a.switch("divide").unwrap());
        assert!(args("3 --").positional.contains(&"--".to_string()));
    }

    #[test]
    fn list_flags_need_a_value() {
        assert!(args("1 --moves").list("moves").is_err());
        assert!(args("1 --moves --divide").list("moves").is_err());
        assert!(args("1 --fen").joined("fen").is_err());
        assert_eq!(args("1").list("moves").unwrap(), None);
        assert_eq!(
            args("1 --moves e2e4").list("moves").unwrap().unwrap(),
            ["e2e4"]
        );
    }
}
