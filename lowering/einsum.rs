//! `einsum_str` of DaCe's Einsum node, parsed once into index terms:
//! `"ij,jk->ik"` becomes inputs `[[0, 1], [1, 2]]` and output `[0, 2]`.
//! Without `->` the output is NumPy's implicit one: the indices that occur
//! once, in alphabetical order.

use std::str::FromStr;

/// Index terms of an Einstein sum; letters are numbered by first use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EinsumSpec {
    pub inputs: Vec<Vec<usize>>,
    pub output: Vec<usize>,
    pub letters: Vec<char>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EinsumError {
    #[error("einsum '{0}' has no input term")]
    Empty(String),
    #[error("einsum '{0}' has more than one '->'")]
    TwoArrows(String),
    #[error("einsum '{0}': broadcasting with '...' is not supported")]
    Ellipsis(String),
    #[error("einsum '{spec}': '{ch}' is not an index letter")]
    BadChar { spec: String, ch: char },
    #[error("einsum '{spec}': output index '{ch}' is in no input")]
    UnknownOutput { spec: String, ch: char },
    #[error("einsum '{spec}': output index '{ch}' repeats")]
    RepeatedOutput { spec: String, ch: char },
}

impl FromStr for EinsumSpec {
    type Err = EinsumError;

    fn from_str(text: &str) -> Result<Self, EinsumError> {
        let spec: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if spec.contains("...") {
            return Err(EinsumError::Ellipsis(text.into()));
        }
        let parts: Vec<&str> = spec.split("->").collect();
        if parts.len() > 2 {
            return Err(EinsumError::TwoArrows(text.into()));
        }
        if parts[0].is_empty() {
            return Err(EinsumError::Empty(text.into()));
        }
        let mut letters: Vec<char> = Vec::new();
        let mut inputs = Vec::new();
        for term in parts[0].split(',') {
            let mut ids = Vec::new();
            for ch in term.chars() {
                if !ch.is_ascii_alphabetic() {
                    return Err(EinsumError::BadChar { spec: text.into(), ch });
                }
                ids.push(letters.iter().position(|&l| l == ch).unwrap_or_else(|| {
                    letters.push(ch);
                    letters.len() - 1
                }));
            }
            inputs.push(ids);
        }
        let output = match parts.get(1) {
            Some(out) => {
                let mut ids = Vec::new();
                for ch in out.chars() {
                    if !ch.is_ascii_alphabetic() {
                        return Err(EinsumError::BadChar { spec: text.into(), ch });
                    }
                    let id = letters.iter().position(|&l| l == ch).ok_or(EinsumError::UnknownOutput { spec: text.into(), ch })?;
                    if ids.contains(&id) {
                        return Err(EinsumError::RepeatedOutput { spec: text.into(), ch });
                    }
                    ids.push(id);
                }
                ids
            }
            None => {
                let once = |id: usize| inputs.iter().flatten().filter(|&&x| x == id).count() == 1;
                let mut ids: Vec<usize> = (0..letters.len()).filter(|&id| once(id)).collect();
                ids.sort_by_key(|&id| letters[id]);
                ids
            }
        };
        Ok(EinsumSpec { inputs, output, letters })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_and_implicit_outputs() {
        let s: EinsumSpec = "ij, jk -> ik".parse().unwrap();
        assert_eq!(s.inputs, vec![vec![0, 1], vec![1, 2]]);
        assert_eq!(s.output, vec![0, 2]);
        let s: EinsumSpec = "kj,ji".parse().unwrap();
        assert_eq!(s.output, vec![2, 0], "implicit output is i, k");
        let s: EinsumSpec = "ii->".parse().unwrap();
        assert_eq!((s.inputs, s.output), (vec![vec![0, 0]], vec![]));
    }

    #[test]
    fn malformed_strings_are_named() {
        let bad = |s: &str| s.parse::<EinsumSpec>().unwrap_err().to_string();
        assert_eq!(bad("ij->ik"), "einsum 'ij->ik': output index 'k' is in no input");
        assert_eq!(bad("i1->i"), "einsum 'i1->i': '1' is not an index letter");
        assert_eq!(bad("...i->i"), "einsum '...i->i': broadcasting with '...' is not supported");
        assert_eq!(bad("ij->ii"), "einsum 'ij->ii': output index 'i' repeats");
        assert_eq!(bad("i->i->i"), "einsum 'i->i->i' has more than one '->'");
        assert_eq!(bad("->"), "einsum '->' has no input term");
    }
}
