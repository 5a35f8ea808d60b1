//! Transformation options: `key=value` pairs separated by spaces or commas
//! (`match=2 tile-sizes=32,32`), as written after `--<flag>=`.

use super::Transformation;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    /// Parses `key=value key2=v1,v2`; a value runs to the next ` key=`.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut values = BTreeMap::new();
        let mut key: Option<String> = None;
        for word in text.split_whitespace() {
            match word.split_once('=') {
                Some((k, v)) if !k.is_empty() && !k.contains(',') => {
                    values.insert(k.to_string(), v.to_string());
                    key = Some(k.to_string());
                }
                _ => match &key {
                    Some(k) => {
                        let v = values.get_mut(k).expect("key inserted");
                        v.push(' ');
                        v.push_str(word);
                    }
                    None => return Err(format!("bad option '{word}': use key=value")),
                },
            }
        }
        Ok(Options { values })
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// `match=K`, if given.
    pub fn match_index(&self) -> Result<Option<usize>, String> {
        self.get("match")
            .map(|v| v.trim().parse::<usize>().map_err(|_| format!("bad match index '{v}'")))
            .transpose()
    }

    /// A list of positive integers (`tile-sizes=32,32`).
    pub fn positive_list(&self, key: &str) -> Result<Option<Vec<i64>>, String> {
        let Some(v) = self.get(key) else { return Ok(None) };
        v.split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| match s.parse::<i64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!("{key}: '{s}' is not a positive integer")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// One positive integer, or `default` when not given.
    pub fn positive(&self, key: &str, default: i64) -> Result<i64, String> {
        match self.positive_list(key)?.as_deref() {
            None => Ok(default),
            Some([v]) => Ok(*v),
            Some(_) => Err(format!("{key} takes one value")),
        }
    }

    /// Rejects options the transformation does not know.
    pub fn check(&self, t: &dyn Transformation) -> Result<(), String> {
        for key in self.values.keys() {
            if key != "match" && !t.option_names().contains(&key.as_str()) {
                let known: Vec<&str> = std::iter::once("match").chain(t.option_names().iter().copied()).collect();
                return Err(format!("{}: unknown option '{key}' (known: {})", t.name(), known.join(", ")));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys_and_lists() {
        let o = Options::parse("match=2 tile-sizes=32,16").unwrap();
        assert_eq!(o.match_index().unwrap(), Some(2));
        assert_eq!(o.positive_list("tile-sizes").unwrap(), Some(vec![32, 16]));
        assert!(Options::parse("tile-sizes=0").unwrap().positive_list("tile-sizes").is_err());
        assert!(Options::parse("nonsense").is_err());
        assert!(Options::parse("match=x").unwrap().match_index().is_err());
    }
}
