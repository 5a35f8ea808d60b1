// y = a * x + y on f64. Every kernel argument becomes a storage buffer at
// (set 0, binding = its position); scalars travel as one-element memrefs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @axpy(%a: memref<1xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %n: memref<1xi64>) kernel
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %n64 = memref.load %n[%c0] : memref<1xi64>
      %nn = arith.index_cast %n64 : i64 to index
      %in = arith.cmpi ult, %i, %nn : index
      scf.if %in {
        %av = memref.load %a[%c0] : memref<1xf64>
        %xv = memref.load %x[%i] : memref<?xf64>
        %yv = memref.load %y[%i] : memref<?xf64>
        %p = arith.mulf %av, %xv : f64
        %s = arith.addf %p, %yv : f64
        memref.store %s, %y[%i] : memref<?xf64>
      }
      gpu.return
    }
  }
}
