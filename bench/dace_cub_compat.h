// DaCe 1.0.2's runtime (dace/reduction.h) names cub::TransformInputIterator,
// which CUDA 13's CUB no longer has; thrust's transform_iterator is the same
// iterator. Included before DaCe's code by bench/dace_cuda.py.
#ifdef __CUDACC__
#include <cub/cub.cuh>
#include <thrust/iterator/transform_iterator.h>
namespace cub {
template <typename Value, typename Op, typename Iterator>
using TransformInputIterator = thrust::transform_iterator<Op, Iterator, Value, Value>;
}
#endif
