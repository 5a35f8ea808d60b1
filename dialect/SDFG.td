//===- SDFG.td - the sdfg dialect ----------------------------*- tablegen -*-===//
//
// The single source of truth for the `sdfg` dialect: compiled to C++ by
// mlir-tblgen (registered dialect, custom syntax, traits) and expanded by
// `melior::dialect!` into typed Rust builders.
//
// An SDFG is a graph of graphs. Both levels use the same encoding: a vertex is
// an op that yields a handle (`!sdfg.block` for control-flow blocks,
// `!sdfg.node` for dataflow nodes) and an edge is an op that consumes two
// handles. Scopes (maps, consumes) and nested control-flow regions are MLIR
// regions, so nesting is checked structurally. See docs/rationale.md.
//
//===----------------------------------------------------------------------===//

#ifndef SDFG_DIALECT
#define SDFG_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

def SDFG_Dialect : Dialect {
  let name = "sdfg";
  let cppNamespace = "::sdfg";
  let summary = "Stateful Dataflow multiGraphs";
  let description = [{
    Models every construct of DaCe's SDFG: data containers, states and
    control-flow regions, interstate edges, access nodes, tasklets, memlets,
    map and consume scopes, nested SDFGs and library nodes.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 0;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class SDFG_Type<string name, string typeMnemonic> : TypeDef<SDFG_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def SDFG_BlockType : SDFG_Type<"Block", "block"> {
  let summary = "handle of a control-flow block (state or region)";
}

def SDFG_NodeType : SDFG_Type<"Node", "node"> {
  let summary = "handle of a dataflow node inside a state";
}

//===----------------------------------------------------------------------===//
// Enumerated attributes: DaCe's enums, checked when the IR is parsed
// (`schedule = #sdfg.schedule<CPU_Multicore>`).
//===----------------------------------------------------------------------===//

def SDFG_Schedule : I32EnumAttr<"Schedule", "how a map or consume scope runs (DaCe's ScheduleType)", [
    I32EnumAttrCase<"Default", 0>,
    I32EnumAttrCase<"Sequential", 1>,
    I32EnumAttrCase<"MPI", 2>,
    I32EnumAttrCase<"CPU_Multicore", 3>,
    I32EnumAttrCase<"CPU_Persistent", 4>,
    I32EnumAttrCase<"Unrolled", 5>,
    I32EnumAttrCase<"SVE_Map", 6>,
    I32EnumAttrCase<"GPU_Default", 7>,
    I32EnumAttrCase<"GPU_Device", 8>,
    I32EnumAttrCase<"GPU_ThreadBlock", 9>,
    I32EnumAttrCase<"GPU_ThreadBlock_Dynamic", 10>,
    I32EnumAttrCase<"GPU_Persistent", 11>,
    I32EnumAttrCase<"FPGA_Device", 12>,
    I32EnumAttrCase<"Snitch", 13>,
    I32EnumAttrCase<"Snitch_Multicore", 14>,
    I32EnumAttrCase<"FPGA_Multi_Pumped", 15>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_ScheduleAttr : EnumAttr<SDFG_Dialect, SDFG_Schedule, "schedule"> {
  let assemblyFormat = "`<` $value `>`";
}

def SDFG_Storage : I32EnumAttr<"Storage", "where a container lives (DaCe's StorageType)", [
    I32EnumAttrCase<"Default", 0>,
    I32EnumAttrCase<"Register", 1>,
    I32EnumAttrCase<"CPU_Pinned", 2>,
    I32EnumAttrCase<"CPU_Heap", 3>,
    I32EnumAttrCase<"CPU_ThreadLocal", 4>,
    I32EnumAttrCase<"GPU_Global", 5>,
    I32EnumAttrCase<"GPU_Shared", 6>,
    I32EnumAttrCase<"FPGA_Global", 7>,
    I32EnumAttrCase<"FPGA_Local", 8>,
    I32EnumAttrCase<"FPGA_Registers", 9>,
    I32EnumAttrCase<"FPGA_ShiftRegister", 10>,
    I32EnumAttrCase<"SVE_Register", 11>,
    I32EnumAttrCase<"Snitch_TCDM", 12>,
    I32EnumAttrCase<"Snitch_L2", 13>,
    I32EnumAttrCase<"Snitch_SSR", 14>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_StorageAttr : EnumAttr<SDFG_Dialect, SDFG_Storage, "storage"> {
  let assemblyFormat = "`<` $value `>`";
}

def SDFG_Lifetime : I32EnumAttr<"Lifetime", "when a container is allocated and freed (DaCe's AllocationLifetime)", [
    I32EnumAttrCase<"Scope", 0>,
    I32EnumAttrCase<"State", 1>,
    I32EnumAttrCase<"SDFG", 2>,
    I32EnumAttrCase<"Global", 3>,
    I32EnumAttrCase<"Persistent", 4>,
    I32EnumAttrCase<"External", 5>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_LifetimeAttr : EnumAttr<SDFG_Dialect, SDFG_Lifetime, "lifetime"> {
  let assemblyFormat = "`<` $value `>`";
}

def SDFG_DType : I32EnumAttr<"DType", "a scalar element type (DaCe's basic typeclasses, by their names)", [
    I32EnumAttrCase<"Bool", 0, "bool">,
    I32EnumAttrCase<"Int8", 1, "int8">,
    I32EnumAttrCase<"Int16", 2, "int16">,
    I32EnumAttrCase<"Int32", 3, "int32">,
    I32EnumAttrCase<"Int64", 4, "int64">,
    I32EnumAttrCase<"UInt8", 5, "uint8">,
    I32EnumAttrCase<"UInt16", 6, "uint16">,
    I32EnumAttrCase<"UInt32", 7, "uint32">,
    I32EnumAttrCase<"UInt64", 8, "uint64">,
    I32EnumAttrCase<"Float16", 9, "float16">,
    I32EnumAttrCase<"Float32", 10, "float32">,
    I32EnumAttrCase<"Float64", 11, "float64">,
    I32EnumAttrCase<"Complex64", 12, "complex64">,
    I32EnumAttrCase<"Complex128", 13, "complex128">]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_DTypeAttr : EnumAttr<SDFG_Dialect, SDFG_DType, "dtype"> {
  let assemblyFormat = "`<` $value `>`";
}

// An element type: a scalar type as the enum (`#sdfg.dtype<float64>`), any
// other typeclass (pointer, vector, struct, opaque, callback) as the text
// DaCe's JSON gives it, kept so export is lossless.
def SDFG_AnyDTypeAttr : AnyAttrOf<[SDFG_DTypeAttr, StrAttr]>;

//===----------------------------------------------------------------------===//
// Write-conflict resolution
//===----------------------------------------------------------------------===//

def SDFG_WcrKind : I32EnumAttr<"WcrKind", "what a write-conflict resolution computes (DaCe's ReductionType)", [
    I32EnumAttrCase<"Custom", 0>,
    I32EnumAttrCase<"Min", 1>,
    I32EnumAttrCase<"Max", 2>,
    I32EnumAttrCase<"Sum", 3>,
    I32EnumAttrCase<"Product", 4>,
    I32EnumAttrCase<"Logical_And", 5>,
    I32EnumAttrCase<"Bitwise_And", 6>,
    I32EnumAttrCase<"Logical_Or", 7>,
    I32EnumAttrCase<"Bitwise_Or", 8>,
    I32EnumAttrCase<"Logical_Xor", 9>,
    I32EnumAttrCase<"Bitwise_Xor", 10>,
    I32EnumAttrCase<"Min_Location", 11>,
    I32EnumAttrCase<"Max_Location", 12>,
    I32EnumAttrCase<"Exchange", 13>,
    I32EnumAttrCase<"Sub", 14>,
    I32EnumAttrCase<"Div", 15>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}

def SDFG_WcrAttr : AttrDef<SDFG_Dialect, "Wcr"> {
  let mnemonic = "wcr";
  let summary = "a memlet's write-conflict resolution: its kind and lambda";
  let description = [{
    The Python lambda DaCe stores (`old, new -> combined`), kept as written,
    and the kind of reduction it performs, so passes and back ends can switch
    on the kind without parsing the lambda. The reader checks that the kind
    is the one the lambda computes; any lambda that is none of the named
    reductions is `Custom`.

    ```mlir
    wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">
    wcr = #sdfg.wcr<Max, "lambda a, b: max(a, b)">
    ```
  }];
  let parameters = (ins EnumParameter<SDFG_WcrKind>:$kind,
                        StringRefParameter<"the lambda, as DaCe writes it">:$lambda);
  let assemblyFormat = "`<` $kind `,` $lambda `>`";
}

//===----------------------------------------------------------------------===//
// Ranges: memlet subsets and map ranges
//===----------------------------------------------------------------------===//

def SDFG_RangeAttr : AttrDef<SDFG_Dialect, "Range"> {
  let mnemonic = "range";
  let summary = "a subset or map range, begin:end:step:tile per dimension (#sdfg.range<0:N, i>)";
  let description = [{
    One entry per dimension, each one to four symbolic expressions in their
    canonical text: `begin`, `begin:end`, `begin:end:step` or
    `begin:end:step:tile`. `end` is exclusive (Python slices); an omitted
    step or tile is 1 and is not printed; a dimension of one element is
    just `begin`. A part prints bare when it is an integer or an
    identifier and quoted otherwise. The reader (`src/ir/range_attr.rs`)
    parses each part once into the model's `Subset`.

    ```mlir
    subset = #sdfg.range<0:N, i>
    subset = #sdfg.range<"i + 1":"N - 1":2, 0:M:1:4>
    subset = #sdfg.range<"A_row[i]":"A_row[i + 1]">
    subset = #sdfg.range<>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::ArrayAttr", "dimensions, each an array of 1 to 4 strings">:$dims);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Expression lists: shapes, strides and offsets of containers
//===----------------------------------------------------------------------===//

def SDFG_ExprsAttr : AttrDef<SDFG_Dialect, "Exprs"> {
  let mnemonic = "exprs";
  let summary = "symbolic expressions, one per dimension (#sdfg.exprs<N, \"M + 1\">)";
  let description = [{
    A container's shape, strides or offset: one symbolic expression per
    dimension, each bare when it is an integer or an identifier and quoted
    otherwise (as the parts of `#sdfg.range`). The reader parses each one
    once into the model's `Expr` and reports a malformed one at its op.

    ```mlir
    shape = #sdfg.exprs<N, "M + 1">
    strides = #sdfg.exprs<"M + 1", 1>
    shape = #sdfg.exprs<>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr", "the expressions, in dimension order">:$exprs);
  let hasCustomAssemblyFormat = 1;
}

def SDFG_ExprAttr : AttrDef<SDFG_Dialect, "Expr"> {
  let mnemonic = "expr";
  let summary = "one symbolic expression (#sdfg.expr<\"N*M\">)";
  let description = [{
    A single expression: a container's total size or stream buffer size, a
    memlet's volume. Bare when it is an integer or an identifier, quoted
    otherwise; the reader parses it once.

    ```mlir
    volume = #sdfg.expr<1>
    total_size = #sdfg.expr<"N*M">
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$expr);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Interstate assignments
//===----------------------------------------------------------------------===//

def SDFG_AssignmentsAttr : AttrDef<SDFG_Dialect, "Assignments"> {
  let mnemonic = "assign";
  let summary = "interstate assignments, in order: #sdfg.assign<t = \"t + 1\", k = 0>";
  let description = [{
    The symbol assignments of an interstate edge, `symbol = value` pairs in
    the order DaCe keeps them (a dictionary attribute would sort them). A
    symbol is a bare identifier, or a string when it is not one; a value is
    bare when it is an integer literal or a name, else a string holding the
    Python expression.

    ```mlir
    assignments = #sdfg.assign<t = "t + 1", k = 0, m = N>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr", "assigned symbols">:$symbols,
                        ArrayRefParameter<"::mlir::StringAttr", "their values, in the same order">:$values);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SDFG_SymbolMappingAttr : AttrDef<SDFG_Dialect, "SymbolMapping"> {
  let mnemonic = "symbols";
  let summary = "a nested SDFG's symbol mapping, in order: #sdfg.symbols<N = N, L = \"N - 2\">";
  let description = [{
    Each symbol of the nested SDFG and the expression of the outer SDFG it
    takes, in the order DaCe keeps them. A symbol is a bare identifier, or a
    string when it is not one; an expression is bare when it is an integer
    or a name and quoted otherwise. The reader parses each expression once.

    ```mlir
    symbol_mapping = #sdfg.symbols<N = N, L = "N - 2">
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr", "inner symbols">:$symbols,
                        ArrayRefParameter<"::mlir::StringAttr", "outer expressions, in the same order">:$values);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Instrumentation
//===----------------------------------------------------------------------===//

def SDFG_Instrumentation : I32EnumAttr<"Instrumentation", "how an element is instrumented (DaCe's InstrumentationType)", [
    I32EnumAttrCase<"No_Instrumentation", 0>,
    I32EnumAttrCase<"Timer", 1>,
    I32EnumAttrCase<"PAPI_Counters", 2>,
    I32EnumAttrCase<"LIKWID_CPU", 3>,
    I32EnumAttrCase<"LIKWID_GPU", 4>,
    I32EnumAttrCase<"GPU_Events", 5>,
    I32EnumAttrCase<"FPGA", 6>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_InstrumentAttr : EnumAttr<SDFG_Dialect, SDFG_Instrumentation, "instrument"> {
  let assemblyFormat = "`<` $value `>`";
}

def SDFG_DataInstrumentation : I32EnumAttr<"DataInstrumentation", "how an access node's data is instrumented (DaCe's DataInstrumentationType)", [
    I32EnumAttrCase<"No_Instrumentation", 0>,
    I32EnumAttrCase<"Save", 1>,
    I32EnumAttrCase<"Restore", 2>]> {
  let cppNamespace = "::sdfg";
  let genSpecializedAttr = 0;
}
def SDFG_DataInstrumentAttr : EnumAttr<SDFG_Dialect, SDFG_DataInstrumentation, "data_instrument"> {
  let assemblyFormat = "`<` $value `>`";
}

// DaCe's `instrument` property, present only when not No_Instrumentation.
defvar InstrumentAttr = OptionalAttr<SDFG_InstrumentAttr>;

class SDFG_Op<string mnemonic, list<Trait> traits = []>
    : Op<SDFG_Dialect, mnemonic, traits>;

// Common optional attributes: properties that have no first-class field are
// kept verbatim as a JSON object string, so export stays lossless.
defvar ExtraAttr = OptionalAttr<StrAttr>;

//===----------------------------------------------------------------------===//
// SDFG and its declarations
//===----------------------------------------------------------------------===//

def SDFG_SDFGOp : SDFG_Op<"sdfg", [NoTerminator, NoRegionArguments]> {
  let summary = "a Stateful Dataflow multiGraph";
  let description = [{
    The body holds symbol and data declarations, then control-flow blocks and
    interstate edges. `arg_names` is the user-visible argument order.

    ```mlir
    sdfg.sdfg "vadd" ["a", "b"] {
      sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
      sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
      %s = sdfg.state "s0" {
      }
    }
    ```
  }];
  let arguments = (ins StrAttr:$sym_name, StrArrayAttr:$arg_names,
                       OptionalAttr<UnitAttr>:$experimental_blocks, InstrumentAttr:$instrument,
                       ExtraAttr:$extra);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$sym_name $arg_names attr-dict-with-keyword $body";
}

def SDFG_SymbolOp : SDFG_Op<"symbol", [HasParent<"SDFGOp">]> {
  let summary = "declares a symbol and its type";
  let description = [{
    ```mlir
    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
    ```

    A symbol of DaCe's `callback` type (a Python function, such as a NumPy
    function the frontend leaves to the interpreter) keeps the type's JSON,
    `{"type": "callback", "arguments": [...], "returntypes": [...]}`, as its
    dtype, as a string.
  }];
  let arguments = (ins StrAttr:$sym_name, SDFG_AnyDTypeAttr:$dtype);
  let assemblyFormat = "$sym_name attr-dict";
}

// Data descriptors share one shape: a name, an element type and symbolic
// shape/strides/offset (`#sdfg.exprs`).
class SDFG_DataOp<string mnemonic, string what> : SDFG_Op<mnemonic, [HasParent<"SDFGOp">]> {
  let summary = "declares " # what;
  let description = [{
    ```mlir
    sdfg.}] # mnemonic # [{ "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, strides = #sdfg.exprs<M, 1>, transient}
    ```
  }];
  let arguments = (ins StrAttr:$sym_name, SDFG_AnyDTypeAttr:$dtype, SDFG_ExprsAttr:$shape,
                       OptionalAttr<SDFG_ExprsAttr>:$strides, OptionalAttr<SDFG_ExprsAttr>:$offset,
                       OptionalAttr<SDFG_ExprAttr>:$total_size, OptionalAttr<UnitAttr>:$transient,
                       OptionalAttr<SDFG_StorageAttr>:$storage, OptionalAttr<SDFG_LifetimeAttr>:$lifetime,
                       OptionalAttr<SDFG_ExprAttr>:$buffer_size, OptionalAttr<BoolAttr>:$optional,
                       ExtraAttr:$extra);
  let assemblyFormat = "$sym_name attr-dict";
}

def SDFG_ArrayOp : SDFG_DataOp<"array", "an array container">;
def SDFG_ScalarOp : SDFG_DataOp<"scalar", "a scalar container">;
def SDFG_StreamOp : SDFG_DataOp<"stream", "a stream (FIFO queue) container">;
def SDFG_ViewOp : SDFG_DataOp<"view", "a view aliasing another container">;
def SDFG_ReferenceOp : SDFG_DataOp<"reference", "a re-pointable reference">;

def SDFG_ConstantOp : SDFG_Op<"constant", [HasParent<"SDFGOp">]> {
  let summary = "declares a compile-time constant";
  let description = [{
    `descriptor` and `value` are DaCe JSON (descriptor object and value).

    ```mlir
    sdfg.constant "NW" {descriptor = "{\"type\": \"Scalar\", ...}", value = "4"}
    ```
  }];
  let arguments = (ins StrAttr:$sym_name, StrAttr:$descriptor, StrAttr:$value);
  let assemblyFormat = "$sym_name attr-dict";
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

// Ops that may hold control-flow blocks and interstate edges.
defvar CFGParents = ["SDFGOp", "RegionOp", "LoopOp", "BranchOp"];

def SDFG_StateOp : SDFG_Op<"state", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, NoTerminator, NoRegionArguments,
                                      ParentOneOf<CFGParents>]> {
  let summary = "a state: one dataflow graph";
  let description = [{
    `instrument` (also on `sdfg.sdfg`, scopes, tasklets and nested SDFGs) is
    DaCe's instrumentation, absent for `No_Instrumentation`; an access
    node's is a `#sdfg.data_instrument`.

    ```mlir
    %s0 = sdfg.state "init" attributes {instrument = #sdfg.instrument<Timer>} {
      %a = sdfg.access "A" {instrument = #sdfg.data_instrument<Save>}
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<UnitAttr>:$start, InstrumentAttr:$instrument,
                       ExtraAttr:$extra);
  let results = (outs SDFG_BlockType:$block);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
}

def SDFG_RegionOp : SDFG_Op<"region", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, NoTerminator, NoRegionArguments,
                                        ParentOneOf<CFGParents>]> {
  let summary = "a nested control-flow region";
  let description = [{
    `kind` is `ControlFlowRegion`, `NamedRegion` or `FunctionCallRegion`.

    ```mlir
    %r = sdfg.region "cond_prep" attributes {kind = "ControlFlowRegion"} {
      %s = sdfg.state "s" {
      }
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, StrAttr:$kind, OptionalAttr<UnitAttr>:$start,
                       ExtraAttr:$extra);
  let results = (outs SDFG_BlockType:$block);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
}

def SDFG_LoopOp : SDFG_Op<"loop", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, NoTerminator, NoRegionArguments,
                                    ParentOneOf<CFGParents>]> {
  let summary = "a loop region (init; condition; update) around a body CFG";
  let description = [{
    ```mlir
    %l = sdfg.loop "for_25" attributes {loop_variable = "t", init = "t = 0",
                             condition = "t < T", update = "t = t + 1"} {
      %s = sdfg.state "body" {
      }
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<StrAttr>:$loop_variable,
                       OptionalAttr<StrAttr>:$init, OptionalAttr<StrAttr>:$condition,
                       OptionalAttr<StrAttr>:$update, OptionalAttr<UnitAttr>:$inverted,
                       OptionalAttr<UnitAttr>:$update_after_condition,
                       OptionalAttr<UnitAttr>:$start, ExtraAttr:$extra);
  let results = (outs SDFG_BlockType:$block);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
}

def SDFG_ConditionalOp : SDFG_Op<"conditional", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, NoTerminator, NoRegionArguments,
                                                  ParentOneOf<CFGParents>]> {
  let summary = "if/elif/else: the first branch whose condition holds runs";
  let description = [{
    ```mlir
    %c = sdfg.conditional "if_69" {
      sdfg.branch "if_69_body" attributes {condition = "__tmp3"} {
      }
      sdfg.branch "else" {
      }
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<UnitAttr>:$start, ExtraAttr:$extra);
  let results = (outs SDFG_BlockType:$block);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
}

def SDFG_BranchOp : SDFG_Op<"branch", [NoTerminator, NoRegionArguments,
                                        HasParent<"ConditionalOp">]> {
  let summary = "one branch of a conditional; no condition means else";
  let description = [{
    ```mlir
    sdfg.branch "if_body" attributes {condition = "c > 0"} {
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<StrAttr>:$condition, ExtraAttr:$extra);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
}

class SDFG_JumpOp<string mnemonic, string what>
    : SDFG_Op<mnemonic, [ParentOneOf<CFGParents>,
                         DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = what;
  let description = [{
    ```mlir
    %b = sdfg.}] # mnemonic # [{ "label"
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<UnitAttr>:$start, ExtraAttr:$extra);
  let results = (outs SDFG_BlockType:$block);
  let assemblyFormat = "$label attr-dict";
}

def SDFG_BreakOp : SDFG_JumpOp<"break", "leaves the innermost loop">;
def SDFG_ContinueOp : SDFG_JumpOp<"continue", "ends the current loop iteration">;
def SDFG_ReturnOp : SDFG_JumpOp<"return", "returns from the SDFG">;

def SDFG_InterstateEdgeOp : SDFG_Op<"edge", [ParentOneOf<CFGParents>]> {
  let summary = "an interstate edge with a condition and assignments";
  let description = [{
    Taken after `src` finishes when `condition` holds (default: always);
    `assignments` (`symbol = value`, an `#sdfg.assign`) run in order when it
    is taken. The condition is a code block (Python, or another language
    named by `condition_language` in `extra`), so it stays a string.

    ```mlir
    sdfg.edge %guard -> %body {condition = "t < T"}
    sdfg.edge %latch -> %guard {assignments = #sdfg.assign<t = "t + 1", k = 0>}
    ```
  }];
  let arguments = (ins SDFG_BlockType:$src, SDFG_BlockType:$dst,
                       OptionalAttr<StrAttr>:$condition,
                       OptionalAttr<SDFG_AssignmentsAttr>:$assignments, ExtraAttr:$extra);
  let assemblyFormat = "$src `->` $dst attr-dict";
}

//===----------------------------------------------------------------------===//
// Dataflow
//===----------------------------------------------------------------------===//

defvar NodeParents = ["StateOp", "MapOp", "ConsumeOp"];

def SDFG_AccessOp : SDFG_Op<"access", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, ParentOneOf<NodeParents>]> {
  let summary = "an access node of a data container";
  let description = [{
    Several access nodes of one container may exist in a state.

    ```mlir
    %a = sdfg.access "A"
    ```
  }];
  let arguments = (ins StrAttr:$data, OptionalAttr<UnitAttr>:$setzero,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       OptionalAttr<SDFG_DataInstrumentAttr>:$instrument, ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$node);
  let assemblyFormat = "$data attr-dict";
}

def SDFG_TaskletOp : SDFG_Op<"tasklet", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, ParentOneOf<NodeParents>]> {
  let summary = "a computation over its connectors";
  let description = [{
    Connectors map name to type: a scalar type as `#sdfg.dtype<...>`, any
    other type as its text (`"pointer<float32>"`), `unit` when inferred.

    ```mlir
    %t = sdfg.tasklet "add" {ins = {x, y = #sdfg.dtype<int32>}, outs = {z}, code = "z = x + y"}
    ```
  }];
  let arguments = (ins StrAttr:$label, StrAttr:$code, OptionalAttr<StrAttr>:$language,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       InstrumentAttr:$instrument, ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$node);
  let assemblyFormat = "$label attr-dict";
}

def SDFG_MapOp : SDFG_Op<"map", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames", "getAsmBlockArgumentNames"]>, NoTerminator, ParentOneOf<NodeParents>]> {
  let summary = "a map scope: entry and exit nodes around a parallel body";
  let description = [{
    Yields the entry and exit nodes; inside the body they are the block
    arguments. `range` is a `#sdfg.range` over `params` (exclusive stop),
    printed without its `#sdfg.range<...>` wrapper (`<>` when it has no
    dimension).

    ```mlir
    %me, %mx = sdfg.map "add" ["i"] = 0:N attributes {
                 ins = {IN_a}, outs = {OUT_a}, exit_ins = {IN_c}, exit_outs = {OUT_c}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "add" {ins = {x}, outs = {z}, code = "z = x"}
      sdfg.memlet %entry["OUT_a"] -> %t["x"] {data = "a", subset = #sdfg.range<i>}
      sdfg.memlet %t["z"] -> %exit["IN_c"] {data = "c", subset = #sdfg.range<i>}
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, StrArrayAttr:$params, SDFG_RangeAttr:$range,
                       OptionalAttr<SDFG_ScheduleAttr>:$schedule,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       OptionalAttr<DictionaryAttr>:$exit_ins,
                       OptionalAttr<DictionaryAttr>:$exit_outs, InstrumentAttr:$instrument,
                       ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$entry, SDFG_NodeType:$exit);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$label $params `=` custom<MapRange>($range) attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def SDFG_ConsumeOp : SDFG_Op<"consume", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames", "getAsmBlockArgumentNames"]>, NoTerminator, ParentOneOf<NodeParents>]> {
  let summary = "a consume scope: workers pop a stream until it is empty";
  let description = [{
    ```mlir
    %ce, %cx = sdfg.consume "cons" attributes {pe_index = "p", num_pes = #sdfg.expr<4>,
                                   ins = {IN_stream}, outs = {OUT_stream}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, StrAttr:$pe_index, SDFG_ExprAttr:$num_pes,
                       OptionalAttr<StrAttr>:$condition, OptionalAttr<SDFG_ScheduleAttr>:$schedule,
                       OptionalAttr<I64Attr>:$chunksize,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       OptionalAttr<DictionaryAttr>:$exit_ins,
                       OptionalAttr<DictionaryAttr>:$exit_outs, InstrumentAttr:$instrument,
                       ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$entry, SDFG_NodeType:$exit);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def SDFG_NestedSDFGOp : SDFG_Op<"nested", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, NoTerminator, NoRegionArguments,
                                           ParentOneOf<NodeParents>]> {
  let summary = "a nested SDFG node";
  let description = [{
    The body holds exactly one `sdfg.sdfg`. Connectors name non-transient
    containers of the inner SDFG.

    ```mlir
    %n = sdfg.nested "inner" attributes {ins = {X}, outs = {X}, symbol_mapping = #sdfg.symbols<N = N>} {
      sdfg.sdfg "inner" ["X"] {
      }
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<SDFG_SymbolMappingAttr>:$symbol_mapping,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       InstrumentAttr:$instrument, ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$node);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$label attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def SDFG_LibraryOp : SDFG_Op<"library", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, ParentOneOf<NodeParents>]> {
  let summary = "a library node (MatMul, Reduce, ...), expanded later";
  let description = [{
    `properties` holds the node's own properties as JSON, kept intact.

    ```mlir
    %m = sdfg.library "_MatMult_" {classpath = "dace.libraries.blas.nodes.matmul.MatMul",
                                   ins = {_a, _b}, outs = {_c}}
    ```
  }];
  let arguments = (ins StrAttr:$label, StrAttr:$classpath,
                       OptionalAttr<StrAttr>:$properties,
                       OptionalAttr<DictionaryAttr>:$ins, OptionalAttr<DictionaryAttr>:$outs,
                       ExtraAttr:$extra);
  let results = (outs SDFG_NodeType:$node);
  let assemblyFormat = "$label attr-dict";
}

def SDFG_MemletOp : SDFG_Op<"memlet", [ParentOneOf<NodeParents>]> {
  let summary = "a dataflow edge carrying a memlet";
  let description = [{
    Connects `src[src_conn]` to `dst[dst_conn]`. Without `data` the edge is an
    empty memlet (ordering only). `subset` and `other_subset` are
    `#sdfg.range` values with exclusive stops (`0:N`).

    ```mlir
    sdfg.memlet %a -> %me["IN_a"] {data = "a", subset = #sdfg.range<0:N>}
    sdfg.memlet %A -> %V["views"] {data = "A", subset = #sdfg.range<1:"N - 1">, other_subset = #sdfg.range<0:"N - 2">}
    sdfg.memlet %t["z"] -> %exit["IN_h"] {data = "h", subset = #sdfg.range<0:B>, wcr = #sdfg.wcr<Sum, "lambda x, y: x + y">, dynamic}
    ```
  }];
  let arguments = (ins SDFG_NodeType:$src, SDFG_NodeType:$dst,
                       OptionalAttr<StrAttr>:$src_conn, OptionalAttr<StrAttr>:$dst_conn,
                       OptionalAttr<StrAttr>:$data, OptionalAttr<SDFG_RangeAttr>:$subset,
                       OptionalAttr<SDFG_RangeAttr>:$other_subset, OptionalAttr<SDFG_ExprAttr>:$volume,
                       OptionalAttr<UnitAttr>:$dynamic, OptionalAttr<SDFG_WcrAttr>:$wcr,
                       OptionalAttr<BoolAttr>:$is_data_src, ExtraAttr:$extra);
  let assemblyFormat = [{
    $src (`[` $src_conn^ `]`)? `->` $dst (`[` $dst_conn^ `]`)? attr-dict
  }];
}

#endif // SDFG_DIALECT
