//! Conditions, assignments and loop statements hold their expressions from
//! the moment they are read, through both entry points (the `sdfg` dialect
//! and DaCe's JSON).

use crate::model::{BlockKind, Sdfg};
use crate::symbolic::{self, Expr};

const FLOW: &str = r#"
sdfg.sdfg "flow" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  %c = sdfg.state "c" {
  }
  %l = sdfg.loop "loop" attributes {condition = "i < k + N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %body = sdfg.state "body" {
    }
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<k = "N + 1">, condition = " N > 0 "}
  sdfg.edge %a -> %c {condition = "not (N > 0)"}
  sdfg.edge %b -> %l
  sdfg.edge %c -> %l
}
"#;

fn expr(text: &str) -> Expr {
    symbolic::parse(text).expect("test expression parses")
}

fn read_ir() -> Sdfg {
    crate::translate::read_text(&crate::ir::new_context(), FLOW, "flow.mlir").unwrap_or_else(|d| panic!("{d:?}"))
}

/// What both readers must have stored.
fn check_parsed(sdfg: &Sdfg) {
    let [first, ..] = sdfg.cfg.edges.as_slice() else { panic!("edges missing") };
    let c = first.condition.as_ref().expect("condition");
    assert_eq!(c.code, " N > 0 ", "the text stays as written");
    assert_eq!(c.python_expr(), Some(&expr("N > 0")));
    assert_eq!(first.assignments[0].symbol, "k");
    assert_eq!(first.assignments[0].expr(), Some(&expr("N + 1")));
    let Some(BlockKind::Loop(l)) = sdfg.cfg.blocks.iter().map(|b| &b.kind).find(|k| matches!(k, BlockKind::Loop(_))) else {
        panic!("loop missing")
    };
    assert_eq!(l.condition.as_ref().and_then(|c| c.python_expr()), Some(&expr("i < k + N")));
    let (name, s) = l.update.as_ref().and_then(|u| u.single()).expect("update statement");
    assert_eq!((name, s.parsed()), ("i", Ok(&expr("i + 1"))));
}

#[test]
fn the_ir_reader_parses_control_code_once() {
    check_parsed(&read_ir());
}

#[test]
fn the_json_importer_parses_control_code_once_and_keeps_the_text() {
    let json = crate::json::export_string(&read_ir());
    assert!(json.contains(r#""string_data": " N > 0 ""#), "{json}");
    let sdfg = crate::json::import_str(&json, "flow.sdfg").unwrap_or_else(|d| panic!("{d}"));
    check_parsed(&sdfg);
}

#[test]
fn a_condition_that_is_not_symbolic_keeps_its_text_and_parse_error() {
    let text = "s == 'a'";
    let err = symbolic::parse(text).expect_err("string literals are not symbolic");
    let json = crate::json::export_string(&read_ir()).replace("not (N > 0)", text);
    let sdfg = crate::json::import_str(&json, "flow.sdfg").unwrap_or_else(|d| panic!("{d}"));
    let c = sdfg.cfg.edges[1].condition.as_ref().expect("condition");
    assert_eq!((c.code.as_str(), c.parsed(), c.python_expr()), (text, Err(&err), None));
    let again = crate::json::export_string(&sdfg);
    assert!(again.contains(r#""string_data": "s == 'a'""#), "the text goes back out as it came:\n{again}");
    let diags = crate::verify::verify(&sdfg).expect_err("the condition does not parse");
    let expected = format!("interstate edge condition '{text}' does not parse: {err}");
    assert!(diags.to_string().contains(&expected), "{diags}");
}
