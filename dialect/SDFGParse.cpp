//===- SDFGParse.cpp - Parsing with a source name ---------------*- C++ -*-===//
//
// `mlirModuleCreateParse` names every parsed buffer "", so ops without an
// explicit location would lose their file. This entry point gives the
// buffer the input's name, as `mlir-opt` does.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

extern "C" MlirModule sdfgModuleCreateParseNamed(MlirContext context, MlirStringRef source,
                                                 MlirStringRef name) {
  mlir::ParserConfig config(unwrap(context));
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(unwrap(source), config, unwrap(name));
  if (!module)
    return MlirModule{nullptr};
  return MlirModule{module.release().getOperation()};
}
