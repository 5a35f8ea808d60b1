//===- SDFGAssign.cpp - The #sdfg.assign attribute --------------*- C++ -*-===//
//
// Syntax of interstate assignments, `#sdfg.assign<t = "t + 1", k = 0>`; its C
// accessors are in SDFGDialect.cpp with the others.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

#include "SDFGDialect.h.inc"
#include "SDFGEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "SDFGAttrs.h.inc"
#include "SDFGExprText.h"

using namespace mlir;

Attribute sdfg::AssignmentsAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<StringAttr> symbols, values;
  auto parseOne = [&]() -> ParseResult {
    std::string symbol, value;
    if (parser.parseKeywordOrString(&symbol) || parser.parseEqual() || sdfg::parseExprText(parser, value, "an assigned value"))
      return failure();
    symbols.push_back(StringAttr::get(context, symbol));
    values.push_back(StringAttr::get(context, value));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, parseOne))
    return {};
  return AssignmentsAttr::getChecked([&] { return parser.emitError(loc); }, context,
                                     ArrayRef<StringAttr>(symbols), ArrayRef<StringAttr>(values));
}

void sdfg::AssignmentsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  for (auto [i, symbol, value] : llvm::enumerate(getSymbols(), getValues())) {
    if (i)
      printer << ", ";
    printer.printKeywordOrString(symbol.getValue());
    printer << " = ";
    sdfg::printExprText(printer, value.getValue());
  }
  printer << '>';
}

LogicalResult sdfg::AssignmentsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            ArrayRef<StringAttr> symbols, ArrayRef<StringAttr> values) {
  if (symbols.size() != values.size())
    return emitError() << "assignments need one value per symbol (" << symbols.size()
                       << " symbols, " << values.size() << " values)";
  return success();
}
