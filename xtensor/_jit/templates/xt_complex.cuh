// xt_complex.cuh -- xtensor's own minimal complex type for generated kernels.
//
// Owns: xt::complex<T> (layout-compatible with numpy complex64/complex128: two T, real
// first, aligned to 2*sizeof(T)), its arithmetic, comparisons and the cast rules between
// bool, integers, reals and complex used by every kernel (xt::cast).
//
// Note [Why not CuPy's complex.cuh]
// CuPy ships a thrust-derived complex header.  It needs CuPy's include tree at NVRTC
// time and it does not compile under g++ with the hostsim header, which must run the
// very same generated source on the CPU.  This header needs neither: it uses only the
// CUDA math built-ins that NVRTC declares without includes and that hostsim maps to
// <cmath>.  Arithmetic follows NumPy's loops (textbook multiply, Smith's division), so
// the device agrees with the CPU path on the special cases the standard leaves to the
// implementation.
//
// Inside namespace xt every call to a real math function is written ::name(...): the
// complex overloads declared here would otherwise hide the global real ones.
#ifndef XT_COMPLEX_CUH
#define XT_COMPLEX_CUH

namespace xt {

template <typename T> struct alignas(2 * sizeof(T)) complex {
  T re;
  T im;
  complex() = default;
  __device__ __forceinline__ constexpr complex(T r, T i = T(0)) : re(r), im(i) {}
  template <typename U>
  __device__ __forceinline__ explicit complex(const complex<U>& z) : re(T(z.re)), im(T(z.im)) {}
  __device__ __forceinline__ T real() const { return re; }
  __device__ __forceinline__ T imag() const { return im; }
};

template <typename T> struct is_complex { static const bool value = false; };
template <typename T> struct is_complex<complex<T> > { static const bool value = true; };

template <typename T> __device__ __forceinline__ bool is_nan(T x) { return x != x; }
template <typename T> __device__ __forceinline__ bool is_finite(T x) { return x - x == x - x; }
template <typename T> __device__ __forceinline__ bool is_inf(T x) {
  return !is_nan(x) && !is_finite(x);
}

// Note [Libm edges on the device]: CUDA's double hypot and asinh are within 2 and 3 ulp, and
// that slack reaches past DBL_MAX: on an H100, hypot(1, DBL_MAX) and asinh(DBL_MAX) gave inf,
// where the exact answers are finite. These redo only an infinite answer of finite input.
template <typename T> __device__ __forceinline__ T robust_hypot(T a, T b) {
  const T h = ::hypot(a, b);
  if (is_finite(h) || !is_finite(a) || !is_finite(b)) {
    return h;
  }
  const T x = ::fabs(a), y = ::fabs(b);
  const T big = x > y ? x : y, ratio = (x > y ? y : x) / big;
  return big * ::sqrt(T(1) + ratio * ratio);  // inf again only where the answer overflows
}
template <typename T> __device__ __forceinline__ T robust_asinh(T x) {
  const T r = ::asinh(x);
  if (is_finite(r) || !is_finite(x)) {
    return r;
  }
  return ::copysign(::log(::fabs(x)) + T(0.69314718055994530942), x);  // log(2|x|)
}

// ---- arithmetic -------------------------------------------------------------------
template <typename T>
__device__ __forceinline__ complex<T> operator+(complex<T> a, complex<T> b) {
  return complex<T>(a.re + b.re, a.im + b.im);
}
template <typename T>
__device__ __forceinline__ complex<T> operator-(complex<T> a, complex<T> b) {
  return complex<T>(a.re - b.re, a.im - b.im);
}
template <typename T> __device__ __forceinline__ complex<T> operator-(complex<T> a) {
  return complex<T>(-a.re, -a.im);
}
template <typename T> __device__ __forceinline__ complex<T> operator+(complex<T> a) { return a; }
template <typename T>
__device__ __forceinline__ complex<T> operator*(complex<T> a, complex<T> b) {
  return complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
// Mixed real/complex forms follow the standard's tables: no cross terms, so a zero or
// infinite real operand does not manufacture NaNs in the other component.
template <typename T> __device__ __forceinline__ complex<T> operator*(complex<T> a, T c) {
  return complex<T>(a.re * c, a.im * c);
}
template <typename T> __device__ __forceinline__ complex<T> operator*(T c, complex<T> a) {
  return complex<T>(c * a.re, c * a.im);
}
template <typename T> __device__ __forceinline__ complex<T> operator/(complex<T> a, T c) {
  return complex<T>(a.re / c, a.im / c);
}

// Note [Complex division]
// Smith's algorithm: divide by the larger of |c| and |d| first so that c*c + d*d never
// overflows or underflows for representable quotients.  Division by 0+0j divides each
// component by |c| = 0, giving infinities or NaNs with the signs IEEE gives reals.
template <typename T>
__device__ __forceinline__ complex<T> operator/(complex<T> x, complex<T> y) {
  const T a = x.re, b = x.im, c = y.re, d = y.im;
  const T abs_c = ::fabs(c), abs_d = ::fabs(d);
  if (abs_c >= abs_d) {
    if (abs_c == 0 && abs_d == 0) return complex<T>(a / abs_c, b / abs_c);
    const T rat = d / c;
    const T scl = T(1) / (c + d * rat);
    return complex<T>((a + b * rat) * scl, (b - a * rat) * scl);
  }
  const T rat = c / d;
  const T scl = T(1) / (d + c * rat);
  return complex<T>((a * rat + b) * scl, (b * rat - a) * scl);
}
template <typename T> __device__ __forceinline__ complex<T> operator/(T c, complex<T> y) {
  return complex<T>(c) / y;
}

template <typename T> __device__ __forceinline__ bool operator==(complex<T> a, complex<T> b) {
  return a.re == b.re && a.im == b.im;
}
template <typename T> __device__ __forceinline__ bool operator!=(complex<T> a, complex<T> b) {
  return a.re != b.re || a.im != b.im;
}

// ---- casts ------------------------------------------------------------------------
// Note [Cast rules]
// xt::cast<To>(from) is how dynamic casting and result stores convert values.  It
// follows NumPy's astype: complex -> real keeps the real part, anything -> bool tests
// for non-zero (either component for complex), real -> complex has a +0 imaginary part.
template <typename To> struct caster {
  template <typename From> static __device__ __forceinline__ To run(From v) {
    return static_cast<To>(v);
  }
  template <typename U> static __device__ __forceinline__ To run(complex<U> v) {
    return static_cast<To>(v.re);
  }
};
template <> struct caster<bool> {
  template <typename From> static __device__ __forceinline__ bool run(From v) {
    return v != From(0);
  }
  template <typename U> static __device__ __forceinline__ bool run(complex<U> v) {
    return v.re != U(0) || v.im != U(0);
  }
};
template <typename T> struct caster<complex<T> > {
  template <typename From> static __device__ __forceinline__ complex<T> run(From v) {
    return complex<T>(static_cast<T>(v), T(0));
  }
  template <typename U> static __device__ __forceinline__ complex<T> run(complex<U> v) {
    return complex<T>(static_cast<T>(v.re), static_cast<T>(v.im));
  }
};
template <typename To, typename From> __device__ __forceinline__ To cast(From v) {
  return caster<To>::run(v);
}

}  // namespace xt

#endif  // XT_COMPLEX_CUH
