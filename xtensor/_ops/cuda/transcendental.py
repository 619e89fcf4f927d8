"""Device computations of exponentials, logarithms, powers, and trigonometric and hyperbolic
functions (see the package docstring for the conventions)."""

from __future__ import annotations

# ---- exponentials, logarithms, powers ----------------------------------------------------

EXP = r"""
template <typename T> __device__ __forceinline__ T xt_exp(T x) { return ::exp(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_exp(xt::complex<T> z) {
  return xt::exp(z);
}
"""

EXPM1 = r"""
template <typename T> __device__ __forceinline__ T xt_expm1(T x) { return ::expm1(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_expm1(xt::complex<T> z) {
  return xt::expm1(z);
}
"""

LOG = r"""
template <typename T> __device__ __forceinline__ T xt_log(T x) { return ::log(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_log(xt::complex<T> z) {
  return xt::log(z);
}
"""

LOG1P = r"""
template <typename T> __device__ __forceinline__ T xt_log1p(T x) { return ::log1p(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_log1p(xt::complex<T> z) {
  return xt::log1p(z);
}
"""

# Complex log2/log10 are log(z) / log(base), component by component (the standard's
# change-of-base rule), so their special cases are log's.
LOG2 = r"""
template <typename T> __device__ __forceinline__ T xt_log2(T x) { return ::log2(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_log2(xt::complex<T> z) {
  return xt::log(z) / T(0.693147180559945309417232121458176568);
}
"""

LOG10 = r"""
template <typename T> __device__ __forceinline__ T xt_log10(T x) { return ::log10(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_log10(xt::complex<T> z) {
  return xt::log(z) / T(2.302585092994045684017991454684364208);
}
"""

# log(exp(a) + exp(b)) without overflow; equal arguments (including equal infinities)
# give a + log(2), as in NumPy.
LOGADDEXP = r"""
template <typename T> __device__ __forceinline__ T xt_logaddexp(T a, T b) {
  if (a == b) return a + T(0.693147180559945309417232121458176568);
  const T d = a - b;
  if (d > T(0)) return a + ::log1p(::exp(-d));
  if (d <= T(0)) return b + ::log1p(::exp(d));
  return d;  // NaN
}
"""

SQRT = r"""
template <typename T> __device__ __forceinline__ T xt_sqrt(T x) { return ::sqrt(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_sqrt(xt::complex<T> z) {
  return xt::sqrt(z);
}
"""

HYPOT = r"""
template <typename T> __device__ __forceinline__ T xt_hypot(T a, T b) {
  return xt::robust_hypot(a, b);  // hypot(+-inf, NaN) = +inf, as the standard requires
}
"""

# ---- trigonometric and hyperbolic -------------------------------------------------------

SIN = r"""
template <typename T> __device__ __forceinline__ T xt_sin(T x) { return ::sin(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_sin(xt::complex<T> z) {
  return xt::sin(z);
}
"""

COS = r"""
template <typename T> __device__ __forceinline__ T xt_cos(T x) { return ::cos(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_cos(xt::complex<T> z) {
  return xt::cos(z);
}
"""

TAN = r"""
template <typename T> __device__ __forceinline__ T xt_tan(T x) { return ::tan(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_tan(xt::complex<T> z) {
  return xt::tan(z);
}
"""

ASIN = r"""
template <typename T> __device__ __forceinline__ T xt_asin(T x) { return ::asin(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_asin(xt::complex<T> z) {
  return xt::asin(z);
}
"""

ACOS = r"""
template <typename T> __device__ __forceinline__ T xt_acos(T x) { return ::acos(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_acos(xt::complex<T> z) {
  return xt::acos(z);
}
"""

ATAN = r"""
template <typename T> __device__ __forceinline__ T xt_atan(T x) { return ::atan(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_atan(xt::complex<T> z) {
  return xt::atan(z);
}
"""

ATAN2 = r"""
template <typename T> __device__ __forceinline__ T xt_atan2(T a, T b) { return ::atan2(a, b); }
"""

SINH = r"""
template <typename T> __device__ __forceinline__ T xt_sinh(T x) { return ::sinh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_sinh(xt::complex<T> z) {
  return xt::sinh(z);
}
"""

COSH = r"""
template <typename T> __device__ __forceinline__ T xt_cosh(T x) { return ::cosh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_cosh(xt::complex<T> z) {
  return xt::cosh(z);
}
"""

TANH = r"""
template <typename T> __device__ __forceinline__ T xt_tanh(T x) { return ::tanh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_tanh(xt::complex<T> z) {
  return xt::tanh(z);
}
"""

ASINH = r"""
template <typename T> __device__ __forceinline__ T xt_asinh(T x) { return xt::robust_asinh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_asinh(xt::complex<T> z) {
  return xt::asinh(z);
}
"""

ACOSH = r"""
template <typename T> __device__ __forceinline__ T xt_acosh(T x) { return ::acosh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_acosh(xt::complex<T> z) {
  return xt::acosh(z);
}
"""

ATANH = r"""
template <typename T> __device__ __forceinline__ T xt_atanh(T x) { return ::atanh(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_atanh(xt::complex<T> z) {
  return xt::atanh(z);
}
"""
