//! `--split-input-file`: one input, several independent chunks.

pub const SPLIT_MARKER: &str = "// -----";

/// A chunk of the input and the line (0-based) where it starts.
pub struct Chunk<'a> {
    pub text: &'a str,
    pub first_line: usize,
}

/// Splits on lines that start with `// -----`.
pub fn split_input(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let (mut start, mut first_line, mut line, mut offset) = (0, 0, 0, 0);
    for l in text.split_inclusive('\n') {
        if l.trim_end().starts_with(SPLIT_MARKER) {
            chunks.push(Chunk { text: &text[start..offset], first_line });
            start = offset + l.len();
            first_line = line + 1;
        }
        offset += l.len();
        line += 1;
    }
    chunks.push(Chunk { text: &text[start..], first_line });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_marker_lines() {
        let chunks = split_input("a\n// -----\nb\nc\n// -----\nd");
        let texts: Vec<_> = chunks.iter().map(|c| (c.text, c.first_line)).collect();
        assert_eq!(texts, vec![("a\n", 0), ("b\nc\n", 2), ("d", 5)]);
    }
}
