module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Block sum in workgroup memory, then one f64 atomic add per block.
    gpu.func @block_sum(%x: memref<?xf64>, %out: memref<1xf64>, %n: index)
        workgroup(%buf: memref<128xf64, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f64
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      %v = scf.if %in -> f64 {
        %xv = memref.load %x[%i] : memref<?xf64>
        scf.yield %xv : f64
      } else {
        scf.yield %zero : f64
      }
      memref.store %v, %buf[%tid] : memref<128xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %c1 = arith.constant 1 : index
        %c128 = arith.constant 128 : index
        %s = scf.for %k = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> f64 {
          %e = memref.load %buf[%k] : memref<128xf64, #gpu.address_space<workgroup>>
          %a = arith.addf %acc, %e : f64
          scf.yield %a : f64
        }
        %old = memref.atomic_rmw addf %s, %out[%c0] : (f64, memref<1xf64>) -> f64
      }
      gpu.return
    }
    // Product through a compare-and-swap loop (no native f64 atomic multiply).
    gpu.func @product(%x: memref<?xf64>, %out: memref<1xf64>, %n: index) kernel {
      %true = arith.constant true
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %xv = memref.load %x[%i] : memref<?xf64>
        %base = memref.extract_aligned_pointer_as_index %out : memref<1xf64> -> index
        %bi = arith.index_cast %base : index to i64
        %p = llvm.inttoptr %bi : i64 to !llvm.ptr<1>
        %init = llvm.load %p : !llvm.ptr<1> -> i64
        %done = scf.while (%cur = %init) : (i64) -> i64 {
          %cf = arith.bitcast %cur : i64 to f64
          %m = arith.mulf %cf, %xv : f64
          %mi = arith.bitcast %m : f64 to i64
          %pair = llvm.cmpxchg %p, %cur, %mi acq_rel monotonic : !llvm.ptr<1>, i64
          %seen = llvm.extractvalue %pair[0] : !llvm.struct<(i64, i1)>
          %ok = llvm.extractvalue %pair[1] : !llvm.struct<(i64, i1)>
          %again = arith.xori %ok, %true : i1
          scf.condition(%again) %seen : i64
        } do {
        ^bb0(%next: i64):
          scf.yield %next : i64
        }
      }
      gpu.return
    }
  }
  func.func @run_reduce(%hx: memref<?xf64>, %hx2: memref<?xf64>, %hsum: memref<1xf64>, %hprod: memref<1xf64>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %n = memref.dim %hx, %c0 : memref<?xf64>
    %dx = gpu.alloc (%n) : memref<?xf64>
    %ds = gpu.alloc () : memref<1xf64>
    %dp = gpu.alloc () : memref<1xf64>
    gpu.memcpy %dx, %hx : memref<?xf64>, memref<?xf64>
    gpu.memcpy %ds, %hsum : memref<1xf64>, memref<1xf64>
    gpu.memcpy %dp, %hprod : memref<1xf64>, memref<1xf64>
    %nb0 = arith.addi %n, %c128 : index
    %nb1 = arith.subi %nb0, %c1 : index
    %nb = arith.divui %nb1, %c128 : index
    gpu.launch_func @kernels::@block_sum blocks in (%nb, %c1, %c1) threads in (%c128, %c1, %c1) args(%dx : memref<?xf64>, %ds : memref<1xf64>, %n : index)
    %n2 = memref.dim %hx2, %c0 : memref<?xf64>
    %dx2 = gpu.alloc (%n2) : memref<?xf64>
    gpu.memcpy %dx2, %hx2 : memref<?xf64>, memref<?xf64>
    %mb0 = arith.addi %n2, %c128 : index
    %mb1 = arith.subi %mb0, %c1 : index
    %mb = arith.divui %mb1, %c128 : index
    gpu.launch_func @kernels::@product blocks in (%mb, %c1, %c1) threads in (%c128, %c1, %c1) args(%dx2 : memref<?xf64>, %dp : memref<1xf64>, %n2 : index)
    gpu.dealloc %dx2 : memref<?xf64>
    gpu.memcpy %hsum, %ds : memref<1xf64>, memref<1xf64>
    gpu.memcpy %hprod, %dp : memref<1xf64>, memref<1xf64>
    gpu.dealloc %dx : memref<?xf64>
    gpu.dealloc %ds : memref<1xf64>
    gpu.dealloc %dp : memref<1xf64>
    return
  }
}
