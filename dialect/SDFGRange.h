//===- SDFGRange.h - the map op's range directive ---------------*- C++ -*-===//
//
// `sdfg.map "m" ["i"] = 0:N attributes {...}`: the map's `#sdfg.range`
// printed without its wrapper. Declared here so the generated op classes
// (SDFGOps.cpp.inc) can call it.
//
//===----------------------------------------------------------------------===//

#ifndef SDFG_RANGE_H
#define SDFG_RANGE_H

#include "mlir/IR/OpImplementation.h"

namespace sdfg {
class RangeAttr;

/// One dimension of a range from its 1 to 4 parts, a trailing tile or step
/// of 1 dropped.
mlir::ArrayAttr rangeDimAttr(mlir::MLIRContext *ctx, llvm::SmallVectorImpl<llvm::StringRef> &parts);

/// `RangeAttr::getChecked`, defined where the attribute storage is complete
/// (SDFGDialect.cpp).
RangeAttr getRangeChecked(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                          mlir::MLIRContext *ctx, llvm::ArrayRef<mlir::ArrayAttr> dims);
} // namespace sdfg

mlir::ParseResult parseMapRange(mlir::OpAsmParser &parser, sdfg::RangeAttr &range);
void printMapRange(mlir::OpAsmPrinter &printer, mlir::Operation *op, sdfg::RangeAttr range);

#endif // SDFG_RANGE_H
