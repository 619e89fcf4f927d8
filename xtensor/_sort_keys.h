/* xtensor's C extensions: the sort keys of the stable argsorts (Notes [Packed argsort] and
   [Radix argsort] in _backends/cpu_sort.py) and the range of 8-byte integers, which decides
   whether their keys pack; shared by _core/_csort.c and _dispatch/_cfast_sort.c.

   Order-preserving unsigned images of the values: integers offset by a least value (mod 2**64,
   so a signed one is offset exactly); a float's bits with zeros made +0.0 and every NaN the
   largest image, above +inf's (NumPy sorts NaNs last and ties them with each other). Each
   takes the offset `low`, which only the integers' use, so that one macro takes any of them. */

#ifndef XTENSOR_SORT_KEYS_H
#define XTENSOR_SORT_KEYS_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "_vectors.h"

/* A pair ties when the keys are equal (so -0.0 ties with 0.0) or both NaN. */
#define FLOAT_TIE(a, b) (((a) == (b)) | (((a) != (a)) & ((b) != (b))))  /* no branches */

#define INT_IMAGE(v, low) ((uint64_t)(v) - (low))

static inline uint64_t half_image(uint16_t u, uint64_t unused)
{
    (void)unused;
    if ((u & 0x7FFF) > 0x7C00) {
        return 0xFFFF;  /* NaN */
    }
    u = u == 0x8000 ? 0 : u;
    return u >> 15 ? (uint16_t)~u : u | 0x8000u;
}

static inline uint64_t float_image(float x, uint64_t unused)
{
    uint32_t u;
    x += 0.0f;  /* -0.0 -> +0.0: the two tie */
    memcpy(&u, &x, sizeof u);
    (void)unused;
    return x != x ? 0xFFFFFFFFu : (u >> 31 ? (uint32_t)~u : u | 0x80000000u);
}

static inline uint64_t double_image(double x, uint64_t unused)
{
    uint64_t u;
    x += 0.0;  /* -0.0 -> +0.0: the two tie */
    memcpy(&u, &x, sizeof u);
    (void)unused;
    return x != x ? ~(uint64_t)0 : (u >> 63 ? ~u : u | ((uint64_t)1 << 63));
}

/* The least and largest of n (> 0) 8-byte integers, into *low and *high: the offset of
   their images and their range (whether packed keys fit). */
#define RANGE(NAME, T)                                                                     \
    WIDEST_VECTORS static void range_##NAME(const T *v, ptrdiff_t n, T *low, T *high)      \
    {                                                                                      \
        T lo = v[0], hi = v[0];                                                            \
        for (ptrdiff_t i = 1; i < n; i++) {                                                \
            lo = v[i] < lo ? v[i] : lo;                                                    \
            hi = v[i] > hi ? v[i] : hi;                                                    \
        }                                                                                  \
        *low = lo, *high = hi;                                                             \
    }
RANGE(int64, int64_t)
RANGE(uint64, uint64_t)

#endif
