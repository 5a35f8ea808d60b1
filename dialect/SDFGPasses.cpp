//===- SDFGPasses.cpp - pass registration with options, pass observer -*- C++ -*-===//
//
// What the C API lacks for passes written in Rust: registering a pass whose
// options come from the textual pipeline (`sdfg-map-tiling{tile-sizes=4}`),
// and observing each pass a pass manager runs (timing, cache invalidation).
//
//===----------------------------------------------------------------------===//

#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <chrono>
#include <string>

namespace {

/// Reports every pass (not the adaptors that nest pass managers) to Rust:
/// `before` as it starts, `after` with the seconds it took.
class PassObserver : public mlir::PassInstrumentation {
public:
  using Before = void (*)(MlirStringRef argument, void *data);
  using After = void (*)(MlirStringRef argument, const void *pass,
                         double seconds, bool failed, void *data);

  PassObserver(Before before, After after, void *data)
      : before(before), after(after), data(data) {}

  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    if (pass->getArgument().empty())
      return;
    starts.push_back(std::chrono::steady_clock::now());
    before(wrap(pass->getArgument()), data);
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    finish(pass, false);
  }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override {
    finish(pass, true);
  }

private:
  void finish(mlir::Pass *pass, bool failed) {
    if (pass->getArgument().empty() || starts.empty())
      return;
    std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - starts.back();
    starts.pop_back();
    after(wrap(pass->getArgument()), pass, took.count(), failed, data);
  }

  Before before;
  After after;
  void *data;
  llvm::SmallVector<std::chrono::steady_clock::time_point> starts;
};

} // namespace

extern "C" {

/// Registers `argument` as a pass that takes options: `factory(data,
/// options, onError, errorData)` builds the pass from the text between the
/// braces of the pipeline element, or returns null after reporting why.
/// `argument` and `summary` must outlive the registry (static strings).
void sdfgRegisterPassWithOptions(
    MlirStringRef argument, MlirStringRef summary,
    MlirPass (*factory)(void *data, MlirStringRef options,
                        MlirStringCallback onError, void *errorData),
    void *data) {
  mlir::registerPassPipeline(
      unwrap(argument), unwrap(summary),
      [factory, data](mlir::OpPassManager &pm, llvm::StringRef options,
                      llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                          errorHandler) -> mlir::LogicalResult {
        std::string error;
        MlirStringCallback collect = [](MlirStringRef text, void *out) {
          static_cast<std::string *>(out)->append(text.data, text.length);
        };
        MlirPass pass = factory(data, wrap(options), collect, &error);
        if (!pass.ptr)
          return errorHandler(error);
        pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(pass)));
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
}

/// Adds a `PassObserver` to `manager` (which owns it).
void sdfgObservePasses(MlirPassManager manager,
                       void (*before)(MlirStringRef, void *),
                       void (*after)(MlirStringRef, const void *, double,
                                     bool, void *),
                       void *data) {
  unwrap(manager)->addInstrumentation(
      std::make_unique<PassObserver>(before, after, data));
}
}
