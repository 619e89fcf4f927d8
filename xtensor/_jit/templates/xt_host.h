// xt_host.h -- compile xtensor's generated device code for the CPU, as production code.
//
// Owns: host definitions of the CUDA keywords and built-ins that op computation strings and
// the support headers use (execution-space qualifiers defined away, bit casts), the C math
// library, and -- on x86-64 glibc -- SIMD declarations of the math functions so that the
// host loops' contiguous inner loops vectorize through libmvec.  It opens every host
// translation unit that _jit/host_codegen.py generates; the test-only hostsim harness
// (hostsim/xt_hostsim.h) defines the same keywords plus a simulated grid.
//
// Note [Vector math on the host]
// GCC vectorizes a loop that calls exp() only when it knows a vector variant of exp exists
// and the call has no side effect.  glibc's libmvec provides the variants (SSE to AVX-512)
// but declares them only under -ffast-math, which xtensor cannot use: it would fold the
// `x != x` NaN tests of the op strings away.  So this header declares them itself (the
// `simd` attribute, exactly what glibc's math-vector.h adds), and host.py compiles with
// -fno-math-errno (the calls then have no side effect) and links -lmvec.  libmvec's
// functions are accurate to 4 ulp, the same bound NumPy's own SIMD loops work to.
// XT_HOST_NO_MVEC (set by host.py when libmvec cannot be linked) leaves them out.
#ifndef XT_HOST_H
#define XT_HOST_H

#include <math.h>  // with libstdc++ this also puts the float overloads in ::

#include <cstring>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict

inline float __int_as_float(int bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}
inline double __longlong_as_double(long long bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

#if defined(__x86_64__) && defined(__GLIBC__) && !defined(XT_HOST_NO_MVEC)
#define XT_SIMD_1(name) \
  extern "C" double name(double) __attribute__((simd("notinbranch"))); \
  extern "C" float name##f(float) __attribute__((simd("notinbranch")));
#define XT_SIMD_2(name) \
  extern "C" double name(double, double) __attribute__((simd("notinbranch"))); \
  extern "C" float name##f(float, float) __attribute__((simd("notinbranch")));
XT_SIMD_1(exp)
XT_SIMD_1(log)
XT_SIMD_1(sin)
XT_SIMD_1(cos)
XT_SIMD_2(pow)
#if __GLIBC_PREREQ(2, 35)
XT_SIMD_1(acos)
XT_SIMD_1(acosh)
XT_SIMD_1(asin)
XT_SIMD_1(asinh)
XT_SIMD_1(atan)
XT_SIMD_1(atanh)
XT_SIMD_1(cbrt)
XT_SIMD_1(cosh)
XT_SIMD_1(exp2)
XT_SIMD_1(expm1)
XT_SIMD_1(log10)
XT_SIMD_1(log1p)
XT_SIMD_1(log2)
XT_SIMD_1(sinh)
XT_SIMD_1(tan)
XT_SIMD_1(tanh)
XT_SIMD_2(atan2)
XT_SIMD_2(hypot)
#endif
#undef XT_SIMD_1
#undef XT_SIMD_2
#endif

namespace xt_host {

// Note [Host loop plan]
// A host kernel runs the C-order linear range [begin, end) of a coalesced iteration space,
// one call per chunk of the iterator (threads come from xtensor's pool; ctypes releases the
// GIL).  `plan` is one int64 array: ndim, shape[ndim] (outermost first), byte strides
// [ndim][NARGS], then the NARGS data addresses of element 0 (outputs first).  for_range
// finds the coordinates of `begin`, then hands `inner` one run of the innermost dim at a
// time -- the operands' pointers at the run's start, their inner byte strides and the run's
// length -- and carries the coordinates like an odometer between runs.
//   shape (2, 3), begin 2, end 5: runs (0, 2) of length 1, then (1, 0) of length 2.
template <int NARGS, typename Inner>
inline void for_range(long long begin, long long end, const long long* plan, Inner inner) {
  const int ndim = (int)plan[0];
  const long long* shape = plan + 1;
  const long long* strides = shape + ndim;
  const long long* data = strides + (long long)ndim * NARGS;
  long long index[64];  // NumPy's dimension limit
  char* p[NARGS];
  for (int k = 0; k < NARGS; ++k) p[k] = reinterpret_cast<char*>(data[k]);
  long long rest = begin;
  for (int d = ndim - 1; d >= 0; --d) {
    index[d] = rest % shape[d];
    rest /= shape[d];
    for (int k = 0; k < NARGS; ++k) p[k] += index[d] * strides[d * NARGS + k];
  }
  const int last = ndim - 1;
  const long long* inner_strides = strides + last * NARGS;
  for (long long todo = end - begin; todo > 0;) {
    const long long left = shape[last] - index[last];
    const long long n = left < todo ? left : todo;
    inner(p, inner_strides, n);
    todo -= n;
    for (int k = 0; k < NARGS; ++k) p[k] += n * inner_strides[k];
    index[last] += n;
    for (int d = last; d > 0 && index[d] == shape[d]; --d) {
      index[d] = 0;
      index[d - 1] += 1;
      for (int k = 0; k < NARGS; ++k) {
        p[k] += strides[(d - 1) * NARGS + k] - shape[d] * strides[d * NARGS + k];
      }
    }
  }
}

// Note [Position-independent results]
// GCC vectorizes a dense loop and finishes its last few elements in a narrower vector loop
// and then a scalar one, and a strided loop is scalar throughout; with libmvec the vector
// and scalar exp() may round one element differently.  An element's bits would then depend
// on where its run ends (on the chunk boundaries, so on the thread count, and on the size
// of the call) and on the operands' layout.  So every element goes through one compiled
// loop over XT_HOST_BLOCK elements (a constant trip count, a multiple of every vector
// width: no remainder loop), not inlined: a dense run's whole blocks in place, and any
// other elements (a strided, broadcast or reversed operand, a run's last partial block)
// gathered into a full block of local buffers, computed the same way and scattered back.
// The unused lanes of a partial block repeat its first element: a valid input, which
// cannot trap as a zero integer divisor would.  XT_HOST_BLOCK is small, so that a tiny
// call pays little for its padded lanes.
#ifndef XT_HOST_BLOCK
#define XT_HOST_BLOCK 64
#endif

typedef void (*BlockFn)(char* const* base, const char* scalars, long long blocks);

inline void copy_element(char* to, const char* from, long long size) {
  switch (size) {  // fixed sizes, so each copy is one move
    case 1: std::memcpy(to, from, 1); break;
    case 2: std::memcpy(to, from, 2); break;
    case 4: std::memcpy(to, from, 4); break;
    case 8: std::memcpy(to, from, 8); break;
    default: std::memcpy(to, from, 16); break;
  }
}

// Note [Streaming stores]
// An output much larger than the last-level cache will not be read from the cache again, yet
// an ordinary store first reads each of its lines from memory (write-allocate): `a * b + c`
// of float64 moves five bytes for every four it needs.  So a dense run writes such outputs
// one block at a time into a local tile, which the block loop fills as usual, then copies
// the tile out with non-temporal stores that skip that read.  The tile is one block (512
// bytes of float64): with 4 KiB tiles the bursts of loads and of stores no longer overlap
// and the gain was gone (`a * b + c` of 10**7 float64 on this 2-core machine, medians of 41
// interleaved rounds: 15.0 ms plain, 10.9 ms streamed from one block, 15.9 ms from eight).
// `stream` is decided once per call from the whole output's size (XT_HOST_STREAM_BYTES), so
// it never depends on the chunking, and the values are the block loop's either way.
#ifndef XT_HOST_STREAM_BYTES
#define XT_HOST_STREAM_BYTES (24LL << 20)
#endif

inline bool stream_output(const long long* plan, long long itemsize) {
#if defined(__SSE2__)
  long long bytes = itemsize;
  for (long long d = 0; d < plan[0]; ++d) bytes *= plan[1 + d];
  return bytes >= XT_HOST_STREAM_BYTES;
#else
  (void)plan;
  (void)itemsize;
  return false;
#endif
}

// `bytes` from `from` to `to`: whole cache lines with non-temporal stores, the partial lines
// at either end with ordinary ones.
inline void stream_copy(char* to, const char* from, long long bytes) {
#if defined(__AVX512F__)
  long long head = (64 - reinterpret_cast<long long>(to) % 64) % 64;
  if (head > bytes) head = bytes;
  std::memcpy(to, from, head);
  long long j = head;
  for (; j + 64 <= bytes; j += 64) {
    _mm512_stream_si512(reinterpret_cast<__m512i*>(to + j),
                        _mm512_loadu_si512(reinterpret_cast<const void*>(from + j)));
  }
  std::memcpy(to + j, from + j, bytes - j);
#elif defined(__SSE2__)
  for (long long j = 0; j < bytes; j += 16) {
    _mm_stream_si128(reinterpret_cast<__m128i*>(to + j),
                     _mm_load_si128(reinterpret_cast<const __m128i*>(from + j)));
  }
#else
  std::memcpy(to, from, bytes);
#endif
}

template <int NARGS, int NOUT>
inline void streamed_blocks(BlockFn block, const char* scalars, char* const* p,
                            const long long* itemsizes, long long blocks) {
  alignas(64) char tile[NOUT][XT_HOST_BLOCK * 16];
  char* q[NARGS];
  for (long long b = 0; b < blocks; ++b) {
    for (int k = 0; k < NARGS; ++k) {
      q[k] = k < NOUT ? tile[k] : p[k] + b * XT_HOST_BLOCK * itemsizes[k];
    }
    block(q, scalars, 1);
    for (int k = 0; k < NOUT; ++k) {
      stream_copy(p[k] + b * XT_HOST_BLOCK * itemsizes[k], tile[k], XT_HOST_BLOCK * itemsizes[k]);
    }
  }
#if defined(__SSE2__)
  _mm_sfence();  // the streamed lines are visible before the caller's thread reports done
#endif
}

template <int NARGS, int NOUT>
inline void blocked_run(BlockFn block, const char* scalars, char* const* p, const long long* s,
                        const long long* itemsizes, long long n, bool stream) {
  char* q[NARGS];
  bool dense = true;
  for (int k = 0; k < NARGS; ++k) dense = dense && s[k] == itemsizes[k];
  for (int k = 0; k < NOUT; ++k) stream = stream && reinterpret_cast<long long>(p[k]) % 16 == 0;
  long long i = 0;
  if (dense && n >= XT_HOST_BLOCK) {
    if (stream) {
      streamed_blocks<NARGS, NOUT>(block, scalars, p, itemsizes, n / XT_HOST_BLOCK);
    } else {
      block(p, scalars, n / XT_HOST_BLOCK);
    }
    i = n / XT_HOST_BLOCK * XT_HOST_BLOCK;
  }
  alignas(64) char local[NARGS][XT_HOST_BLOCK * 16];  // 16: the widest element, complex128
  for (int k = 0; k < NARGS; ++k) q[k] = local[k];
  for (; i < n; i += XT_HOST_BLOCK) {
    const long long m = n - i < XT_HOST_BLOCK ? n - i : XT_HOST_BLOCK;
    for (int k = NOUT; k < NARGS; ++k) {
      for (long long j = 0; j < XT_HOST_BLOCK; ++j) {
        copy_element(local[k] + j * itemsizes[k], p[k] + (i + (j < m ? j : 0)) * s[k],
                     itemsizes[k]);
      }
    }
    block(q, scalars, 1);
    for (int k = 0; k < NOUT; ++k) {
      for (long long j = 0; j < m; ++j) {
        copy_element(p[k] + (i + j) * s[k], local[k] + j * itemsizes[k], itemsizes[k]);
      }
    }
  }
}

// Note [Direct calls]
// A small call should not pay for a plan built in Python: reading one array's data address
// there costs about a microsecond, as much as a whole 1,000-element kernel.  So each host
// elementwise kernel also exports `<name>_direct`, which takes the NumPy arrays themselves
// (ctypes passes their PyObject pointers) and reads what it needs through NumPy's public
// ABI: PyArrayObject_fields, whose leading fields have kept this layout since NumPy 1.7
// and which PyArray_DATA and PyArray_FLAGS read.  The fields start right after the object
// header, XT_PYOBJECT_HEAD_BYTES (host_codegen writes Python's `object.__basicsize__`;
// _backends/fused.py checks it against a real array before it makes any direct call).
// An operand that is not C-contiguous and aligned makes the entry return 1 untouched.
struct ndarray_fields {
  char* data;
  int nd;
  long long* dimensions;
  long long* strides;
  void* base;
  void* descr;
  int flags;
};
const int kDirectFlags = 0x0001 | 0x0100;  // NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED

inline const ndarray_fields* ndarray(const void* object) {
  return reinterpret_cast<const ndarray_fields*>(static_cast<const char*>(object) +
                                                 XT_PYOBJECT_HEAD_BYTES);
}

}  // namespace xt_host

#endif  // XT_HOST_H
