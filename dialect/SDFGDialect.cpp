//===- SDFGDialect.cpp - C++ glue for the sdfg dialect ----------*- C++ -*-===//
//
// Instantiates the classes mlir-tblgen generates from SDFG.td, implements the
// few region verifiers ODS cannot express, and exposes the dialect to the C API
// (and so to Rust) as `mlirGetDialectHandle__sdfg__`.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Registration.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include "SDFGDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "SDFGTypes.h.inc"
#define GET_OP_CLASSES
#include "SDFGOps.h.inc"

using namespace mlir;

#include "SDFGDialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "SDFGTypes.cpp.inc"
#define GET_OP_CLASSES
#include "SDFGOps.cpp.inc"

void sdfg::SDFGDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "SDFGTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "SDFGOps.cpp.inc"
      >();
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

extern "C" {
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(SDFG, sdfg);
}
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(SDFG, sdfg, sdfg::SDFGDialect)
