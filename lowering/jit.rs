//! MLIR's execution engine through the C API. melior's wrapper cannot
//! call `initialize`, which runs the module's constructors: a program with
//! GPU kernels loads them there.

use melior::ir::Module;
use mlir_sys::*;

pub struct Jit {
    raw: MlirExecutionEngine,
}

// SAFETY: once created and initialised, the engine is only read (symbol
// lookups, calls into its code), which any thread may do.
unsafe impl Send for Jit {}
unsafe impl Sync for Jit {}

impl Jit {
    /// Compiles `module` (LLVM dialect) at `opt_level`, resolving external
    /// symbols in the shared libraries at `libraries` and in `symbols`
    /// (C functions by name), and runs its constructors.
    pub fn new(module: &Module, opt_level: i32, libraries: &[String], symbols: &[(&str, *mut ())]) -> Result<Jit, String> {
        // MLIR reads the paths as C strings.
        let paths: Vec<String> = libraries.iter().map(|p| format!("{p}\0")).collect();
        let refs: Vec<MlirStringRef> = paths.iter().map(|p| MlirStringRef { data: p.as_ptr() as *const _, length: p.len() - 1 }).collect();
        // SAFETY: the module is live and `refs` outlives the call.
        let raw = unsafe { mlirExecutionEngineCreate(module.to_raw(), opt_level, refs.len() as i32, refs.as_ptr(), false, false) };
        if raw.ptr.is_null() {
            return Err("the JIT cannot compile the program".into());
        }
        let jit = Jit { raw };
        for (name, f) in symbols {
            // SAFETY: the name is copied; `f` has the signature the program declares.
            unsafe { mlirExecutionEngineRegisterSymbol(raw, MlirStringRef { data: name.as_ptr() as *const _, length: name.len() }, *f as *mut _) };
        }
        // SAFETY: every symbol the constructors call is resolvable now.
        unsafe { mlirExecutionEngineInitialize(raw) };
        Ok(jit)
    }

    /// The address of the function `name`, or null.
    pub fn lookup(&self, name: &str) -> *mut () {
        // SAFETY: the engine is live; the name is copied.
        unsafe { mlirExecutionEngineLookup(self.raw, MlirStringRef { data: name.as_ptr() as *const _, length: name.len() }) as *mut () }
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        // SAFETY: created by `new`, destroyed once.
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}
