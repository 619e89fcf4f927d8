"""Device computations of arithmetic, rounding, sign, complex-part, classification,
comparison, logical and bitwise ops (see the package docstring for the conventions)."""

from __future__ import annotations

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
  const T r = xt::robust_hypot(a, b);
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
# loop returns for maximum(-0.0, 0.0) and friends.  Complex values (which the standard
# leaves unspecified) follow NumPy's loop: x1 when it has a NaN part or is >= x2 in the
# lexicographic order of Note [Complex order], else x2 -- so a NaN in either operand wins.
MAXIMUM = r"""
template <typename T> __device__ __forceinline__ T xt_maximum(T a, T b) {
  if (a != a) return a;
  if (b != b) return b;
  return a > b ? a : b;
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_maximum(xt::complex<T> a, xt::complex<T> b) {
  if (a.re != a.re || a.im != a.im) return a;
  const bool nan_free = b.im == b.im;  // (a's parts are numbers here)
  const bool ge = (a.re > b.re && nan_free) || (a.re == b.re && a.im >= b.im);
  return ge ? a : b;
}
"""

MINIMUM = r"""
template <typename T> __device__ __forceinline__ T xt_minimum(T a, T b) {
  if (a != a) return a;
  if (b != b) return b;
  return a < b ? a : b;
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_minimum(xt::complex<T> a, xt::complex<T> b) {
  if (a.re != a.re || a.im != a.im) return a;
  const bool nan_free = b.im == b.im;
  const bool le = (a.re < b.re && nan_free) || (a.re == b.re && a.im <= b.im);
  return le ? a : b;
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
// Complex: NumPy's clip loop, min(max(x, lo), hi) where max(a, b) is a when a has a NaN part
// or a > b (real parts first; equal real parts: imaginary parts), else b -- so a NaN bound
// binds only where the ordering says it wins, unlike the real overload above.
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_clip(xt::complex<T> x, xt::complex<T> lo,
                                                  xt::complex<T> hi) {
  const bool x_nan = x.re != x.re || x.im != x.im;
  const bool above = x.re == lo.re ? x.im > lo.im : x.re > lo.re;
  const xt::complex<T> low = x_nan || above ? x : lo;
  const bool low_nan = low.re != low.re || low.im != low.im;
  const bool below = low.re == hi.re ? low.im < hi.im : low.re < hi.re;
  return low_nan || below ? low : hi;
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

# Note [Complex order]
# The standard leaves ordering complex numbers unspecified; NumPy orders them
# lexicographically, real parts first, and its loop (CGT, CGE, CLT, CLE) reads: the real
# parts compared strictly, counted only when neither imaginary part is NaN, or equal real
# parts and the imaginary parts compared with the op itself. A NaN part anywhere makes
# every ordering comparison false, as a real NaN does.

EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_equal(T a, T b) { return a == b; }
"""

NOT_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_not_equal(T a, T b) { return a != b; }
"""

GREATER = r"""
template <typename T> __device__ __forceinline__ bool xt_greater(T a, T b) { return a > b; }
template <typename T>
__device__ __forceinline__ bool xt_greater(xt::complex<T> a, xt::complex<T> b) {
  return (a.re > b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im > b.im);
}
"""

GREATER_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_greater_equal(T a, T b) { return a >= b; }
template <typename T>
__device__ __forceinline__ bool xt_greater_equal(xt::complex<T> a, xt::complex<T> b) {
  return (a.re > b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im >= b.im);
}
"""

LESS = r"""
template <typename T> __device__ __forceinline__ bool xt_less(T a, T b) { return a < b; }
template <typename T>
__device__ __forceinline__ bool xt_less(xt::complex<T> a, xt::complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im < b.im);
}
"""

LESS_EQUAL = r"""
template <typename T> __device__ __forceinline__ bool xt_less_equal(T a, T b) { return a <= b; }
template <typename T>
__device__ __forceinline__ bool xt_less_equal(xt::complex<T> a, xt::complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im);
}
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
