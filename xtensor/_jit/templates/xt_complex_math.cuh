// xt_complex_math.cuh -- elementary functions of xt::complex<T>.
//
// Owns: exp, expm1, log, log1p, sqrt, the hyperbolic and circular functions and their
// inverses, and pow, each with the special cases of the Array API standard (which are
// C99 Annex G's) handled by explicit branches before the general formula.  The op
// strings in xtensor/_ops/cuda.py call these; they know nothing about kernels.
//
// Note [Complex special cases]
// Each function first sorts out non-finite inputs (infinities and NaNs, per the
// standard's table for that function), then runs a formula that is only asked to be
// accurate for finite input.  Odd/even symmetries (f(-z) = -f(z), f(conj z) = conj f(z))
// reduce each table to the first quadrant: compute on |re|, |im| and put signs back.
//
// Note [Inverse functions in double]
// asin/acos/asinh/acosh/atan/atanh use Kahan's formulas ("Branch cuts for complex
// elementary functions", 1987), which are exact on the branch cuts and keep signed
// zeros.  complex<float> evaluates them in double: it costs some speed on the device
// and buys float results that round correctly in nearly all cases.
#ifndef XT_COMPLEX_MATH_CUH
#define XT_COMPLEX_MATH_CUH

namespace xt {

template <typename T> __device__ __forceinline__ T pi() { return T(3.14159265358979323846); }
// exp(x) overflows above this; callers scale by exp(x/2)^2 instead.
template <typename T> __device__ __forceinline__ T exp_limit() {
  return T(sizeof(T) == 4 ? 88.0 : 709.0);
}
template <typename T> __device__ __forceinline__ complex<T> nan_complex() {
  return complex<T>(nan<T>(), nan<T>());
}

template <typename T> __device__ __forceinline__ T abs(complex<T> z) {
  return robust_hypot(z.re, z.im);
}

template <typename T> __device__ complex<T> exp(complex<T> z) {
  const T a = z.re, b = z.im;
  if (b == 0) return complex<T>(::exp(a), b);
  if (is_inf(a)) {
    if (a < 0) return is_finite(b) ? complex<T>(T(0) * ::cos(b), T(0) * ::sin(b))
                                   : complex<T>(T(0), T(0));
    if (!is_finite(b)) return complex<T>(a, b - b);
    return complex<T>(a * ::cos(b), a * ::sin(b));
  }
  if (is_nan(a) || !is_finite(b)) return nan_complex<T>();
  if (a > exp_limit<T>()) {
    const T h = ::exp(a * T(0.5));
    return complex<T>((h * ::cos(b)) * h, (h * ::sin(b)) * h);
  }
  const T e = ::exp(a);
  return complex<T>(e * ::cos(b), e * ::sin(b));
}

template <typename T> __device__ complex<T> expm1(complex<T> z) {
  const T a = z.re, b = z.im;
  if (b == 0) return complex<T>(a == 0 ? T(0) : ::expm1(a), b);  // +0 for -0, the table's
  if (is_inf(a) && a < 0) {
    return complex<T>(T(-1), is_finite(b) ? T(0) * ::sin(b) : T(0));
  }
  if (!is_finite(a) || !is_finite(b) || a > exp_limit<T>()) {
    const complex<T> e = exp(z);
    return complex<T>(e.re - T(1), e.im);
  }
  // exp(a)cos(b) - 1 = expm1(a)cos(b) - 2 sin^2(b/2), free of cancellation near 0.
  const T half_sin = ::sin(b * T(0.5));
  return complex<T>(::expm1(a) * ::cos(b) - T(2) * half_sin * half_sin, ::exp(a) * ::sin(b));
}

template <typename T> __device__ complex<T> log(complex<T> z) {
  const T a = z.re, b = z.im;
  const T r = robust_hypot(a, b);
  T re;
  if (r > T(0.7) && r < T(1.4)) {
    // log|z| = log1p(|z|^2 - 1) / 2, with |z|^2 - 1 formed without cancellation.
    const T ax = ::fabs(a), ay = ::fabs(b);
    const T big = ax > ay ? ax : ay, small = ax > ay ? ay : ax;
    re = T(0.5) * ::log1p((big - T(1)) * (big + T(1)) + small * small);
  } else {
    re = ::log(r);
  }
  return complex<T>(re, ::atan2(b, a));
}

template <typename T> __device__ complex<T> log1p(complex<T> z) {
  const T a = z.re, b = z.im;
  if (::fabs(a) < T(0.5) && ::fabs(b) < T(0.5)) {
    return complex<T>(T(0.5) * ::log1p(a * (T(2) + a) + b * b), ::atan2(b, T(1) + a));
  }
  return log(complex<T>(T(1) + a, b));
}

template <typename T> __device__ complex<T> sqrt(complex<T> z) {
  T a = z.re, b = z.im;
  if (is_inf(b)) return complex<T>(inf<T>(), b);
  if (is_nan(a)) return nan_complex<T>();
  if (is_inf(a)) {
    if (a > 0) return complex<T>(a, is_nan(b) ? b : ::copysign(T(0), b));
    return complex<T>(is_nan(b) ? b : T(0), ::copysign(inf<T>(), b));
  }
  if (is_nan(b)) return nan_complex<T>();
  if (a == 0 && b == 0) return complex<T>(T(0), b);
  // Scale huge inputs by 1/4 (result by 2) so |a| + hypot(a, b) cannot overflow.
  T scale = T(1);
  const T big = T(sizeof(T) == 4 ? 1e38 : 4e307);
  if (::fabs(a) > big || ::fabs(b) > big) { a *= T(0.25); b *= T(0.25); scale = T(2); }
  const T t = ::sqrt((::fabs(a) + robust_hypot(a, b)) * T(0.5));
  if (a >= 0) return complex<T>(t * scale, b / (T(2) * t) * scale);
  return complex<T>(::fabs(b) / (T(2) * t) * scale, ::copysign(t, b) * scale);
}

// cosh, sinh: explicit zero/infinity rows of the standard's tables, then the product
// formula, scaled by exp(|a|/2)^2 where cosh(a) alone would overflow.
template <typename T> __device__ complex<T> cosh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (b == 0) return complex<T>(::cosh(a), is_finite(a) ? ::sinh(a) * b : ::copysign(T(0), a) * b);
  if (a == 0 && !is_finite(b)) return complex<T>(b - b, a);
  if (is_inf(a) && !is_finite(b)) return complex<T>(a * a, b - b);
  if (::fabs(a) > exp_limit<T>() && is_finite(b)) {
    const T h = ::exp(::fabs(a) * T(0.5)) * T(0.5), h2 = ::exp(::fabs(a) * T(0.5));
    return complex<T>((h * ::cos(b)) * h2, ::copysign(T(1), a) * (h * ::sin(b)) * h2);
  }
  return complex<T>(::cosh(a) * ::cos(b), ::sinh(a) * ::sin(b));
}

template <typename T> __device__ complex<T> sinh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (b == 0) return complex<T>(::sinh(a), b);
  if ((a == 0 || is_inf(a)) && !is_finite(b)) return complex<T>(a, b - b);
  if (::fabs(a) > exp_limit<T>() && is_finite(b)) {
    const T h = ::exp(::fabs(a) * T(0.5)) * T(0.5), h2 = ::exp(::fabs(a) * T(0.5));
    return complex<T>(::copysign(T(1), a) * (h * ::cos(b)) * h2, (h * ::sin(b)) * h2);
  }
  return complex<T>(::sinh(a) * ::cos(b), ::cosh(a) * ::sin(b));
}

template <typename T> __device__ complex<T> tanh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (is_nan(a)) return b == 0 ? complex<T>(a, b) : nan_complex<T>();
  // The standard: +inf + bj with finite b > 0 gives 1 + 0j (C99 would take sin(2b)'s sign).
  if (is_inf(a)) return complex<T>(::copysign(T(1), a), ::copysign(T(0), b));
  if (!is_finite(b)) return complex<T>(a == 0 ? a : b - b, b - b);
  if (::fabs(a) > T(sizeof(T) == 4 ? 9.0 : 22.0)) {
    // tanh(a) rounds to +-1; the imaginary part is 4 sin(b) cos(b) exp(-2|a|).
    const T e = ::exp(-::fabs(a));
    return complex<T>(::copysign(T(1), a), T(4) * ::sin(b) * ::cos(b) * e * e);
  }
  // Kahan's form: with t = tan(b), s = sinh(a), rho = sqrt(1 + s^2), beta = 1 + t^2,
  // tanh(z) = (beta rho s + i t) / (1 + beta s^2).
  const T t = ::tan(b), s = ::sinh(a);
  const T rho = ::sqrt(T(1) + s * s), beta = T(1) + t * t;
  const T denom = T(1) + beta * s * s;
  return complex<T>(beta * rho * s / denom, t / denom);
}

// Circular functions by the standard's identities: sin z = -i sinh(iz), cos z = cosh(iz),
// tan z = -i tanh(iz); so their special cases are those of the hyperbolic tables.
template <typename T> __device__ __forceinline__ complex<T> times_i(complex<T> z) {
  return complex<T>(-z.im, z.re);
}
template <typename T> __device__ __forceinline__ complex<T> times_minus_i(complex<T> z) {
  return complex<T>(z.im, -z.re);
}
template <typename T> __device__ complex<T> sin(complex<T> z) { return times_minus_i(sinh(times_i(z))); }
template <typename T> __device__ complex<T> cos(complex<T> z) { return cosh(times_i(z)); }
template <typename T> __device__ complex<T> tan(complex<T> z) { return times_minus_i(tanh(times_i(z))); }

// Note [Complex pow]
// x**0 is 1 even for NaN x; 0**y is 0 for Re(y) > 0 and NaN for other non-integer y
// (NumPy's choices, in the area the standard leaves open); small integer exponents use
// repeated squaring (as NumPy does, so exact cases stay exact); the rest is exp(y log x).
template <typename T> __device__ complex<T> pow(complex<T> x, complex<T> y) {
  if (y.re == 0 && y.im == 0) return complex<T>(T(1), T(0));
  const bool small_integer = y.im == 0 && y.re == ::rint(y.re) && ::fabs(y.re) <= T(100);
  if (x.re == 0 && x.im == 0) {
    if (y.re > 0) return complex<T>(T(0), T(0));
    if (!small_integer) return nan_complex<T>();
  }
  if (small_integer) {
    long long n = (long long)y.re;
    const bool invert = n < 0;
    if (invert) n = -n;
    complex<T> result(T(1), T(0)), base = x;
    bool first = true;
    while (n > 0) {
      if (n & 1) { result = first ? base : result * base; first = false; }
      n >>= 1;
      if (n > 0) base = base * base;
    }
    return invert ? complex<T>(T(1), T(0)) / result : result;
  }
  return exp(y * log(x));
}

}  // namespace xt

#endif  // XT_COMPLEX_MATH_CUH
