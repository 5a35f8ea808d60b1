//! Control-flow graphs, states, nodes and memlets.

use super::{Assignment, Condition, DType, Extra, LibraryNode, Loc, LoopStatements, Schedule, Sdfg, Wcr};
use crate::symbolic::{Dim, Expr, Subset};

/// Code with its language (`Python`, `CPP`, `MLIR`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct CodeBlock {
    pub code: String,
    pub language: String,
}

impl CodeBlock {
    pub fn python(code: impl Into<String>) -> CodeBlock {
        CodeBlock { code: code.into(), language: "Python".to_string() }
    }
}

/// A control-flow graph: blocks and the interstate edges between them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cfg {
    pub blocks: Vec<Block>,
    pub edges: Vec<InterstateEdge>,
    /// Index of the start block as the file says; `None` = the unique block
    /// without in-edges.
    pub start_block: Option<usize>,
}

impl Cfg {
    /// The block execution starts at: the unique source, else `start_block`.
    pub fn start(&self) -> Option<usize> {
        let mut has_in = vec![false; self.blocks.len()];
        for e in &self.edges {
            if let Some(slot) = has_in.get_mut(e.dst) {
                *slot = true;
            }
        }
        let sources: Vec<usize> = (0..self.blocks.len()).filter(|&b| !has_in[b]).collect();
        match (sources.as_slice(), self.start_block) {
            ([only], _) => Some(*only),
            (_, Some(s)) if s < self.blocks.len() => Some(s),
            ([], None) if !self.blocks.is_empty() => Some(0),
            (many, None) => many.first().copied(),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub label: String,
    pub kind: BlockKind,
    pub extra: Extra,
    pub loc: Loc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    ControlFlowRegion,
    NamedRegion,
    FunctionCallRegion,
}

impl RegionKind {
    pub fn from_type_name(name: &str) -> Option<RegionKind> {
        Some(match name {
            "ControlFlowRegion" => RegionKind::ControlFlowRegion,
            "NamedRegion" => RegionKind::NamedRegion,
            "FunctionCallRegion" => RegionKind::FunctionCallRegion,
            _ => return None,
        })
    }

    pub fn type_name(self) -> &'static str {
        match self {
            RegionKind::ControlFlowRegion => "ControlFlowRegion",
            RegionKind::NamedRegion => "NamedRegion",
            RegionKind::FunctionCallRegion => "FunctionCallRegion",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum BlockKind {
    State(State),
    Region { kind: RegionKind, cfg: Cfg },
    Loop(LoopRegion),
    Conditional(Vec<Branch>),
    Break,
    Continue,
    Return,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LoopRegion {
    pub cfg: Cfg,
    pub loop_variable: String,
    pub init: Option<LoopStatements>,
    pub condition: Option<Condition>,
    pub update: Option<LoopStatements>,
    /// Do-while: the body runs before the first test.
    pub inverted: bool,
    pub update_before_condition: bool,
}

/// One branch of a ConditionalBlock; `condition: None` is the else branch.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    pub condition: Option<Condition>,
    pub label: String,
    pub cfg: Cfg,
    pub extra: Extra,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InterstateEdge {
    pub src: usize,
    pub dst: usize,
    /// `None` = unconditional (DaCe's default `1`).
    pub condition: Option<Condition>,
    /// Symbol assignments, in the order they run.
    pub assignments: Vec<Assignment>,
    pub extra: Extra,
    pub loc: Loc,
}

/// A dataflow graph.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    pub nodes: Vec<Node>,
    pub edges: Vec<DataEdge>,
}

/// A connector name with its optional type (`None` = inferred).
pub type Connector = (String, Option<DType>);

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The node's label property (for access nodes, the data name).
    pub label: String,
    pub kind: NodeKind,
    pub in_connectors: Vec<Connector>,
    pub out_connectors: Vec<Connector>,
    pub extra: Extra,
    pub loc: Loc,
}

impl Node {
    /// A node made by a transformation: connectors without declared types,
    /// no extra properties, at `loc` (where it came from).
    pub fn new<S: AsRef<str>>(label: &str, kind: NodeKind, ins: &[S], outs: &[S], loc: &Loc) -> Node {
        let untyped = |conns: &[S]| conns.iter().map(|c| (c.as_ref().to_string(), None)).collect();
        Node {
            label: label.to_string(),
            kind,
            in_connectors: untyped(ins),
            out_connectors: untyped(outs),
            extra: Default::default(),
            loc: loc.clone(),
        }
    }

    pub fn has_in_connector(&self, name: &str) -> bool {
        self.in_connectors.iter().any(|(n, _)| n == name)
    }

    pub fn has_out_connector(&self, name: &str) -> bool {
        self.out_connectors.iter().any(|(n, _)| n == name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    Access { data: String, setzero: bool },
    Tasklet { code: CodeBlock },
    MapEntry { map: MapScope, exit: usize },
    MapExit { entry: usize },
    ConsumeEntry { consume: ConsumeScope, exit: usize },
    ConsumeExit { entry: usize },
    NestedSdfg { sdfg: Box<Sdfg>, symbol_mapping: Vec<(String, Expr)> },
    /// All library nodes: the class, its properties as read and, for the
    /// classes the compiler knows, their typed values.
    Library(Box<LibraryNode>),
}

impl NodeKind {
    /// DaCe's JSON `type` of the node.
    pub fn type_name(&self) -> &'static str {
        match self {
            NodeKind::Access { .. } => "AccessNode",
            NodeKind::Tasklet { .. } => "Tasklet",
            NodeKind::MapEntry { .. } => "MapEntry",
            NodeKind::MapExit { .. } => "MapExit",
            NodeKind::ConsumeEntry { .. } => "ConsumeEntry",
            NodeKind::ConsumeExit { .. } => "ConsumeExit",
            NodeKind::NestedSdfg { .. } => "NestedSDFG",
            NodeKind::Library(_) => "LibraryNode",
        }
    }

    /// The matching exit of an entry node.
    pub fn scope_exit(&self) -> Option<usize> {
        match self {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => Some(*exit),
            _ => None,
        }
    }

    /// The matching entry of an exit node.
    pub fn scope_entry(&self) -> Option<usize> {
        match self {
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => Some(*entry),
            _ => None,
        }
    }
}

/// Map properties (they live on the MapEntry, as in DaCe).
#[derive(Clone, Debug, PartialEq)]
pub struct MapScope {
    pub params: Vec<String>,
    pub range: Subset,
    pub schedule: Schedule,
}

impl MapScope {
    /// Whether a range uses a parameter of the map: an earlier one, as DaCe
    /// allows (`i in 0:N, j in i:N`), so the dimensions cannot be reordered,
    /// split or counted independently.
    pub fn has_dependent_ranges(&self) -> bool {
        self.range.dims().iter().any(|d| {
            [&d.start, &d.end, &d.step, &d.tile].iter().any(|e| e.free_symbols().iter().any(|s| self.params.contains(s)))
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConsumeScope {
    pub pe_index: String,
    pub num_pes: Expr,
    /// Quiescence condition; `None` = run until the stream is empty.
    pub condition: Option<Condition>,
    pub schedule: Schedule,
    pub chunksize: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DataEdge {
    pub src: usize,
    pub src_conn: Option<String>,
    pub dst: usize,
    pub dst_conn: Option<String>,
    pub memlet: Memlet,
    pub loc: Loc,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Memlet {
    /// `None` = empty memlet (ordering only).
    pub data: Option<String>,
    /// `None` = the whole container.
    pub subset: Option<Subset>,
    pub other_subset: Option<Subset>,
    pub volume: Option<Expr>,
    pub dynamic: bool,
    /// Write-conflict resolution, e.g. `lambda x, y: x + y`.
    pub wcr: Option<Wcr>,
    /// Whether `data` is the container at the source end of the memlet path.
    pub is_data_src: Option<bool>,
    pub extra: Extra,
}

impl Memlet {
    /// The subset of one end (`is_src`) of a copy between access nodes, for
    /// container `name` of `shape`; without one, the region of the other
    /// end's extents starting at 0 (or the whole container).
    pub fn copy_subset(&self, name: &str, is_src: bool, shape: &[Expr]) -> Subset {
        let names_it = self.data.as_deref() == Some(name);
        let data_is_src = self.is_data_src.unwrap_or(names_it == is_src);
        let own = if data_is_src == is_src { &self.subset } else { &self.other_subset };
        if let Some(s) = own {
            return s.clone();
        }
        let other = if data_is_src == is_src { None } else { self.subset.as_ref() };
        let dims = match other.filter(|o| o.dims().len() == shape.len()) {
            Some(o) => o.dims().iter().map(|d| Dim::range(Expr::int(0), d.num_elements().sub(&Expr::int(1)))).collect(),
            None => shape.iter().map(|s| Dim::range(Expr::int(0), s.sub(&Expr::int(1)))).collect(),
        };
        Subset::Range(dims)
    }
}
