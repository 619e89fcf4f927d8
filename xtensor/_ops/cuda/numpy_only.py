"""Device computations of NumPy's ufuncs that the standard lacks (`cbrt`, `fmax`, `gcd`...).

Same conventions as the standard's strings (see the package docstring); each function follows
NumPy's loop for the op, special values included, since NumPy is the only specification these
ops have.  They are collected in ``NUMPY_BY_NAME``, apart from the standard's ``BY_NAME``.
"""

from __future__ import annotations

# ---- unary, computed in floating point ----------------------------------------------------

CBRT = r"""
template <typename T> __device__ __forceinline__ T xt_cbrt(T x) { return ::cbrt(x); }
"""

# rint keeps round's halves-to-even, in floating point: NumPy computes integers in floats.
RINT = r"""
template <typename T> __device__ __forceinline__ T xt_rint(T x) { return ::rint(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_rint(xt::complex<T> z) {
  return xt::complex<T>(::rint(z.re), ::rint(z.im));
}
"""

# NumPy multiplies by the constant pi / 180 (or 180 / pi) formed in the loop's own type.
DEG2RAD = r"""
template <typename T> __device__ __forceinline__ T xt_deg2rad(T x) {
  return x * (T(3.141592653589793238462643383279502884) / T(180));
}
"""

RAD2DEG = r"""
template <typename T> __device__ __forceinline__ T xt_rad2deg(T x) {
  return x * (T(180) / T(3.141592653589793238462643383279502884));
}
"""

# Complex exp2(z) is exp(z ln 2), component by component, as NumPy computes it; the special
# values are then exp's (xt::exp, the standard's table).
EXP2 = r"""
template <typename T> __device__ __forceinline__ T xt_exp2(T x) { return ::exp2(x); }
template <typename T> __device__ __forceinline__ xt::complex<T> xt_exp2(xt::complex<T> z) {
  const T ln2 = T(0.693147180559945309417232121458176568);
  return xt::exp(xt::complex<T>(z.re * ln2, z.im * ln2));
}
"""

FABS = r"""
template <typename T> __device__ __forceinline__ T xt_fabs(T x) { return ::fabs(x); }
"""

# Note [spacing]
# NumPy's spacing(x) is the distance from x to the next float away from zero, signed like x:
# nextafter(x, copysign(inf, x)) - x.  Both zeros give the smallest positive subnormal, the
# largest finite value gives inf (the next value overflows), and inf or NaN give NaN.
SPACING = r"""
template <typename T> __device__ __forceinline__ T xt_spacing(T x) {
  if (!xt::is_finite(x)) return xt::nan<T>();
  if (x == T(0)) return ::nextafter(T(0), T(1));
  return ::nextafter(x, ::copysign(xt::inf<T>(), x)) - x;
}
"""

# ---- binary -------------------------------------------------------------------------------

# 0 for x < 0, h0 for x == 0 (either zero), 1 for x > 0, NaN for NaN x.
HEAVISIDE = r"""
template <typename T> __device__ __forceinline__ T xt_heaviside(T x, T h0) {
  if (x != x) return xt::nan<T>();
  if (x == T(0)) return h0;
  return x > T(0) ? T(1) : T(0);
}
"""

# log2(2**a + 2**b) without overflow, as logaddexp: equal arguments (including equal
# infinities) give a + 1.
LOGADDEXP2 = r"""
template <typename T> __device__ __forceinline__ T xt_logaddexp2(T a, T b) {
  const T log2e = T(1.442695040888963407359924681001892137);
  if (a == b) return a + T(1);
  const T d = a - b;
  if (d > T(0)) return a + log2e * ::log1p(::exp2(-d));
  if (d <= T(0)) return b + log2e * ::log1p(::exp2(d));
  return d;  // NaN
}
"""

# Note [fmax and fmin]
# Unlike maximum/minimum, a NaN loses: the other operand is returned (NaN only when both are).
# Ties return x2, as NumPy's vectorised loop does (its scalar tail returns x1 for -0 vs +0,
# so NumPy itself does not fix the sign of a zero tie).  Complex values compare
# lexicographically, and x1 wins unless x2 is larger or x1 has a NaN part and x2 has none:
# NumPy's loop, `isnan(x2) || x1 >= x2 ? x1 : x2` with its complex >= (CGE).
FMAX = r"""
template <typename T> __device__ __forceinline__ T xt_fmax(T a, T b) {
  if (b != b) return a;
  if (a != a) return b;
  return a > b ? a : b;
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_fmax(xt::complex<T> a, xt::complex<T> b) {
  if (b.re != b.re || b.im != b.im) return a;
  const bool ge = (a.re > b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im >= b.im);
  return ge ? a : b;
}
"""

FMIN = r"""
template <typename T> __device__ __forceinline__ T xt_fmin(T a, T b) {
  if (b != b) return a;
  if (a != a) return b;
  return a < b ? a : b;
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_fmin(xt::complex<T> a, xt::complex<T> b) {
  if (b.re != b.re || b.im != b.im) return a;
  const bool le = (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im);
  return le ? a : b;
}
"""

# C's remainder of truncated division: the sign of x1.  Integers: x % 0 is 0 and MIN % -1 is
# 0 (NumPy; C leaves both undefined).  Floats: C fmod (fmod(x, 0) and fmod(inf, y) are NaN,
# fmod(x, inf) is x).
FMOD = r"""
template <typename T> __device__ __forceinline__ T xt_fmod(T a, T b) {
  if constexpr (xt::is_floating<T>::value) {
    return ::fmod(a, b);
  } else {
    if (b == T(0)) return T(0);
    if (xt::int_traits<T>::is_signed && b == T(-1)) return T(0);
    return T(a % b);
  }
}
"""

# Note [gcd and lcm]
# Euclid's algorithm on the magnitudes in unsigned 64-bit arithmetic, as NumPy's loops do in
# unsigned arithmetic: |MIN| needs no special case, and the cast back to T wraps the results
# that do not fit (gcd(MIN, 0) is MIN; lcm wraps modulo 2**bits).  Both results are >= 0
# otherwise, and lcm(x, 0) is 0.
GCD = r"""
template <typename T> __device__ __forceinline__ T xt_gcd(T a, T b) {
  unsigned long long x = (unsigned long long)a, y = (unsigned long long)b;
  if constexpr (xt::int_traits<T>::is_signed) {
    if (a < T(0)) x = 0ULL - x;
    if (b < T(0)) y = 0ULL - y;
  }
  while (x != 0ULL) {
    const unsigned long long r = y % x;
    y = x;
    x = r;
  }
  return T(y);
}
"""

LCM = r"""
template <typename T> __device__ __forceinline__ T xt_lcm(T a, T b) {
  unsigned long long x = (unsigned long long)a, y = (unsigned long long)b;
  if constexpr (xt::int_traits<T>::is_signed) {
    if (a < T(0)) x = 0ULL - x;
    if (b < T(0)) y = 0ULL - y;
  }
  unsigned long long g = x, h = y;
  while (g != 0ULL) {
    const unsigned long long r = h % g;
    h = g;
    g = r;
  }
  return h == 0ULL ? T(0) : T(x / h * y);
}
"""

# ---- two outputs: the function writes them through references --------------------------------

# Note [divmod]
# NumPy's divmod, which is its floor_divide and remainder at once.  Floats: NumPy's npy_divmod
# (the quotient derived from fmod, snapped to an integer; a NaN remainder counts as nonzero),
# so an infinite x1 gives NaN, NaN and x % 0 gives NaN with x / 0 as the quotient.  This is
# NumPy's answer, where the standard's floor_divide (see Note [Floor division]) prefers
# floor(x1 / x2) for infinities.  Integers: x // 0 and x % 0 are 0, MIN // -1 wraps to MIN.
DIVMOD = r"""
template <typename T>
__device__ __forceinline__ void xt_divmod(T a, T b, T& quotient, T& remainder) {
  if constexpr (xt::is_floating<T>::value) {
    T mod = ::fmod(a, b);
    if (b == T(0)) {
      quotient = a / b;
      remainder = mod;
      return;
    }
    T div = (a - mod) / b;
    if (mod != T(0)) {
      if ((b < T(0)) != (mod < T(0))) {
        mod += b;
        div -= T(1);
      }
    } else {
      mod = ::copysign(T(0), b);
    }
    T floor_div = ::copysign(T(0), a / b);
    if (div != T(0)) {
      floor_div = ::floor(div);
      if (div - floor_div > T(0.5)) floor_div += T(1);
    }
    quotient = floor_div;
    remainder = mod;
  } else {
    if (b == T(0)) {
      quotient = T(0);
      remainder = T(0);
    } else if (xt::int_traits<T>::is_signed && b == T(-1)) {
      quotient = T(0ULL - (unsigned long long)a);
      remainder = T(0);
    } else {
      const T q = T(a / b), r = T(a % b);
      const bool exact = r == T(0) || ((a > T(0)) == (b > T(0)));
      quotient = exact ? q : T(q - 1);
      remainder = exact ? r : T(r + b);
    }
  }
}
"""

# C's modf: the fractional and integral parts, both with x's sign (modf(-inf) = (-0, -inf)).
MODF = r"""
template <typename T>
__device__ __forceinline__ void xt_modf(T x, T& fractional, T& integral) {
  fractional = ::modf(x, &integral);
}
"""

# ---- float_power (Promotion.TO_DOUBLE), bitwise_count (ALWAYS_UINT8), ldexp (FROM_X1), -----
# ---- frexp (an int32 exponent output: OpSpec.output_dtypes) ---------------------------------

FLOAT_POWER = r"""
template <typename T> __device__ __forceinline__ T xt_float_power(T a, T b) {
  return ::pow(a, b);
}
template <typename T>
__device__ __forceinline__ xt::complex<T> xt_float_power(xt::complex<T> a, xt::complex<T> b) {
  return xt::pow(a, b);
}
"""

# The exponent arrives in the compute type; NumPy clamps exponents beyond int's range, which
# changes no result (2**(+-2**31) over- or underflows any float).
LDEXP = r"""
template <typename T> __device__ __forceinline__ T xt_ldexp(T x, T e) {
  const T limit = T(2147483647.0);
  const int n = e != e ? 0 : (e >= limit ? 2147483647 : (e <= -limit ? -2147483647 : (int)e));
  return ::ldexp(x, n);
}
"""

# C's frexp, with the exponent 0 for inf and NaN stated rather than left to the library (C
# leaves it unspecified; NumPy stores 0). The exponent output is int32, whatever T is.
FREXP = r"""
template <typename T>
__device__ __forceinline__ void xt_frexp(T x, T& mantissa, int& exponent) {
  exponent = 0;
  if (x != x || x - x != T(0)) {
    mantissa = x;
  } else {
    mantissa = ::frexp(x, &exponent);
  }
}
"""

# The number of 1 bits in |x| (NumPy's definition), by a branch-free bit count that needs no
# intrinsic (so the host simulator runs it as is).
BITWISE_COUNT = r"""
template <typename T> __device__ __forceinline__ unsigned char xt_bitwise_count(T x) {
  unsigned long long v = (unsigned long long)x;
  if constexpr (xt::int_traits<T>::is_signed) {
    if (x < T(0)) v = 0ULL - v;
  }
  v = v - ((v >> 1) & 0x5555555555555555ULL);
  v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
  v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (unsigned char)((v * 0x0101010101010101ULL) >> 56);
}
"""

NUMPY_BY_NAME: dict[str, str] = {
    name.lower(): code
    for name, code in dict(globals()).items()
    if name.isupper() and isinstance(code, str) and code.lstrip().startswith("template")
}
