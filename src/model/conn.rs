//! The connectors of scope nodes. Data enters a map or consume scope node
//! through `IN_x` and leaves it through `OUT_x` (DaCe's naming), so a pair
//! names the data `x` that passes through. Every place that builds, strips
//! or pairs these names goes through this file.

use super::Node;

const IN: &str = "IN_";
const OUT: &str = "OUT_";

/// The side of a scope node a pass-through connector sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `IN_x`: an in-connector, fed from outside the node.
    In,
    /// `OUT_x`: an out-connector, leading on.
    Out,
}

impl Side {
    pub fn prefix(self) -> &'static str {
        match self {
            Side::In => IN,
            Side::Out => OUT,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::In => Side::Out,
            Side::Out => Side::In,
        }
    }
}

/// `IN_x`.
pub fn in_conn(x: &str) -> String {
    format!("{IN}{x}")
}

/// `OUT_x`.
pub fn out_conn(x: &str) -> String {
    format!("{OUT}{x}")
}

/// The connector named `x` on `side`.
pub fn named(side: Side, x: &str) -> String {
    format!("{}{x}", side.prefix())
}

/// The connectors named `x` on `side` for every `x` of `names`.
pub fn named_all<S: AsRef<str>>(side: Side, names: &[S]) -> Vec<String> {
    names.iter().map(|x| named(side, x.as_ref())).collect()
}

/// `x` of `IN_x`.
pub fn in_base(conn: &str) -> Option<&str> {
    conn.strip_prefix(IN)
}

/// `x` of `OUT_x`.
pub fn out_base(conn: &str) -> Option<&str> {
    conn.strip_prefix(OUT)
}

/// `x` of the connector on `side`.
pub fn base(side: Side, conn: &str) -> Option<&str> {
    conn.strip_prefix(side.prefix())
}

/// Which side a pass-through connector is on and its data name.
pub fn split(conn: &str) -> Option<(Side, &str)> {
    match (in_base(conn), out_base(conn)) {
        (Some(x), _) => Some((Side::In, x)),
        (_, Some(x)) => Some((Side::Out, x)),
        _ => None,
    }
}

/// The other half of a pair: `IN_x` <-> `OUT_x`; `None` for any other name.
pub fn partner(conn: &str) -> Option<String> {
    split(conn).map(|(side, x)| named(side.other(), x))
}

/// [`partner`] of an edge's optional connector.
pub fn partner_of(conn: &Option<String>) -> Option<String> {
    conn.as_deref().and_then(partner)
}

/// The in-connectors of a node that are not `IN_x` (a map's dynamic range
/// inputs, a tasklet's or nested SDFG's own inputs).
pub fn plain_inputs(node: &Node) -> impl Iterator<Item = &str> {
    node.in_connectors.iter().map(|(c, _)| c.as_str()).filter(|c| in_base(c).is_none())
}

/// The data names `x` of a node that has both `IN_x` and `OUT_x`, in the
/// order of its in-connectors.
pub fn pairs(node: &Node) -> impl Iterator<Item = &str> {
    node.in_connectors.iter().filter_map(|(c, _)| in_base(c)).filter(|x| node.out_connectors.iter().any(|(o, _)| out_base(o) == Some(x)))
}

/// Connectors of a node without their partner: `IN_x` without `OUT_x` and
/// `OUT_x` without `IN_x`, as (connector, missing partner).
pub fn unpaired(node: &Node) -> impl Iterator<Item = (&str, String)> {
    let ins = node.in_connectors.iter().filter_map(|(c, _)| in_base(c).filter(|x| !node.has_out_connector(&out_conn(x))).map(|x| (c.as_str(), out_conn(x))));
    let outs = node.out_connectors.iter().filter_map(|(c, _)| out_base(c).filter(|x| !node.has_in_connector(&in_conn(x))).map(|x| (c.as_str(), in_conn(x))));
    ins.chain(outs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Node, NodeKind, Extra, Loc, CodeBlock};

    fn node(ins: &[&str], outs: &[&str]) -> Node {
        let conns = |l: &[&str]| l.iter().map(|c| (c.to_string(), None)).collect();
        Node {
            label: "n".into(),
            kind: NodeKind::Tasklet { code: CodeBlock::python("") },
            in_connectors: conns(ins),
            out_connectors: conns(outs),
            extra: Extra::new(),
            loc: Loc::default(),
        }
    }

    #[test]
    fn names_pair_up_both_ways() {
        assert_eq!(in_conn("A"), "IN_A");
        assert_eq!(out_conn("A"), "OUT_A");
        assert_eq!(partner("IN_A_1").as_deref(), Some("OUT_A_1"));
        assert_eq!(partner("OUT_A").as_deref(), Some("IN_A"));
        assert_eq!(partner("a"), None);
        assert_eq!(partner_of(&Some("IN_x".into())).as_deref(), Some("OUT_x"));
        assert_eq!(partner_of(&None), None);
        assert_eq!(split("OUT_IN_x"), Some((Side::Out, "IN_x")));
        assert_eq!(base(Side::In, "OUT_x"), None);
        assert_eq!(named(Side::In.other(), "x"), "OUT_x");
        assert_eq!(named_all(Side::Out, &["a", "b"]), ["OUT_a", "OUT_b"]);
    }

    #[test]
    fn pairs_and_unpaired_connectors_of_a_node() {
        let n = node(&["IN_A", "IN_B", "N"], &["OUT_A", "OUT_C"]);
        assert_eq!(pairs(&n).collect::<Vec<_>>(), ["A"]);
        assert_eq!(plain_inputs(&n).collect::<Vec<_>>(), ["N"]);
        let missing: Vec<_> = unpaired(&n).collect();
        assert_eq!(missing, [("IN_B", "OUT_B".to_string()), ("OUT_C", "IN_C".to_string())]);
    }
}
