//===- SDFGExprText.cpp - expressions inside sdfg attributes ----*- C++ -*-===//

#include "SDFGExprText.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

/// An identifier the lexer reads as one bare word (no `.` or `$`, which
/// MLIR's keywords allow but expressions do not).
static bool isIdentifier(StringRef s) {
  return !s.empty() && (llvm::isAlpha(s[0]) || s[0] == '_') &&
         llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// An integer the parser reads back as the same text: `-3`, not `007` or `-0`.
static bool isInteger(StringRef s) {
  StringRef digits = s.starts_with("-") ? s.drop_front() : s;
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return false;
  return digits == "0" ? s == "0" : digits.front() != '0';
}

ParseResult sdfg::parseExprText(AsmParser &parser, std::string &text, StringRef what) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    text = keyword.str();
    return success();
  }
  APInt value;
  OptionalParseResult integer = parser.parseOptionalInteger(value);
  if (integer.has_value()) {
    if (failed(*integer))
      return failure();
    text = llvm::toString(value, 10, /*Signed=*/true);
    return success();
  }
  if (succeeded(parser.parseOptionalString(&text)))
    return success();
  return parser.emitError(parser.getCurrentLocation(),
                          "expected " + what + ": an integer, an identifier or a quoted expression");
}

void sdfg::printExprText(AsmPrinter &printer, StringRef text) {
  if (isIdentifier(text) || isInteger(text))
    printer.getStream() << text;
  else
    printer.printString(text);
}
