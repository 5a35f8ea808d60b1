//===- SDFGAssign.cpp - #sdfg.assign and #sdfg.symbols ----------*- C++ -*-===//
//
// Syntax of the two ordered `name = expression` lists: interstate
// assignments, `#sdfg.assign<t = "t + 1", k = 0>`, and nested SDFGs' symbol
// mappings, `#sdfg.symbols<N = N, L = "N - 2">`; their C accessors are in
// SDFGDialect.cpp with the others.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

#include "SDFGDialect.h.inc"
#include "SDFGEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "SDFGAttrs.h.inc"
#include "SDFGExprText.h"

using namespace mlir;

/// `<name = value, ...>` into `names` and `values`.
static ParseResult parsePairs(AsmParser &parser, SmallVector<StringAttr> &names, SmallVector<StringAttr> &values,
                              StringRef what) {
  MLIRContext *context = parser.getContext();
  auto parseOne = [&]() -> ParseResult {
    std::string name, value;
    if (parser.parseKeywordOrString(&name) || parser.parseEqual() || sdfg::parseExprText(parser, value, what))
      return failure();
    names.push_back(StringAttr::get(context, name));
    values.push_back(StringAttr::get(context, value));
    return success();
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, parseOne);
}

static void printPairs(AsmPrinter &printer, ArrayRef<StringAttr> names, ArrayRef<StringAttr> values) {
  printer << '<';
  for (auto [i, name, value] : llvm::enumerate(names, values)) {
    if (i)
      printer << ", ";
    printer.printKeywordOrString(name.getValue());
    printer << " = ";
    sdfg::printExprText(printer, value.getValue());
  }
  printer << '>';
}

Attribute sdfg::AssignmentsAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<StringAttr> symbols, values;
  if (parsePairs(parser, symbols, values, "an assigned value"))
    return {};
  return AssignmentsAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                     ArrayRef<StringAttr>(symbols), ArrayRef<StringAttr>(values));
}

void sdfg::AssignmentsAttr::print(AsmPrinter &printer) const { printPairs(printer, getSymbols(), getValues()); }

LogicalResult sdfg::AssignmentsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            ArrayRef<StringAttr> symbols, ArrayRef<StringAttr> values) {
  if (symbols.size() != values.size())
    return emitError() << "assignments need one value per symbol (" << symbols.size()
                       << " symbols, " << values.size() << " values)";
  return success();
}

Attribute sdfg::SymbolMappingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<StringAttr> symbols, values;
  if (parsePairs(parser, symbols, values, "the expression a symbol maps to"))
    return {};
  return SymbolMappingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                       ArrayRef<StringAttr>(symbols), ArrayRef<StringAttr>(values));
}

void sdfg::SymbolMappingAttr::print(AsmPrinter &printer) const { printPairs(printer, getSymbols(), getValues()); }

LogicalResult sdfg::SymbolMappingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                              ArrayRef<StringAttr> symbols, ArrayRef<StringAttr> values) {
  if (symbols.size() != values.size())
    return emitError() << "a symbol mapping needs one expression per symbol (" << symbols.size()
                       << " symbols, " << values.size() << " expressions)";
  llvm::SmallDenseSet<StringRef> seen;
  for (StringAttr s : symbols)
    if (!seen.insert(s.getValue()).second)
      return emitError() << "symbol '" << s.getValue() << "' is mapped twice";
  return success();
}
