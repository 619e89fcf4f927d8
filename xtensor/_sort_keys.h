/* xtensor's C extensions: the sort keys of the stable argsorts (Notes [Packed argsort], [Cut
   keys] and [Radix argsort] in _backends/cpu_sort.py), the repair of cut keys, and the range
   of 8-byte integers, which decides whether their keys pack; shared by _core/_csort.c and
   _dispatch/_cfast_sort.c.

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

/* A float's image in integer operations only (no branch, and no float addition, whose -0.0
   + 0.0 a rounding mode could leave negative): -0.0 made +0.0, every other bit pattern's sign
   bit set (all its bits flipped if it was set), a NaN of either sign all ones. */
static inline uint64_t float_image(float x, uint64_t unused)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    (void)unused;
    u &= ~((uint32_t)(u == 0x80000000u) << 31);
    uint32_t image = u ^ (0x80000000u | (0 - (u >> 31)));
    return image | (0 - (uint32_t)((u & 0x7FFFFFFFu) > 0x7F800000u));
}

static inline uint64_t double_image(double x, uint64_t unused)
{
    const uint64_t sign = (uint64_t)1 << 63;
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    (void)unused;
    u &= ~((uint64_t)(u == sign) << 63);
    uint64_t image = u ^ (sign | (0 - (u >> 63)));
    return image | (0 - (uint64_t)((u & ~sign) > (uint64_t)0x7FF0000000000000));
}

/* keys[i] = the image of v[i] (complemented by `flip`, its lowest `cut` bits dropped) << bits
   | i's position in its row (Note [Packed argsort]; with `cut`, Note [Cut keys]). */
#define PACK(NAME, T, IMAGE)                                                        \
    WIDEST_VECTORS static void pack_##NAME(const T *v, uint64_t *keys, ptrdiff_t n, \
                                           ptrdiff_t row, int bits, uint64_t low,   \
                                           uint64_t flip, int cut)                  \
    {                                                                               \
        for (ptrdiff_t start = 0; start < n; start += row) {                        \
            for (ptrdiff_t j = 0; j < row; j++) {                                   \
                uint64_t image = (IMAGE(v[start + j], low) ^ flip) >> cut;          \
                keys[start + j] = (image << bits) | (uint64_t)j;                    \
            }                                                                       \
        }                                                                           \
    }

/* Each row's sorted keys with the same cut image form runs in position order; a run is put in
   the order of its values' full images (complemented by `flip`), stably, so that equal images
   stay in position order: the stable order. The images in a run lie within 2**(bits + 1) of
   the least (no more bits than that are cut, CUT_BITS_MAX + 1 at most), so a long run is
   ordered by a counting sort of their offsets from it (through `tmp`, a row long); a short one,
   by insertion. Then each key is cut to its position (its low `bits` bits). */
#define CUT_BITS_MAX 10       /* rows of up to 1024 values */
#define INSERTED_RUN_MAX 32   /* runs this long or shorter are ordered by insertion */
#define REPAIR(NAME, T, IMAGE)                                                                   \
    static void repair_##NAME(const T *v, uint64_t *keys, ptrdiff_t n, ptrdiff_t row,            \
                              int bits, uint64_t low, uint64_t flip, uint64_t *tmp)              \
    {                                                                                            \
        uint64_t mask = ((uint64_t)1 << bits) - 1;                                               \
        ptrdiff_t counts[2 << CUT_BITS_MAX];                                                     \
        for (ptrdiff_t start = 0; start < n; start += row) {                                     \
            const T *values = v + start;                                                         \
            uint64_t *k = keys + start;                                                          \
            for (ptrdiff_t i = 0, end; i < row; i = end) {                                       \
                for (end = i + 1; end < row && (k[end] ^ k[i]) <= mask; end++) {                 \
                }                                                                                \
                uint64_t least = ~(uint64_t)0, most = 0;                                         \
                for (ptrdiff_t t = i; end - i > INSERTED_RUN_MAX && t < end; t++) {              \
                    uint64_t image = IMAGE(values[k[t] & mask], low) ^ flip;                     \
                    least = image < least ? image : least;                                       \
                    most = image > most ? image : most;                                          \
                }                                                                                \
                /* (the images of a run lie within the counts: checked all the same) */          \
                if (end - i > INSERTED_RUN_MAX && most - least < (uint64_t)2 << CUT_BITS_MAX) {  \
                    memset(counts, 0, sizeof *counts * (size_t)(most - least + 1));              \
                    for (ptrdiff_t t = i; t < end; t++) {                                        \
                        counts[(IMAGE(values[k[t] & mask], low) ^ flip) - least]++;              \
                    }                                                                            \
                    for (ptrdiff_t c = 0, sum = 0, count; c <= (ptrdiff_t)(most - least); c++) { \
                        count = counts[c], counts[c] = sum, sum += count;                        \
                    }                                                                            \
                    for (ptrdiff_t t = i; t < end; t++) {                                        \
                        tmp[counts[(IMAGE(values[k[t] & mask], low) ^ flip) - least]++] = k[t];  \
                    }                                                                            \
                    memcpy(k + i, tmp, sizeof *k * (size_t)(end - i));                           \
                    continue;                                                                    \
                }                                                                                \
                for (ptrdiff_t t = i + 1; t < end; t++) {                                        \
                    uint64_t key = k[t], image = IMAGE(values[key & mask], low) ^ flip;          \
                    ptrdiff_t j = t;                                                             \
                    for (; j > i && (IMAGE(values[k[j - 1] & mask], low) ^ flip) > image; j--) { \
                        k[j] = k[j - 1];                                                         \
                    }                                                                            \
                    k[j] = key;                                                                  \
                }                                                                                \
            }                                                                                    \
        }                                                                                        \
        for (ptrdiff_t i = 0; i < n; i++) {                                                      \
            keys[i] &= mask;                                                                     \
        }                                                                                        \
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

/* Note [Sorted already]
   ~~~~~~~~~~~~~~~~~~~~~
   NumPy's stable sort is a timsort, which finds runs: data in order already (a time axis,
   an `arange`, values sorted once and sorted again) costs it one pass, and data of a few runs
   (sorted values with some appended) a few merges, where the key and radix sorts here cost
   what they cost on random data (10**6 float64 in order: 20 ms against its 1.3). So a sort
   first counts, along each row, the adjacent pairs that fall (the later sorts strictly before
   the earlier, in the sort's order: NaNs last, or first where descending) and those that do
   not, a block at a time so that the counts vectorize, and stops once the rows are none of
   these (random data: after one block):
   - falls 0: every row is its own stable sort (its argsort 0, 1, 2, ...);
   - rises 0: every row falls strictly, its reverse is the sort (no ties to keep in order);
   - at most FEW_FALLS falls in one row: NumPy's timsort merges its few runs. */
#define FEW_FALLS 16
#define ORDER_BLOCK 256
/* x sorts strictly before y: integers as they compare, floats too (-0.0 ties with 0.0) but
   for NaNs, which sort after every number and tie with each other (no branches). */
#define INT_BEFORE(x, y) ((x) < (y))
#define FLOAT_BEFORE(x, y) (((x) < (y)) | (((y) != (y)) & ((x) == (x))))
#define FALLS(NAME, T, BEFORE)                                                                \
    WIDEST_VECTORS static void falls_##NAME(const T *v, ptrdiff_t n, ptrdiff_t row,           \
                                            int descending, ptrdiff_t *falls, ptrdiff_t *rises) \
    {                                                                                         \
        ptrdiff_t down = 0, up = 0;                                                           \
        for (ptrdiff_t start = 0; start < n && (down <= FEW_FALLS || up == 0); start += row) { \
            for (ptrdiff_t i = start + 1, end; i < start + row; i = end) {                    \
                ptrdiff_t d = 0;                                                              \
                end = i + ORDER_BLOCK < start + row ? i + ORDER_BLOCK : start + row;          \
                if (descending) {                                                             \
                    for (ptrdiff_t j = i; j < end; j++) {                                     \
                        d += BEFORE(v[j - 1], v[j]);                                          \
                    }                                                                         \
                }                                                                             \
                else {                                                                        \
                    for (ptrdiff_t j = i; j < end; j++) {                                     \
                        d += BEFORE(v[j], v[j - 1]);                                          \
                    }                                                                         \
                }                                                                             \
                down += d, up += end - i - d;                                                 \
                if (down > FEW_FALLS && up != 0) {                                            \
                    break;                                                                    \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
        *falls = down, *rises = up;                                                           \
    }
FALLS(int32, int32_t, INT_BEFORE)
FALLS(uint32, uint32_t, INT_BEFORE)
FALLS(int64, int64_t, INT_BEFORE)
FALLS(uint64, uint64_t, INT_BEFORE)
FALLS(float, float, FLOAT_BEFORE)
FALLS(double, double, FLOAT_BEFORE)

/* The stable argsort of n values in rows of `row` that are in order (0, 1, 2, ... along each
   row) or, `reversed`, that fall strictly (the reverse): Note [Sorted already]. */
static inline void ordered_positions(int64_t *p, ptrdiff_t n, ptrdiff_t row, int reversed)
{
    for (ptrdiff_t start = 0; start < n; start += row) {
        for (ptrdiff_t j = 0; j < row; j++) {
            p[start + j] = reversed ? row - 1 - j : j;
        }
    }
}

/* The counts of Note [Sorted already] for n values of `kind` ('i', 'u' or 'f') and `size`
   bytes at v, in rows of `row`, into *falls and *rises: 1, or 0 for another dtype. */
static inline int count_falls(char kind, int size, const void *v, ptrdiff_t n, ptrdiff_t row,
                              int descending, ptrdiff_t *falls, ptrdiff_t *rises)
{
    if (row <= 0 || (size != 4 && size != 8)) {
        return 0;
    }
    switch (kind == 'f' ? size : kind == 'i' ? -size : kind == 'u' ? 16 + size : 0) {
    case 8:
        falls_double(v, n, row, descending, falls, rises);
        return 1;
    case 4:
        falls_float(v, n, row, descending, falls, rises);
        return 1;
    case -8:
        falls_int64(v, n, row, descending, falls, rises);
        return 1;
    case -4:
        falls_int32(v, n, row, descending, falls, rises);
        return 1;
    case 24:
        falls_uint64(v, n, row, descending, falls, rises);
        return 1;
    case 20:
        falls_uint32(v, n, row, descending, falls, rises);
        return 1;
    default:
        return 0;
    }
}

#endif
