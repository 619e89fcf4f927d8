// xt_common.cuh -- support code shared by every generated xtensor kernel.
//
// Owns: special values (inf, NaN) built from bit patterns, the cast rules used by
// dynamic casting, the aligned vector type used by vectorized loads and stores, and
// the offset calculator of the strided variants.  Knows nothing about particular ops.
//
// Must compile three ways: under NVRTC (no system headers available), under nvcc, and
// under g++ with xtensor's hostsim header, which supplies the CUDA built-ins used here
// (__int_as_float, __longlong_as_double).  So: no #include, no <cmath>, no std::.
#ifndef XT_COMMON_CUH
#define XT_COMMON_CUH

#ifndef XT_MAX_DIMS
// Coalesced dimensions an offset calculator can hold; plan.py splits deeper plans.
#define XT_MAX_DIMS 16
#endif

namespace xt {

template <typename T> struct special;
template <> struct special<float> {
  static __device__ __forceinline__ float inf() { return __int_as_float(0x7f800000); }
  static __device__ __forceinline__ float nan() { return __int_as_float(0x7fc00000); }
};
template <> struct special<double> {
  static __device__ __forceinline__ double inf() {
    return __longlong_as_double(0x7ff0000000000000LL);
  }
  static __device__ __forceinline__ double nan() {
    return __longlong_as_double(0x7ff8000000000000LL);
  }
};
template <typename T> __device__ __forceinline__ T inf() { return special<T>::inf(); }
template <typename T> __device__ __forceinline__ T nan() { return special<T>::nan(); }

// Type traits without <type_traits>: op strings branch on them with `if constexpr`.
template <typename T> struct is_floating { static const bool value = false; };
template <> struct is_floating<float> { static const bool value = true; };
template <> struct is_floating<double> { static const bool value = true; };

// Integer traits without <limits>: the bit width, and whether the type is signed.
template <typename T> struct int_traits {
  static const int bits = 8 * (int)sizeof(T);
  static const bool is_signed = ((T)(-1)) < ((T)0);
};

// Note [Aligned vectors]
// A vectorized kernel reads VEC neighbouring elements with one 8- or 16-byte memory
// transaction.  plan.choose_variant only picks VEC > 1 when every pointer is aligned
// to sizeof(T) * VEC, so reinterpreting the pointer as Vec<T, VEC>* is valid.
template <typename T, int N> struct alignas(sizeof(T) * N) Vec {
  T val[N];
};

// Note [Offset calculator]
// A strided kernel turns the linear index of an element into one byte offset per
// operand.  Dimensions are stored outermost first (C order), so the loop walks them from
// the last (innermost, fastest varying) to the first, peeling one coordinate per step:
//   shape (2, 3), byte strides (12, 4):  index 4 -> coordinates (1, 1) -> 1*12 + 1*4 = 16.
// Strides may be zero (broadcast) or negative (reversed views); offsets are signed.
// The struct is passed by value as a kernel argument; its layout (all fields of type I,
// no padding) is mirrored by plan.offset_calc_value on the host.
template <int NARGS, typename I> struct OffsetCalc {
  I ndim;
  I sizes[XT_MAX_DIMS];
  I strides[XT_MAX_DIMS][NARGS];

  __device__ __forceinline__ void get(I linear, I* offsets) const {
    for (int k = 0; k < NARGS; ++k) offsets[k] = 0;
    for (int d = (int)ndim - 1; d >= 0; --d) {
      const I size = sizes[d];
      const I coord = linear % size;
      linear = linear / size;
      for (int k = 0; k < NARGS; ++k) offsets[k] += coord * strides[d][k];
    }
  }
};

}  // namespace xt

#endif  // XT_COMMON_CUH
