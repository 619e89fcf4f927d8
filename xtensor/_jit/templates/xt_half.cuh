// xt_half.cuh -- xtensor's own float16 storage type for generated kernels.
//
// Owns: xt::half (layout-compatible with numpy.float16: 2 bytes, IEEE binary16), its exact
// conversions to float and from double (round to nearest, ties to even), the cast rule
// xt::cast<xt::half>, and xt::opmath<T>, the type a kernel computes a T in (float for half,
// T itself otherwise).  Must come after xt_complex.cuh, whose caster it specializes.
//
// Note [Why not cuda_fp16.h]
// The nvidia-cuda-nvrtc wheel ships no headers, so NVRTC cannot #include <cuda_fp16.h>
// on a machine without a CUDA toolkit (CI's), and that header does not compile under g++
// with the hostsim header either.  xt::half needs neither: it only stores the 16 bits, and
// kernels compute in float (see Note [float16 arithmetic]).  The conversions are integer bit
// manipulation, the very code NumPy's npy_half_to_float / npy_double_to_half run, so one
// code path serves the device and the host simulation, which tests it against NumPy.
//
// Note [float16 arithmetic]
// Like NumPy's float16 loops, CuPy's and PyTorch's (opmath_type<Half> is float), a kernel
// loads each half, converts it to float, computes the op in float and rounds the float
// result to half on store.  codegen applies this to every op through xt::opmath; the
// reduction accumulators (xt_reduce_ops.cuh) fold float16 data in float for the same reason.
#ifndef XT_HALF_CUH
#define XT_HALF_CUH

namespace xt {

// Bit views without <cstring> or CUDA's __float_as_int, which the hostsim header lacks:
// nvcc, NVRTC and g++ all define reading the other member of a union.
union float_bits {
  float value;
  unsigned int bits;
};
union double_bits {
  double value;
  unsigned long long bits;
};

__device__ __forceinline__ float half_bits_to_float(unsigned short h) {
  const unsigned int sign = (unsigned int)(h & 0x8000u) << 16;
  unsigned int exponent = (h >> 10) & 0x1fu;
  unsigned int fraction = h & 0x3ffu;
  float_bits out;
  if (exponent == 0x1fu) {  // inf, or NaN with its payload kept
    out.bits = sign | 0x7f800000u | (fraction << 13);
  } else if (exponent != 0) {  // normal: rebias 15 -> 127
    out.bits = sign | ((exponent + 112u) << 23) | (fraction << 13);
  } else if (fraction == 0) {  // signed zero
    out.bits = sign;
  } else {  // subnormal half: normalize, since every half subnormal is a normal float
    exponent = 113u;
    while (!(fraction & 0x400u)) {
      fraction <<= 1;
      --exponent;
    }
    out.bits = sign | (exponent << 23) | ((fraction & 0x3ffu) << 13);
  }
  return out.value;
}

// Rounds once, to nearest with ties to even, as numpy's astype(float16) does from float64;
// floats widen to double exactly first, so they round once too.
__device__ __forceinline__ unsigned short half_bits_from_double(double value) {
  double_bits in;
  in.value = value;
  const unsigned short sign = (unsigned short)((in.bits >> 48) & 0x8000u);
  const unsigned long long magnitude = in.bits & 0x7fffffffffffffffULL;
  if (magnitude >= 0x7ff0000000000000ULL) {  // inf, or NaN keeping its top payload bits
    if (magnitude == 0x7ff0000000000000ULL) return sign | 0x7c00u;
    const unsigned short nan = (unsigned short)(0x7c00u + ((magnitude >> 42) & 0x3ffu));
    return sign | (nan == 0x7c00u ? 0x7c01u : nan);
  }
  const int exponent = (int)(magnitude >> 52) - 1023;
  if (exponent >= 16) return sign | 0x7c00u;  // at least 2^16: past the largest half
  if (exponent < -25) return sign;            // below half the smallest subnormal: zero
  // The 53-bit significand keeps 11 bits (fewer for subnormal results); round the rest.
  const unsigned long long significand = (magnitude & 0xfffffffffffffULL) | (1ULL << 52);
  const int shift = exponent >= -14 ? 42 : 42 + (-14 - exponent);
  unsigned long long kept = significand >> shift;
  const unsigned long long rest = significand & ((1ULL << shift) - 1);
  const unsigned long long halfway = 1ULL << (shift - 1);
  if (rest > halfway || (rest == halfway && (kept & 1))) ++kept;
  // A carry out of the significand moves into the exponent field: the right next value,
  // up to inf for values that round past 65504.
  if (exponent >= -14) return sign | (unsigned short)(((exponent + 14) << 10) + kept);
  return sign | (unsigned short)kept;
}

struct alignas(2) half {
  unsigned short bits;
  half() = default;
  // Implicit both ways, so generic code (comparisons, `acc + x`) computes in float.
  __device__ __forceinline__ half(float value) : bits(half_bits_from_double(value)) {}
  __device__ __forceinline__ operator float() const { return half_bits_to_float(bits); }
};

// The cast rule of Note [Cast rules] for a half target: one rounding from any real value
// (a double does not pass through float), the real part of a complex one.
template <> struct caster<half> {
  template <typename From> static __device__ __forceinline__ half run(From v) {
    half h;
    h.bits = half_bits_from_double(static_cast<double>(v));
    return h;
  }
  static __device__ __forceinline__ half run(half v) { return v; }
  template <typename U> static __device__ __forceinline__ half run(complex<U> v) {
    return run(v.re);
  }
};

// The type a kernel computes a T in; see Note [float16 arithmetic].
template <typename T> struct opmath { typedef T type; };
template <> struct opmath<half> { typedef float type; };

}  // namespace xt

#endif  // XT_HALF_CUH
