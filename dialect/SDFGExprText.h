//===- SDFGExprText.h - expressions inside sdfg attributes ------*- C++ -*-===//
//
// The parts of `#sdfg.range`, the values of `#sdfg.assign` and the entries
// of `#sdfg.exprs` are symbolic expressions kept as text: written bare when
// the lexer reads them back unchanged (an identifier, an integer without
// leading zeros) and quoted otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef SDFG_EXPR_TEXT_H
#define SDFG_EXPR_TEXT_H

#include "mlir/IR/OpImplementation.h"

namespace sdfg {
/// An identifier (names first: `true` would read as an integer), an integer
/// or a quoted expression; `what` names the expected thing in the error.
mlir::ParseResult parseExprText(mlir::AsmParser &parser, std::string &text, llvm::StringRef what);

/// `text` bare when it reads back unchanged, quoted otherwise.
void printExprText(mlir::AsmPrinter &printer, llvm::StringRef text);
} // namespace sdfg

#endif // SDFG_EXPR_TEXT_H
