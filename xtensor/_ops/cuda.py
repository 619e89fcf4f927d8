"""Device computations of the standard's 67 elementwise functions, as CUDA C++ source.

Owns: one raw-string constant per op (``EXP``, ``ADD``...), each one complete templated
device function ``xt_<op>`` taking values of the compute type and returning the result
(the ``jiterator_stringify`` idea: code kept as code), and ``BY_NAME``.  The op table
stores these strings in its records; ``xtensor._jit.codegen`` inlines and calls them.
Nothing here knows about kernels, layouts or dtypes beyond ``T``.

Each function implements the special cases the standard lists for it, so the device
agrees with the CPU path:
- real transcendental functions use the CUDA math library, whose special values follow
  C99 Annex F, i.e. the standard's real-valued tables;
- complex ones call ``xt::`` functions (templates/xt_complex_math.cuh), which handle the
  standard's complex tables explicitly (see Note [Complex special cases] there);
- integer behaviour the standard leaves open follows NumPy: division or remainder by
  zero gives 0, shift counts outside [0, bits) shift every bit out (right shift of a
  negative value gives -1), integer pow with a negative exponent gives 0 unless the base
  is 1 or -1 (NumPy raises on the CPU; a kernel cannot).

Helpers: ``xt::is_floating<T>`` / ``xt::is_complex<T>`` / ``xt::int_traits<T>`` select
branches with ``if constexpr``; ``xt::is_nan``, ``xt::is_inf``, ``xt::is_finite`` work on
any real T.  Real math calls are written ``::name`` (global CUDA overloads).
"""

from __future__ import annotations

__all__ = ["BY_NAME"]

# ---- arithmetic -----------------------------------------------------------------------

ADD = r"""
template <typename T> __device__ __forceinline__ T xt_add(T a, T b) { return a + b; }
"""

SUBTRACT = r"""
template <typename T> __device__ __forceinline__ T xt_subtract(T a, T b) { return a - b; }
"""

MULTIPLY = r"""
template <typename T> __device__ __forceinline__ T xt_multiply(T a, T b) { return a * b; }
"""

DIVIDE = r"""
template <typename T> __device__ __forceinline__ T xt_divide(T a, T b) { return a / b; }
"""

NEGATIVE = r"""
template <typename T> __device__ __forceinline__ T xt_negative(T x) { return T(-x); }
"""

POSITIVE = r"""
template <typename T> __device__ __forceinline__ T xt_positive(T x) { return x; }
"""

SQUARE = r"""
template <typename T> __device__ __forceinline__ T xt_square(T x) { return x * x; }
"""

RECIPROCAL = r"""
template <typename T> __device__ __forceinline__ T xt_reciprocal(T x) { return T(1) / x; }
"""

ABS = r"""
template <typename T> __device__ __forceinline__ T xt_abs(T x) {
  if constexpr (xt::is_floating<T>::value) {
    return ::fabs(x);  // -0 -> +0, NaN stays NaN
  } else {
    return x < T(0) ? T(-x) : x;  // the most negative integer stays as it is (NumPy)
  }
}
template <typename T> __device__ __forceinline__ T xt_abs(xt::complex<T> z) { return xt::abs(z); }
"""

# Note [Floor division]
# Integers: the quotient rounded toward -infinity; x // 0 is 0 and MIN // -1 wraps
# (NumPy).  Floats: NumPy's divmod algorithm for finite operands (exact: it derives the
# quotient from fmod, so 1 // 0.1 is 9, not floor(1 / 0.1) = 10), but the standard's
# preferred floor(x1 / x2) for infinities: inf // 2 is inf and -1 // inf is -0, where
# NumPy (like Python) gives nan and -1.
FLOOR_DIVIDE = r"""
template <typename T> __device__ __forceinline__ T xt_floor_divide(T a, T b) {
  if constexpr (xt::is_floating<T>::value) {
    if (b == T(0) || !xt::is_finite(a) || !xt::is_finite(b)) return a / b;
    const T mod = ::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != T(0) && ((b < T(0)) != (mod < T(0)))) div -= T(1);
    if (div == T(0)) return ::copysign(T(0), a / b);
    T floor_div = ::floor(div);
    if (div - floor_div > T(0.5)) floor_div += T(1);
    return floor_div;
  } else {
    if (b == T(0)) return T(0);
    if (xt::int_traits<T>::is_signed && b == T(-1)) return T(0ULL - (unsigned long long)a);
    T q = T(a / b);
    if (T(a % b) != T(0) && ((a < T(0)) != (b < T(0)))) q = T(q - 1);
    return q;
  }
}
"""

REMAINDER = r"""
template <typename T> __device__ __forceinline__ T xt_remainder(T a, T b) {
  if constexpr (xt::is_floating<T>::value) {
    // Python's %: the result takes the sign of the divisor; x % inf is x or inf.
    const T mod = ::fmod(a, b);
    if (mod != T(0)) return ((b < T(0)) != (mod < T(0))) ? mod + b : mod;
    return ::copysign(T(0), b);
  } else {
    if (b == T(0)) return T(0);
    if (xt::int_traits<T>::is_signed && b == T(-1)) return T(0);
    const T r = T(a % b);
    return (r != T(0) && ((r < T(0)) != (b < T(0)))) ? T(r + b) : r;
  }
}
"""

# Note [Integer pow]
# Square-and-multiply in unsigned 64-bit arithmetic: wraps like NumPy's loop, no UB.
POW = r"""
template <typename T> __device__ __forceinline__ T xt_pow(T a, T b) {
  if constexpr (xt::is_floating<T>::value) {
    return ::pow(a, b);  // C99 pow: pow(x, +-0) = 1 and pow(1, y) = 1 even for NaN
  } else {
    if constexpr (xt::int_traits<T>::is_signed) {
      if (b < T(0)) {
        if (a == T(1)) return T(1);
        if (a == T(-1)) return (b & T(1)) ? T(-1) : T(1);
        return T(0);
      }
    }
    unsigned long long result = 1, base = (unsigned long long)a;
    unsigned long long e = (unsigned long long)b;
    while (e != 0) {
      if (e & 1ULL) result *= base;
      base *= base;
      e >>= 1;
    }
    return T(result);
  }
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_pow(xt::complex<T> a, xt::complex<T> b) {
  return xt::pow(a, b);
}
"""

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
  return ::hypot(a, b);  // hypot(+-inf, NaN) = +inf, as the standard requires
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
template <typename T> __device__ __forceinline__ T xt_asinh(T x) { return ::asinh(x); }
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

# ---- rounding -------------------------------------------------------------------------

CEIL = r"""
template <typename T> __device__ __forceinline__ T xt_ceil(T x) {
  if constexpr (xt::is_floating<T>::value) return ::ceil(x); else return x;
}
"""

FLOOR = r"""
template <typename T> __device__ __forceinline__ T xt_floor(T x) {
  if constexpr (xt::is_floating<T>::value) return ::floor(x); else return x;
}
"""

TRUNC = r"""
template <typename T> __device__ __forceinline__ T xt_trunc(T x) {
  if constexpr (xt::is_floating<T>::value) return ::trunc(x); else return x;
}
"""

# rint rounds in the default mode, round-half-to-even, as the standard requires.
ROUND = r"""
template <typename T> __device__ __forceinline__ T xt_round(T x) {
  if constexpr (xt::is_floating<T>::value) return ::rint(x); else return x;
}
template <typename T> __device__ __forceinline__ xt::complex<T> xt_round(xt::complex<T> z) {
  return xt::complex<T>(::rint(z.re), ::rint(z.im));
}
"""

# ---- sign and magnitude -----------------------------------------------------------------

# Complex sign is z / |z|; a component that is infinite points the way (NumPy's rule,
# since inf / inf would be NaN): sign(inf + 1j) = 1 + 0j, two infinities give NaN.
SIGN = r"""
template <typename T> __device__ __forceinline__ T xt_sign(T x) {
  if constexpr (xt::is_floating<T>::value) {
    if (x != x) return x;
    return x > T(0) ? T(1) : (x < T(0) ? T(-1) : T(0));
  } else {
    return T((x > T(0)) - (x < T(0)));
  }
}
template <typename T> __device__ __forceinline__ xt::complex<T> xt_sign(xt::complex<T> z) {
  const T a = z.re, b = z.im;
  if (a != a || b != b) return xt::complex<T>(xt::nan<T>(), xt::nan<T>());
  if (xt::is_inf(a)) {
    if (xt::is_inf(b)) return xt::complex<T>(xt::nan<T>(), xt::nan<T>());
    return xt::complex<T>(a > T(0) ? T(1) : T(-1), T(0));
  }
  if (xt::is_inf(b)) return xt::complex<T>(T(0), b > T(0) ? T(1) : T(-1));
  if (a == T(0) && b == T(0)) return xt::complex<T>(T(0), T(0));
  const T r = ::hypot(a, b);
  return xt::complex<T>(a / r, b / r);
}
"""

SIGNBIT = r"""
template <typename T> __device__ __forceinline__ bool xt_signbit(T x) { return ::signbit(x); }
"""

COPYSIGN = r"""
template <typename T> __device__ __forceinline__ T xt_copysign(T a, T b) {
  return ::copysign(a, b);  // the sign bit of b, even for NaN and -0
}
"""

NEXTAFTER = r"""
template <typename T> __device__ __forceinline__ T xt_nextafter(T a, T b) {
  return ::nextafter(a, b);  // -0 toward +0 gives +0: equal arguments return b
}
"""

# Note [NaN-propagating maximum and minimum]
# A NaN operand wins (the standard); otherwise ties return x2, which is what NumPy's
# loop returns for maximum(-0.0, 0.0) and friends.
MAXIMUM = r"""
template <typename T> __device__ __forceinline__ T xt_maximum(T a, T b) {
  if (a != a) return a;
  if (b != b) return b;
  return a > b ? a : b;
}
"""

MINIMUM = r"""
template <typename T> __device__ __forceinline__ T xt_minimum(T a, T b) {
  if (a != a) return a;
  if (b != b) return b;
  return a < b ? a : b;
}
"""

# clip(x, lo, hi) = minimum(maximum(x, lo), hi).  The dispatcher passes the dtype's
# lowest/highest value (or -inf/+inf) for a bound that is None.
CLIP = r"""
template <typename T> __device__ __forceinline__ T xt_clip(T x, T lo, T hi) {
  if (x != x) return x;
  if (lo != lo) return lo;
  if (hi != hi) return hi;
  const T low = x > lo ? x : lo;
  return low < hi ? low : hi;
}
"""

# ---- complex parts ----------------------------------------------------------------------

CONJ = r"""
template <typename T> __device__ __forceinline__ T xt_conj(T x) { return x; }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_conj(xt::complex<T> z) {
  return xt::complex<T>(z.re, -z.im);
}
"""

REAL = r"""
template <typename T> __device__ __forceinline__ T xt_real(T x) { return x; }
template <typename T> __device__ __forceinline__ T xt_real(xt::complex<T> z) { return z.re; }
"""

IMAG = r"""
template <typename T> __device__ __forceinline__ T xt_imag(T x) { return T(0); }
template <typename T> __device__ __forceinline__ T xt_imag(xt::complex<T> z) { return z.im; }
"""

# ---- classification -----------------------------------------------------------------------

ISFINITE = r"""
template <typename T> __device__ __forceinline__ bool xt_isfinite(T x) {
  if constexpr (xt::is_floating<T>::value) return xt::is_finite(x); else return true;
}
template <typename T> __device__ __forceinline__ bool xt_isfinite(xt::complex<T> z) {
  return xt::is_finite(z.re) && xt::is_finite(z.im);
}
"""

ISINF = r"""
template <typename T> __device__ __forceinline__ bool xt_isinf(T x) {
  if constexpr (xt::is_floating<T>::value) return xt::is_inf(x); else return false;
}
template <typename T> __device__ __forceinline__ bool xt_isinf(xt::complex<T> z) {
  return xt::is_inf(z.re) || xt::is_inf(z.im);
}
"""

ISNAN = r"""
template <typename T> __device__ __forceinline__ bool xt_isnan(T x) { return x != x; }
template <typename T> __device__ __forceinline__ bool xt_isnan(xt::complex<T> z) {
  return z.re != z.re || z.im != z.im;
}
"""

# ---- comparisons (complex equality is component-wise; NaN compares unequal) ------------

EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_equal(T a, T b) { return a == b; }
"""

NOT_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_not_equal(T a, T b) { return a != b; }
"""

GREATER = r"""
template <typename T> __device__ __forceinline__ bool xt_greater(T a, T b) { return a > b; }
"""

GREATER_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_greater_equal(T a, T b) { return a >= b; }
"""

LESS = r"""
template <typename T> __device__ __forceinline__ bool xt_less(T a, T b) { return a < b; }
"""

LESS_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_less_equal(T a, T b) { return a <= b; }
"""

# ---- logical and bitwise ------------------------------------------------------------------

LOGICAL_AND = r"""
template <typename T> __device__ __forceinline__ bool xt_logical_and(T a, T b) { return a && b; }
"""

LOGICAL_OR = r"""
template <typename T> __device__ __forceinline__ bool xt_logical_or(T a, T b) { return a || b; }
"""

LOGICAL_XOR = r"""
template <typename T> __device__ __forceinline__ bool xt_logical_xor(T a, T b) {
  return bool(a) != bool(b);
}
"""

LOGICAL_NOT = r"""
template <typename T> __device__ __forceinline__ bool xt_logical_not(T x) { return !x; }
"""

BITWISE_AND = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_and(T a, T b) { return T(a & b); }
"""

BITWISE_OR = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_or(T a, T b) { return T(a | b); }
"""

BITWISE_XOR = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_xor(T a, T b) { return T(a ^ b); }
"""

BITWISE_INVERT = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_invert(T x) {
  if constexpr (sizeof(T) == 1 && T(2) == T(1)) return !x; else return T(~x);  // bool: not
}
"""

# Note [Shift counts]
# C++ leaves shifts by a negative count or by >= the bit width undefined; NumPy defines
# them as shifting every bit out: left gives 0, right gives 0 or -1 (the sign bit).
BITWISE_LEFT_SHIFT = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_left_shift(T a, T b) {
  if (b < T(0) || b >= T(xt::int_traits<T>::bits)) return T(0);
  return T((unsigned long long)a << (int)b);
}
"""

BITWISE_RIGHT_SHIFT = r"""
template <typename T> __device__ __forceinline__ T xt_bitwise_right_shift(T a, T b) {
  if (b < T(0) || b >= T(xt::int_traits<T>::bits)) return a < T(0) ? T(-1) : T(0);
  return T(a >> (int)b);
}
"""

BY_NAME: dict[str, str] = {
    name.lower(): code
    for name, code in dict(globals()).items()
    if name.isupper() and isinstance(code, str) and code.lstrip().startswith("template")
}
