//! Transformation histories: the transformations a performance engineer
//! chose, one per line, as `<flag> [key=value ...]` (`#` starts a comment).
//! `sdfg-opt --sdfg-apply-history=F` replays one; `--sdfg-record-history=F`
//! appends the transformations a run applied.
//!
//! ```text
//! # tile the main loop, then fuse
//! sdfg-map-tiling match=0 tile-sizes=32
//! sdfg-map-fusion
//! ```

use crate::diag::Diagnostic;
use crate::model::Loc;

/// The entries of a history file: flags with their option text. Every
/// flag must name a registered transformation and its options must parse.
pub fn parse(text: &str, file: &str) -> Result<Vec<(String, String)>, Vec<Diagnostic>> {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let Some(flag) = content.split_whitespace().next() else { continue };
        let col = line.find(flag).unwrap_or(0) + 1;
        let loc = Loc::Text { file: file.to_string(), line: i + 1, col };
        let name = flag.trim_start_matches("--");
        let options = content.trim().strip_prefix(flag).unwrap_or("").trim().to_string();
        match super::find(name) {
            None => errors.push(Diagnostic::new(&loc, format!("unknown transformation '{name}'"))),
            Some(t) => match super::Options::parse(&options).and_then(|o| o.check(t)) {
                Ok(()) => entries.push((name.to_string(), options)),
                Err(e) => errors.push(Diagnostic::new(&loc, e)),
            },
        }
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(errors)
    }
}

/// The lines that `parse` reads back as `entries`.
pub fn format(entries: &[(String, String)]) -> String {
    entries.iter().map(|(name, options)| format!("{name} {options}").trim_end().to_string() + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flags_options_and_comments() {
        let text = "# plan\nsdfg-map-tiling match=0 tile-sizes=32\n\n  --sdfg-map-fusion  # then fuse\n";
        let entries = parse(text, "h.txt").unwrap();
        assert_eq!(
            entries,
            vec![("sdfg-map-tiling".into(), "match=0 tile-sizes=32".into()), ("sdfg-map-fusion".into(), String::new())]
        );
        assert_eq!(parse(&format(&entries), "h.txt").unwrap(), entries);
    }

    #[test]
    fn names_the_line_of_a_bad_entry() {
        let errors = parse("sdfg-map-fusion\n  sdfg-no-such\nsdfg-map-tiling colour=red\n", "h.txt").unwrap_err();
        let text: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
        assert_eq!(text[0], "h.txt:2:3: error: unknown transformation 'sdfg-no-such'");
        assert!(text[1].starts_with("h.txt:3:1: error: sdfg-map-tiling: unknown option 'colour'"), "{}", text[1]);
    }
}
