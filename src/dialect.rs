//! Registration of the `sdfg` dialect (compiled from `dialect/SDFG.td`).

use melior::dialect::DialectHandle;

extern "C" {
    fn mlirGetDialectHandle__sdfg__() -> mlir_sys::MlirDialectHandle;
}

/// The handle of the `sdfg` dialect, for registering it with a context.
pub fn handle() -> DialectHandle {
    // SAFETY: the C++ glue returns a static, valid dialect handle.
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__sdfg__()) }
}

/// Typed builders and accessors for every op, generated from the same ODS
/// file that defines the C++ dialect (`dialect/SDFG.td`).
pub mod ods {
    // Makes cargo rebuild the builders when the ODS file changes.
    const _ODS: &str = include_str!("../dialect/SDFG.td");

    melior::dialect! {
        name: "sdfg",
        files: ["dialect/SDFG.td"],
        include_directory_env_vars: ["CARGO_MANIFEST_DIR"],
    }
}

pub use ods::sdfg as ops;

#[cfg(test)]
mod tests {
    use super::ops;
    use crate::ir::new_context;
    use melior::ir::{
        attribute::{ArrayAttribute, StringAttribute},
        operation::OperationLike,
        Attribute, Block, BlockLike, Location, Region, RegionLike,
    };

    #[test]
    fn typed_builders_create_verified_ops() {
        let context = new_context();
        let location = Location::unknown(&context);
        let int32 = Attribute::parse(&context, "#sdfg.dtype<int32>").expect("a dtype attribute");
        let symbol = ops::symbol(&context, StringAttribute::new(&context, "N"), int32, location);
        assert_eq!(symbol.dtype().ok(), Some(int32));
        let block = Block::new(&[]);
        block.append_operation(symbol.into());
        let body = Region::new();
        body.append_block(block);
        let sdfg = ops::SDFGOperation::builder(&context, location)
            .sym_name(StringAttribute::new(&context, "prog"))
            .arg_names(ArrayAttribute::new(&context, &[]))
            .body(body)
            .build();
        let op = sdfg.as_operation();
        assert!(op.verify());
        assert_eq!(op.to_string().trim(), "sdfg.sdfg \"prog\" [] {\n  sdfg.symbol \"N\" {dtype = #sdfg.dtype<int32>}\n}");
    }
}
