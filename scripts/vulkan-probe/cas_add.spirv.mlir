// Every invocation adds x[i] into one f64 through a compare-and-swap loop on
// the value's i64 bits: the shape the Vulkan lowering must give a floating
// write-conflict resolution, since convert-gpu-to-spirv converts no float
// atomic and no memref.generic_atomic_rmw. The exchange is Relaxed: with
// AcquireRelease/Acquire semantics Mesa 22.3's lavapipe loses updates.
// Its capabilities are written out: spirv-update-vce would drop Int64Atomics,
// which a 64-bit AtomicCompareExchange needs (spirv-val rejects it without).
// Buffers: (0, 0) x: f64[], (0, 1) sum: i64[1] (f64 bits), (0, 2) n: i64[1].
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float64, Int64, Int64Atomics], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @local_id built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @group_id built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @x bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @sum bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @n bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>
  spirv.func @cas_add() "None" {
    %zero = spirv.Constant 0 : i32
    %width = spirv.Constant 64 : i32
    %group_addr = spirv.mlir.addressof @group_id : !spirv.ptr<vector<3xi32>, Input>
    %group = spirv.Load "Input" %group_addr : vector<3xi32>
    %gx = spirv.CompositeExtract %group[0 : i32] : vector<3xi32>
    %local_addr = spirv.mlir.addressof @local_id : !spirv.ptr<vector<3xi32>, Input>
    %local = spirv.Load "Input" %local_addr : vector<3xi32>
    %lx = spirv.CompositeExtract %local[0 : i32] : vector<3xi32>
    %base = spirv.IMul %gx, %width : i32
    %i = spirv.IAdd %base, %lx : i32
    %n_addr = spirv.mlir.addressof @n : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>
    %n_ptr = spirv.AccessChain %n_addr[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i64, StorageBuffer>
    %n64 = spirv.Load "StorageBuffer" %n_ptr : i64
    %n = spirv.SConvert %n64 : i64 to i32
    %inside = spirv.ULessThan %i, %n : i32
    spirv.mlir.selection {
      spirv.BranchConditional %inside, ^add, ^done
    ^add:
      %x_addr = spirv.mlir.addressof @x : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
      %x_ptr = spirv.AccessChain %x_addr[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f64, StorageBuffer>
      %v = spirv.Load "StorageBuffer" %x_ptr : f64
      %sum_addr = spirv.mlir.addressof @sum : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>
      %sum_ptr = spirv.AccessChain %sum_addr[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i64, stride=8> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i64, StorageBuffer>
      %first = spirv.Load "StorageBuffer" %sum_ptr : i64
      spirv.mlir.loop {
        spirv.Branch ^header(%first : i64)
      ^header(%expected: i64):
        spirv.Branch ^body
      ^body:
        %old = spirv.Bitcast %expected : i64 to f64
        %new = spirv.FAdd %old, %v : f64
        %new_bits = spirv.Bitcast %new : f64 to i64
        %seen = spirv.AtomicCompareExchange <Device> <None> <None> %sum_ptr, %new_bits, %expected : !spirv.ptr<i64, StorageBuffer>
        %retry = spirv.INotEqual %seen, %expected : i64
        spirv.BranchConditional %retry, ^continue, ^merge
      ^continue:
        spirv.Branch ^header(%seen : i64)
      ^merge:
        spirv.mlir.merge
      }
      spirv.Branch ^done
    ^done:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @cas_add, @group_id, @local_id
  spirv.ExecutionMode @cas_add "LocalSize", 64, 1, 1
}
