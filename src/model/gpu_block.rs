//! A GPU map's block of threads: DaCe's default, the limit, the map's
//! `gpu_block_size` property and the `--gpu-block-size` option.

use super::Node;

/// DaCe's block size for maps that give none.
pub const DEFAULT_BLOCK: [i64; 3] = [32, 1, 1];
/// CUDA's limit on threads per block (Vulkan's minimum guarantee is
/// lower; each runtime checks its own device before launching).
pub const MAX_THREADS_PER_BLOCK: i64 = 1024;

/// The map's `gpu_block_size` (up to three positive sizes whose product is
/// at most 1,024), else `default`.
pub fn block_size(node: &Node, default: [i64; 3]) -> Result<[i64; 3], String> {
    let Some(value) = node.extra.get("gpu_block_size").filter(|v| !v.is_null()) else { return Ok(default) };
    let bad = || format!("gpu_block_size {value} of map '{}': give one to three positive integers", node.label);
    let items = value.as_array().ok_or_else(bad)?;
    if items.is_empty() || items.len() > 3 {
        return Err(bad());
    }
    let mut block = [1i64; 3];
    for (i, item) in items.iter().enumerate() {
        let n = item.as_i64().or_else(|| item.as_str().and_then(|s| s.trim().parse().ok())).filter(|n| *n > 0).ok_or_else(bad)?;
        block[i] = n;
    }
    if block.iter().product::<i64>() > MAX_THREADS_PER_BLOCK {
        return Err(format!(
            "gpu_block_size {value} of map '{}' has more than {MAX_THREADS_PER_BLOCK} threads per block",
            node.label
        ));
    }
    Ok(block)
}

/// Parses `--gpu-block-size`: `X`, `X,Y` or `X,Y,Z`, positive, at most
/// 1,024 threads in all.
pub fn parse_block_size(text: &str) -> Result<[i64; 3], String> {
    let bad = || format!("bad GPU block size '{text}': give X, X,Y or X,Y,Z (positive, at most {MAX_THREADS_PER_BLOCK} threads)");
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    let mut block = [1i64; 3];
    for (i, p) in parts.iter().enumerate() {
        block[i] = p.parse().ok().filter(|n: &i64| *n > 0).ok_or_else(bad)?;
    }
    if block.iter().product::<i64>() > MAX_THREADS_PER_BLOCK {
        return Err(bad());
    }
    Ok(block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Loc, NodeKind};

    fn map_with(extra: &str) -> Node {
        let mut node = Node::new::<&str>("m", NodeKind::MapExit { entry: 0 }, &[], &[], &Loc::Unknown);
        if !extra.is_empty() {
            node.extra = serde_json::from_str(extra).unwrap();
        }
        node
    }

    fn block_size_of(node: &Node) -> Result<[i64; 3], String> {
        block_size(node, DEFAULT_BLOCK)
    }

    #[test]
    fn block_size_defaults_to_daces() {
        assert_eq!(block_size_of(&map_with("")).unwrap(), [32, 1, 1]);
        assert_eq!(block_size_of(&map_with(r#"{"gpu_block_size": null}"#)).unwrap(), [32, 1, 1]);
    }

    #[test]
    fn block_size_reads_numbers_and_strings() {
        assert_eq!(block_size_of(&map_with(r#"{"gpu_block_size": [16, 8]}"#)).unwrap(), [16, 8, 1]);
        assert_eq!(block_size_of(&map_with(r#"{"gpu_block_size": ["64", "2", "1"]}"#)).unwrap(), [64, 2, 1]);
    }

    #[test]
    fn block_sizes_from_the_command_line() {
        assert_eq!(parse_block_size("256").unwrap(), [256, 1, 1]);
        assert_eq!(parse_block_size("32, 8").unwrap(), [32, 8, 1]);
        for bad in ["", "0", "2048", "1,2,3,4", "a", "32,-1"] {
            assert!(parse_block_size(bad).unwrap_err().starts_with("bad GPU block size"), "{bad}");
        }
    }

    #[test]
    fn bad_block_sizes_are_refused() {
        for bad in [r#"[0, 1, 1]"#, r#"[1, 2, 3, 4]"#, r#""32""#, r#"[]"#, r#"[-1]"#] {
            let e = block_size_of(&map_with(&format!(r#"{{"gpu_block_size": {bad}}}"#))).unwrap_err();
            assert!(e.contains("give one to three positive integers"), "{bad}: {e}");
        }
        let e = block_size_of(&map_with(r#"{"gpu_block_size": [64, 32, 1]}"#)).unwrap_err();
        assert!(e.contains("more than 1024 threads per block"), "{e}");
    }
}
