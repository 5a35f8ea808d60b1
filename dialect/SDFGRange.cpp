//===- SDFGRange.cpp - #sdfg.range: parsing, printing, checks ---*- C++ -*-===//
//
// A range is one array of strings per dimension: begin[:end[:step[:tile]]].
// Each part prints bare when the lexer reads it back unchanged (an integer,
// an identifier) and quoted otherwise. A trailing tile of 1, then a step of
// 1, is dropped when parsed or built, so equal ranges are the same attribute.
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
#include "SDFGRange.h"

using namespace mlir;

/// Drops the parts that say 1 by omission: the tile, then the step.
static void dropDefaultParts(SmallVectorImpl<StringRef> &parts) {
  if (parts.size() == 4 && parts[3] == "1")
    parts.pop_back();
  if (parts.size() == 3 && parts[2] == "1")
    parts.pop_back();
}

ArrayAttr sdfg::rangeDimAttr(MLIRContext *ctx, SmallVectorImpl<StringRef> &parts) {
  dropDefaultParts(parts);
  SmallVector<Attribute, 4> elements;
  for (StringRef p : parts)
    elements.push_back(StringAttr::get(ctx, p));
  return ArrayAttr::get(ctx, elements);
}

LogicalResult sdfg::RangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      ArrayRef<ArrayAttr> dims) {
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim.empty() || dim.size() > 4)
      return emitError() << "range dimension " << i << " has " << dim.size()
                         << " parts, not 1 to 4 (begin:end:step:tile)";
    for (Attribute part : dim) {
      auto text = llvm::dyn_cast<StringAttr>(part);
      if (!text || text.getValue().trim().empty())
        return emitError() << "range dimension " << i << " has a part that is not an expression";
    }
  }
  return success();
}

/// `dim (, dim)*`, each `part (: part)*`; at least one dimension.
static ParseResult parseDims(AsmParser &parser, SmallVectorImpl<ArrayAttr> &dims) {
  do {
    SmallVector<std::string, 4> texts;
    do {
      if (sdfg::parseExprText(parser, texts.emplace_back(), "a range part"))
        return failure();
    } while (succeeded(parser.parseOptionalColon()));
    SmallVector<StringRef, 4> parts(texts.begin(), texts.end());
    dims.push_back(sdfg::rangeDimAttr(parser.getContext(), parts));
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

/// `<dims>` or `<>`.
static ParseResult parseBracketed(AsmParser &parser, SmallVectorImpl<ArrayAttr> &dims) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  if (parseDims(parser, dims))
    return failure();
  return parser.parseGreater();
}

static void printDims(AsmPrinter &printer, ArrayRef<ArrayAttr> dims) {
  llvm::interleaveComma(dims, printer, [&](ArrayAttr dim) {
    llvm::interleave(
        dim,
        [&](Attribute part) {
          sdfg::printExprText(printer, llvm::cast<StringAttr>(part).getValue());
        },
        [&] { printer.getStream() << ':'; });
  });
}

Attribute sdfg::RangeAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<ArrayAttr> dims;
  if (parseBracketed(parser, dims))
    return {};
  return sdfg::getRangeChecked([&] { return parser.emitError(loc); }, parser.getContext(), dims);
}

void sdfg::RangeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printDims(printer, getDims());
  printer << '>';
}

ParseResult parseMapRange(OpAsmParser &parser, sdfg::RangeAttr &range) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<ArrayAttr> dims;
  // No dimension is written `<>`: bare, it would read the `attributes`
  // keyword that follows as a part.
  ParseResult parsed = succeeded(parser.parseOptionalLess())
                           ? (succeeded(parser.parseOptionalGreater()) ? success() : failure())
                           : parseDims(parser, dims);
  if (failed(parsed))
    return parser.emitError(loc, "expected a map range (0:N, ...) or <>");
  range = sdfg::getRangeChecked([&] { return parser.emitError(loc); }, parser.getContext(), dims);
  return success(bool(range));
}

void printMapRange(OpAsmPrinter &printer, Operation *, sdfg::RangeAttr range) {
  if (range.getDims().empty())
    printer << "<>";
  else
    printDims(printer, range.getDims());
}
