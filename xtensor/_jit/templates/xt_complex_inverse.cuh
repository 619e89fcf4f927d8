// xt_complex_inverse.cuh -- inverse circular and hyperbolic functions of xt::complex<T>.
//
// Owns: asin, acos, atan, asinh, acosh, atanh.  See Note [Complex special cases] and
// Note [Inverse functions in double] in xt_complex_math.cuh, which must come first.
#ifndef XT_COMPLEX_INVERSE_CUH
#define XT_COMPLEX_INVERSE_CUH

namespace xt {

// ---- Note [Huge complex inputs] ------------------------------------------------------
// Past 2^500 the products in Kahan's formulas overflow (on the device, whose libm rounds
// within a few ulp, they did at 1 + 1.8e308j). There |z|^2 dwarfs 1, so each function is
// log(2|z|) and an angle to double precision: asinh z = log(2z), and the others follow.
__device__ __forceinline__ bool is_huge(complex<double> z) {
  return ::fmax(::fabs(z.re), ::fabs(z.im)) > 0x1p500;
}
__device__ __forceinline__ double log_twice_abs(complex<double> z) {
  const double x = ::fabs(z.re), y = ::fabs(z.im);
  const double big = ::fmax(x, y), ratio = ::fmin(x, y) / big;
  return ::log(big) + 0.69314718055994530942 + 0.5 * ::log1p(ratio * ratio);
}

// ---- Kahan's formulas, for finite input ---------------------------------------------
// sqrt(1 - z) and sqrt(1 + z) carry the branch cuts; signed zeros in -z.im pick the side.
template <typename T> __device__ complex<T> asin_finite(complex<T> z) {
  if (is_huge(z)) {
    return complex<T>(::copysign(::atan2(::fabs(z.re), ::fabs(z.im)), z.re),
                      ::copysign(log_twice_abs(z), z.im));
  }
  const complex<T> s1m = sqrt(complex<T>(T(1) - z.re, -z.im));
  const complex<T> s1p = sqrt(complex<T>(T(1) + z.re, z.im));
  return complex<T>(::atan2(z.re, s1m.re * s1p.re - s1m.im * s1p.im),
                    robust_asinh(s1m.re * s1p.im - s1m.im * s1p.re));
}

template <typename T> __device__ complex<T> acos_finite(complex<T> z) {
  if (is_huge(z)) {
    return complex<T>(::atan2(::fabs(z.im), z.re), -::copysign(log_twice_abs(z), z.im));
  }
  const complex<T> s1m = sqrt(complex<T>(T(1) - z.re, -z.im));
  const complex<T> s1p = sqrt(complex<T>(T(1) + z.re, z.im));
  return complex<T>(T(2) * ::atan2(s1m.re, s1p.re),
                    robust_asinh(s1p.re * s1m.im - s1p.im * s1m.re));
}

template <typename T> __device__ complex<T> acosh_finite(complex<T> z) {
  if (is_huge(z)) {
    return complex<T>(log_twice_abs(z), ::copysign(::atan2(::fabs(z.im), z.re), z.im));
  }
  const complex<T> sm = sqrt(complex<T>(z.re - T(1), z.im));
  const complex<T> sp = sqrt(complex<T>(z.re + T(1), z.im));
  return complex<T>(robust_asinh(sm.re * sp.re + sm.im * sp.im), T(2) * ::atan2(sm.im, sp.re));
}

// atanh(x + iy) = log1p(4x / ((1-x)^2 + y^2)) / 4 + i atan2(2y, (1-x)(1+x) - y^2) / 2,
// evaluated on |x|, |y| (atanh is odd and conjugate-symmetric) to keep accuracy near -1.
template <typename T> __device__ complex<T> atanh_finite(complex<T> z) {
  const T x = ::fabs(z.re), y = ::fabs(z.im);
  if (is_huge(z)) {  // 1/z: x / |z|^2 and a quarter turn
    const T big = ::fmax(x, y), ratio = ::fmin(x, y) / big;
    return complex<T>(::copysign(x / big / big / (T(1) + ratio * ratio), z.re),
                      ::copysign(pi<T>() / T(2), z.im));
  }
  const T one_minus = T(1) - x;
  const T re = T(0.25) * ::log1p(T(4) * x / (one_minus * one_minus + y * y));
  const T im = T(0.5) * ::atan2(T(2) * y, one_minus * (T(1) + x) - y * y);
  return complex<T>(::copysign(re, z.re), ::copysign(im, z.im));
}

// ---- public functions: non-finite rows of the standard's tables, then the formula ----
template <typename T> __device__ complex<T> asinh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (is_finite(a) && is_finite(b)) {
    // asinh z = -i asin(iz)
    const complex<double> w = asin_finite(complex<double>(-double(b), double(a)));
    return complex<T>(T(w.im), T(-w.re));
  }
  T re, im;
  if (is_inf(b)) {
    re = inf<T>();
    im = is_nan(a) ? a : (is_inf(a) ? pi<T>() / T(4) : pi<T>() / T(2));
  } else if (is_inf(a)) {
    re = inf<T>();
    im = is_nan(b) ? b : T(0);
  } else if (is_nan(a)) {
    return b == 0 ? complex<T>(a, b) : nan_complex<T>();
  } else {
    return nan_complex<T>();
  }
  return complex<T>(::copysign(re, a), ::copysign(im, b));
}

template <typename T> __device__ complex<T> asin(complex<T> z) {
  if (is_finite(z.re) && is_finite(z.im)) return complex<T>(asin_finite(complex<double>(z)));
  return times_minus_i(asinh(times_i(z)));
}

template <typename T> __device__ complex<T> acos(complex<T> z) {
  const T a = z.re, b = z.im;
  if (is_finite(a) && is_finite(b)) return complex<T>(acos_finite(complex<double>(z)));
  T re, im;  // the row for Im(z) >= 0; acos(conj z) = conj(acos z) gives the rest
  if (is_inf(b)) {
    re = is_nan(a) ? a : (is_inf(a) ? (a < 0 ? T(3) * pi<T>() / T(4) : pi<T>() / T(4))
                                    : pi<T>() / T(2));
    im = -inf<T>();
  } else if (is_inf(a)) {
    re = is_nan(b) ? b : (a < 0 ? pi<T>() : T(0));
    im = is_nan(b) ? inf<T>() : -inf<T>();
  } else if (is_nan(a)) {
    return nan_complex<T>();
  } else {
    re = a == 0 ? pi<T>() / T(2) : nan<T>();
    im = nan<T>();
  }
  return complex<T>(re, ::signbit(b) ? -im : im);
}

template <typename T> __device__ complex<T> acosh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (is_finite(a) && is_finite(b)) return complex<T>(acosh_finite(complex<double>(z)));
  T re, im;  // the row for Im(z) >= 0; acosh(conj z) = conj(acosh z) gives the rest
  if (is_inf(b)) {
    re = inf<T>();
    im = is_nan(a) ? a : (is_inf(a) ? (a < 0 ? T(3) * pi<T>() / T(4) : pi<T>() / T(4))
                                    : pi<T>() / T(2));
  } else if (is_inf(a)) {
    re = inf<T>();
    im = is_nan(b) ? b : (a < 0 ? pi<T>() : T(0));
  } else if (is_nan(a)) {
    return nan_complex<T>();
  } else {
    re = nan<T>();
    im = a == 0 ? pi<T>() / T(2) : nan<T>();
  }
  return complex<T>(re, ::copysign(im, b));
}

template <typename T> __device__ complex<T> atanh(complex<T> z) {
  const T a = z.re, b = z.im;
  if (is_finite(a) && is_finite(b)) return complex<T>(atanh_finite(complex<double>(z)));
  T re, im;
  if (is_inf(b)) {
    re = T(0);
    im = pi<T>() / T(2);
  } else if (is_inf(a)) {
    re = T(0);
    im = is_nan(b) ? b : pi<T>() / T(2);
  } else if (is_nan(a) || a != 0) {
    return nan_complex<T>();
  } else {
    re = T(0);
    im = b;
  }
  return complex<T>(::copysign(re, a), ::copysign(im, b));
}

// atan z = -i atanh(iz), special cases included (the standard defines them that way).
template <typename T> __device__ complex<T> atan(complex<T> z) {
  return times_minus_i(atanh(times_i(z)));
}

}  // namespace xt

#endif  // XT_COMPLEX_INVERSE_CUH
