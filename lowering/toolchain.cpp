//===- toolchain.cpp - where the running LLVM is ----------------*- C++ -*-===//
//
// What `lowering/toolchain.rs` needs from C++: the LLVM version this program
// is built against and the file its libMLIR was loaded from (whose
// directory is the LLVM install's library directory).
//
//===----------------------------------------------------------------------===//

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Config/llvm-config.h"

#include <dlfcn.h>

extern "C" {

/// The major version of the LLVM this program is built against (which
/// clang and libomp must match).
int sdfgLLVMVersionMajor(void) { return LLVM_VERSION_MAJOR; }

/// The path of the shared object that holds MLIR's C++ code (libMLIR.so),
/// or NULL when the dynamic linker cannot tell.
const char *sdfgMLIRLibraryPath(void) {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&mlir::translateModuleToLLVMIR), &info) == 0)
    return nullptr;
  return info.dli_fname;
}
}
