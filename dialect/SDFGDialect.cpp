//===- SDFGDialect.cpp - C++ glue for the sdfg dialect ----------*- C++ -*-===//
//
// Instantiates the classes mlir-tblgen generates from SDFG.td, implements the
// few region verifiers ODS cannot express, and exposes the dialect to the C API
// (and so to Rust) as `mlirGetDialectHandle__sdfg__`.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include "SDFGDialect.h.inc"
#include "SDFGEnums.h.inc"
#define GET_TYPEDEF_CLASSES
#include "SDFGTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "SDFGAttrs.h.inc"
#include "SDFGRange.h"
#define GET_OP_CLASSES
#include "SDFGOps.h.inc"

using namespace mlir;

#include "SDFGDialect.cpp.inc"
#include "SDFGEnums.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "SDFGTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "SDFGAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "SDFGOps.cpp.inc"

void sdfg::SDFGDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "SDFGTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "SDFGAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "SDFGOps.cpp.inc"
      >();
}

sdfg::RangeAttr sdfg::getRangeChecked(function_ref<InFlightDiagnostic()> emitError,
                                      MLIRContext *ctx, ArrayRef<ArrayAttr> dims) {
  return RangeAttr::getChecked(emitError, ctx, dims);
}

// A scope body sees its entry and exit nodes as its two block arguments.
static LogicalResult verifyScopeBody(Operation *op, Region &body) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 ||
      !llvm::all_of(block.getArgumentTypes(),
                    [](Type t) { return llvm::isa<sdfg::NodeType>(t); }))
    return op->emitOpError("body must take the entry and exit nodes as two !sdfg.node arguments");
  return success();
}

LogicalResult sdfg::MapOp::verifyRegions() { return verifyScopeBody(*this, getBody()); }
LogicalResult sdfg::ConsumeOp::verifyRegions() { return verifyScopeBody(*this, getBody()); }

LogicalResult sdfg::NestedSDFGOp::verifyRegions() {
  Block &block = getBody().front();
  if (!llvm::hasSingleElement(block) || !llvm::isa<sdfg::SDFGOp>(block.front()))
    return emitOpError("body must hold exactly one sdfg.sdfg");
  return success();
}

// Handles print with the names users know them by: `%BinOp_20 = sdfg.state
// "BinOp_20"`, `%A = sdfg.access "A"` (the printer makes them unique).
static void nameAfter(OpAsmSetValueNameFn setNameFn, Value value, StringRef label,
                      StringRef suffix = "") {
  std::string name = label.empty() ? "n" : label.str();
  setNameFn(value, name + suffix.str());
}

#define SDFG_NAMED_BY(Op, Attr)                                                \
  void sdfg::Op::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {            \
    nameAfter(setNameFn, getResult(), get##Attr());                            \
  }
SDFG_NAMED_BY(StateOp, Label)
SDFG_NAMED_BY(RegionOp, Label)
SDFG_NAMED_BY(LoopOp, Label)
SDFG_NAMED_BY(ConditionalOp, Label)
SDFG_NAMED_BY(BreakOp, Label)
SDFG_NAMED_BY(ContinueOp, Label)
SDFG_NAMED_BY(ReturnOp, Label)
SDFG_NAMED_BY(AccessOp, Data)
SDFG_NAMED_BY(TaskletOp, Label)
SDFG_NAMED_BY(NestedSDFGOp, Label)
SDFG_NAMED_BY(LibraryOp, Label)
#undef SDFG_NAMED_BY

// A scope's results are its entry and exit nodes; inside the body the same
// nodes are the block arguments.
#define SDFG_SCOPE_NAMES(Op)                                                   \
  void sdfg::Op::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {            \
    nameAfter(setNameFn, getEntry(), getLabel(), "_entry");                    \
    nameAfter(setNameFn, getExit(), getLabel(), "_exit");                      \
  }                                                                            \
  void sdfg::Op::getAsmBlockArgumentNames(Region &region,                      \
                                          OpAsmSetValueNameFn setNameFn) {     \
    if (region.empty() || region.front().getNumArguments() != 2)               \
      return;                                                                  \
    setNameFn(region.front().getArgument(0), "entry");                         \
    setNameFn(region.front().getArgument(1), "exit");                          \
  }
SDFG_SCOPE_NAMES(MapOp)
SDFG_SCOPE_NAMES(ConsumeOp)
#undef SDFG_SCOPE_NAMES

extern "C" {
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(SDFG, sdfg);

/// The enum attribute `kind` (`schedule`, `storage`, `lifetime`, `dtype`,
/// `instrument`, `data_instrument`) with the case named `value`; null when
/// there is no such case. The C API has no access to a dialect's own
/// attributes.
MlirAttribute sdfgEnumAttrGet(MlirContext context, MlirStringRef kind, MlirStringRef value) {
  MLIRContext *ctx = unwrap(context);
  StringRef k = unwrap(kind), v = unwrap(value);
  if (k == "schedule")
    if (auto e = sdfg::symbolizeSchedule(v))
      return wrap(sdfg::ScheduleAttr::get(ctx, *e));
  if (k == "storage")
    if (auto e = sdfg::symbolizeStorage(v))
      return wrap(sdfg::StorageAttr::get(ctx, *e));
  if (k == "lifetime")
    if (auto e = sdfg::symbolizeLifetime(v))
      return wrap(sdfg::LifetimeAttr::get(ctx, *e));
  if (k == "dtype")
    if (auto e = sdfg::symbolizeDType(v))
      return wrap(sdfg::DTypeAttr::get(ctx, *e));
  if (k == "instrument")
    if (auto e = sdfg::symbolizeInstrumentation(v))
      return wrap(sdfg::InstrumentationAttr::get(ctx, *e));
  if (k == "data_instrument")
    if (auto e = sdfg::symbolizeDataInstrumentation(v))
      return wrap(sdfg::DataInstrumentationAttr::get(ctx, *e));
  return MlirAttribute{nullptr};
}

/// The case name of an enum attribute of the dialect; empty for any other
/// attribute. The name is static: it outlives the context.
MlirStringRef sdfgEnumAttrValue(MlirAttribute attribute) {
  Attribute a = unwrap(attribute);
  if (auto s = llvm::dyn_cast<sdfg::ScheduleAttr>(a))
    return wrap(sdfg::stringifySchedule(s.getValue()));
  if (auto s = llvm::dyn_cast<sdfg::StorageAttr>(a))
    return wrap(sdfg::stringifyStorage(s.getValue()));
  if (auto s = llvm::dyn_cast<sdfg::LifetimeAttr>(a))
    return wrap(sdfg::stringifyLifetime(s.getValue()));
  if (auto s = llvm::dyn_cast<sdfg::DTypeAttr>(a))
    return wrap(sdfg::stringifyDType(s.getValue()));
  if (auto s = llvm::dyn_cast<sdfg::InstrumentationAttr>(a))
    return wrap(sdfg::stringifyInstrumentation(s.getValue()));
  if (auto s = llvm::dyn_cast<sdfg::DataInstrumentationAttr>(a))
    return wrap(sdfg::stringifyDataInstrumentation(s.getValue()));
  return MlirStringRef{nullptr, 0};
}

/// The write-conflict resolution `#sdfg.wcr<kind, "lambda">`; null when
/// `kind` names no WcrKind.
MlirAttribute sdfgWcrAttrGet(MlirContext context, MlirStringRef kind, MlirStringRef lambda) {
  if (auto k = sdfg::symbolizeWcrKind(unwrap(kind)))
    return wrap(sdfg::WcrAttr::get(unwrap(context), *k, unwrap(lambda)));
  return MlirAttribute{nullptr};
}

/// Whether the attribute is a `#sdfg.wcr`.
bool sdfgAttributeIsAWcr(MlirAttribute attribute) {
  return llvm::isa<sdfg::WcrAttr>(unwrap(attribute));
}

/// The kind of a `#sdfg.wcr` by name (static: it outlives the context).
MlirStringRef sdfgWcrAttrGetKind(MlirAttribute attribute) {
  return wrap(sdfg::stringifyWcrKind(llvm::cast<sdfg::WcrAttr>(unwrap(attribute)).getKind()));
}

/// The lambda of a `#sdfg.wcr` (owned by the context).
MlirStringRef sdfgWcrAttrGetLambda(MlirAttribute attribute) {
  return wrap(llvm::cast<sdfg::WcrAttr>(unwrap(attribute)).getLambda());
}

/// The range `#sdfg.range<...>` of `numDims` dimensions, dimension `d`
/// having `numParts[d]` of the strings in `parts` (1 to 4: begin, end, step,
/// tile); null when a dimension has no part or more than four.
MlirAttribute sdfgRangeAttrGet(MlirContext context, intptr_t numDims, const intptr_t *numParts,
                               const MlirStringRef *parts) {
  MLIRContext *ctx = unwrap(context);
  SmallVector<ArrayAttr> dims;
  for (intptr_t d = 0; d < numDims; ++d) {
    if (numParts[d] < 1 || numParts[d] > 4)
      return MlirAttribute{nullptr};
    SmallVector<StringRef, 4> texts;
    for (intptr_t k = 0; k < numParts[d]; ++k)
      texts.push_back(unwrap(*parts++));
    dims.push_back(sdfg::rangeDimAttr(ctx, texts));
  }
  return wrap(sdfg::RangeAttr::get(ctx, dims));
}

/// Whether the attribute is a `#sdfg.range`.
bool sdfgAttributeIsARange(MlirAttribute attribute) {
  return llvm::isa<sdfg::RangeAttr>(unwrap(attribute));
}

/// The number of dimensions of a `#sdfg.range`.
intptr_t sdfgRangeAttrGetNumDims(MlirAttribute attribute) {
  return llvm::cast<sdfg::RangeAttr>(unwrap(attribute)).getDims().size();
}

/// The number of parts (1 to 4) of dimension `dim` of a `#sdfg.range`.
intptr_t sdfgRangeAttrGetNumParts(MlirAttribute attribute, intptr_t dim) {
  return llvm::cast<sdfg::RangeAttr>(unwrap(attribute)).getDims()[dim].size();
}

/// The text of part `part` of dimension `dim` (owned by the context).
MlirStringRef sdfgRangeAttrGetPart(MlirAttribute attribute, intptr_t dim, intptr_t part) {
  ArrayAttr d = llvm::cast<sdfg::RangeAttr>(unwrap(attribute)).getDims()[dim];
  return wrap(llvm::cast<StringAttr>(d[part]).getValue());
}

/// The expression list `exprs[0], ..., exprs[count - 1]`.
MlirAttribute sdfgExprsAttrGet(MlirContext context, intptr_t count, const MlirStringRef *exprs) {
  MLIRContext *ctx = unwrap(context);
  SmallVector<StringAttr> e;
  for (intptr_t i = 0; i < count; ++i)
    e.push_back(StringAttr::get(ctx, unwrap(exprs[i])));
  return wrap(sdfg::ExprsAttr::get(ctx, e));
}

/// Whether the attribute is an `#sdfg.exprs`.
bool sdfgAttributeIsAExprs(MlirAttribute attribute) {
  return llvm::isa<sdfg::ExprsAttr>(unwrap(attribute));
}

/// The number of expressions of an `#sdfg.exprs`.
intptr_t sdfgExprsAttrGetCount(MlirAttribute attribute) {
  return llvm::cast<sdfg::ExprsAttr>(unwrap(attribute)).getExprs().size();
}

/// The text of expression `i` (owned by the context).
MlirStringRef sdfgExprsAttrGetExpr(MlirAttribute attribute, intptr_t i) {
  return wrap(llvm::cast<sdfg::ExprsAttr>(unwrap(attribute)).getExprs()[i].getValue());
}

/// The single expression `expr`.
MlirAttribute sdfgExprAttrGet(MlirContext context, MlirStringRef expr) {
  MLIRContext *ctx = unwrap(context);
  return wrap(sdfg::ExprAttr::get(ctx, StringAttr::get(ctx, unwrap(expr))));
}

/// Whether the attribute is an `#sdfg.expr`.
bool sdfgAttributeIsAExpr(MlirAttribute attribute) {
  return llvm::isa<sdfg::ExprAttr>(unwrap(attribute));
}

/// The text of an `#sdfg.expr` (owned by the context).
MlirStringRef sdfgExprAttrGetExpr(MlirAttribute attribute) {
  return wrap(llvm::cast<sdfg::ExprAttr>(unwrap(attribute)).getExpr().getValue());
}

// Helpers of the accessors below (C++ linkage inside the extern "C" block).
extern "C++" {
/// An ordered `name = expression` list attribute (`AttrT`) of `count` pairs.
template <typename AttrT>
static MlirAttribute getPairs(MlirContext context, intptr_t count, const MlirStringRef *names,
                              const MlirStringRef *values) {
  MLIRContext *ctx = unwrap(context);
  SmallVector<StringAttr> n, v;
  for (intptr_t i = 0; i < count; ++i) {
    n.push_back(StringAttr::get(ctx, unwrap(names[i])));
    v.push_back(StringAttr::get(ctx, unwrap(values[i])));
  }
  return wrap(AttrT::get(ctx, n, v));
}

/// The names and values of an `#sdfg.assign` or `#sdfg.symbols`.
static std::pair<ArrayRef<StringAttr>, ArrayRef<StringAttr>> pairsOf(MlirAttribute attribute) {
  Attribute a = unwrap(attribute);
  if (auto assign = llvm::dyn_cast<sdfg::AssignmentsAttr>(a))
    return {assign.getSymbols(), assign.getValues()};
  auto mapping = llvm::cast<sdfg::SymbolMappingAttr>(a);
  return {mapping.getSymbols(), mapping.getValues()};
}
} // extern "C++"

/// The assignments `symbols[i] = values[i]`, in order.
MlirAttribute sdfgAssignAttrGet(MlirContext context, intptr_t count, const MlirStringRef *symbols,
                                const MlirStringRef *values) {
  return getPairs<sdfg::AssignmentsAttr>(context, count, symbols, values);
}

/// Whether the attribute is an `#sdfg.assign`.
bool sdfgAttributeIsAAssign(MlirAttribute attribute) {
  return llvm::isa<sdfg::AssignmentsAttr>(unwrap(attribute));
}

/// The symbol mapping `symbols[i] -> values[i]`, in order.
MlirAttribute sdfgSymbolsAttrGet(MlirContext context, intptr_t count, const MlirStringRef *symbols,
                                 const MlirStringRef *values) {
  return getPairs<sdfg::SymbolMappingAttr>(context, count, symbols, values);
}

/// Whether the attribute is an `#sdfg.symbols`.
bool sdfgAttributeIsASymbols(MlirAttribute attribute) {
  return llvm::isa<sdfg::SymbolMappingAttr>(unwrap(attribute));
}

/// The number of pairs of an `#sdfg.assign` or `#sdfg.symbols`.
intptr_t sdfgPairsAttrGetCount(MlirAttribute attribute) { return pairsOf(attribute).first.size(); }

/// The name of pair `i` (owned by the context).
MlirStringRef sdfgPairsAttrGetName(MlirAttribute attribute, intptr_t i) {
  return wrap(pairsOf(attribute).first[i].getValue());
}

/// The expression of pair `i` (owned by the context).
MlirStringRef sdfgPairsAttrGetValue(MlirAttribute attribute, intptr_t i) {
  return wrap(pairsOf(attribute).second[i].getValue());
}

/// Registers a pass implemented in Rust under its argument name, so textual
/// pipelines (`builtin.module(sdfg-verify,canonicalize)`) can name it. The
/// C API has no such entry point.
void sdfgRegisterPass(MlirPass (*factory)(void)) {
  mlir::registerPass([factory]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(factory()));
  });
}

/// The same for a family of passes sharing one factory, told apart by `data`
/// (the transformations, by their index).
void sdfgRegisterPassWithData(MlirPass (*factory)(void *), void *data) {
  mlir::registerPass([factory, data]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(factory(data)));
  });
}
}
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(SDFG, sdfg, sdfg::SDFGDialect)
