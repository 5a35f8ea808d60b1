module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @axpy(%a: f64, %x: memref<?xf64>, %y: memref<?xf64>, %n: index) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %xv = memref.load %x[%i] : memref<?xf64>
        %yv = memref.load %y[%i] : memref<?xf64>
        %p = arith.mulf %a, %xv : f64
        %s = arith.addf %p, %yv : f64
        memref.store %s, %y[%i] : memref<?xf64>
      }
      gpu.return
    }
  }
  // y = a*x + y on the device; x and y are host buffers of n doubles.
  func.func @run_axpy(%a: f64, %hx: memref<?xf64>, %hy: memref<?xf64>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %n = memref.dim %hx, %c0 : memref<?xf64>
    %dx = gpu.alloc (%n) : memref<?xf64>
    %dy = gpu.alloc (%n) : memref<?xf64>
    gpu.memcpy %dx, %hx : memref<?xf64>, memref<?xf64>
    gpu.memcpy %dy, %hy : memref<?xf64>, memref<?xf64>
    %nb0 = arith.addi %n, %c128 : index
    %nb1 = arith.subi %nb0, %c1 : index
    %nb = arith.divui %nb1, %c128 : index
    gpu.launch_func @kernels::@axpy blocks in (%nb, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : f64, %dx : memref<?xf64>, %dy : memref<?xf64>, %n : index)
    gpu.memcpy %hy, %dy : memref<?xf64>, memref<?xf64>
    gpu.dealloc %dx : memref<?xf64>
    gpu.dealloc %dy : memref<?xf64>
    return
  }
}
