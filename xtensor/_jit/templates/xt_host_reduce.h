// xt_host_reduce.h -- accumulators of host_reduce.cpp: Sum, Prod, Max, Min.
//
// Each has init() (the accumulator of no elements) and fold(acc, value).  Max and Min
// propagate NaN as NumPy's and the standard's max/min do: once the accumulator is NaN, no
// comparison replaces it, and a NaN value always replaces it.  Their init() is the type's
// lowest (highest) value, so an accumulator of no elements never wins a fold.  Complex
// extrema are not folded here (the caller reduces the materialized values instead).
// Included after the support headers (it uses xt::inf and xt::int_traits).
#ifndef XT_HOST_REDUCE_H
#define XT_HOST_REDUCE_H

#ifndef XT_HOST_FOLD_BLOCK
#define XT_HOST_FOLD_BLOCK 4096
#endif

namespace xt_host {

template <typename T> __device__ __forceinline__ T highest() {
  if constexpr (xt::is_floating<T>::value) {
    return xt::inf<T>();
  } else if constexpr (xt::int_traits<T>::is_signed) {
    return T(~(1ULL << (xt::int_traits<T>::bits - 1)));
  } else {
    return T(~T(0));
  }
}
template <typename T> __device__ __forceinline__ T lowest() {
  if constexpr (xt::is_floating<T>::value) {
    return -xt::inf<T>();
  } else if constexpr (xt::int_traits<T>::is_signed) {
    return T(1ULL << (xt::int_traits<T>::bits - 1));
  } else {
    return T(0);
  }
}
template <> __device__ __forceinline__ bool highest<bool>() { return true; }
template <> __device__ __forceinline__ bool lowest<bool>() { return false; }

template <typename T> struct Sum {
  static __device__ __forceinline__ T init() { return T(0); }
  static __device__ __forceinline__ T fold(T acc, T value) { return acc + value; }
};
template <typename T> struct Prod {
  static __device__ __forceinline__ T init() { return T(1); }
  static __device__ __forceinline__ T fold(T acc, T value) { return acc * value; }
};
template <typename T> struct Max {
  static __device__ __forceinline__ T init() { return lowest<T>(); }
  static __device__ __forceinline__ T fold(T acc, T value) {
    return (value > acc || value != value) ? value : acc;
  }
};
template <typename T> struct Min {
  static __device__ __forceinline__ T init() { return highest<T>(); }
  static __device__ __forceinline__ T fold(T acc, T value) {
    return (value < acc || value != value) ? value : acc;
  }
};

}  // namespace xt_host

#endif  // XT_HOST_REDUCE_H
