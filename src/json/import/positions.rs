//! Where each JSON object and array starts in a file, by JSON path.
//!
//! serde_json keeps no spans, so the importer scans the text once, beside the
//! parse: it follows the nesting of objects and arrays, builds the path of
//! each (the same paths [`Loc::child`](crate::model::Loc::child) builds) and
//! records the line and column (1-based, in characters) of its opening
//! bracket. Scalars are skipped; only containers become model elements.

use crate::model::child_path;
use std::collections::HashMap;

/// The start of every object and array of one JSON text, by path.
#[derive(Debug, Default)]
pub(crate) struct Positions {
    by_path: HashMap<String, (usize, usize)>,
}

/// An open container while scanning.
enum Frame {
    Object { path: String, key: Option<String>, expect_key: bool },
    Array { path: String, index: usize },
}

impl Positions {
    /// Scans `text` (valid JSON, already parsed) once.
    pub fn scan(text: &str) -> Positions {
        let mut by_path = HashMap::new();
        let mut stack: Vec<Frame> = Vec::new();
        let bytes = text.as_bytes();
        let (mut line, mut col) = (1usize, 1usize);
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b'"' => {
                    let end = string_end(bytes, i);
                    if let Some(Frame::Object { key, expect_key, .. }) = stack.last_mut() {
                        if *expect_key {
                            *key = Some(unescape(&text[i..end]));
                            *expect_key = false;
                        }
                    }
                    // Strings hold no line breaks (JSON escapes them).
                    col += text[i..end].chars().count();
                    i = end;
                    continue;
                }
                b'{' | b'[' => {
                    let path = match stack.last() {
                        None => String::new(),
                        Some(Frame::Object { path, key, .. }) => child_path(path, key.as_deref().unwrap_or("")),
                        Some(Frame::Array { path, index }) => child_path(path, &format!("[{index}]")),
                    };
                    by_path.insert(path.clone(), (line, col));
                    stack.push(if b == b'{' {
                        Frame::Object { path, key: None, expect_key: true }
                    } else {
                        Frame::Array { path, index: 0 }
                    });
                }
                b'}' | b']' => {
                    stack.pop();
                }
                b',' => match stack.last_mut() {
                    Some(Frame::Object { expect_key, .. }) => *expect_key = true,
                    Some(Frame::Array { index, .. }) => *index += 1,
                    None => {}
                },
                _ => {}
            }
            if b == b'\n' {
                line += 1;
                col = 1;
            } else if b & 0xC0 != 0x80 {
                // Continuation bytes belong to the character already counted.
                col += 1;
            }
            i += 1;
        }
        Positions { by_path }
    }

    /// Where the object or array at `path` starts.
    pub fn get(&self, path: &str) -> Option<(usize, usize)> {
        self.by_path.get(path).copied()
    }
}

/// The byte just past the string literal that starts at `start`.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The value of a key literal (with its quotes); escapes are rare in keys.
fn unescape(literal: &str) -> String {
    if literal.contains('\\') {
        if let Ok(s) = serde_json::from_str::<String>(literal) {
            return s;
        }
    }
    literal.trim_matches('"').to_string()
}

#[cfg(test)]
mod tests {
    use super::Positions;

    #[test]
    fn records_nested_objects_and_arrays() {
        let text = "{\n  \"nodes\": [\n    {\"a\": 1},\n    {\"b\": {\"c\": []}}\n  ],\n  \"edges\": []\n}";
        let p = Positions::scan(text);
        assert_eq!(p.get(""), Some((1, 1)));
        assert_eq!(p.get("nodes"), Some((2, 12)));
        assert_eq!(p.get("nodes[0]"), Some((3, 5)));
        assert_eq!(p.get("nodes[1]"), Some((4, 5)));
        assert_eq!(p.get("nodes[1].b"), Some((4, 11)));
        assert_eq!(p.get("nodes[1].b.c"), Some((4, 17)));
        assert_eq!(p.get("edges"), Some((6, 12)));
        assert_eq!(p.get("nodes[2]"), None);
    }

    #[test]
    fn strings_with_brackets_and_escaped_quotes_are_skipped() {
        let text = r#"{"code": "x = {\"[\": 1}, [", "k\"{": {"list": [ "]", {"z": 0} ]}}"#;
        let p = Positions::scan(text);
        assert_eq!(p.get("k\"{"), Some((1, 39)));
        assert_eq!(p.get("k\"{.list"), Some((1, 48)));
        assert_eq!(p.get("k\"{.list[1]"), Some((1, 55)));
        assert_eq!(p.get("code"), None);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // Two-byte and four-byte characters before the object.
        let text = "{\"ä\": \"é😀\", \"x\": {}}";
        let p = Positions::scan(text);
        assert_eq!(p.get("x"), Some((1, 18)));
        let text = "{\"label\": \"αβγ\",\n \"y\": [{}]}";
        let p = Positions::scan(text);
        assert_eq!(p.get("y[0]"), Some((2, 8)));
    }

    #[test]
    fn agrees_with_the_reader_paths() {
        let text = "[{\"a\": [[{}]]}]";
        let p = Positions::scan(text);
        assert_eq!(p.get("[0].a[0][0]"), Some((1, 10)));
    }
}
