//! Loading a compiled object file into this process with LLVM's ORC JIT
//! (its C API), no linker involved: how a program compiled earlier and kept
//! on disk runs again without being compiled. External symbols resolve in
//! the given shared libraries, then in the process (libc, libm).

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};

type LLJitRef = *mut c_void;
type ErrorRef = *mut c_void;
type DylibRef = *mut c_void;
type GeneratorRef = *mut c_void;
type MemoryBufferRef = *mut c_void;
type SymbolPredicate = Option<unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int>;

extern "C" {
    fn sdfgInitializeHostTarget();
    fn LLVMOrcCreateLLJIT(result: *mut LLJitRef, builder: *mut c_void) -> ErrorRef;
    fn LLVMOrcDisposeLLJIT(jit: LLJitRef) -> ErrorRef;
    fn LLVMOrcLLJITGetMainJITDylib(jit: LLJitRef) -> DylibRef;
    fn LLVMOrcLLJITGetGlobalPrefix(jit: LLJitRef) -> c_char;
    fn LLVMOrcLLJITAddObjectFile(jit: LLJitRef, dylib: DylibRef, object: MemoryBufferRef) -> ErrorRef;
    fn LLVMOrcLLJITLookup(jit: LLJitRef, result: *mut u64, name: *const c_char) -> ErrorRef;
    fn LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
        result: *mut GeneratorRef,
        prefix: c_char,
        filter: SymbolPredicate,
        context: *mut c_void,
    ) -> ErrorRef;
    fn LLVMOrcCreateDynamicLibrarySearchGeneratorForPath(
        result: *mut GeneratorRef,
        file: *const c_char,
        prefix: c_char,
        filter: SymbolPredicate,
        context: *mut c_void,
    ) -> ErrorRef;
    fn LLVMOrcJITDylibAddGenerator(dylib: DylibRef, generator: GeneratorRef);
    fn LLVMCreateMemoryBufferWithContentsOfFile(path: *const c_char, out: *mut MemoryBufferRef, message: *mut *mut c_char) -> c_int;
    fn LLVMDisposeMessage(message: *mut c_char);
    fn LLVMGetErrorMessage(error: ErrorRef) -> *mut c_char;
    fn LLVMDisposeErrorMessage(message: *mut c_char);
}

/// An LLVM error as text (consumes it); `Ok` for no error.
fn check(error: ErrorRef, what: &str) -> Result<(), String> {
    if error.is_null() {
        return Ok(());
    }
    // SAFETY: a live error, consumed by taking its message.
    unsafe {
        let message = LLVMGetErrorMessage(error);
        let text = CStr::from_ptr(message).to_string_lossy().into_owned();
        LLVMDisposeErrorMessage(message);
        Err(format!("{what}: {text}"))
    }
}

fn c_path(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_encoded_bytes()).map_err(|_| format!("{}: the path holds a NUL byte", path.display()))
}

/// Object files loaded into one JIT; the code lives as long as this does.
pub struct ObjectJit {
    raw: LLJitRef,
}

// SAFETY: the JIT's code and tables are immutable once loaded; calls into
// the loaded code take no lock of ours.
unsafe impl Send for ObjectJit {}
unsafe impl Sync for ObjectJit {}

impl ObjectJit {
    /// Loads `object`, resolving its external symbols in `libraries` (in
    /// order) and then in the process.
    pub fn load(object: &Path, libraries: &[PathBuf]) -> Result<ObjectJit, String> {
        let object_path = c_path(object)?;
        let library_paths = libraries.iter().map(|l| c_path(l)).collect::<Result<Vec<_>, _>>()?;
        // SAFETY: every call gets live handles; ownership of the generators
        // and the buffer passes to the JIT as the C API documents.
        unsafe {
            sdfgInitializeHostTarget();
            let mut raw: LLJitRef = std::ptr::null_mut();
            check(LLVMOrcCreateLLJIT(&mut raw, std::ptr::null_mut()), "cannot start LLVM's JIT")?;
            let jit = ObjectJit { raw };
            let dylib = LLVMOrcLLJITGetMainJITDylib(raw);
            let prefix = LLVMOrcLLJITGetGlobalPrefix(raw);
            for (path, name) in library_paths.iter().zip(libraries) {
                let mut generator: GeneratorRef = std::ptr::null_mut();
                let made = LLVMOrcCreateDynamicLibrarySearchGeneratorForPath(&mut generator, path.as_ptr(), prefix, None, std::ptr::null_mut());
                check(made, &format!("cannot load {}", name.display()))?;
                LLVMOrcJITDylibAddGenerator(dylib, generator);
            }
            let mut generator: GeneratorRef = std::ptr::null_mut();
            check(
                LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&mut generator, prefix, None, std::ptr::null_mut()),
                "cannot search this process's symbols",
            )?;
            LLVMOrcJITDylibAddGenerator(dylib, generator);
            let mut buffer: MemoryBufferRef = std::ptr::null_mut();
            let mut message: *mut c_char = std::ptr::null_mut();
            if LLVMCreateMemoryBufferWithContentsOfFile(object_path.as_ptr(), &mut buffer, &mut message) != 0 {
                let text = if message.is_null() { String::new() } else { CStr::from_ptr(message).to_string_lossy().into_owned() };
                if !message.is_null() {
                    LLVMDisposeMessage(message);
                }
                return Err(format!("cannot read {}: {text}", object.display()));
            }
            check(LLVMOrcLLJITAddObjectFile(raw, dylib, buffer), &format!("cannot load {}", object.display()))?;
            Ok(jit)
        }
    }

    /// The address of the function `name` (links the object on first use).
    pub fn lookup(&self, name: &str) -> Result<*mut (), String> {
        let c_name = CString::new(name).map_err(|_| format!("bad symbol name '{name}'"))?;
        let mut address = 0u64;
        // SAFETY: a live JIT; the name outlives the call.
        check(unsafe { LLVMOrcLLJITLookup(self.raw, &mut address, c_name.as_ptr()) }, &format!("cannot link '{name}'"))?;
        Ok(address as usize as *mut ())
    }
}

impl Drop for ObjectJit {
    fn drop(&mut self) {
        // SAFETY: created by `load`, disposed once; an error here only means
        // some memory was not returned.
        let _ = check(unsafe { LLVMOrcDisposeLLJIT(self.raw) }, "");
    }
}
