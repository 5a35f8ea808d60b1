//===- object_file.cpp - LLVM dialect to a host object file ------*- C++ -*-===//
//
// Ahead-of-time code generation in process: the LLVM dialect is translated to
// LLVM IR, optimised with LLVM's O3 pipeline for the host CPU and its features
// (what `clang -O3 -march=native` did) and written as a position-independent
// object file. Exposed to Rust through the C API types.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

#include <memory>
#include <string>

namespace {

// The host CPU's features as `-mattr` wants them (`+avx2,-avx512f,...`).
std::string hostFeatures() {
  std::string features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures()) {
    if (!features.empty())
      features += ',';
    features += (feature.second ? "+" : "-");
    features += feature.first().str();
  }
  return features;
}

// Registers the host's code generator, once per process (programs may be
// compiled on several threads).
void initializeHost() {
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
}

// A TargetMachine for the host, optimising as `-O3 -march=native -fPIC`.
std::unique_ptr<llvm::TargetMachine> hostMachine(std::string &error) {
  initializeHost();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), hostFeatures(), llvm::TargetOptions(),
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

// LLVM's default O3 module pipeline with clang's O3 tuning (loop and SLP
// vectorisation, interleaving, unrolling).
void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::PipelineTuningOptions tuning;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  tuning.LoopUnrolling = true;
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgsccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgsccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgsccs, modules);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3).run(module, modules);
}

MlirLogicalResult fail(MlirStringCallback onError, void *userData, const std::string &message) {
  onError(mlirStringRefCreate(message.data(), message.size()), userData);
  return mlirLogicalResultFailure();
}

} // namespace

extern "C" {

/// Registers the host's code generator (what loading object files with
/// LLVM's ORC JIT needs first).
void sdfgInitializeHostTarget() { initializeHost(); }

/// Translates `module` (in the LLVM dialect, its context holding the LLVM IR
/// translations) to LLVM IR, optimises it for the host and writes an object
/// file at `path`. On failure calls `onError` once with the reason.
MlirLogicalResult sdfgEmitObjectFile(MlirOperation module, MlirStringRef path,
                                     MlirStringCallback onError, void *userData) {
  mlir::Operation *op = unwrap(module);
  std::string diagnostics;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    mlir::ScopedDiagnosticHandler handler(op->getContext(), [&](mlir::Diagnostic &d) {
      llvm::raw_string_ostream os(diagnostics);
      os << (diagnostics.empty() ? "" : "; ") << d.getLocation() << ": " << d.str();
      return mlir::success();
    });
    llvmModule = mlir::translateModuleToLLVMIR(op, llvmContext, "sdfg");
  }
  if (!llvmModule)
    return fail(onError, userData, "translation to LLVM IR failed: " + diagnostics);

  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine = hostMachine(error);
  if (!machine)
    return fail(onError, userData, "no code generator for the host: " + error);
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  optimize(*llvmModule, *machine);

  std::error_code code;
  llvm::raw_fd_ostream out(unwrap(path), code, llvm::sys::fs::OF_None);
  if (code)
    return fail(onError, userData, "cannot write " + unwrap(path).str() + ": " + code.message());
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, out, nullptr, llvm::CodeGenFileType::ObjectFile))
    return fail(onError, userData, "the host code generator cannot write object files");
  codegen.run(*llvmModule);
  out.flush();
  if (out.has_error()) {
    std::string message = out.error().message();
    out.clear_error(); // an unhandled stream error aborts in the destructor
    return fail(onError, userData, "cannot write " + unwrap(path).str() + ": " + message);
  }
  return mlirLogicalResultSuccess();
}
}
