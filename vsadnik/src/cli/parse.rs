//! Reading a command's words by its description ([`super::spec`]) with
//! lexopt: each option takes the number of words its [`Arity`] says, an
//! option not in the description, one given twice (unless repeatable), a
//! missing value or a missing required option is a usage error (one line,
//! exit status 2).

use super::spec::{Arity, Command, Opt};
use super::UsageError;
use lexopt::{Arg, Parser, ValueExt};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A command's words, read.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The positional arguments, in order.
    pub positional: Vec<String>,
    /// Each option given with its words, in the order given.
    given: Vec<(&'static str, Vec<String>)>,
}

/// Whether `word` is an option for [`Arity::Words`]: `--` and a lower-case
/// letter (so `--` alone and `-` are values).
fn is_option(word: &str) -> bool {
    word.strip_prefix("--")
        .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// A lexopt error as one line.
fn usage(e: lexopt::Error) -> UsageError {
    UsageError(e.to_string())
}

/// Reads `words` (after the command word) as `command` describes.
pub fn parse(command: &Command, words: &[String]) -> Result<Parsed, UsageError> {
    parse_optional(command, words).and_then(|p| {
        if let Some(o) = command
            .opts
            .iter()
            .find(|o| o.required && p.values(o.name).is_none())
        {
            return Err(UsageError(format!("--{} is required", o.name)));
        }
        Ok(p)
    })
}

/// [`parse`], every option optional: for a form of the command that
/// needs none of those it otherwise requires (`match --merge`).
pub fn parse_optional(command: &Command, words: &[String]) -> Result<Parsed, UsageError> {
    parse_opts(command.opts, words).and_then(|p| {
        let needed = command
            .positional
            .iter()
            .filter(|(n, _)| !n.starts_with('['))
            .count();
        if p.positional.len() < needed {
            let missing = command.positional[p.positional.len()].0;
            return Err(UsageError(format!("{} needs {missing}", command.name)));
        }
        if let Some(extra) = p.positional.get(command.positional.len()) {
            return Err(UsageError(format!("unexpected argument '{extra}'")));
        }
        Ok(p)
    })
}

/// Reads every word of `words` by the options `opts`; the words that are
/// no option's are positional.
fn parse_opts(opts: &[Opt], words: &[String]) -> Result<Parsed, UsageError> {
    let mut parser = Parser::from_args(words);
    let mut parsed = Parsed::default();
    loop {
        // `--` ends no option list here: it is a word like any other.
        let mut raw = parser.raw_args().map_err(usage)?;
        if let Some(dashes) = raw.next_if(|w| w == "--") {
            parsed.positional.push(dashes.string().map_err(usage)?);
            continue;
        }
        let Some(arg) = parser.next().map_err(usage)? else {
            break;
        };
        let name = match arg {
            Arg::Long(name) => name.to_string(),
            Arg::Short(c) => return Err(UsageError(format!("unknown option -{c}"))),
            Arg::Value(v) => {
                parsed.positional.push(v.string().map_err(usage)?);
                continue;
            }
        };
        let Some(opt) = opts.iter().find(|o| o.name == name) else {
            return Err(UsageError(format!("unknown option --{name}")));
        };
        if !opt.repeated && parsed.values(opt.name).is_some() {
            return Err(UsageError(format!("option --{name} given twice")));
        }
        let values = match opt.arity {
            Arity::Flag => {
                if let Some(v) = parser.optional_value() {
                    let v = v.to_string_lossy().into_owned();
                    return Err(UsageError(format!("--{name} takes no value, got '{v}'")));
                }
                Vec::new()
            }
            Arity::Exactly(n) => {
                let mut values = Vec::with_capacity(n);
                for _ in 0..n {
                    let v = parser.value().map_err(|_| {
                        UsageError(format!(
                            "--{name} needs {n} value{}",
                            if n == 1 { "" } else { "s" }
                        ))
                    })?;
                    values.push(v.string().map_err(usage)?);
                }
                values
            }
            Arity::Words => {
                let mut values = Vec::new();
                if let Some(v) = parser.optional_value() {
                    values.push(v.string().map_err(usage)?);
                }
                let mut raw = parser.raw_args().map_err(usage)?;
                while let Some(v) = raw.next_if(|w| w.to_str().is_none_or(|w| !is_option(w))) {
                    values.push(v.string().map_err(usage)?);
                }
                if values.is_empty() {
                    return Err(UsageError(format!("--{name} needs a value")));
                }
                values
            }
        };
        parsed.given.push((opt.name, values));
    }
    Ok(parsed)
}

/// Reads the options `opts` (each of one value) at the start of `words`,
/// up to the first word that is not one of them; returns them and how many
/// words they took.
pub fn leading(opts: &[Opt], words: &[String]) -> Result<(Parsed, usize), UsageError> {
    let mut parsed = Parsed::default();
    let mut used = 0;
    while let Some(opt) = words
        .get(used)
        .and_then(|w| w.strip_prefix("--"))
        .and_then(|name| opts.iter().find(|o| o.name == name))
    {
        if parsed.values(opt.name).is_some() {
            return Err(UsageError(format!("option --{} given twice", opt.name)));
        }
        let value = words
            .get(used + 1)
            .ok_or_else(|| UsageError(format!("--{} needs a value", opt.name)))?;
        parsed.given.push((opt.name, vec![value.clone()]));
        used += 2;
    }
    Ok((parsed, used))
}

/// Parses `text` as a number within `range`, naming `what` in the error.
pub fn number<T>(text: &str, what: &str, range: RangeInclusive<T>) -> Result<T, UsageError>
where
    T: FromStr + PartialOrd + fmt::Display + Copy,
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

impl Parsed {
    /// The words of `--name`, if it was given (the first time).
    pub fn values(&self, name: &str) -> Option<&[String]> {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_slice())
    }

    /// The words of every `--name` given, in order.
    pub fn all(&self, name: &str) -> Vec<&[String]> {
        self.given
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.as_slice())
            .collect()
    }

    /// The value of a one-word option.
    pub fn one(&self, name: &str) -> Option<&str> {
        self.values(name)
            .and_then(|v| v.first())
            .map(String::as_str)
    }

    /// The words of `--name` joined by spaces (a FEN typed without quotes).
    pub fn joined(&self, name: &str) -> Option<String> {
        self.values(name).map(|v| v.join(" "))
    }

    /// Whether the switch `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.values(name).is_some()
    }

    /// The value of `--name` as a number in `range`.
    pub fn number<T>(&self, name: &str, range: RangeInclusive<T>) -> Result<Option<T>, UsageError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
    {
        self.one(name)
            .map(|v| number(v, &format!("--{name}"), range))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::spec;

    fn read(command: &str, line: &str) -> Result<Parsed, UsageError> {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        parse(spec::command(command).unwrap(), &words)
    }

    #[test]
    fn a_tranzit_fen_keeps_its_dash_dash_field() {
        let p = read("perft", "3 --fen 16/16 w - - 0 1 -- W --divide").unwrap();
        assert_eq!(p.positional, ["3"]);
        assert_eq!(p.joined("fen").as_deref(), Some("16/16 w - - 0 1 -- W"));
        assert!(p.flag("divide"));
        assert!(read("perft", "3 --").is_err(), "-- ends nothing");
    }

    #[test]
    fn word_options_need_a_value() {
        for bad in ["1 --moves", "1 --moves --divide", "1 --fen"] {
            assert!(read("perft", bad).is_err(), "{bad}");
        }
        let p = read("perft", "1 --moves e2e4 e7e5").unwrap();
        assert_eq!(p.values("moves").unwrap(), ["e2e4", "e7e5"]);
        assert_eq!(read("perft", "1").unwrap().values("moves"), None);
    }

    #[test]
    fn fixed_arity_options_take_any_words() {
        let p = read(
            "match",
            "--variant chess --games 2 --tc 1 --engine --odd --engine b --resign 3 500",
        )
        .unwrap();
        assert_eq!(p.all("engine").len(), 2);
        assert_eq!(p.one("engine"), Some("--odd"));
        assert_eq!(p.values("resign").unwrap(), ["3", "500"]);
        for bad in [
            "--games 2 --tc 1 --engine a --engine b",
            "--variant chess --games 2 --games 3 --tc 1 --engine a --engine b",
            "--variant chess --games 2 --tc 1 --engine a --engine b --frob",
            "--variant chess --games 2 --tc 1 --engine a --engine b --draw 1 2",
            "stray --variant chess --games 2 --tc 1 --engine a --engine b",
        ] {
            assert!(read("match", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn switches_take_no_value_and_numbers_are_checked() {
        assert!(read("perft", "3 --divide=yes").is_err());
        let p = read("bench", "--depth 5 --threads 2").unwrap();
        assert_eq!(p.number::<i32>("depth", 1..=64).unwrap(), Some(5));
        assert!(p.number::<usize>("threads", 1..=1).is_err());
        assert!(read("bench", "-x").is_err());
    }
}
