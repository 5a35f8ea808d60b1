// Native implementations of the NumPy functions DaCe leaves to Python
// callbacks (see lowering/callback_plan.rs). Every array arrives as a
// contiguous pointer and an element count; results are converted to the
// type of the container they are written to, as NumPy's assignment does.
#include <numeric>
#include <type_traits>
#include <vector>
namespace sdfg_cb {
// NumPy accumulates bools and integers in 64 bits (cumsum, prod).
template <class T> using acc_t = typename std::conditional<
    std::is_integral<T>::value,
    typename std::conditional<std::is_unsigned<T>::value && !std::is_same<T, bool>::value, uint64_t, int64_t>::type,
    T>::type;
// NumPy's floating result type: float32 stays float32, the rest is float64.
template <class T> using real_t = typename std::conditional<std::is_same<T, float>::value, float, double>::type;
// NumPy sorts NaN after every number.
template <class T> inline bool lt(T a, T b) { return a < b || (b != b && a == a); }
template <class A, class R> void cumsum(const A* a, int64_t n, R* r) {
  acc_t<A> s = 0;
  for (int64_t i = 0; i < n; ++i) { s += a[i]; r[i] = (R)s; }
}
template <class A, class R> void prod(const A* a, int64_t n, R* r) {
  acc_t<A> p = 1;
  for (int64_t i = 0; i < n; ++i) p *= a[i];
  r[0] = (R)p;
}
template <class A> double var_of(const A* a, int64_t n) {
  double m = 0, s = 0;
  for (int64_t i = 0; i < n; ++i) m += (double)a[i];
  m /= (double)n;
  for (int64_t i = 0; i < n; ++i) { double d = (double)a[i] - m; s += d * d; }
  return s / (double)n;
}
template <class A, class R> void var(const A* a, int64_t n, R* r) { r[0] = (R)(real_t<A>)var_of(a, n); }
template <class A, class R> void stdev(const A* a, int64_t n, R* r) { r[0] = (R)(real_t<A>)std::sqrt(var_of(a, n)); }
template <class A, class R> void any(const A* a, int64_t n, R* r) {
  bool b = false;
  for (int64_t i = 0; i < n && !b; ++i) b = a[i] != A(0);
  r[0] = (R)b;
}
template <class A, class R> void all(const A* a, int64_t n, R* r) {
  bool b = true;
  for (int64_t i = 0; i < n && b; ++i) b = a[i] != A(0);
  r[0] = (R)b;
}
template <class A, class R> void norm(const A* a, int64_t n, R* r) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += (double)a[i] * (double)a[i];
  r[0] = (R)(real_t<A>)std::sqrt(s);
}
template <class A, class R> void sort(const A* a, int64_t n, R* r) {
  std::vector<A> v(a, a + n);
  std::sort(v.begin(), v.end(), lt<A>);
  for (int64_t i = 0; i < n; ++i) r[i] = (R)v[i];
}
// Ties keep their order (NumPy's default quicksort may not).
template <class A, class R> void argsort(const A* a, int64_t n, R* r) {
  std::vector<int64_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [a](int64_t i, int64_t j) { return lt(a[i], a[j]); });
  for (int64_t i = 0; i < n; ++i) r[i] = (R)idx[i];
}
template <class A, class R> void median(const A* a, int64_t n, R* r) {
  std::vector<double> v(a, a + n);
  for (double x : v)
    if (x != x) { r[0] = (R)x; return; }
  if (n == 0) { r[0] = (R)NAN; return; }
  auto mid = v.begin() + n / 2;
  std::nth_element(v.begin(), mid, v.end());
  double m = *mid;
  if (n % 2 == 0) m = (m + *std::max_element(v.begin(), mid)) / 2;
  r[0] = (R)(real_t<A>)m;
}
template <class A, class B, class R> void outer(const A* a, int64_t n, const B* b, int64_t m, R* r) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) r[i * m + j] = (R)(a[i] * b[j]);
}
// np.minimum(np.maximum(a, lo), hi); a bound of one element applies to all.
template <class A, class L, class H, class R>
void clip(const A* a, int64_t n, const L* lo, int64_t nl, const H* hi, int64_t nh, R* r) {
  using C = typename std::common_type<A, L, H>::type;
  for (int64_t i = 0; i < n; ++i) {
    C x = a[i], l = lo[nl == 1 ? 0 : i], h = hi[nh == 1 ? 0 : i];
    if (l > x) x = l;
    if (h < x) x = h;
    r[i] = (R)x;
  }
}
}  // namespace sdfg_cb
