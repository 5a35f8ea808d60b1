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

using namespace mlir;

// An integer literal as APInt prints it back (`-3`, not `007` or `-0`).
static bool isIntegerLiteral(StringRef s) {
  StringRef digits = s.starts_with("-") ? s.drop_front() : s;
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return false;
  return digits == "0" ? s == "0" : digits.front() != '0';
}

// A name that lexes as one bare identifier (no `.` or `$`, which MLIR allows).
static bool isPlainName(StringRef s) {
  return !s.empty() && (llvm::isAlpha(s.front()) || s.front() == '_') &&
         llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

// A value: a name (keywords first: `true` would read as an integer), an
// integer literal, or a string.
static ParseResult parseValue(AsmParser &parser, std::string &value) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    value = keyword.str();
    return success();
  }
  APInt integer;
  OptionalParseResult parsed = parser.parseOptionalInteger(integer);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    value = llvm::toString(integer, 10, /*Signed=*/true);
    return success();
  }
  return parser.parseString(&value);
}

Attribute sdfg::AssignmentsAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<StringAttr> symbols, values;
  auto parseOne = [&]() -> ParseResult {
    std::string symbol, value;
    if (parser.parseKeywordOrString(&symbol) || parser.parseEqual() || parseValue(parser, value))
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
    StringRef v = value.getValue();
    if (isIntegerLiteral(v) || isPlainName(v))
      printer << v;
    else
      printer.printString(v);
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
