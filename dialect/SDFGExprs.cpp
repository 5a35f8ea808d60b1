//===- SDFGExprs.cpp - The #sdfg.exprs and #sdfg.expr attributes -*- C++ -*-===//
//
// Syntax of expression lists (shapes, strides, offsets),
// `#sdfg.exprs<N, "M + 1">`, and of single expressions (sizes, volumes),
// `#sdfg.expr<"N*M">`; their C accessors are in SDFGDialect.cpp with the
// others.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include "SDFGDialect.h.inc"
#include "SDFGEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "SDFGAttrs.h.inc"
#include "SDFGExprText.h"

using namespace mlir;

Attribute sdfg::ExprsAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SmallVector<StringAttr> exprs;
  auto parseOne = [&]() -> ParseResult {
    std::string text;
    if (sdfg::parseExprText(parser, text, "an expression"))
      return failure();
    exprs.push_back(StringAttr::get(context, text));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, parseOne))
    return {};
  return ExprsAttr::get(context, ArrayRef<StringAttr>(exprs));
}

void sdfg::ExprsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  for (auto [i, expr] : llvm::enumerate(getExprs())) {
    if (i)
      printer << ", ";
    sdfg::printExprText(printer, expr.getValue());
  }
  printer << '>';
}

Attribute sdfg::ExprAttr::parse(AsmParser &parser, Type) {
  std::string text;
  if (parser.parseLess() || sdfg::parseExprText(parser, text, "an expression") || parser.parseGreater())
    return {};
  return ExprAttr::get(parser.getContext(), StringAttr::get(parser.getContext(), text));
}

void sdfg::ExprAttr::print(AsmPrinter &printer) const {
  printer << '<';
  sdfg::printExprText(printer, getExpr().getValue());
  printer << '>';
}
