/* xtensor._core._csort: the compiled steps of the CPU's stable sorts (../_backends/cpu_sort.py),
   whose NumPy twins `_ties` and `_packed` say what these answer.

   `ties`: how many adjacent pairs of a sorted order tie, along the last axis (Note [Stable
   answers from the fast sort]). NumPy's twin gathers the sorted keys (`data.take(idx)`),
   compares them shifted by one and counts: four passes and two temporaries, 10-15% of the
   fast argsort of 10**5 to 10**6 float64. Here the gather and the test are one loop, with no
   carried state so that it vectorizes (the keys come in by vector gathers): 3-4% of the
   argsort.

   `pack` and `unpack`: the keys of Note [Packed argsort], made in one pass (two for 8-byte
   integers, whose range is measured first), and their positions taken back out in one;
   `repair` takes them out of keys that `pack` cut (Note [Cut keys]).

   `radix`: the stable argsort of long rows by LSD radix sort of the values' images (Note
   [Radix argsort]); `sorted`: the values themselves sorted so (Note [Radix sort of values]).
   All of them release the GIL. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_sort_keys.h"  /* FLOAT_TIE, the values' images */
#include "_vectors.h"

#define INT_TIE(a, b) ((a) == (b))

/* The least value of a signed integer type of struct code `kind` and `size` bytes, mod 2**64:
   the offset of its values' images (INT_IMAGE); 0 for unsigned integers and floats. */
static uint64_t least(char kind, Py_ssize_t size)
{
    int signed_int = kind != 0 && strchr("bhilq", kind) != NULL && size > 0 && size <= 8;
    return signed_int ? (uint64_t)0 - ((uint64_t)1 << (8 * size - 1)) : 0;
}

/* How many values C-contiguous `data` holds, and (into *row) the length of its last axis,
   the rows the sorts run along (0 for a 0-d buffer). */
static Py_ssize_t extent(const Py_buffer *data, Py_ssize_t *row)
{
    *row = data->ndim > 0 ? data->shape[data->ndim - 1] : 0;
    return data->len / (data->itemsize ? data->itemsize : 1);
}

/* Note [Sort scratch]
   ~~~~~~~~~~~~~~~~~~~
   The radix sorts need a row's worth of temporaries (`sorted` a value's bytes each, `radix`
   8 or 16 bytes). Rows of millions of values need tens of megabytes, which malloc maps afresh
   on every call, and each page faults on its first write; the runs of Note [Radix runs in
   threads] fault in two threads at once, which the kernel serializes. So the callers may hand
   a `scratch` buffer from the output buffer cache (`cpu_sort._scratch`, Note [Output buffer
   cache] in ../_backends/cpu.py), whose pages are mapped already, and take their answers from
   it too; without one, or one too small, malloc's memory serves. `sort` of 10**7 float64, one
   thread: 222 ms a call before, 40 ms of it system time, 143 ms now; two threads 199 -> 106 ms,
   and right after a NumPy sort (which unmaps its buffers) 245 -> 117 ms; `argsort` one thread
   366 -> 216 ms. */

/* `bytes` of scratch (8-aligned): `obj`'s buffer when it holds that many, else malloc's, with
   `view->obj` NULL then; NULL with an exception set where neither serves. */
static void *scratch_take(PyObject *obj, size_t bytes, Py_buffer *view)
{
    view->obj = NULL;
    if (obj != Py_None) {
        if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
            view->obj = NULL;
            return NULL;
        }
        if ((size_t)view->len >= bytes && (uintptr_t)view->buf % 8 == 0) {
            return view->buf;
        }
        PyBuffer_Release(view);
        view->obj = NULL;
    }
    void *p = PyMem_RawMalloc(bytes ? bytes : 1);
    if (p == NULL) {
        PyErr_NoMemory();
    }
    return p;
}

static void scratch_give(void *p, Py_buffer *view)
{
    if (view->obj != NULL) {
        PyBuffer_Release(view);
    }
    else {
        PyMem_RawFree(p);
    }
}

/* The buffers of `data_obj` (C-contiguous, read) and `out_obj` (C-contiguous, written), and
   the struct code of data's type in *kind: 1; 0 with no exception where data has no such
   buffer (the caller answers None, its twin sorts it); -1 where out has none. */
static int buffers(PyObject *data_obj, PyObject *out_obj, Py_buffer *data, Py_buffer *out,
                   char *kind)
{
    if (PyObject_GetBuffer(data_obj, data, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return 0;
    }
    if (PyObject_GetBuffer(out_obj, out, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(data);
        return -1;
    }
    const char *f = data->format;
    *kind = f[0] == '=' || f[0] == '@' ? f[1] : f[0];
    return 1;
}

/* Rows of `row` values `inner` apart (an axis followed by `inner` values of the axes after it),
   in blocks of row * inner: the last axis when inner is 1, one loop each so that both
   vectorize (the inner values come in by vector gathers). */
#define TIES(T, TIE)                                                                      \
    WIDEST_VECTORS static Py_ssize_t ties_##T(const T *data, const Py_ssize_t *idx,       \
                                              Py_ssize_t n, Py_ssize_t row,               \
                                              Py_ssize_t inner)                           \
    {                                                                                     \
        Py_ssize_t count = 0;                                                             \
        for (Py_ssize_t start = 0; start < n; start += row * inner) {                     \
            const T *values = data + start;                                               \
            const Py_ssize_t *order = idx + start;                                        \
            if (inner == 1) {                                                             \
                for (Py_ssize_t k = 1; k < row; k++) {                                    \
                    count += TIE(values[order[k - 1]], values[order[k]]);                 \
                }                                                                         \
                continue;                                                                 \
            }                                                                             \
            for (Py_ssize_t k = 1; k < row; k++) {                                        \
                const Py_ssize_t *before = order + (k - 1) * inner, *at = before + inner; \
                for (Py_ssize_t i = 0; i < inner; i++) {                                  \
                    count += TIE(values[before[i] * inner + i], values[at[i] * inner + i]); \
                }                                                                         \
            }                                                                             \
        }                                                                                 \
        return count;                                                                     \
    }

TIES(double, FLOAT_TIE)
TIES(float, FLOAT_TIE)
TIES(uint64_t, INT_TIE)
TIES(uint32_t, INT_TIE)

/* ties(data, idx, axis=-1): the tied adjacent pairs of data[idx] along `axis`, for
   C-contiguous `data` of float64, float32 or 4- or 8-byte integers and a C-contiguous intp
   `idx` of its shape, each row's indices in range for the row (an argsort along the axis);
   None for any other operands (the twin answers those). */
static PyObject *ties(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *idx_obj;
    int axis = -1;
    if (!PyArg_ParseTuple(args, "OO|i", &data_obj, &idx_obj, &axis)) {
        return NULL;
    }
    Py_buffer data, idx;
    if (PyObject_GetBuffer(data_obj, &data, PyBUF_STRIDES | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(idx_obj, &idx, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    char kind = data.format[0] == '=' || data.format[0] == '@' ? data.format[1] : data.format[0];
    Py_ssize_t n = data.itemsize ? data.len / data.itemsize : 0;
    axis = axis < 0 ? axis + data.ndim : axis;
    Py_ssize_t row = 0 <= axis && axis < data.ndim ? data.shape[axis] : 0, inner = 1;
    for (int d = axis + 1; d < data.ndim; d++) {
        inner *= data.shape[d];
    }
    int fits = n > 0 && row > 0 && data.ndim == idx.ndim && idx.len == n * idx.itemsize &&
               idx.itemsize == sizeof(Py_ssize_t) && idx.format[0] != 0 &&
               strchr("qlnQLN", idx.format[0]) != NULL && kind != 0 &&
               strchr("dfiIlLqQ", kind) != NULL && PyBuffer_IsContiguous(&data, 'C');
    for (int d = 0; fits && d < data.ndim; d++) {
        fits = data.shape[d] == idx.shape[d];
    }
    PyObject *r = Py_None;
    if (fits) {
        Py_ssize_t count = 0;
        const void *base = data.buf;
        const Py_ssize_t *order = idx.buf;
        Py_BEGIN_ALLOW_THREADS
        if (kind == 'd') {
            count = ties_double(base, order, n, row, inner);
        }
        else if (kind == 'f') {
            count = ties_float(base, order, n, row, inner);
        }
        else if (data.itemsize == 8) {  /* integers: equal exactly when their bits are */
            count = ties_uint64_t(base, order, n, row, inner);
        }
        else {
            count = ties_uint32_t(base, order, n, row, inner);
        }
        Py_END_ALLOW_THREADS
        r = PyLong_FromSsize_t(count);
    }
    else {
        Py_INCREF(r);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&idx);
    return r;
}

/* order(data, descending=False): (falls, rises) of C-contiguous `data`'s rows (Note [Sorted
   already] in ../_sort_keys.h), or None for a dtype without images there. */
static PyObject *order(PyObject *module, PyObject *args)
{
    PyObject *data_obj;
    int descending = 0;
    if (!PyArg_ParseTuple(args, "O|p", &data_obj, &descending)) {
        return NULL;
    }
    Py_buffer data;
    if (PyObject_GetBuffer(data_obj, &data, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    char code = data.format[0] == '=' || data.format[0] == '@' ? data.format[1] : data.format[0];
    char kind = code == 'd' || code == 'f'                   ? 'f'
                : code != 0 && strchr("ilqn", code) != NULL ? 'i'
                : code != 0 && strchr("ILQN", code) != NULL ? 'u'
                                                             : 0;
    Py_ssize_t row, n = extent(&data, &row), falls = 0, rises = 0;
    int counted = 0;
    if (kind != 0 && n > 0) {
        Py_BEGIN_ALLOW_THREADS
        counted = count_falls(kind, (int)data.itemsize, data.buf, n, row, descending, &falls,
                              &rises);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&data);
    if (!counted) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("nn", falls, rises);
}

/* positions(out, row, reversed=False): the stable argsort of rows of `row` values in order
   (or, `reversed`, falling strictly) into C-contiguous int64 `out` (`ordered_positions`). */
static PyObject *positions(PyObject *module, PyObject *args)
{
    PyObject *out_obj;
    Py_ssize_t row;
    int reversed = 0;
    if (!PyArg_ParseTuple(args, "On|p", &out_obj, &row, &reversed)) {
        return NULL;
    }
    Py_buffer out;
    if (PyObject_GetBuffer(out_obj, &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        return NULL;
    }
    Py_ssize_t n = out.len / (Py_ssize_t)sizeof(int64_t);
    if (out.itemsize != sizeof(int64_t) || row <= 0 || n % row != 0) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "positions: out must be int64 rows of `row` values");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    ordered_positions(out.buf, n, row, reversed);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* --- pack, unpack: Note [Packed argsort] in ../_backends/cpu_sort.py ------------------------ */


/* keys[i] = image(v[i]) << bits | (i's position within its row of `row` values), the image
   complemented by `flip` (its width's ones) for a descending order */
PACK(bool, uint8_t, INT_IMAGE)
PACK(int8, int8_t, INT_IMAGE)
PACK(uint8, uint8_t, INT_IMAGE)
PACK(int16, int16_t, INT_IMAGE)
PACK(uint16, uint16_t, INT_IMAGE)
PACK(int32, int32_t, INT_IMAGE)
PACK(uint32, uint32_t, INT_IMAGE)
PACK(int64, int64_t, INT_IMAGE)
PACK(uint64, uint64_t, INT_IMAGE)
PACK(half, uint16_t, half_image)
PACK(float, float, float_image)
PACK(double, double, double_image)


/* The bits a value's image needs: its dtype's width, or for 8-byte integers that of their
   range (the least value's offset into *low); -1 for any other format. */
static int image_bits(char kind, Py_ssize_t itemsize, const void *v, Py_ssize_t n, uint64_t *low)
{
    *low = 0;
    if (kind == 'e' || kind == 'f' || kind == 'd' || kind == '?') {
        return kind == '?' ? 1 : (int)(itemsize * 8);
    }
    if (strchr("bBhHiIlLqQ", kind) == NULL) {
        return -1;
    }
    if (itemsize < 8) {  /* the offset from the type's least value: at most its width */
        int signed_ = strchr("bhilq", kind) != NULL;
        *low = signed_ ? (uint64_t)(-((int64_t)1 << (itemsize * 8 - 1))) : 0;
        return (int)(itemsize * 8);
    }
    uint64_t range;
    if (strchr("lq", kind) != NULL) {
        int64_t lo, hi;
        range_int64(v, n, &lo, &hi);
        *low = (uint64_t)lo, range = (uint64_t)hi - (uint64_t)lo;
    }
    else {
        uint64_t lo, hi;
        range_uint64(v, n, &lo, &hi);
        *low = lo, range = hi - lo;
    }
    int bits = 0;
    while (bits < 64 && (range >> bits) != 0) {
        bits++;
    }
    return bits;
}

/* pack(data, keys, row, descending=False, cut=False): the packed keys of C-contiguous `data`
   (rows of `row` values, sorted along the last axis) into C-contiguous uint64 `keys` of as
   many elements; the bits the positions take, or None where the keys would not fit 64 bits
   (float64, 8-byte integers of too wide a range) or the operands are of another kind (the
   twin answers those). With `cut`, keys that would not fit keep their images' highest bits
   only, and `repair` orders them after the sort (Note [Cut keys] in cpu_sort.py). */
static PyObject *pack(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *keys_obj;
    Py_ssize_t row;
    int descending = 0, cut = 0;
    if (!PyArg_ParseTuple(args, "OOn|pp", &data_obj, &keys_obj, &row, &descending, &cut)) {
        return NULL;
    }
    Py_buffer data, keys;
    char kind;
    int got = buffers(data_obj, keys_obj, &data, &keys, &kind);
    if (got <= 0) {
        return got == 0 ? Py_NewRef(Py_None) : NULL;
    }
    Py_ssize_t n = data.len / (data.itemsize ? data.itemsize : 1);
    int fits = kind != 0 && n > 0 && row > 0 && n % row == 0 && keys.itemsize == 8 &&
               keys.len == n * 8 && strchr("QLN", keys.format[0]) != NULL;
    int bits = 0;
    while (((Py_ssize_t)1 << bits) < row) {
        bits++;
    }
    uint64_t low = 0;
    int width = -1;
    if (fits) {
        Py_BEGIN_ALLOW_THREADS
        width = image_bits(kind, data.itemsize, data.buf, n, &low);
        Py_END_ALLOW_THREADS
    }
    PyObject *r = Py_None;
    int over = width + bits - 64;  /* the images' low bits that do not fit */
    if (width >= 0 && (over <= 0 || (cut && bits < 64))) {
        const void *v = data.buf;
        uint64_t *k = keys.buf;
        uint64_t flip = !descending ? 0 : width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
        int c = over > 0 ? over : 0;
        Py_BEGIN_ALLOW_THREADS
        switch (kind) {
        case '?': pack_bool(v, k, n, row, bits, 0, flip, 0); break;
        case 'b': pack_int8(v, k, n, row, bits, low, flip, 0); break;
        case 'B': pack_uint8(v, k, n, row, bits, low, flip, 0); break;
        case 'h': pack_int16(v, k, n, row, bits, low, flip, 0); break;
        case 'H': pack_uint16(v, k, n, row, bits, low, flip, 0); break;
        case 'e': pack_half(v, k, n, row, bits, 0, flip, 0); break;
        case 'f': pack_float(v, k, n, row, bits, 0, flip, 0); break;
        case 'd': pack_double(v, k, n, row, bits, 0, flip, c); break;
        default:
            if (data.itemsize == 4) {
                strchr("il", kind) != NULL ? pack_int32(v, k, n, row, bits, low, flip, 0)
                                           : pack_uint32(v, k, n, row, bits, low, flip, 0);
            }
            else {
                strchr("lq", kind) != NULL ? pack_int64(v, k, n, row, bits, low, flip, c)
                                           : pack_uint64(v, k, n, row, bits, low, flip, c);
            }
        }
        Py_END_ALLOW_THREADS
        r = PyLong_FromLong(bits);
    }
    else {
        Py_INCREF(r);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&keys);
    return r;
}

WIDEST_VECTORS static void low_bits(uint64_t *k, Py_ssize_t n, uint64_t mask)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        k[i] &= mask;
    }
}

/* unpack(keys, bits): each of C-contiguous uint64 `keys` cut to its low `bits` bits, in place. */
static PyObject *unpack(PyObject *module, PyObject *args)
{
    PyObject *keys_obj;
    int bits;
    if (!PyArg_ParseTuple(args, "Oi", &keys_obj, &bits)) {
        return NULL;
    }
    Py_buffer keys;
    if (PyObject_GetBuffer(keys_obj, &keys, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE)
        < 0) {
        return NULL;
    }
    if (keys.itemsize != 8 || bits < 0 || bits > 63) {
        PyBuffer_Release(&keys);
        PyErr_SetString(PyExc_ValueError, "unpack: expected uint64 keys and 0 <= bits < 64");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    low_bits(keys.buf, keys.len / 8, ((uint64_t)1 << bits) - 1);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&keys);
    Py_RETURN_NONE;
}

/* --- repair: Note [Cut keys] in ../_backends/cpu_sort.py ------------------------------------ */

REPAIR(int64, int64_t, INT_IMAGE)
REPAIR(uint64, uint64_t, INT_IMAGE)
REPAIR(double, double, double_image)

/* repair(keys, data, bits, descending=False): the stable argsort out of `keys`, the packed
   keys of C-contiguous `data` (8-byte integers or float64, rows of up to 2**CUT_BITS_MAX
   values) that `pack` cut, sorted along their last axis: positions in place of the keys;
   True, or None for other operands. */
static PyObject *repair(PyObject *module, PyObject *args)
{
    PyObject *keys_obj, *data_obj;
    int bits, descending = 0;
    if (!PyArg_ParseTuple(args, "OOi|p", &keys_obj, &data_obj, &bits, &descending)) {
        return NULL;
    }
    Py_buffer data, keys;
    char kind;
    int got = buffers(data_obj, keys_obj, &data, &keys, &kind);
    if (got <= 0) {
        return got == 0 ? Py_NewRef(Py_None) : NULL;
    }
    Py_ssize_t row, n = extent(&data, &row);
    int fits = kind != 0 && strchr("lLqQd", kind) != NULL && data.itemsize == 8 && n > 0 &&
               row > 0 && keys.len == data.len && keys.itemsize == 8 && bits >= 0 &&
               bits <= CUT_BITS_MAX && ((Py_ssize_t)1 << bits) >= row;
    uint64_t *tmp = fits ? PyMem_RawMalloc(sizeof *tmp * (size_t)row) : NULL;
    if (fits && tmp == NULL) {
        PyBuffer_Release(&data), PyBuffer_Release(&keys);
        return PyErr_NoMemory();
    }
    if (fits) {
        uint64_t low = least(kind, 8), flip = descending ? ~(uint64_t)0 : 0;
        Py_BEGIN_ALLOW_THREADS
        if (kind == 'd') {
            repair_double(data.buf, keys.buf, n, row, bits, 0, flip, tmp);
        }
        else if (low) {
            repair_int64(data.buf, keys.buf, n, row, bits, low, flip, tmp);
        }
        else {
            repair_uint64(data.buf, keys.buf, n, row, bits, 0, flip, tmp);
        }
        Py_END_ALLOW_THREADS
        PyMem_RawFree(tmp);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&keys);
    return Py_NewRef(fits ? Py_True : Py_None);
}

/* --- radix: Note [Radix argsort] in ../_backends/cpu_sort.py -------------------------------- */

#define DIGIT_BITS 8
#define BUCKETS (1 << DIGIT_BITS)
#define DIGIT(key, d) (((key) >> ((d) * DIGIT_BITS)) & (BUCKETS - 1))

/*
Note [Digits that vary]
~~~~~~~~~~~~~~~~~~~~~~~
A value's counts (one increment a digit, a store each) bound the radix sorts of few distinct
values: two values, 0.5 and 1.5, differ in one byte of eight, and the one pass that sorts
them took a third of the time the eight counts did. So the counts skip the digits that every
value shares. Which those are, the images of the first SAMPLE values tell where all digits
but one vary already (random data: no more is read, every digit is counted); otherwise one
pass over the row ORs each image with the first's (a vector loop, a tenth of the counts'
time) and the shared digits' counts are set as counted (the whole row in the first value's
bucket), so `starts` skips them.
*/
#define SAMPLE 64

/* Whether all the `digits` low digits of `x` but one at most are nonzero. */
static inline int most_digits(uint64_t x, int digits)
{
    int zero = 0;
    for (int d = 0; d < digits; d++) {
        zero += DIGIT(x, d) == 0;
    }
    return zero <= 1;
}

/* Into `seen` (a uint64_t), the bits in which the images of a row's values (IMAGE_J: the
   image of value j, an expression of j) differ from `first`; all ones where the first
   SAMPLE values vary in all the `digits` digits but one at most (uniform floats in [0, 1)
   share the top byte but for rare tiny ones: the pass over the row that would find them
   costs what one digit's counts save). */
#define VARYING(seen, first, row, digits, IMAGE_J)                                           \
    do {                                                                                     \
        Py_ssize_t sample_ = (row) < SAMPLE ? (row) : SAMPLE;                                \
        for (Py_ssize_t j = 0; j < sample_; j++) {                                           \
            seen |= (IMAGE_J) ^ (first);                                                     \
        }                                                                                    \
        int all_ = sample_ < (row) && most_digits(seen, digits);                             \
        for (Py_ssize_t j = all_ ? (row) : sample_; j < (row); j++) {                        \
            seen |= (IMAGE_J) ^ (first);                                                     \
        }                                                                                    \
        seen = all_ ? ~(uint64_t)0 : seen;                                                   \
    } while (0)

/* The digits to count (into `counted`; how many), given the bits that vary, `seen`: each
   digit that every image shares counted already, the whole row in `first`'s bucket. */
static int digits_to_count(Py_ssize_t (*counts)[BUCKETS], int digits, uint64_t seen,
                           uint64_t first, Py_ssize_t row, int *counted)
{
    int n = 0;
    for (int d = 0; d < digits; d++) {
        if (DIGIT(seen, d) != 0) {
            counted[n++] = d;
        }
        else {
            counts[d][DIGIT(first, d)] = row;
        }
    }
    return n;
}

/* Count the images KEY_J (an expression of j) of a row's values in each digit of `counted`,
   with EXTRA done on each value too: a loop for each of the commonest cases, all `digits`
   (a constant: unrolled) and one digit, and one for any others. */
#define COUNT_ROW(row, digits, counted, n_counted, KEY_J, EXTRA)                             \
    do {                                                                                     \
        if ((n_counted) == (digits)) {                                                       \
            for (Py_ssize_t j = 0; j < (row); j++) {                                         \
                uint64_t key = (KEY_J);                                                      \
                EXTRA;                                                                       \
                for (int d = 0; d < (digits); d++) {                                         \
                    counts[d][DIGIT(key, d)]++;                                              \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
        else if ((n_counted) == 1) {                                                         \
            int d1 = (counted)[0];                                                           \
            for (Py_ssize_t j = 0; j < (row); j++) {                                         \
                uint64_t key = (KEY_J);                                                      \
                EXTRA;                                                                       \
                counts[d1][DIGIT(key, d1)]++;                                                \
            }                                                                                \
        }                                                                                    \
        else {                                                                               \
            for (Py_ssize_t j = 0; j < (row); j++) {                                         \
                uint64_t key = (KEY_J);                                                      \
                EXTRA;                                                                       \
                for (int t = 0; t < (n_counted); t++) {                                      \
                    counts[(counted)[t]][DIGIT(key, (counted)[t])]++;                        \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
    } while (0)

/* Per dtype: the histogram of each digit of a row's images (complemented by `flip`), and the
   first pass, which makes the images again on the way: keys and positions move to their
   digit's next free place (into out alone where this is the only pass). */
#define HISTOGRAMS(NAME, T, IMAGE)                                                           \
    static uint64_t histograms_##NAME(const T *v, Py_ssize_t row, uint64_t low, uint64_t flip,\
                                      Py_ssize_t (*counts)[BUCKETS])                         \
    {                                                                                        \
        int counted[8], digits = (int)sizeof(T);                                             \
        uint64_t first = IMAGE(v[0], low) ^ flip, seen = 0;                                  \
        VARYING(seen, first, row, digits, IMAGE(v[j], low) ^ flip);                          \
        int n_counted = digits_to_count(counts, digits, seen, first, row, counted);          \
        COUNT_ROW(row, digits, counted, n_counted, IMAGE(v[j], low) ^ flip, (void)0);        \
        return first;                                                                        \
    }
#define RADIX_FIRST(NAME, T, IMAGE)                                                          \
    HISTOGRAMS(NAME, T, IMAGE)                                                               \
    static void first_##NAME(const T *v, Py_ssize_t row, int d, uint64_t low, uint64_t flip, \
                             Py_ssize_t *next, uint64_t *dst_k, uint32_t *dst_p,             \
                             Py_ssize_t *out, uint64_t *ko)                                  \
    {                                                                                        \
        for (Py_ssize_t j = 0; j < row; j++) {                                               \
            uint64_t key = IMAGE(v[j], low) ^ flip;                                          \
            Py_ssize_t at = next[DIGIT(key, d)]++;                                           \
            if (out != NULL) {                                                               \
                out[at] = j;                                                                 \
                if (ko != NULL) {                                                            \
                    ko[at] = key;                                                            \
                }                                                                            \
            }                                                                                \
            else {                                                                           \
                dst_k[at] = key, dst_p[at] = (uint32_t)j;                                    \
            }                                                                                \
        }                                                                                    \
    }
HISTOGRAMS(uint8, uint8_t, INT_IMAGE)
HISTOGRAMS(int8, int8_t, INT_IMAGE)
HISTOGRAMS(int16, int16_t, INT_IMAGE)
HISTOGRAMS(uint16, uint16_t, INT_IMAGE)
HISTOGRAMS(int32, int32_t, INT_IMAGE)
HISTOGRAMS(uint32, uint32_t, INT_IMAGE)
HISTOGRAMS(half, uint16_t, half_image)
HISTOGRAMS(float, float, float_image)
RADIX_FIRST(int64, int64_t, INT_IMAGE)
RADIX_FIRST(uint64, uint64_t, INT_IMAGE)
RADIX_FIRST(double, double, double_image)

/* A later pass on digit d: the keys (unless this is the last pass, which writes only the
   positions, into out, and the keys into ko if asked) and their positions move to their
   digit's next free place. */
static void later(const uint64_t *src_k, const uint32_t *src_p, Py_ssize_t row, int d,
                  Py_ssize_t *next, uint64_t *dst_k, uint32_t *dst_p, Py_ssize_t *out,
                  uint64_t *ko)
{
    if (out != NULL && ko != NULL) {
        for (Py_ssize_t j = 0; j < row; j++) {
            Py_ssize_t at = next[DIGIT(src_k[j], d)]++;
            out[at] = src_p[j], ko[at] = src_k[j];
        }
        return;
    }
    if (out != NULL) {
        for (Py_ssize_t j = 0; j < row; j++) {
            out[next[DIGIT(src_k[j], d)]++] = src_p[j];
        }
        return;
    }
    for (Py_ssize_t j = 0; j < row; j++) {
        Py_ssize_t at = next[DIGIT(src_k[j], d)]++;
        dst_k[at] = src_k[j], dst_p[at] = src_p[j];
    }
}

/* The digits that the keys (`key` among them) do not all share, lowest first, into active, and
   their histograms made their starting places; how many there are (the others take no pass). */
static int starts(Py_ssize_t (*counts)[BUCKETS], int digits, Py_ssize_t row, uint64_t key,
                  int *active)
{
    int passes = 0;
    for (int d = 0; d < digits; d++) {
        Py_ssize_t sum = 0, *next = counts[d];
        if (next[DIGIT(key, d)] == row) {
            continue;
        }
        for (int b = 0; b < BUCKETS; b++) {
            Py_ssize_t c = next[b];
            next[b] = sum, sum += c;
        }
        active[passes++] = d;
    }
    return passes;
}

/* One row of 8-byte values' stable argsort into out (and its sorted keys into ko, unless
   NULL). Scratch: keys, and two uint32 position buffers, of a row each; out doubles as the
   other key buffer, so the pass before the last must read `keys`. */
#define RADIX_ROW(NAME, T)                                                                   \
    static void radix_##NAME(const T *v, Py_ssize_t *out, Py_ssize_t row, int digits,        \
                             uint64_t low, uint64_t flip, uint64_t *keys, uint32_t *p0,      \
                             uint32_t *p1, Py_ssize_t (*counts)[BUCKETS], uint64_t *ko)      \
    {                                                                                        \
        int active[8];                                                                       \
        memset(counts, 0, sizeof *counts * (size_t)digits);                                  \
        uint64_t key = histograms_##NAME(v, row, low, flip, counts);                         \
        int passes = starts(counts, digits, row, key, active);                               \
        if (passes == 0) {                                                                   \
            for (Py_ssize_t j = 0; j < row; j++) {                                           \
                out[j] = j;                                                                  \
                if (ko != NULL) {                                                            \
                    ko[j] = key;                                                             \
                }                                                                            \
            }                                                                                \
            return;                                                                          \
        }                                                                                    \
        uint64_t *k[2] = {keys, (uint64_t *)out};                                            \
        uint32_t *p[2] = {p0, p1};                                                           \
        /* pass i writes keys k[(passes - 2 - i) % 2]: the one before the last, k[0] */       \
        first_##NAME(v, row, active[0], low, flip, counts[active[0]], k[passes % 2],         \
                     p[0], passes == 1 ? out : NULL, ko);                                    \
        for (int i = 1; i < passes; i++) {                                                   \
            int last = i == passes - 1;                                                      \
            later(k[(passes - 1 - i) % 2], p[(i - 1) % 2], row, active[i], counts[active[i]],\
                  k[(passes - i) % 2], p[i % 2], last ? out : NULL, ko);                    \
        }                                                                                    \
    }

/* Values of 4 bytes or fewer: each image and its position packed in one 8-byte key (image high,
   position low), so a pass moves 8 bytes a value, not 12, and the scratch is one key buffer
   (out the other), not 16 bytes a value. A later pass moves the keys (the last, positions). */
static void later_packed(const uint64_t *src, Py_ssize_t row, int d, Py_ssize_t *next,
                         uint64_t *dst, Py_ssize_t *out, uint64_t *ko)
{
    if (out != NULL && ko != NULL) {
        for (Py_ssize_t j = 0; j < row; j++) {
            Py_ssize_t at = next[DIGIT(src[j] >> 32, d)]++;
            out[at] = (uint32_t)src[j], ko[at] = src[j] >> 32;
        }
        return;
    }
    if (out != NULL) {
        for (Py_ssize_t j = 0; j < row; j++) {
            out[next[DIGIT(src[j] >> 32, d)]++] = (uint32_t)src[j];
        }
        return;
    }
    for (Py_ssize_t j = 0; j < row; j++) {
        dst[next[DIGIT(src[j] >> 32, d)]++] = src[j];
    }
}

/* The first pass packs the keys (or, the only pass, writes the positions); pass i writes
   k[(passes - i) % 2], so the pass before the last writes `keys` and the last reads them. */
#define RADIX_PACKED_ROW(NAME, T, IMAGE)                                                     \
    static void packed_##NAME(const T *v, Py_ssize_t *out, Py_ssize_t row, int digits,      \
                              uint64_t low, uint64_t flip, uint64_t *keys,                  \
                              Py_ssize_t (*counts)[BUCKETS], uint64_t *ko)                  \
    {                                                                                        \
        int active[8];                                                                       \
        memset(counts, 0, sizeof *counts * (size_t)digits);                                  \
        int passes = starts(counts, digits, row, histograms_##NAME(v, row, low, flip, counts),\
                            active);                                                         \
        uint64_t *k[2] = {keys, (uint64_t *)out};                                            \
        Py_ssize_t *next = counts[passes > 0 ? active[0] : 0];                              \
        for (Py_ssize_t j = 0; j < row; j++) {                                               \
            uint64_t image = IMAGE(v[j], low) ^ flip;                                        \
            Py_ssize_t at = passes == 0 ? j : next[DIGIT(image, active[0])]++;              \
            if (passes > 1) {                                                                \
                k[passes % 2][at] = image << 32 | (uint64_t)j;                               \
                continue;                                                                    \
            }                                                                                \
            out[at] = j;                                                                     \
            if (ko != NULL) {                                                                \
                ko[at] = image;                                                              \
            }                                                                                \
        }                                                                                    \
        for (int i = 1; i < passes; i++) {                                                   \
            later_packed(k[(passes - 1 - i) % 2], row, active[i], counts[active[i]],         \
                         k[(passes - i) % 2], i == passes - 1 ? out : NULL, ko);             \
        }                                                                                    \
    }
RADIX_PACKED_ROW(uint8, uint8_t, INT_IMAGE)
RADIX_PACKED_ROW(int8, int8_t, INT_IMAGE)
RADIX_PACKED_ROW(int16, int16_t, INT_IMAGE)
RADIX_PACKED_ROW(uint16, uint16_t, INT_IMAGE)
RADIX_PACKED_ROW(int32, int32_t, INT_IMAGE)
RADIX_PACKED_ROW(uint32, uint32_t, INT_IMAGE)
RADIX_PACKED_ROW(half, uint16_t, half_image)
RADIX_PACKED_ROW(float, float, float_image)

RADIX_ROW(int64, int64_t)
RADIX_ROW(uint64, uint64_t)
RADIX_ROW(double, double)

/* The writable C-contiguous uint64 buffer of `obj` holding n values, into *buf: 1; 0 with no
   buffer taken where obj is None; -1 with an exception for anything else. */
static int key_buffer(PyObject *obj, Py_ssize_t n, Py_buffer *buf)
{
    if (obj == Py_None) {
        return 0;
    }
    if (PyObject_GetBuffer(obj, buf, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        return -1;
    }
    if (buf->itemsize != 8 || buf->len != n * 8 || strchr("QL", buf->format[0]) == NULL) {
        PyBuffer_Release(buf);
        PyErr_SetString(PyExc_ValueError, "radix: keys must be uint64 of data's size");
        return -1;
    }
    return 1;
}

/* radix(data, out, descending=False, keys=None, scratch=None): the stable argsort of
   C-contiguous `data` along its last axis into C-contiguous intp `out` of as many elements, by
   LSD radix sort of the values' images, and those images in sorted order into uint64 `keys` if
   given (what `merge` merges runs by: Note [Radix runs in threads]); True, or None for
   operands of another kind (the caller sorts those). `scratch`: Note [Sort scratch], 16 bytes
   a value of the row for 8-byte data, 8 for narrower. */
static PyObject *radix(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *out_obj, *keys_obj = Py_None, *scratch_obj = Py_None;
    int descending = 0;
    if (!PyArg_ParseTuple(args, "OO|pOO", &data_obj, &out_obj, &descending, &keys_obj,
                          &scratch_obj)) {
        return NULL;
    }
    Py_buffer data, out, sorted_keys;
    char kind;
    int got = buffers(data_obj, out_obj, &data, &out, &kind);
    if (got <= 0) {
        return got == 0 ? Py_NewRef(Py_None) : NULL;
    }
    Py_ssize_t row, n = extent(&data, &row);
    int with_keys = key_buffer(keys_obj, n, &sorted_keys);
    if (with_keys < 0) {
        PyBuffer_Release(&data), PyBuffer_Release(&out);
        return NULL;
    }
    int fits = kind != 0 && strchr("?bBhHiIlLqQefd", kind) != NULL && n > 0 && row > 0 &&
               out.itemsize == sizeof(Py_ssize_t) && out.len == n * out.itemsize &&
               strchr("qlnQLN", out.format[0]) != NULL && (uint64_t)row <= UINT32_MAX;
    int width = (int)data.itemsize * 8, digits = (int)data.itemsize;
    uint64_t flip = !descending ? 0 : width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
    /* integers offset from their type's least value (mod 2**64, exact) */
    uint64_t low = least(kind, data.itemsize);
    uint64_t *keys = NULL;
    Py_ssize_t(*counts)[BUCKETS] = NULL;
    Py_buffer scratch;
    if (fits) {
        size_t positions = data.itemsize > 4 ? 2 * sizeof(uint32_t) : 0;  /* (else packed) */
        keys = scratch_take(scratch_obj, (size_t)row * (sizeof *keys + positions), &scratch);
        counts = keys != NULL ? PyMem_RawMalloc(sizeof *counts * (size_t)digits) : NULL;
        if (keys == NULL || counts == NULL) {
            if (keys != NULL) {
                scratch_give(keys, &scratch);
                PyErr_NoMemory();
            }
            PyBuffer_Release(&data), PyBuffer_Release(&out);
            if (with_keys) {
                PyBuffer_Release(&sorted_keys);
            }
            return NULL;
        }
    }
    PyObject *r = fits ? Py_True : Py_None;
    Py_INCREF(r);
    if (fits) {
        Py_BEGIN_ALLOW_THREADS
        uint32_t *p0 = (uint32_t *)(keys + row), *p1 = p0 + row;
        for (Py_ssize_t start = 0; start < n; start += row) {
            const void *v = (const char *)data.buf + start * data.itemsize;
            Py_ssize_t *o = (Py_ssize_t *)out.buf + start;
            uint64_t *ko = with_keys ? (uint64_t *)sorted_keys.buf + start : NULL;
#define RADIX_CALL(NAME, LOW) radix_##NAME(v, o, row, digits, LOW, flip, keys, p0, p1, counts, ko)
#define PACKED_CALL(NAME, LOW) packed_##NAME(v, o, row, digits, LOW, flip, keys, counts, ko)
            switch (kind) {
            case '?': case 'B': PACKED_CALL(uint8, 0); break;
            case 'b': PACKED_CALL(int8, low); break;
            case 'h': PACKED_CALL(int16, low); break;
            case 'H': PACKED_CALL(uint16, 0); break;
            case 'e': PACKED_CALL(half, 0); break;
            case 'f': PACKED_CALL(float, 0); break;
            case 'd': RADIX_CALL(double, 0); break;
            default:
                if (data.itemsize == 4) {
                    low ? PACKED_CALL(int32, low) : PACKED_CALL(uint32, 0);
                }
                else {
                    low ? RADIX_CALL(int64, low) : RADIX_CALL(uint64, 0);
                }
            }
#undef RADIX_CALL
#undef PACKED_CALL
        }
        Py_END_ALLOW_THREADS
        scratch_give(keys, &scratch), PyMem_RawFree(counts);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&out);
    if (with_keys) {
        PyBuffer_Release(&sorted_keys);
    }
    return r;
}

/* --- sorted: Note [Radix sort of values] in ../_backends/cpu_sort.py ------------------------- */

/* Images that order the values and give them back, bit for bit: an integer offset from its
   type's least value; a float's bits with the sign bit set, all of them flipped if it was
   set already (so -0.0 comes just before 0.0, and a NaN with its sign bit set first). */
#define TO_INT(v, low) ((uint64_t)(v) - (low))
#define FROM_INT(T, k, low) ((T)((uint64_t)(k) + (low)))
#define TOP(u) ((u) >> (8 * sizeof(u) - 1))
#define TO_FLOAT(u, low, SIGN) ((u) ^ ((SIGN) | (0 - TOP(u))))  /* (no branches: vectorizes) */
#define FROM_FLOAT(T, k, low, SIGN) ((T)((k) ^ ((SIGN) | (TOP(k) - 1))))

/* What a float's bits `u` hold that its image orders otherwise than the stable sort (-0.0
   ties with 0.0, every NaN goes last in input order): 1 and 2 for zeros of each sign, 4 for
   a NaN but the default one, which every other NaN would have to be. */
#define ODD_FLOAT(u, SIGN, INF, QNAN)                                                       \
    (((u) << 1 == 0) << TOP(u) | ((((u) & ~(SIGN)) > (INF)) & ((u) != (QNAN))) << 2)

#define NO_ODD(u) 0
#define TO_F32(u, low) TO_FLOAT(u, low, 0x80000000u)
#define FROM_F32(T, k, low) FROM_FLOAT(T, k, low, 0x80000000u)
#define ODD_F32(u) ODD_FLOAT(u, 0x80000000u, 0x7F800000u, 0x7FC00000u)
#define SIGN64 ((uint64_t)1 << 63)
#define TO_F64(u, low) TO_FLOAT(u, low, SIGN64)
#define FROM_F64(T, k, low) FROM_FLOAT(T, k, low, SIGN64)
#define ODD_F64(u) ODD_FLOAT(u, SIGN64, (uint64_t)0x7FF0000000000000, (uint64_t)0x7FF8000000000000)

/* Value j's bits, as the unsigned U of its size. */
#define BITS(NAME, T, U)                                                                     \
    static inline U image_##NAME(const T *v, Py_ssize_t j)                                  \
    {                                                                                        \
        U u;                                                                                 \
        memcpy(&u, v + j, sizeof u);                                                         \
        return u;                                                                            \
    }
BITS(int32, int32_t, uint32_t)
BITS(uint32, uint32_t, uint32_t)
BITS(int64, int64_t, uint64_t)
BITS(uint64, uint64_t, uint64_t)
BITS(float, uint32_t, uint32_t)
BITS(double, uint64_t, uint64_t)

/* The values a float row's images order by their bits where the stable sort ties them (Note
   [Radix sort of values] in ../_backends/cpu_sort.py), put in its order after the sort: with
   NaNs but the default one (`odd` & 4: those with the sign bit set sorted first, the others
   last), the numbers moved to the front and every NaN written after them in input order;
   with zeros of both signs (`odd` & 3 == 3: -0.0s, then 0.0s), the run of zeros written
   over with the row's zeros in input order. */
#define FLOAT_TIES(NAME, U, TO, INF)                                                         \
    static void in_order_##NAME(const U *v, U *out, Py_ssize_t row, uint64_t low, int odd)   \
    {                                                                                        \
        const U sign = (U)1 << (8 * sizeof(U) - 1);                                          \
        Py_ssize_t numbers = row, zero = -1, lead = 0, tail = 0;                             \
        if (odd & 4) {                                                                       \
            for (; lead < row && (out[lead] & ~sign) > (INF); lead++) {                      \
            }                                                                                \
            for (; tail < row - lead && (out[row - 1 - tail] & ~sign) > (INF); tail++) {     \
            }                                                                                \
            numbers = row - lead - tail;                                                     \
            memmove(out, out + lead, sizeof *out * (size_t)numbers);                         \
        }                                                                                    \
        if ((odd & 3) == 3) { /* the first at or after -0.0 */                               \
            Py_ssize_t hi = numbers;                                                         \
            zero = 0;                                                                        \
            while (zero < hi) {                                                              \
                Py_ssize_t mid = zero + (hi - zero) / 2;                                     \
                if ((U)TO(out[mid], low) < (U)TO(sign, low)) {                               \
                    zero = mid + 1;                                                          \
                }                                                                            \
                else {                                                                       \
                    hi = mid;                                                                \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
        for (Py_ssize_t j = 0, nan = numbers; j < row; j++) {                                \
            if (zero >= 0 && (U)(v[j] << 1) == 0) {                                          \
                out[zero++] = v[j];                                                          \
            }                                                                                \
            else if (odd & 4 && (v[j] & ~sign) > (INF)) {                                    \
                out[nan++] = v[j];                                                           \
            }                                                                                \
        }                                                                                    \
    }
FLOAT_TIES(float, uint32_t, TO_F32, 0x7F800000u)
FLOAT_TIES(double, uint64_t, TO_F64, (uint64_t)0x7FF0000000000000)
#define NO_TIES(v, out, row, low, odd) (void)0
#define FLOAT32_TIES(v, out, row, low, odd) \
    in_order_float((const uint32_t *)(v), (uint32_t *)(out), row, low, odd)
#define FLOAT64_TIES(v, out, row, low, odd) \
    in_order_double((const uint64_t *)(v), (uint64_t *)(out), row, low, odd)

/*
Note [Few distinct values]
~~~~~~~~~~~~~~~~~~~~~~~~~~
A row of FEW_MAX distinct values or fewer (labels, a mask of 0.0 and 1.0, rounded data) sorts
by counting them. The first SAMPLE values name the candidates (more than FEW_MAX: not such a
row), a vector loop counts each and the values that are none of them (any: the radix sort
takes the row, having lost a read of it), and the sorted row is each value's run, in the
values' order. Values that the stable sort ties while their bits differ (zeros of both
signs, NaNs) go to the radix sort too, which puts them in input order. Two values in a
million: a read and a write, where the radix sort's counts and two passes, whose cursors are
the same two over and over, took 1.3 of NumPy's quicksort's time.
*/
#define FEW_MAX 4
#define FEW_BLOCK 4096  /* values counted between looks for one of no candidate */

/* Per dtype: the row `v` sorted into `out` by counting (1), or 0 where it is no such row.
   ORDER(u): a value's order as an integer from its bits, tied exactly where the sort ties. */
#define FEW(NAME, T, U, ORDER)                                                               \
    static int few_##NAME(const T *v, T *out, Py_ssize_t row, uint64_t low)                 \
    {                                                                                        \
        U cand[FEW_MAX];                                                                     \
        Py_ssize_t count[FEW_MAX] = {0}, missed = 0;                                         \
        int k = 0;                                                                           \
        for (Py_ssize_t j = 0; j < row && j < SAMPLE; j++) {                                 \
            U u = image_##NAME(v, j);                                                        \
            int i = 0;                                                                       \
            for (; i < k && cand[i] != u; i++) {                                             \
            }                                                                                \
            if (i == k && k == FEW_MAX) {                                                    \
                return 0;                                                                    \
            }                                                                                \
            if (i == k) {                                                                    \
                cand[k++] = u;                                                               \
            }                                                                                \
        }                                                                                    \
        for (int i = k; i < FEW_MAX; i++) {                                                  \
            cand[i] = cand[0]; /* (counted twice, and not read) */                           \
        }                                                                                    \
        for (Py_ssize_t start = 0; start < row && missed == 0; start += FEW_BLOCK) {         \
            Py_ssize_t end = row - start < FEW_BLOCK ? row : start + FEW_BLOCK;              \
            for (Py_ssize_t j = start; j < end; j++) {                                       \
                U u = image_##NAME(v, j);                                                    \
                int any = 0;                                                                 \
                for (int i = 0; i < FEW_MAX; i++) {                                          \
                    count[i] += u == cand[i], any |= u == cand[i];                           \
                }                                                                            \
                missed += !any;                                                              \
            }                                                                                \
        }                                                                                    \
        uint64_t order[FEW_MAX];                                                             \
        for (int i = 0; i < k && missed == 0; i++) { /* insertion by order; a tie: 0 */      \
            uint64_t o = (U)ORDER(cand[i], low); /* (an int's offset, in U's width) */       \
            U c = cand[i];                                                                   \
            Py_ssize_t n = count[i];                                                         \
            int at = i;                                                                      \
            for (; at > 0 && order[at - 1] > o; at--) {                                      \
                order[at] = order[at - 1], cand[at] = cand[at - 1], count[at] = count[at - 1];\
            }                                                                                \
            if (at > 0 && order[at - 1] == o) {                                              \
                return 0;                                                                    \
            }                                                                                \
            order[at] = o, cand[at] = c, count[at] = n;                                      \
        }                                                                                    \
        if (missed != 0) {                                                                   \
            return 0;                                                                        \
        }                                                                                    \
        Py_ssize_t at = 0;                                                                   \
        for (int i = 0; i < k; i++) {                                                        \
            for (Py_ssize_t c = 0; c < count[i]; c++, at++) {                                \
                memcpy(out + at, &cand[i], sizeof cand[i]);                                  \
            }                                                                                \
        }                                                                                    \
        return 1;                                                                            \
    }
static inline uint64_t f32_order(uint32_t u, uint64_t low)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return float_image(x, low);
}
static inline uint64_t f64_order(uint64_t u, uint64_t low)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return double_image(x, low);
}
FEW(int32, int32_t, uint32_t, TO_INT)
FEW(uint32, uint32_t, uint32_t, TO_INT)
FEW(int64, int64_t, uint64_t, TO_INT)
FEW(uint64, uint64_t, uint64_t, TO_INT)
FEW(float, uint32_t, uint32_t, f32_order)
FEW(double, uint64_t, uint64_t, f64_order)

/* One row's stable sort into out, by LSD radix sort of the images of T values as U: tmp is
   the other image buffer, out the first (the last pass writes values, not images). 0 where
   the row holds values the stable sort ties whose bits differ, unless `ties` (then TIES
   puts them in the stable order). */
#define SORTED_ROW(NAME, T, U, TO, FROM, ODD, TIES)                                          \
    static int sorted_##NAME(const T *v, T *out, U *tmp, Py_ssize_t row, uint64_t low,      \
                             Py_ssize_t (*counts)[BUCKETS], int ties)                       \
    {                                                                                        \
        if (row >= SAMPLE && few_##NAME(v, out, row, low)) { /* Note [Few distinct values] */\
            return 1;                                                                        \
        }                                                                                    \
        int active[8], counted[8], digits = (int)sizeof(U), odd = 0;                         \
        U first;                                                                             \
        uint64_t seen = 0;                                                                   \
        memcpy(&first, v, sizeof first);                                                     \
        first = TO(first, low);                                                              \
        VARYING(seen, first, row, digits, TO(image_##NAME(v, j), low));                      \
        memset(counts, 0, sizeof *counts * sizeof(U));                                       \
        int n_counted = digits_to_count(counts, digits, seen, first, row, counted);          \
        COUNT_ROW(row, digits, counted, n_counted, (U)TO(image_##NAME(v, j), low),           \
                  odd |= ODD(image_##NAME(v, j)));                                           \
        if (!ties && ((odd & 3) == 3 || odd & 4)) {                                          \
            return 0;                                                                        \
        }                                                                                    \
        int passes = starts(counts, sizeof(U), row, first, active);                          \
        U *buf[2] = {(U *)out, tmp}, *src = NULL;                                            \
        for (int i = 0; i < passes; i++) { /* pass i writes buf[(passes - 1 - i) % 2] */    \
            Py_ssize_t *next = counts[active[i]];                                            \
            U *dst = buf[(passes - 1 - i) % 2];                                              \
            for (Py_ssize_t j = 0; j < row; j++) {                                           \
                U key;                                                                       \
                if (src == NULL) {                                                           \
                    memcpy(&key, v + j, sizeof key);                                         \
                    key = TO(key, low);                                                      \
                }                                                                            \
                else {                                                                       \
                    key = src[j];                                                            \
                }                                                                            \
                Py_ssize_t at = next[DIGIT(key, active[i])]++;                               \
                if (i == passes - 1) {                                                       \
                    out[at] = FROM(T, key, low);                                             \
                }                                                                            \
                else {                                                                       \
                    dst[at] = key;                                                           \
                }                                                                            \
            }                                                                                \
            src = dst;                                                                       \
        }                                                                                    \
        if (passes == 0) {                                                                   \
            memcpy(out, v, sizeof *out * (size_t)row);                                       \
        }                                                                                    \
        if ((odd & 3) == 3 || odd & 4) {                                                     \
            TIES(v, out, row, low, odd);                                                     \
        }                                                                                    \
        return 1;                                                                            \
    }
SORTED_ROW(int32, int32_t, uint32_t, TO_INT, FROM_INT, NO_ODD, NO_TIES)
SORTED_ROW(uint32, uint32_t, uint32_t, TO_INT, FROM_INT, NO_ODD, NO_TIES)
SORTED_ROW(int64, int64_t, uint64_t, TO_INT, FROM_INT, NO_ODD, NO_TIES)
SORTED_ROW(uint64, uint64_t, uint64_t, TO_INT, FROM_INT, NO_ODD, NO_TIES)
SORTED_ROW(float, uint32_t, uint32_t, TO_F32, FROM_F32, ODD_F32, FLOAT32_TIES)
SORTED_ROW(double, uint64_t, uint64_t, TO_F64, FROM_F64, ODD_F64, FLOAT64_TIES)

/* sorted(data, out, ties=True, scratch=None): the stable sort of C-contiguous `data` along
   its last axis into C-contiguous `out` of its dtype, by LSD radix sort of the values' images:
   True; with `ties` False, False where a row holds zeros of both signs or a NaN but the
   default one (out is then partly written); None for operands of another kind (4- and 8-byte
   integers and floats only). `scratch`: Note [Sort scratch], a row of data's values. */
static PyObject *sorted(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *out_obj, *scratch_obj = Py_None;
    int ties = 1;
    if (!PyArg_ParseTuple(args, "OO|pO", &data_obj, &out_obj, &ties, &scratch_obj)) {
        return NULL;
    }
    Py_buffer data, out;
    char kind;
    int got = buffers(data_obj, out_obj, &data, &out, &kind);
    if (got <= 0) {
        return got == 0 ? Py_NewRef(Py_None) : NULL;
    }
    Py_ssize_t size = data.itemsize, row, n = extent(&data, &row);
    int fits = kind != 0 && strchr("iIlLqQfd", kind) != NULL && (size == 4 || size == 8) &&
               n > 0 && row > 0 && out.len == data.len && out.itemsize == size &&
               strcmp(out.format, data.format) == 0;
    uint64_t low = least(kind, size);
    void *tmp = NULL;
    Py_ssize_t(*counts)[BUCKETS] = NULL;
    Py_buffer scratch;
    if (fits) {
        tmp = scratch_take(scratch_obj, (size_t)(row * size), &scratch);
        counts = tmp != NULL ? PyMem_RawMalloc(sizeof *counts * (size_t)size) : NULL;
        if (tmp == NULL || counts == NULL) {
            if (tmp != NULL) {
                scratch_give(tmp, &scratch);
                PyErr_NoMemory();
            }
            PyBuffer_Release(&data), PyBuffer_Release(&out);
            return NULL;
        }
    }
    int ok = 1;
    if (fits) {
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t start = 0; ok && start < n; start += row) {
            const char *v = (const char *)data.buf + start * size;
            char *o = (char *)out.buf + start * size;
#define SORTED_CALL(NAME, T, U) \
    sorted_##NAME((const T *)v, (T *)o, (U *)tmp, row, low, counts, ties)
            if (kind == 'f') {
                ok = SORTED_CALL(float, uint32_t, uint32_t);
            }
            else if (kind == 'd') {
                ok = SORTED_CALL(double, uint64_t, uint64_t);
            }
            else if (size == 4) {
                ok = low ? SORTED_CALL(int32, int32_t, uint32_t)
                         : SORTED_CALL(uint32, uint32_t, uint32_t);
            }
            else {
                ok = low ? SORTED_CALL(int64, int64_t, uint64_t)
                         : SORTED_CALL(uint64, uint64_t, uint64_t);
            }
#undef SORTED_CALL
        }
        Py_END_ALLOW_THREADS
        scratch_give(tmp, &scratch), PyMem_RawFree(counts);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&out);
    return Py_NewRef(!fits ? Py_None : ok ? Py_True : Py_False);
}

/* --- merge: Note [Radix runs in threads] in ../_backends/cpu_threads.py --------------------- */

/* Per dtype: how many of the first k values of the stable merge of sorted runs a (la values)
   and b (lb) come from a, which goes first on ties (binary search: the least count i with
   b[k - i - 1] before a[i]); and the merge's n values from place k0 on into out (unless
   NULL), their positions (pa's and pb's) into pout (unless NULL). */
#define POSITION (pout[k] = (Py_ssize_t[2]){pa[i], pb[j]}[from_b])
#define MERGE(NAME, T, BEFORE)                                                               \
    static Py_ssize_t path_##NAME(const T *a, Py_ssize_t la, const T *b, Py_ssize_t lb,     \
                                  Py_ssize_t k)                                              \
    {                                                                                        \
        Py_ssize_t lo = k > lb ? k - lb : 0, hi = k < la ? k : la;                           \
        while (lo < hi) {                                                                    \
            Py_ssize_t mid = lo + (hi - lo) / 2;                                             \
            if (BEFORE(b[k - mid - 1], a[mid])) {                                            \
                hi = mid;                                                                    \
            }                                                                                \
            else {                                                                           \
                lo = mid + 1;                                                                \
            }                                                                                \
        }                                                                                    \
        return lo;                                                                           \
    }                                                                                        \
    static void merge_##NAME(const T *a, Py_ssize_t la, const T *b, Py_ssize_t lb,          \
                             Py_ssize_t k0, Py_ssize_t n, T *out, const Py_ssize_t *pa,     \
                             const Py_ssize_t *pb, Py_ssize_t *pout)                         \
    {                                                                                        \
        Py_ssize_t i = path_##NAME(a, la, b, lb, k0), j = k0 - i, k = 0;                     \
        while (k < n && i < la && j < lb) {                                                  \
            /* steps that cannot spend either run: no bounds checks, and selects, not        \
               branches, which the random order of the runs would mispredict */              \
            Py_ssize_t m = n - k < la - i ? n - k : la - i;                                  \
            m = m < lb - j ? m : lb - j;                                                     \
            if (pout == NULL) {                                                              \
                MERGE_STEPS(T, BEFORE, m, out[k] = v[from_b])                                \
            }                                                                                \
            else if (out == NULL) {                                                          \
                MERGE_STEPS(T, BEFORE, m, POSITION)                                          \
            }                                                                                \
            else {                                                                           \
                MERGE_STEPS(T, BEFORE, m, (out[k] = v[from_b], POSITION))                  \
            }                                                                                \
        }                                                                                    \
        for (; k < n; k++) { /* one run is spent: the other's values in order */             \
            int from_b = i >= la;                                                            \
            if (out != NULL) {                                                               \
                out[k] = from_b ? b[j] : a[i];                                               \
            }                                                                                \
            if (pout != NULL) {                                                              \
                pout[k] = from_b ? pb[j] : pa[i];                                            \
            }                                                                                \
            i += !from_b, j += from_b;                                                       \
        }                                                                                    \
    }
#define MERGE_STEPS(T, BEFORE, m, WRITE)                                                     \
    for (Py_ssize_t t = 0; t < (m); t++, k++) {                                              \
        T v[2] = {a[i], b[j]};                                                               \
        int from_b = BEFORE(v[1], v[0]);                                                     \
        WRITE;                                                                               \
        i += 1 - from_b, j += from_b;                                                        \
    }
#define LESS(x, y) ((x) < (y))

#define FLOAT_BEFORE(x, y) (float_image(x, 0) < float_image(y, 0))
#define DOUBLE_BEFORE(x, y) (double_image(x, 0) < double_image(y, 0))
MERGE(int32, int32_t, LESS)
MERGE(uint32, uint32_t, LESS)
MERGE(int64, int64_t, LESS)
MERGE(uint64, uint64_t, LESS)
MERGE(float, float, FLOAT_BEFORE)
MERGE(double, double, DOUBLE_BEFORE)

/* The C-contiguous buffer of `obj` into *buf (writable if asked): 1; 0 where obj is None. */
static int run_buffer(PyObject *obj, Py_buffer *buf, int writable)
{
    if (obj == Py_None) {
        return 0;
    }
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    return PyObject_GetBuffer(obj, buf, flags) < 0 ? -1 : 1;
}

/* merge(a, b, out, k0, pa=None, pb=None, pout=None): places k0 to k0 + n of the stable merge
   of sorted 1-d runs `a` and `b` (a's values first on ties; NumPy's order, NaN last, -0.0
   equal to 0.0) into `out` of n values (or None), and their positions, read from intp `pa`
   and `pb`, into intp `pout` (or None); True, or None for operands of another kind (4- and
   8-byte integers and floats, one dtype, C-contiguous). Releases the GIL: parts of one merge
   run at once. */
static PyObject *merge(PyObject *module, PyObject *args)
{
    PyObject *objs[7] = {NULL, NULL, NULL, Py_None, Py_None, Py_None, NULL};
    Py_ssize_t k0;
    if (!PyArg_ParseTuple(args, "OOOn|OOO", &objs[0], &objs[1], &objs[2], &k0, &objs[3],
                          &objs[4], &objs[5])) {
        return NULL;
    }
    Py_buffer bufs[6];
    int held[6] = {0};
    PyObject *r = NULL;
    for (int q = 0; q < 6; q++) {
        if ((held[q] = run_buffer(objs[q], &bufs[q], q == 2 || q == 5)) < 0) {
            PyErr_Clear();  /* (not C-contiguous, read-only: the caller merges it) */
            held[q] = 0;
            r = Py_NewRef(Py_None);
            goto done;
        }
    }
    Py_buffer *a = &bufs[0], *b = &bufs[1], *out = held[2] ? &bufs[2] : NULL;
    Py_buffer *pout = held[5] ? &bufs[5] : NULL;
    char kind = a->format[0] == '=' || a->format[0] == '@' ? a->format[1] : a->format[0];
    Py_ssize_t size = a->itemsize, la = a->len / size, lb = b->len / b->itemsize;
    Py_ssize_t n = out ? out->len / size : pout ? pout->len / (Py_ssize_t)sizeof(Py_ssize_t) : 0;
    int positions = held[3] && held[4] && pout != NULL;
    int fits = held[0] && held[1] && (out != NULL || pout != NULL) &&
               strchr("iIlLqQfd", kind) != NULL && (size == 4 || size == 8) &&
               strcmp(a->format, b->format) == 0 && b->itemsize == size &&
               (out == NULL || (strcmp(out->format, a->format) == 0 && out->itemsize == size)) &&
               (positions || (!held[3] && !held[4] && pout == NULL)) &&
               k0 >= 0 && k0 + n <= la + lb;
    for (int q = 3; fits && positions && q < 6; q++) {
        Py_ssize_t want = q == 3 ? la : q == 4 ? lb : n;
        fits = bufs[q].itemsize == sizeof(Py_ssize_t) && bufs[q].len == want * bufs[q].itemsize &&
               strchr("qlnQLN", bufs[q].format[0]) != NULL;
    }
    if (fits && out != NULL && pout != NULL) {
        fits = out->len / size == n;
    }
    if (!fits) {
        r = Py_NewRef(Py_None);
        goto done;
    }
    const Py_ssize_t *pa = positions ? bufs[3].buf : NULL, *pb = positions ? bufs[4].buf : NULL;
    Py_ssize_t *po = positions ? pout->buf : NULL;
    void *o = out ? out->buf : NULL;
    int is_signed = strchr("ilq", kind) != NULL;
    Py_BEGIN_ALLOW_THREADS
#define MERGE_CALL(NAME, T) merge_##NAME(a->buf, la, b->buf, lb, k0, n, o, pa, pb, po)
    if (kind == 'f') {
        MERGE_CALL(float, float);
    }
    else if (kind == 'd') {
        MERGE_CALL(double, double);
    }
    else if (size == 4) {
        is_signed ? MERGE_CALL(int32, int32_t) : MERGE_CALL(uint32, uint32_t);
    }
    else {
        is_signed ? MERGE_CALL(int64, int64_t) : MERGE_CALL(uint64, uint64_t);
    }
#undef MERGE_CALL
    Py_END_ALLOW_THREADS
    r = Py_NewRef(Py_True);
done:
    for (int q = 0; q < 6; q++) {
        if (held[q]) {
            PyBuffer_Release(&bufs[q]);
        }
    }
    return r;
}

/* --- select: Note [Median by radix select] in ../_numpy_median.py ----------------------- */

/* From this many values kept, a round counts two bytes at once (65536 counts, in cache): the
   first keeps a few values in a hundred, not the half a byte of sign and exponent may keep. */
#define WIDE_DIGIT_MIN (1 << 16)

/* The image of the value of rank `r` (0: the least) among n values, into *found, and how many
   values of that image come before it (how many there are: *group). One pass finds the least
   and largest images, whose shared high digits every value shares; then a digit at a time
   from the highest other one (two, from WIDE_DIGIT_MIN values), the values whose digits hold
   rank r are kept (gathered, unless all have them) and the others counted off. -1 where
   zeros of both signs or a NaN but the default one are there (their images' order is not
   NumPy's), -2 where only default NaNs are (the median is NaN), -3 out of memory. */
#define SELECT(NAME, T, U, TO, ODD)                                                          \
    static Py_ssize_t select_##NAME(const T *v, Py_ssize_t n, uint64_t low, Py_ssize_t r,   \
                                    U *found, Py_ssize_t *group)                             \
    {                                                                                        \
        U least = (U)~(U)0, most = 0, *set = NULL;                                           \
        int odd = 0, d = (int)sizeof(U) - 1;                                                 \
        for (Py_ssize_t j = 0; j < n; j++) {                                                 \
            U u;                                                                             \
            memcpy(&u, v + j, sizeof u);                                                     \
            odd |= ODD(u), u = TO(u, low);                                                   \
            least = u < least ? u : least, most = u > most ? u : most;                       \
        }                                                                                    \
        if ((odd & 3) == 3 || odd & 12) {                                                    \
            return (odd & 3) != 3 && !(odd & 4) ? -2 : -1;                                   \
        }                                                                                    \
        while (d >= 0 && DIGIT(least, d) == DIGIT(most, d)) {                                \
            d--;                                                                             \
        }                                                                                    \
        Py_ssize_t m = n, *count = PyMem_RawMalloc(sizeof *count << 16);                     \
        int oom = count == NULL;                                                             \
        while (!oom && d >= 0) {                                                             \
            int bytes = m >= WIDE_DIGIT_MIN && d >= 1 ? 2 : 1, shift = 8 * (d + 1 - bytes);   \
            U mask = (U)((1u << 8 * bytes) - 1);                                             \
            Py_ssize_t before = 0, b = 0;                                                    \
            memset(count, 0, sizeof *count << 8 * bytes);                                    \
            for (Py_ssize_t j = 0; j < m; j++) {                                             \
                U u = set != NULL ? set[j] : 0;                                              \
                if (set == NULL) {                                                           \
                    memcpy(&u, v + j, sizeof u);                                             \
                    u = TO(u, low);                                                          \
                }                                                                            \
                count[u >> shift & mask]++;                                                  \
            }                                                                                \
            while (before + count[b] <= r) {                                                 \
                before += count[b++];                                                        \
            }                                                                                \
            d -= bytes;                                                                      \
            if (count[b] == m) {                                                             \
                continue; /* every value kept has these digits */                            \
            }                                                                                \
            U *kept = PyMem_RawMalloc(sizeof *kept * (size_t)(count[b] + 1));                \
            if ((oom = kept == NULL) != 0) {                                                 \
                break;                                                                       \
            }                                                                                \
            Py_ssize_t w = 0;                                                                \
            for (Py_ssize_t j = 0; j < m; j++) {                                             \
                U u = set != NULL ? set[j] : 0;                                              \
                if (set == NULL) {                                                           \
                    memcpy(&u, v + j, sizeof u);                                             \
                    u = TO(u, low);                                                          \
                }                                                                            \
                kept[w] = u, w += (u >> shift & mask) == (U)b; /* (a spare place at the end) */  \
            }                                                                                \
            PyMem_RawFree(set);                                                              \
            set = kept, m = count[b], r -= before;                                           \
        }                                                                                    \
        if (oom) {                                                                           \
            PyMem_RawFree(count), PyMem_RawFree(set);                                        \
            return -3;                                                                       \
        }                                                                                    \
        PyMem_RawFree(count);                                                                \
        *found = set != NULL ? set[0] : least; /* (no set: all n values are one) */         \
        *group = m;                                                                          \
        PyMem_RawFree(set);                                                                  \
        return r;                                                                            \
    }                                                                                        \
    /* The least image above `image` (there is one: a value ranks above it). */              \
    static U above_##NAME(const T *v, Py_ssize_t n, uint64_t low, U image)                   \
    {                                                                                        \
        U best = (U)~(U)0;                                                                   \
        for (Py_ssize_t j = 0; j < n; j++) {                                                 \
            U u;                                                                             \
            memcpy(&u, v + j, sizeof u);                                                     \
            u = TO(u, low);                                                                  \
            best = u > image && u < best ? u : best;                                         \
        }                                                                                    \
        return best;                                                                         \
    }
/* A NaN of the default bits adds 8 to what ODD_FLOAT flags. */
#define NAN_F32(u) (ODD_F32(u) | ((u) == 0x7FC00000u) << 3)
#define NAN_F64(u) (ODD_F64(u) | ((u) == (uint64_t)0x7FF8000000000000) << 3)
SELECT(int32, int32_t, uint32_t, TO_INT, NO_ODD)
SELECT(uint32, uint32_t, uint32_t, TO_INT, NO_ODD)
SELECT(int64, int64_t, uint64_t, TO_INT, NO_ODD)
SELECT(uint64, uint64_t, uint64_t, TO_INT, NO_ODD)
SELECT(float, uint32_t, uint32_t, TO_F32, NAN_F32)
SELECT(double, uint64_t, uint64_t, TO_F64, NAN_F64)

/* select(data, out, k, pair): the value of rank k (0: the least) of C-contiguous `data` (n
   values) into out[0], and with `pair` that of rank k + 1 (n - 1 at most) into out[1], the
   values np.partition puts at those places: True; False where zeros of both signs or NaNs but
   the default one are there (the caller partitions); "nan" where there are default NaNs
   (np.median's answer is NaN); None for other operands (4- and 8-byte integers and floats). */
static PyObject *select_ranks(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *out_obj;
    Py_ssize_t k;
    int pair;
    if (!PyArg_ParseTuple(args, "OOnp", &data_obj, &out_obj, &k, &pair)) {
        return NULL;
    }
    Py_buffer data, out;
    char kind;
    int got = buffers(data_obj, out_obj, &data, &out, &kind);
    if (got <= 0) {
        return got == 0 ? Py_NewRef(Py_None) : NULL;
    }
    Py_ssize_t size = data.itemsize, n = data.len / (size ? size : 1), r = -4, group = 0;
    int fits = strchr("iIlLqQfd", kind) != NULL && (size == 4 || size == 8) && k >= 0 &&
               k < n && out.len == 2 * size && strcmp(out.format, data.format) == 0;
    uint64_t low = least(kind, size);
    const void *v = data.buf;
    void *o = out.buf;
#define RANKS(NAME, T, U, FROM)                                                             \
    do {                                                                                    \
        U at, next;                                                                         \
        r = select_##NAME(v, n, low, k, &at, &group);                                       \
        if (r >= 0) {                                                                       \
            int repeats = !pair || r + 1 < group || k == n - 1;                             \
            next = repeats ? at : above_##NAME(v, n, low, at);                              \
            ((T *)o)[0] = FROM(T, at, low), ((T *)o)[1] = FROM(T, next, low);               \
        }                                                                                   \
    } while (0)
    if (fits) {
        Py_BEGIN_ALLOW_THREADS
        if (kind == 'f') {
            RANKS(float, uint32_t, uint32_t, FROM_F32);
        }
        else if (kind == 'd') {
            RANKS(double, uint64_t, uint64_t, FROM_F64);
        }
        else if (size == 4 && low) {
            RANKS(int32, int32_t, uint32_t, FROM_INT);
        }
        else if (size == 4) {
            RANKS(uint32, uint32_t, uint32_t, FROM_INT);
        }
        else if (low) {
            RANKS(int64, int64_t, uint64_t, FROM_INT);
        }
        else {
            RANKS(uint64, uint64_t, uint64_t, FROM_INT);
        }
        Py_END_ALLOW_THREADS
    }
#undef RANKS
    PyBuffer_Release(&data);
    PyBuffer_Release(&out);
    if (r == -3) {
        return PyErr_NoMemory();
    }
    return r == -4 ? Py_NewRef(Py_None)
           : r == -2 ? PyUnicode_FromString("nan")
                     : Py_NewRef(r >= 0 ? Py_True : Py_False);
}

static PyMethodDef methods[] = {
    {"ties", ties, METH_VARARGS,
     "ties(data, idx, axis=-1)\n--\n\nThe tied adjacent pairs of data[idx] along axis "
     "(cpu_sort._ties), or None."},
    {"order", order, METH_VARARGS,
     "order(data, descending=False)\n--\n\nThe falling and the other adjacent pairs along "
     "data's rows (cpu_sort._in_order), or None."},
    {"positions", positions, METH_VARARGS,
     "positions(out, row, reversed=False)\n--\n\nThe argsort of rows in order, or falling "
     "strictly, into out (cpu_sort._argsorted_already)."},
    {"pack", pack, METH_VARARGS,
     "pack(data, keys, row, descending=False, cut=False)\n--\n\nThe packed keys of data into keys "
     "(_sorting._packed): the positions' bits, or None."},
    {"unpack", unpack, METH_VARARGS,
     "unpack(keys, bits)\n--\n\nEach key cut to its low `bits` bits, in place."},
    {"repair", repair, METH_VARARGS,
     "repair(keys, data, bits, descending=False)\n--\n\nThe positions out of sorted keys "
     "that pack cut (cpu_sort._packed): True, or None."},
    {"radix", radix, METH_VARARGS,
     "radix(data, out, descending=False, keys=None, scratch=None)\n--\n\nThe stable argsort "
     "of data along its last axis into out, its sorted images into keys (cpu_sort._keyed): "
     "True, or None."},
    {"merge", merge, METH_VARARGS,
     "merge(a, b, out, k0, pa=None, pb=None, pout=None)\n--\n\nPlaces k0 on of the stable "
     "merge of sorted runs a and b into out, their positions into pout (cpu_threads): True, "
     "or None."},
    {"select", select_ranks, METH_VARARGS,
     "select(data, out, k, pair)\n--\n\nThe values of ranks k and k + 1 of data into out "
     "(_numpy_median): True, False, 'nan', or None."},
    {"sorted", sorted, METH_VARARGS,
     "sorted(data, out, ties=True, scratch=None)\n--\n\nThe stable sort of data along its "
     "last axis into out (cpu_sort.radix_sorted): True, False, or None."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "xtensor._core._csort",
    .m_doc = "The stable sorts' compiled steps; see xtensor/_backends/cpu_sort.py.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__csort(void)
{
    return PyModule_Create(&module_def);
}
