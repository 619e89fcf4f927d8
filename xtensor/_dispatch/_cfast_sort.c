/* xtensor._dispatch._cfast: the sorts of small CPU arrays, `sort` (_sorting.py) and the
   stable argsort that `argsort` and `x.argsort()` share. See Note [Compiled hot path] in
   _cfast.c for what a body returns. */

#include "_cfast.h"
#include "_sort_keys.h"  /* the values' images, packed and cut keys, their repair */

/* --- stable_argsort: sorts of keys, which NumPy's fast sort puts in the stable order -------

   Below FAST_SORT_MIN values NumPy's stable argsort (timsort) takes 1.4-3.7 times as long as
   its default one, which sorts up to 256 values with sorting networks. So in an aligned,
   C-contiguous array of native order, rows shorter than the radix sort's (RADIX_ROWS_4 for
   4-byte dtypes, FLOAT64_RADIX_MIN for 8-byte) sort keys, along any axis (another than the
   last by a C-order copy with that axis last):
   - 4-byte integers, float32 and 8-byte integers close enough together pack their keys (Note
     [Packed argsort] in ../_backends/cpu_sort.py): the value's order-preserving image shifted
     past the bits of a position, its position in its row below them. The keys are distinct
     and stay under 2**63, so NumPy's fast sort of them as int64 in the result's own buffer is
     the stable order, and their low bits are the argsort;
   - float64 and 8-byte integers too far apart cut their keys to 63 bits, whose runs of equal
     cut images are then ordered by the full values (Note [Cut keys] there).
   Anything else below FAST_SORT_MIN values (other dtypes, layouts) is NumPy's stable argsort;
   from it, the caller's (the radix sort, threads). */

PACK(int32, int32_t, INT_IMAGE)
PACK(uint32, uint32_t, INT_IMAGE)
PACK(int64, int64_t, INT_IMAGE)
PACK(uint64, uint64_t, INT_IMAGE)
PACK(float, float, float_image)
PACK(double, double, double_image)
REPAIR(int64, int64_t, INT_IMAGE)
REPAIR(uint64, uint64_t, INT_IMAGE)
REPAIR(double, double, double_image)

/* The bits a position in a row of `row` values takes. */
static int position_bits(npy_intp row)
{
    int bits = 0;
    while (((npy_intp)1 << bits) < row) {
        bits++;
    }
    return bits;
}

/* The stable argsort of C-contiguous d's rows by packed keys (4-byte integers, float32, and
   8-byte integers within 2**(63 - the position's bits) of their least, so that the keys stay
   under 2**63 and sort as int64), or NULL (no exception) where they do not fit. */
static PyObject *keyed_argsort(PyArrayObject *d, npy_intp n, npy_intp row)
{
    int t = PyArray_TYPE(d), bits = position_bits(row);
    const void *v = PyArray_DATA(d);
    int size = (int)PyArray_ITEMSIZE(d), signed_ = PyTypeNum_ISSIGNED(t);
    uint64_t low = signed_ && size == 4 ? (uint64_t)0 - ((uint64_t)1 << 31) : 0;
    if (t == NPY_DOUBLE) {
        return NULL;  /* (64-bit images: cut keys) */
    }
    if (size == 8) {
        uint64_t high;
        if (signed_) {
            int64_t lo_s, hi_s;
            range_int64(v, n, &lo_s, &hi_s);
            low = (uint64_t)lo_s, high = (uint64_t)hi_s;
        }
        else {
            range_uint64(v, n, &low, &high);
        }
        if ((high - low) >> (63 - bits) != 0) {
            return NULL;
        }
    }
    PyObject *r = PyArray_SimpleNew(PyArray_NDIM(d), PyArray_DIMS(d), NPY_INT64);
    if (r == NULL) {
        return NULL;
    }
    uint64_t *keys = PyArray_DATA((PyArrayObject *)r);
    if (t == NPY_FLOAT) {
        pack_float(v, keys, n, row, bits, 0, 0, 0);
    }
    else if (size == 4 && signed_) {
        pack_int32(v, keys, n, row, bits, low, 0, 0);
    }
    else if (size == 4) {
        pack_uint32(v, keys, n, row, bits, 0, 0, 0);
    }
    else if (signed_) {
        pack_int64(v, keys, n, row, bits, low, 0, 0);
    }
    else {
        pack_uint64(v, keys, n, row, bits, low, 0, 0);
    }
    if (PyArray_Sort((PyArrayObject *)r, -1, NPY_QUICKSORT) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    for (npy_intp i = 0; i < n; i++) {
        keys[i] &= ((uint64_t)1 << bits) - 1;
    }
    return r;
}

/* The stable argsort of C-contiguous 8-byte integers or float64 d along its last axis, rows
   of up to 2**CUT_BITS_MAX values, by keys cut to 63 bits (Note [Cut keys] in
   ../_backends/cpu_sort.py: NumPy's fast sort of them as int64, then the runs of equal cut
   images ordered). */
static PyObject *cut_argsort(PyArrayObject *d, npy_intp n, npy_intp row)
{
    int t = PyArray_TYPE(d), bits = position_bits(row);
    PyObject *r = PyArray_SimpleNew(PyArray_NDIM(d), PyArray_DIMS(d), NPY_INT64);
    if (r == NULL) {
        return NULL;
    }
    const void *v = PyArray_DATA(d);
    uint64_t *keys = PyArray_DATA((PyArrayObject *)r), tmp[1 << CUT_BITS_MAX];
    int signed_ = PyTypeNum_ISSIGNED(t);
    uint64_t low = signed_ ? (uint64_t)1 << 63 : 0;  /* (INT64_MIN, mod 2**64) */
    if (t == NPY_DOUBLE) {  /* a cut of bits + 1: the keys stay under 2**63, as int64 */
        pack_double(v, keys, n, row, bits, 0, 0, bits + 1);
    }
    else if (signed_) {
        pack_int64(v, keys, n, row, bits, low, 0, bits + 1);
    }
    else {
        pack_uint64(v, keys, n, row, bits, 0, 0, bits + 1);
    }
    if (PyArray_Sort((PyArrayObject *)r, -1, NPY_QUICKSORT) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    if (t == NPY_DOUBLE) {
        repair_double(v, keys, n, row, bits, 0, 0, tmp);
    }
    else if (signed_) {
        repair_int64(v, keys, n, row, bits, low, 0, tmp);
    }
    else {
        repair_uint64(v, keys, n, row, bits, 0, 0, tmp);
    }
    return r;
}

/* The stable argsort of C-contiguous d's rows where Note [Sorted already] (../_sort_keys.h)
   answers it: 0, 1, 2, ... along rows in order, the reverse along rows that fall strictly,
   NumPy's timsort of one row of few runs; NULL (no exception) otherwise. */
static PyObject *ordered_argsort(PyArrayObject *d, npy_intp n, npy_intp row)
{
    ptrdiff_t falls, rises;
    int size = (int)PyArray_ITEMSIZE(d);
    if (!count_falls(PyArray_DESCR(d)->kind, size, PyArray_DATA(d), n, row, 0, &falls, &rises)) {
        return NULL;
    }
    if (falls != 0 && rises != 0) {
        return falls <= FEW_FALLS && n == row ? PyArray_ArgSort(d, -1, NPY_STABLESORT) : NULL;
    }
    PyObject *r = PyArray_SimpleNew(PyArray_NDIM(d), PyArray_DIMS(d), NPY_INT64);
    if (r == NULL) {
        return NULL;
    }
    ordered_positions(PyArray_DATA((PyArrayObject *)r), n, row, falls != 0);
    return r;
}

/* The stable argsort of C-contiguous d's rows by packed keys, or cut ones where those do not
   fit (8-byte values). */
static PyObject *row_argsort(PyArrayObject *d, npy_intp n, npy_intp row)
{
    PyObject *r = ordered_argsort(d, n, row);
    if (r != NULL || PyErr_Occurred()) {
        return r;
    }
    r = keyed_argsort(d, n, row);
    return r != NULL || PyErr_Occurred() || PyArray_ITEMSIZE(d) != 8 ? r
                                                                     : cut_argsort(d, n, row);
}

/* `row_argsort` along `axis` of C-contiguous d: of a C-order copy with that axis last, the
   answer moved back and laid out in C order (as NumPy's). */
static PyObject *moved_argsort(PyArrayObject *d, int axis, npy_intp n, npy_intp row)
{
    int ndim = PyArray_NDIM(d);
    npy_intp to[NPY_MAXDIMS], from[NPY_MAXDIMS];
    for (int k = 0, j = 0; k < ndim; k++) {  /* to: the other axes in order, then `axis` */
        if (k != axis) {
            to[j++] = k;
        }
    }
    to[ndim - 1] = axis;
    for (int k = 0; k < ndim; k++) {
        from[to[k]] = k;
    }
    PyArray_Dims there = {to, ndim}, back = {from, ndim};
    PyObject *view = PyArray_Transpose(d, &there), *rows = NULL, *idx = NULL, *r = NULL;
    if (view != NULL) {
        rows = PyArray_NewCopy((PyArrayObject *)view, NPY_CORDER);
    }
    if (rows != NULL) {
        idx = row_argsort((PyArrayObject *)rows, n, row);
    }
    if (idx != NULL) {
        PyObject *moved = PyArray_Transpose((PyArrayObject *)idx, &back);
        r = moved == NULL ? NULL : PyArray_NewCopy((PyArrayObject *)moved, NPY_CORDER);
        Py_XDECREF(moved);
    }
    Py_XDECREF(view), Py_XDECREF(rows), Py_XDECREF(idx);
    return r;
}

PyObject *stable_argsort(PyArrayObject *d, int axis)
{
    int t = PyArray_TYPE(d), ndim = PyArray_NDIM(d);
    npy_intp n = PyArray_SIZE(d);
    int plain = ndim > 0 && n > 0 && PyArray_ISCARRAY_RO(d) && PyArray_ISNOTSWAPPED(d) &&
                sizeof(npy_intp) == sizeof(npy_int64);
    axis = axis < 0 ? axis + ndim : axis;
    npy_intp row = plain ? PyArray_DIM(d, axis) : 0;  /* (plain: no dim is 0) */
    int size = (int)PyArray_ITEMSIZE(d);
    int keys = (PyTypeNum_ISINTEGER(t) && size >= 4) || t == NPY_FLOAT || t == NPY_DOUBLE;
    PyObject *r = NULL;
    if (plain && keys && axis == ndim - 1 && (r = ordered_argsort(d, n, row)) != NULL) {
        return r;  /* (rows of any length: Note [Sorted already]) */
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (plain && keys && row < (size == 8 ? FLOAT64_RADIX_MIN : RADIX_ROWS_4) &&
        row <= (1 << CUT_BITS_MAX)) {  /* (the radix sort's rows are the caller's) */
        r = axis == ndim - 1 ? row_argsort(d, n, row) : moved_argsort(d, axis, n, row);
    }
    if (r != NULL || PyErr_Occurred() ||
        n >= (PyTypeNum_ISCOMPLEX(t) ? COMPLEX_KEYED_MIN : FAST_SORT_MIN)) {
        return r;  /* (NULL with no exception from there: the caller's own way) */
    }
    return PyArray_ArgSort(d, axis, NPY_STABLESORT);
}

/* --- sort (_sorting.py: `sort`'s first two branches) ---------------------------------------- */

/* Whether none of the n float values whose bits are at p is a zero or a NaN: the sign cleared,
   minus one, each magnitude is below the infinity's bits (integer compares, vectorized). */
#define ORDINARY(U, INF_BITS)                                                       \
    WIDEST_VECTORS static int ordinary_##U(const U *p, npy_intp n)                \
    {                                                                               \
        U bad = 0;                                                                  \
        for (npy_intp i = 0; i < n; i++) {                                          \
            bad |= (U)(((p[i] & (U)(INF_BITS | (INF_BITS >> 1))) - 1) >= (U)(INF_BITS)); \
        }                                                                           \
        return bad == 0;                                                            \
    }
ORDINARY(npy_uint64, 0x7FF0000000000000ULL)
ORDINARY(npy_uint32, 0x7F800000U)

/* Whether NumPy's fast (unstable) sort of `d` gives the stable sort's bits: always for bool
   and integers; for float32/64 when no value is a zero (of either sign) or a NaN, the only
   values whose bits the fast kernels may change (cpu_sort's `_kept_bits` takes the rest), and
   for complex when neither part of any value is (equal values then have equal bits, as
   cpu_sort.sort reads them). */
static int fast_sort_is_stable(PyArrayObject *d)
{
    int t = PyArray_TYPE(d);
    if (PyTypeNum_ISBOOL(t) || PyTypeNum_ISINTEGER(t)) {
        return 1;
    }
    if (!PyArray_IS_C_CONTIGUOUS(d) || !PyArray_ISALIGNED(d) || !PyArray_ISNOTSWAPPED(d)) {
        return 0;
    }
    npy_intp n = PyArray_SIZE(d);
    void *p = PyArray_DATA(d);
    return t == NPY_DOUBLE    ? ordinary_npy_uint64(p, n)
           : t == NPY_FLOAT   ? ordinary_npy_uint32(p, n)
           : t == NPY_CDOUBLE ? ordinary_npy_uint64(p, 2 * n)
           : t == NPY_CFLOAT  ? ordinary_npy_uint32(p, 2 * n)
                              : 0;
}

/* Whether d's rows along `axis` are long enough, and of a dtype, for the radix sort of
   values, which `sort`'s `extra` decides on (cpu_sort.radix_sorted: None where NumPy's sort is
   the faster here). */
static int radix_row(PyArrayObject *d, int axis)
{
    int t = PyArray_TYPE(d);
    int wide = t == NPY_INT || t == NPY_UINT || t == NPY_LONG || t == NPY_ULONG ||
               t == NPY_LONGLONG || t == NPY_ULONGLONG || t == NPY_FLOAT || t == NPY_DOUBLE;
    return wide && PyArray_ISNOTSWAPPED(d) &&
           PyArray_DIM(d, axis < 0 ? axis + PyArray_NDIM(d) : axis) >= RADIX_SORT_MIN;
}

#define SHORT_ROWS 16

/* Note [Sorted already] (../_sort_keys.h) for `sort` along the last axis of d: 1 where its
   rows are in order, -1 where they fall strictly, 2 where it is one row of few runs, else 0
   (small arrays, other layouts and dtypes). */
static int ordered_rows(PyArrayObject *d)
{
    int ndim = PyArray_NDIM(d);
    npy_intp n = PyArray_SIZE(d), row = ndim ? PyArray_DIM(d, ndim - 1) : 0;
    ptrdiff_t falls, rises;
    if (n < FAST_SORT_MIN || !PyArray_ISCARRAY_RO(d) || !PyArray_ISNOTSWAPPED(d) ||
        !count_falls(PyArray_DESCR(d)->kind, (int)PyArray_ITEMSIZE(d), PyArray_DATA(d), n, row,
                     0, &falls, &rises)) {
        return 0;
    }
    return falls == 0 ? 1 : rises == 0 ? -1 : falls <= FEW_FALLS && n == row ? 2 : 0;
}

/* Each row of C-contiguous d (4- or 8-byte values, as `ordered_rows` takes) reversed. */
static void reverse_rows(PyArrayObject *d)
{
    npy_intp n = PyArray_SIZE(d), row = PyArray_DIM(d, PyArray_NDIM(d) - 1);
    for (npy_intp start = 0; start < n; start += row) {
        if (PyArray_ITEMSIZE(d) == 8) {
            npy_uint64 *p = (npy_uint64 *)PyArray_DATA(d) + start, t;
            for (npy_intp i = 0, j = row - 1; i < j; i++, j--) {
                t = p[i], p[i] = p[j], p[j] = t;
            }
        }
        else {
            npy_uint32 *p = (npy_uint32 *)PyArray_DATA(d) + start, t;
            for (npy_intp i = 0, j = row - 1; i < j; i++, j--) {
                t = p[i], p[i] = p[j], p[j] = t;
            }
        }
    }
}

/* sort's and argsort's (x, axis, kind) by position or keyword, and the standard's `stable`
   by keyword (True or False, with no kind: read as kind "stable" or "quicksort"), into
   `slots` (borrowed; NULL: not given): 1, or 0 for any other arguments. */
static int sort_args(PyObject *const *args, Py_ssize_t n, PyObject *kwnames, PyObject **slots)
{
    static PyObject *stable_kind, *quick_kind;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *stable = NULL;
    if (n < 1 || n > 3) {
        return 0;
    }
    slots[0] = args[0], slots[1] = n > 1 ? args[1] : NULL, slots[2] = n > 2 ? args[2] : NULL;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        if (PyUnicode_CompareWithASCIIString(name, "stable") == 0) {
            stable = args[n + i];
            continue;
        }
        int at = PyUnicode_CompareWithASCIIString(name, "axis") == 0   ? 1
                 : PyUnicode_CompareWithASCIIString(name, "kind") == 0 ? 2
                                                                        : 0;
        if (at == 0 || slots[at] != NULL) {
            return 0;  /* (twice: the twin's TypeError) */
        }
        slots[at] = args[n + i];
    }
    if (stable == NULL || stable == Py_None) {
        return 1;
    }
    if (slots[2] != NULL || (stable != Py_True && stable != Py_False)) {
        return 0;  /* (with a kind, or not a bool: the twin's error) */
    }
    if (stable_kind == NULL && (stable_kind = PyUnicode_InternFromString("stable")) == NULL) {
        PyErr_Clear();
        return 0;
    }
    if (quick_kind == NULL && (quick_kind = PyUnicode_InternFromString("quicksort")) == NULL) {
        PyErr_Clear();
        return 0;
    }
    slots[2] = stable == Py_True ? stable_kind : quick_kind;
    return 1;
}

/* The sort NumPy's `kind` asks for, of those the twins read alike (Note [Sort kinds] in
   _sorting.py): the default (quicksort, stable=False) or the stable one; -1 for another. */
static int plain_kind(PyObject *kind)
{
    if (kind == NULL || kind == Py_None) {
        return NPY_STABLESORT;
    }
    if (!PyUnicode_CheckExact(kind) || PyUnicode_GET_LENGTH(kind) == 0) {
        return -1;
    }
    Py_UCS4 first = PyUnicode_READ_CHAR(kind, 0);
    return first == 'q' || first == 'Q'                                      ? NPY_QUICKSORT
           : first == 'm' || first == 'M' || first == 's' || first == 'S' ? NPY_STABLESORT
                                                                            : -1;
}

/* `sort(x)`, `sort(x, axis)`, with `kind` one that `plain_kind` reads (by position or keyword)
   of a CPU array below `limit` elements: a copy of x's data (order K) sorted in place along
   the axis (None: of x flattened, as NumPy's), stably, or by NumPy's fast sort where that gives the same bits (or the kind asks
   for it), or by radix where `extra` (cpu_sort.radix_sorted) answers rows of RADIX_SORT_MIN.
   extra True: `argsort(x[, axis][, kind])`, NumPy's stable argsort below FAST_SORT_MIN
   elements (from there the backend's keyed argsorts are faster), or its quicksort. Anything
   else is the twin's. */
PyObject *sort_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyArrayObject *d;
    PyObject *slots[3];
    if (!sort_args(args, n, kwnames, slots) || (d = host_data(f, slots[0])) == NULL ||
        PyArray_SIZE(d) >= f->limit) {
        return NULL;
    }
    if (slots[1] == Py_None) {  /* axis=None: the sort of x flattened in C order, NumPy's */
        static PyObject *last_axis;
        if (last_axis == NULL && (last_axis = PyLong_FromLong(-1)) == NULL) {
            return NULL;
        }
        PyObject *flat = wrap(f, PyArray_Ravel(d, NPY_CORDER));
        if (flat == NULL) {
            return NULL;
        }
        PyObject *again[3] = {flat, last_axis, slots[2]};
        PyObject *r = sort_body(f, again, slots[2] == NULL ? 2 : 3, NULL);
        Py_DECREF(flat);
        return r;
    }
    int ndim = PyArray_NDIM(d), asked = plain_kind(slots[2]);
    long axis = -1;
    if (slots[1] != NULL) {
        if (!PyLong_CheckExact(slots[1])) {
            return NULL;
        }
        axis = PyLong_AsLong(slots[1]);
        if (axis == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
    }
    if (axis < -ndim || axis >= ndim || asked < 0) {
        return NULL;  /* 0-d too: the twin's AxisError */
    }
    NPY_SORTKIND kind = NPY_STABLESORT;
    if (f->extra == Py_True) {  /* (the twin's indices are int64, NumPy's intp) */
        if (sizeof(npy_intp) != sizeof(npy_int64)) {
            return NULL;
        }
        if (asked == NPY_QUICKSORT) {  /* NumPy's own kind: its ties */
            return wrap(f, PyArray_ArgSort(d, (int)axis, NPY_QUICKSORT));
        }
        if (PyArray_DIM(d, axis < 0 ? (int)axis + ndim : (int)axis) == 1) {  /* rows of one */
            return wrap(f, PyArray_Zeros(ndim, PyArray_DIMS(d),
                                         PyArray_DescrFromType(NPY_INT64), 0));
        }
        return wrap(f, stable_argsort(d, (int)axis));  /* (NULL, no exception: the twin's) */
    }
    int runs = 0;  /* Note [Sorted already]: 1 in order, -1 reversed, 2 a row of few runs */
    if (axis == ndim - 1 || axis == -1) {
        runs = ordered_rows(d);
    }
    if (runs == 1 || runs == -1) {
        PyObject *out = PyArray_NewCopy(d, NPY_CORDER);
        if (out != NULL && runs == -1) {
            reverse_rows((PyArrayObject *)out);
        }
        return wrap(f, out);
    }
    if (asked == NPY_QUICKSORT) {
        kind = NPY_QUICKSORT;  /* NumPy's own kind */
    }
    else if (runs == 2) {
        kind = NPY_STABLESORT;  /* (NumPy's timsort merges the runs) */
    }
    else if (PyCallable_Check(f->extra) && radix_row(d, (int)axis)) {
        PyObject *call[2] = {(PyObject *)d, PyLong_FromLong(axis)};
        PyObject *r = call[1] == NULL ? NULL : PyObject_Vectorcall(f->extra, call, 2, NULL);
        Py_XDECREF(call[1]);
        if (r != Py_None) {
            return r == NULL ? NULL : wrap(f, r);  /* (a MemoryError is the caller's) */
        }
        Py_DECREF(r);
    }
    if (asked != NPY_QUICKSORT && runs != 2) {  /* (small ones too: NumPy's timsort of 100
                                                   values takes 1.5x its quicksort, of 255
                                                   values 2.6x) */
        int same = fast_sort_is_stable(d);
        if (!same && PyArray_SIZE(d) >= FAST_SORT_MIN) {
            return NULL;
        }
        /* (NumPy's stable sort of rows under SHORT_ROWS is an insertion sort, 0.4-0.9 of the
           time of its fast sort's, which sets up each row) */
        npy_intp row = ndim ? PyArray_DIM(d, axis < 0 ? axis + ndim : (int)axis) : 0;
        kind = same && row >= SHORT_ROWS ? NPY_QUICKSORT : NPY_STABLESORT;
    }
    PyObject *out = PyArray_NewCopy(d, NPY_KEEPORDER);
    if (out != NULL && PyArray_Sort((PyArrayObject *)out, (int)axis, kind) < 0) {
        Py_CLEAR(out);
    }
    return wrap(f, out);
}

