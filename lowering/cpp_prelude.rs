//! The part of DaCe's C++ runtime (`dace/runtime/include/dace/`) that
//! tasklet code written by DaCe names: library-node expansions declare
//! `dace::complex128 __alpha = dace::complex128(1);`, and symbolic sizes are
//! printed by DaCe's `sym2cpp` as `dace::math::pow(R, K - 1)`,
//! `int_floor(N, 2)` or `int_ceil(N, 2)`. The definitions follow DaCe's
//! headers (`types.h`, `math.h`), except that an integer power is computed
//! exactly in the integer type, where DaCe's generic `pow` goes through
//! `double` for 64-bit integers.

/// Placed after the standard headers of the C++ tasklet source.
pub const DACE_RUNTIME: &str = r#"namespace dace {
typedef bool bool_;
typedef int8_t int8;
typedef int16_t int16;
typedef int32_t int32;
typedef int64_t int64;
typedef uint8_t uint8;
typedef uint16_t uint16;
typedef uint32_t uint32;
typedef uint64_t uint64;
typedef float float32;
typedef double float64;
typedef std::complex<float> complex64;
typedef std::complex<double> complex128;
namespace math {
template <typename T, typename U>
inline auto pow(const T& a, const U& b) {
    if constexpr (std::is_integral<T>::value && std::is_integral<U>::value) {
        typedef typename std::common_type<T, U>::type R;
        if (b < 0) return R(0);
        R r = 1;
        for (U i = 0; i < b; ++i) r *= a;
        return r;
    } else {
        return std::pow(a, b);
    }
}
template <typename T>
inline T ipow(const T& a, const unsigned int& b) {
    T r = a;
    for (unsigned int i = 1; i < b; ++i) r *= a;
    return r;
}
template <typename T> inline T exp(const T& a) { return (T)std::exp(a); }
template <typename T> inline T log(const T& a) { return std::log(a); }
template <typename T> inline T sqrt(const T& a) { return std::sqrt(a); }
template <typename T> inline T sin(const T& a) { return std::sin(a); }
template <typename T> inline T cos(const T& a) { return std::cos(a); }
}  // namespace math
}  // namespace dace
template <typename T, typename T2>
inline T int_floor(const T& n, const T2& d) { return n / d; }
template <typename T, typename T2>
inline T int_ceil(const T& n, const T2& d) { return (n + d - 1) / d; }
template <typename T, typename T2>
inline T Mod(const T& v, const T2& m) { return v % m; }
template <typename T>
inline T reciprocal(const T& v) { return T(1) / v; }
"#;
