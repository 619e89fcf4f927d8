// xt_reduce_ops.cuh -- accumulators of the block-reduction kernels.
//
// Owns: one struct per reduction kind with the same four static members, which the
// reduction skeleton calls:
//   acc_t identity()                       accumulator of zero elements
//   acc_t reduce(acc_t a, T x, long long i) fold in element x, number i of the reduction
//   acc_t combine(acc_t a, acc_t b)        merge two partial results (a covers lower i)
//   R project<R>(acc_t a, long long n, double ddof)   final value written out
// Knows nothing about layouts.  See Note [Block reduction] in reduction.cu.  Sums, products
// and moments accumulate in xt::opmath<T>: float for float16 data, as NumPy's float16 sums
// do (Note [float16 arithmetic] in xt_half.cuh); T itself for every other type.
#ifndef XT_REDUCE_OPS_CUH
#define XT_REDUCE_OPS_CUH

namespace xt {
namespace reduce {

template <typename T> struct Sum {
  typedef typename opmath<T>::type acc_t;
  static __device__ __forceinline__ acc_t identity() { return acc_t(0); }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T x, long long) { return a + x; }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a + b; }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double) {
    return xt::cast<R>(a);
  }
};

template <typename T> struct Prod {
  typedef typename opmath<T>::type acc_t;
  static __device__ __forceinline__ acc_t identity() { return acc_t(1); }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T x, long long) { return a * x; }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a * b; }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double) {
    return xt::cast<R>(a);
  }
};

template <typename T> struct Mean : Sum<T> {
  typedef typename Sum<T>::acc_t acc_t;
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long n, double) {
    return xt::cast<R>(a / xt::cast<acc_t>(n));
  }
};

template <typename T> struct Any {
  typedef bool acc_t;
  static __device__ __forceinline__ acc_t identity() { return false; }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T x, long long) {
    return a || xt::cast<bool>(x);
  }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a || b; }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double) {
    return R(a);
  }
};

template <typename T> struct All {
  typedef bool acc_t;
  static __device__ __forceinline__ acc_t identity() { return true; }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T x, long long) {
    return a && xt::cast<bool>(x);
  }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a && b; }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double) {
    return R(a);
  }
};

// Note [Extrema and NaN]
// max/min propagate NaN (the standard); argmax/argmin return the first NaN, else the
// first index of the extreme value (NumPy).  `index < 0` marks an empty accumulator, so
// no type-dependent identity value is needed.  Complex values order as NumPy does:
// lexicographically, real part first; one with a NaN in either part counts as NaN
// (`x != x` is true for it), so the first such element wins max/min and argmax/argmin.
template <typename T> __device__ __forceinline__ bool greater(T x, T y) { return x > y; }
template <typename T> __device__ __forceinline__ bool greater(complex<T> x, complex<T> y) {
  return x.re > y.re || (x.re == y.re && x.im > y.im);
}

template <typename T> struct ValueIndex {
  T value;
  long long index;
};

template <typename T, bool IsMax> struct Extreme {
  typedef ValueIndex<T> acc_t;
  static __device__ __forceinline__ bool beats(T x, T y) {  // x strictly preferred to y
    if (x != x) return y == y;
    if (y != y) return false;
    return IsMax ? greater(x, y) : greater(y, x);
  }
  static __device__ __forceinline__ acc_t identity() { acc_t a; a.value = T(0); a.index = -1; return a; }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T x, long long i) {
    if (a.index < 0 || beats(x, a.value)) { a.value = x; a.index = i; }
    return a;
  }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
    if (b.index < 0) return a;
    if (a.index < 0 || beats(b.value, a.value)) return b;
    if (!beats(a.value, b.value) && b.index < a.index) return b;  // tie: first index
    return a;
  }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double) {
    return xt::cast<R>(a.value);
  }
};
template <typename T> struct Max : Extreme<T, true> {};
template <typename T> struct Min : Extreme<T, false> {};
template <typename T> struct ArgMax : Extreme<T, true> {
  template <typename R> static __device__ __forceinline__ R project(ValueIndex<T> a, long long, double) {
    return R(a.index);
  }
};
template <typename T> struct ArgMin : Extreme<T, false> {
  template <typename R> static __device__ __forceinline__ R project(ValueIndex<T> a, long long, double) {
    return R(a.index);
  }
};

// Note [Welford variance]
// Each thread keeps (count, mean, M2) with Welford's update, which avoids the
// cancellation of sum(x^2) - n mean^2; partials merge with Chan et al.'s formula.
// var = M2 / (n - ddof), and NaN when n - ddof <= 0 (the standard; NumPy gives inf).
template <typename T> struct Welford {
  long long n;
  T mean;
  T m2;
};
template <typename T> struct Var {
  typedef typename opmath<T>::type M;  // the moments' type
  typedef Welford<M> acc_t;
  static __device__ __forceinline__ acc_t identity() { acc_t a; a.n = 0; a.mean = M(0); a.m2 = M(0); return a; }
  static __device__ __forceinline__ acc_t reduce(acc_t a, T value, long long) {
    const M x = value;
    a.n += 1;
    const M delta = x - a.mean;
    a.mean += delta / M(a.n);
    a.m2 += delta * (x - a.mean);
    return a;
  }
  static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
    if (b.n == 0) return a;
    if (a.n == 0) return b;
    acc_t c;
    c.n = a.n + b.n;
    const M delta = b.mean - a.mean;
    c.mean = a.mean + delta * (M(b.n) / M(c.n));
    c.m2 = a.m2 + b.m2 + delta * delta * (M(a.n) * M(b.n) / M(c.n));
    return c;
  }
  template <typename R> static __device__ __forceinline__ R project(acc_t a, long long, double ddof) {
    const M dof = M(a.n) - M(ddof);
    return R(dof > M(0) ? a.m2 / dof : xt::nan<M>());
  }
};
template <typename T> struct Std : Var<T> {
  typedef typename Var<T>::M M;
  template <typename R>
  static __device__ __forceinline__ R project(typename Var<T>::acc_t a, long long n, double ddof) {
    return R(::sqrt(Var<T>::template project<M>(a, n, ddof)));
  }
};

// --- the loops the kernels share ---------------------------------------------------------

// Fold elements r, r + step, ... < n of one coalesced reduced dim of byte stride `stride`
// starting at `base`: four independent loads, then their four folds in index order (Note
// [Loads in flight] in reduction.cu), then the tail one at a time.
template <typename Op, typename In, typename C>
__device__ __forceinline__ typename Op::acc_t fold_strided(typename Op::acc_t acc, const char* base,
                                                           long long stride, long long r,
                                                           long long step, long long n) {
  for (; r + 3 * step < n; r += 4 * step) {
    const In x0 = *reinterpret_cast<const In*>(base + r * stride);
    const In x1 = *reinterpret_cast<const In*>(base + (r + step) * stride);
    const In x2 = *reinterpret_cast<const In*>(base + (r + 2 * step) * stride);
    const In x3 = *reinterpret_cast<const In*>(base + (r + 3 * step) * stride);
    acc = Op::reduce(acc, xt::cast<C>(x0), r);
    acc = Op::reduce(acc, xt::cast<C>(x1), r + step);
    acc = Op::reduce(acc, xt::cast<C>(x2), r + 2 * step);
    acc = Op::reduce(acc, xt::cast<C>(x3), r + 3 * step);
  }
  for (; r < n; r += step) {
    acc = Op::reduce(acc, xt::cast<C>(*reinterpret_cast<const In*>(base + r * stride)), r);
  }
  return acc;
}

// The same over reduced dims that did not coalesce: each element's offset from `calc`.
template <typename Op, typename In, typename C>
__device__ __forceinline__ typename Op::acc_t fold_offsets(typename Op::acc_t acc, const char* base,
                                                           const OffsetCalc<1, long long>& calc,
                                                           long long r, long long step,
                                                           long long n) {
  for (; r < n; r += step) {
    long long offset[1];
    calc.get(r, offset);
    acc = Op::reduce(acc, xt::cast<C>(*reinterpret_cast<const In*>(base + offset[0])), r);
  }
  return acc;
}

// Combine the partials of `rows` row groups, `width` threads each (thread t of group g at
// partial[g * width + t]), into group 0's, halving the groups each step; every thread of the
// block calls it. `rows` is a power of 2.
template <typename Op>
__device__ __forceinline__ void combine_rows(typename Op::acc_t* partial, unsigned int rows,
                                             unsigned int width) {
  __syncthreads();
  for (unsigned int half = rows / 2; half > 0; half >>= 1) {
    if (threadIdx.x / width < half) {
      partial[threadIdx.x] = Op::combine(partial[threadIdx.x], partial[threadIdx.x + half * width]);
    }
    __syncthreads();
  }
}

}  // namespace reduce
}  // namespace xt

#endif  // XT_REDUCE_OPS_CUH
