// One partial sum of x per workgroup of 256 invocations, by a tree in
// workgroup memory with barriers. Workgroup memory is a memref.alloc in the
// Workgroup storage class: convert-gpu-to-spirv leaves gpu.func workgroup
// attributions unconverted, and memrefs in #gpu.address_space<workgroup>
// fail to legalize.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%x: memref<?xf64>, %s: memref<?xf64>, %n: memref<1xi64>) kernel
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f64
      %buf = memref.alloc() : memref<256xf64, #spirv.storage_class<Workgroup>>
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %c256 : index
      %i = arith.addi %t, %tid : index
      %n64 = memref.load %n[%c0] : memref<1xi64>
      %nn = arith.index_cast %n64 : i64 to index
      %in = arith.cmpi ult, %i, %nn : index
      %v = scf.if %in -> f64 {
        %xv = memref.load %x[%i] : memref<?xf64>
        scf.yield %xv : f64
      } else {
        scf.yield %zero : f64
      }
      memref.store %v, %buf[%tid] : memref<256xf64, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %c128 = arith.constant 128 : index
      %c2 = arith.constant 2 : index
      %end = scf.while (%w0 = %c128) : (index) -> index {
        %more = arith.cmpi ugt, %w0, %c0 : index
        scf.condition(%more) %w0 : index
      } do {
      ^bb0(%w: index):
        %low = arith.cmpi ult, %tid, %w : index
        scf.if %low {
          %o = arith.addi %tid, %w : index
          %a = memref.load %buf[%tid] : memref<256xf64, #spirv.storage_class<Workgroup>>
          %b = memref.load %buf[%o] : memref<256xf64, #spirv.storage_class<Workgroup>>
          %ab = arith.addf %a, %b : f64
          memref.store %ab, %buf[%tid] : memref<256xf64, #spirv.storage_class<Workgroup>>
        }
        gpu.barrier
        %next = arith.divui %w, %c2 : index
        scf.yield %next : index
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %part = memref.load %buf[%c0] : memref<256xf64, #spirv.storage_class<Workgroup>>
        memref.store %part, %s[%bid] : memref<?xf64>
      }
      gpu.return
    }
  }
}
