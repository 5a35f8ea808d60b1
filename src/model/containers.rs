//! The data containers of an SDFG in file order, with a name index so that
//! a lookup costs the same in a program of 10 containers and of 10,000.
//!
//! Reading goes through the slice (`iter`, indexing, `len`); every change
//! goes through a method that keeps the index right.

use super::DataDesc;
use std::collections::HashMap;

#[derive(Clone, Default)]
pub struct Containers {
    items: Vec<(String, DataDesc)>,
    /// The position of the first container of each name.
    index: HashMap<String, usize>,
}

/// The containers alone (the index follows from them).
impl std::fmt::Debug for Containers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.items.fmt(f)
    }
}

impl PartialEq for Containers {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl Containers {
    /// The first container named `name`.
    pub fn get(&self, name: &str) -> Option<&DataDesc> {
        self.index.get(name).map(|&i| &self.items[i].1)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut DataDesc> {
        self.index.get(name).map(|&i| &mut self.items[i].1)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    pub fn push(&mut self, item: (String, DataDesc)) {
        self.index.entry(item.0.clone()).or_insert(self.items.len());
        self.items.push(item);
    }

    pub fn insert(&mut self, at: usize, item: (String, DataDesc)) {
        self.items.insert(at, item);
        self.reindex();
    }

    pub fn retain(&mut self, keep: impl FnMut(&(String, DataDesc)) -> bool) {
        let before = self.items.len();
        self.items.retain(keep);
        // Most callers remove nothing; the index is rebuilt only when needed.
        if self.items.len() != before {
            self.reindex();
        }
    }

    /// The descriptors, to change in place (names stay).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&String, &mut DataDesc)> {
        self.items.iter_mut().map(|(n, d)| (&*n, d))
    }

    fn reindex(&mut self) {
        self.index.clear();
        for (i, (name, _)) in self.items.iter().enumerate() {
            self.index.entry(name.clone()).or_insert(i);
        }
    }
}

impl std::ops::Deref for Containers {
    type Target = [(String, DataDesc)];
    fn deref(&self) -> &Self::Target {
        &self.items
    }
}

impl From<Vec<(String, DataDesc)>> for Containers {
    fn from(items: Vec<(String, DataDesc)>) -> Self {
        let mut c = Containers { items, index: HashMap::new() };
        c.reindex();
        c
    }
}

impl FromIterator<(String, DataDesc)> for Containers {
    fn from_iter<I: IntoIterator<Item = (String, DataDesc)>>(iter: I) -> Self {
        Containers::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Extend<(String, DataDesc)> for Containers {
    fn extend<I: IntoIterator<Item = (String, DataDesc)>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

impl<'a> IntoIterator for &'a Containers {
    type Item = &'a (String, DataDesc);
    type IntoIter = std::slice::Iter<'a, (String, DataDesc)>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl IntoIterator for Containers {
    type Item = (String, DataDesc);
    type IntoIter = std::vec::IntoIter<(String, DataDesc)>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::Containers;
    use crate::model::{DType, DataDesc, DataKind, Extra, Lifetime, Loc, ScalarType, Storage};

    fn desc(transient: bool) -> DataDesc {
        DataDesc {
            kind: DataKind::Scalar,
            dtype: DType::Scalar(ScalarType::F64),
            shape: Vec::new(),
            strides: None,
            offset: None,
            total_size: None,
            transient,
            storage: Storage::Default,
            lifetime: Lifetime::Scope,
            buffer_size: None,
            optional: None,
            extra: Extra::new(),
            loc: Loc::Unknown,
        }
    }

    #[test]
    fn lookups_follow_every_change() {
        let mut c: Containers = vec![("A".to_string(), desc(false)), ("B".to_string(), desc(true))].into();
        assert!(c.get("B").is_some_and(|d| d.transient));
        c.retain(|(n, _)| n != "A");
        assert!(c.get("A").is_none() && c.get("B").is_some_and(|d| d.transient));
        c.insert(0, ("C".to_string(), desc(false)));
        c.push(("B".to_string(), desc(false)));
        // The first of two containers of one name, as a search in order finds it.
        assert!(c.get("B").is_some_and(|d| d.transient));
        c.get_mut("C").expect("C").transient = true;
        assert_eq!(c.iter().map(|(n, d)| (n.as_str(), d.transient)).collect::<Vec<_>>(), [("C", true), ("B", true), ("B", false)]);
    }
}
