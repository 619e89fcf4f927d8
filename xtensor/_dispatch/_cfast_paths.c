/* xtensor._dispatch._cfast: the bodies of the kinds other than the elementwise ones
   (_cfast_elementwise.c), each next to the name of the Python function it mirrors (the
   reference); see Note [Compiled hot path] in
   _cfast.c for what a body returns. */

#include "_cfast.h"
#include <fenv.h>
#include <float.h>
#include <math.h>

/* --- indexing: Array.__getitem__ (_array.py) --------------------------------------------- */

/* The view of d's memory at `p` with `nd` dims and strides, as NumPy makes its views: d's
   flags but ownership, d (or the array owning its memory) as its base. */
PyObject *view_of(PyArrayObject *d, char *p, int nd, npy_intp *dims, npy_intp *strides)
{
    PyArray_Descr *descr = PyArray_DESCR(d);
    Py_INCREF(descr);
    int flags = PyArray_FLAGS(d) & ~(NPY_ARRAY_OWNDATA | NPY_ARRAY_WRITEBACKIFCOPY);
    PyObject *view = PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, strides, p, flags,
                                          NULL);
    if (view == NULL) {
        return NULL;
    }
    Py_INCREF(d);  /* stolen by the view, as NumPy's own views hold their base */
    if (PyArray_SetBaseObject((PyArrayObject *)view, (PyObject *)d) < 0) {
        Py_DECREF(view);
        return NULL;
    }
    return view;
}

/* The element of d at `p` as a fresh 0-d array (Note [Elements are values] in _array.py):
   its bytes copied, or, for a dtype holding references, NumPy's copy of its view. */
/* The kinds of NumPy's host-only dtypes whose elements are NumPy's scalars (_array.py:
   `_SCALAR_KINDS`, Note [Elements are values]): text (StringDType too), objects, dates. */
#define SCALAR_KINDS "USOMmT"

static PyObject *element_of(PyArrayObject *d, char *p)
{
    PyArray_Descr *descr = PyArray_DESCR(d);
    if (PyDataType_HASFIELDS(descr)) {  /* a record: NumPy's view (_array.py: `_element`) */
        return view_of(d, p, 0, NULL, NULL);
    }
    if (PyDataType_REFCHK(descr)) {
        PyObject *view = view_of(d, p, 0, NULL, NULL);
        PyObject *r = view == NULL ? NULL : PyArray_NewCopy((PyArrayObject *)view, NPY_CORDER);
        Py_XDECREF(view);
        return r;
    }
    PyObject *r = new_zero_d(descr);  /* Note [0-d free list] in _cfast_arrays.c */
    if (r != NULL) {
        memcpy(PyArray_DATA((PyArrayObject *)r), p, PyDataType_ELSIZE(descr));
    }
    return r;
}

/* `d[i, j, ...]` for n ints (basic_view's case of ints alone, shorter): the view of the axes
   they leave (the element itself where they leave none), or NULL with no exception where one
   is out of range or not an int. */
static PyObject *ints_view(PyArrayObject *d, PyObject *const *keys, Py_ssize_t n)
{
    int nd = PyArray_NDIM(d);
    if (n > nd) {
        return NULL;
    }
    char *p = PyArray_BYTES(d);
    for (int axis = 0; axis < n; axis++) {
        Py_ssize_t i = PyLong_AsSsize_t(keys[axis]), len = PyArray_DIM(d, axis);
        if (i == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
        i += i < 0 ? len : 0;
        if (i < 0 || i >= len) {
            return NULL;
        }
        p += i * PyArray_STRIDE(d, axis);
    }
    if (n == nd) {
        return element_of(d, p);
    }
    return view_of(d, p, nd - (int)n, PyArray_DIMS(d) + n, PyArray_STRIDES(d) + n);
}

/* `d[key]` for the n items of a basic key (ints in range, slices, None and at most one
   Ellipsis: what is_basic takes, the ints alone making `d[key + (Ellipsis,)]`), as the view
   NumPy's indexing makes without its parsing: an int fixes its axis, a slice narrows and
   steps it (an empty one from the start, step 1, as NumPy's), None adds an axis of length 1
   and stride 0, and Ellipsis stands for the axes the others leave. NULL with no exception
   where an item is none of these (the twin says what is wrong). */
static PyObject *basic_view(PyArrayObject *d, PyObject *const *items, Py_ssize_t n)
{
    npy_intp dims[NPY_MAXDIMS], strides[NPY_MAXDIMS];
    int nd = PyArray_NDIM(d), axis = 0, out = 0, taken = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        taken += items[j] != Py_None && items[j] != Py_Ellipsis;
    }
    char *p = PyArray_BYTES(d);
    for (Py_ssize_t j = 0; j <= n; j++) {
        PyObject *k = j < n ? items[j] : NULL;
        int rest = k == Py_Ellipsis ? nd - taken : k == NULL ? nd - axis : 0;
        if (taken > nd || out + rest + (k == Py_None) > NPY_MAXDIMS) {
            return NULL;
        }
        for (; rest > 0; rest--, axis++, out++) {  /* Ellipsis, or the axes left at the end */
            dims[out] = PyArray_DIM(d, axis), strides[out] = PyArray_STRIDE(d, axis);
        }
        if (k == NULL || k == Py_Ellipsis) {
            continue;
        }
        if (k == Py_None) {
            dims[out] = 1, strides[out++] = 0;
            continue;
        }
        Py_ssize_t len = PyArray_DIM(d, axis), stride = PyArray_STRIDE(d, axis), i, stop, step;
        if (PyLong_CheckExact(k)) {
            i = PyLong_AsSsize_t(k);
            if (i == -1 && PyErr_Occurred()) {  /* past Py_ssize_t */
                PyErr_Clear();
                return NULL;
            }
            i += i < 0 ? len : 0;
            if (i < 0 || i >= len) {
                return NULL;
            }
        }
        else if (PySlice_Check(k) && PySlice_Unpack(k, &i, &stop, &step) == 0) {
            Py_ssize_t count = PySlice_AdjustIndices(len, &i, &stop, step);
            if (count == 0) {
                i = 0, step = 1;
            }
            dims[out] = count, strides[out++] = stride * step;
        }
        else {
            PyErr_Clear();
            return NULL;
        }
        p += i * stride;
        axis++;
    }
    return view_of(d, p, out, dims, strides);
}

/* Whether tuple `key` holds only slices, None, exact ints and at most one Ellipsis, not ints
   alone (an element, or the twin's `ints_view`). */
static int plain_items(PyObject *key)
{
    int ellipses = 0, ints = 0;
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(key); j++) {
        PyObject *k = PyTuple_GET_ITEM(key, j);
        ellipses += k == Py_Ellipsis, ints += PyLong_CheckExact(k);
        if (!(PySlice_Check(k) || k == Py_None || k == Py_Ellipsis || PyLong_CheckExact(k))) {
            return 0;
        }
    }
    return ellipses <= 1 && ints < PyTuple_GET_SIZE(key);
}

/* `x[i:j:k]`, `x[..., 1]`, `x[:, None]`: a view straight from Array's `mp_subscript` slot
   (_cfast_arrays.c), for an Array over an ndarray of one axis or more, a slice, None,
   Ellipsis or a tuple of `plain_items`: getitem_read's basic views without the call between,
   the cost a view pays over NumPy's own. NULL with no exception: the slot calls `__getitem__`
   (an element, whose ints leave no axis, too). */
PyObject *sliced(PyTypeObject *type, Py_ssize_t offset, PyObject *x, PyObject *key)
{
    PyObject *d = *(PyObject **)((char *)x + offset);
    int tuple = PyTuple_CheckExact(key);
    if (d == NULL || !PyArray_CheckExact(d) || PyArray_NDIM((PyArrayObject *)d) == 0 ||
        (tuple && (PyTuple_GET_SIZE(key) == 0 || !plain_items(key)))) {
        return NULL;
    }
    PyObject *view = tuple ? basic_view((PyArrayObject *)d, &PyTuple_GET_ITEM(key, 0),
                                        PyTuple_GET_SIZE(key))
                           : basic_view((PyArrayObject *)d, &key, 1);
    if (view == NULL || PyArray_NDIM((PyArrayObject *)view) == 0) {
        Py_XDECREF(view);
        PyErr_Clear();  /* the twin repeats the call and words the error */
        return NULL;
    }
    return new_array(type, offset, view);
}

/* The twin's `is_basic` (_core/keys.py): only slices and in-range ints, one per leading axis,
   None and at most one Ellipsis (the axes the others leave): 0 no, 1 yes, 2 yes and NumPy
   answers an array, not a scalar, as a slice, None or Ellipsis is there. */
static int is_basic(PyArrayObject *d, PyObject *key)
{
    Py_ssize_t n = PyTuple_GET_SIZE(key), axis = 0;
    int view = 1, ellipsis = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *k = PyTuple_GET_ITEM(key, j);
        if (k == Py_None) {
            view = 2;
            continue;  /* a new axis takes none of d's */
        }
        if (k == Py_Ellipsis) {
            Py_ssize_t after = 0;
            for (Py_ssize_t r = j + 1; r < n; r++) {
                after += PyTuple_GET_ITEM(key, r) != Py_None;
            }
            if (ellipsis || axis + after > PyArray_NDIM(d)) {
                return 0;
            }
            ellipsis = 1, view = 2, axis = PyArray_NDIM(d) - after;
            continue;
        }
        if (axis == PyArray_NDIM(d)) {
            return 0;
        }
        if (PyLong_CheckExact(k)) {
            Py_ssize_t i = PyLong_AsSsize_t(k), len = PyArray_DIM(d, (int)axis);
            if (i == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                return 0;
            }
            if (i >= len || i < -len) {
                return 0;
            }
        }
        else if (PySlice_Check(k)) {
            view = 2;
        }
        else {
            return 0;
        }
        axis++;
    }
    return view;
}

/* --- elements: `for v in x` (Array.__iter__ of _array.py) ----------------------------------
   Over a 1-d CPU array of a numeric dtype: an iterator whose items are its elements, each a
   fresh 0-d copy as `x[i]` gives it (Note [Elements are values] in _array.py), without a call
   of x[i] per item. It holds the data it started with, as x[i] for i in range(len(x)) would
   read it when x is not rebound meanwhile. */
typedef struct {
    PyObject_HEAD
    PyArrayObject *data;  /* NULL once exhausted */
    PyTypeObject *array_type;
    Py_ssize_t data_offset, next;
} Elements;

static void elements_dealloc(Elements *it)
{
    Py_XDECREF(it->data);
    Py_XDECREF(it->array_type);
    PyObject_Free(it);
}

static PyObject *elements_next(Elements *it)
{
    PyArrayObject *d = it->data;
    if (d == NULL) {
        return NULL;
    }
    if (it->next >= PyArray_DIM(d, 0)) {
        Py_CLEAR(it->data);
        return NULL;
    }
    char *p = PyArray_BYTES(d) + it->next++ * PyArray_STRIDE(d, 0);
    PyObject *r = element_of(d, p);
    return r == NULL ? NULL : new_array(it->array_type, it->data_offset, r);
}

static PyTypeObject ElementsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._dispatch._cfast.elements",
    .tp_basicsize = sizeof(Elements),
    .tp_dealloc = (destructor)elements_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)elements_next,
};

PyObject *elements_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1 || (d = host_data(f, args[0])) == NULL || PyArray_NDIM(d) != 1 ||
        strchr("biufc", PyArray_DESCR(d)->kind) == NULL) {
        return NULL;
    }
    if (!(ElementsType.tp_flags & Py_TPFLAGS_READY) && PyType_Ready(&ElementsType) < 0) {
        return NULL;
    }
    Elements *it = PyObject_New(Elements, &ElementsType);
    if (it != NULL) {
        it->data = (PyArrayObject *)Py_NewRef((PyObject *)d);
        it->array_type = (PyTypeObject *)Py_NewRef((PyObject *)f->array_type);
        it->data_offset = f->data_offset;
        it->next = 0;
        hit();
    }
    return (PyObject *)it;
}

/* Whether every item of list `key` is an exact int (a bool is a mask's). */
static int all_ints(PyObject *key)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(key); i++) {
        if (!PyLong_CheckExact(PyList_GET_ITEM(key, i))) {
            return 0;
        }
    }
    return 1;
}

/* Whether list `key` is not empty and holds only exact strs (field names). */
static int all_strs(PyObject *key)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(key); i++) {
        if (!PyUnicode_CheckExact(PyList_GET_ITEM(key, i))) {
            return 0;
        }
    }
    return PyList_GET_SIZE(key) > 0;
}

/* The int a 0-d integer Array over CPU data holds (a new reference), or NULL with no
   exception for any other object. */
static PyObject *held_int(FastCall *f, PyObject *k)
{
    PyArrayObject *a = host_data(f, k);
    if (a == NULL || PyArray_NDIM(a) != 0 || !PyArray_ISINTEGER(a)) {
        return NULL;
    }
    PyObject *i = PyArray_GETITEM(a, PyArray_BYTES(a));
    if (i == NULL) {
        PyErr_Clear();
    }
    return i;
}

/* Note [0-d integer keys]
   An element read from an index array (`r, c = pos[i]`, `i = order[0]`) is a 0-d integer
   Array, NumPy's integer scalar, and NumPy indexes with it, as with a 0-d integer ndarray,
   as with the int it holds. Grid and graph loops index with such elements on every step, so
   the bodies read them as ints before their basic-key branches (the twin's normalize_key
   gives the same answer, 30x slower). `key`, with such items as ints: a new reference. */
static PyObject *ints_read(FastCall *f, PyObject *key)
{
    PyObject *i = held_int(f, key);
    if (i != NULL || !PyTuple_CheckExact(key)) {
        return i != NULL ? i : Py_NewRef(key);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(key), j = 0;
    while (j < n && Py_TYPE(PyTuple_GET_ITEM(key, j)) != f->array_type) {
        j++;
    }
    if (j == n) {
        return Py_NewRef(key);
    }
    PyObject *read = PyTuple_New(n);
    for (j = 0; read != NULL && j < n; j++) {
        PyObject *k = PyTuple_GET_ITEM(key, j);
        i = held_int(f, k);
        PyTuple_SET_ITEM(read, j, i != NULL ? i : Py_NewRef(k));
    }
    return read;
}

static PyObject *getitem_read(FastCall *f, PyArrayObject *d, PyObject *key);
static Py_ssize_t threshold(PyObject *module, PyObject *name);

PyObject *getitem_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    PyObject *key;
    if (n != 2 || (d = host_data(f, args[0])) == NULL || (key = ints_read(f, args[1])) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *r = getitem_read(f, d, key);  /* Note [0-d integer keys] */
    Py_DECREF(key);
    return r;
}

/* Note [Masks without branches]
   ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
   `x[mask]` copies the elements where the mask is set. A loop that tests each mask byte
   mispredicts about half of them on a random mask, and NumPy's boolean index does (4.5 ms for
   10**6 float64 at density 0.5); `compress` (NumPy's `nonzero` then a gather), which served
   past 512 elements, cost 2x NumPy's time on a mask all set, which NumPy copies by runs. So
   the copy has no branch per element: each element is stored at the output's cursor and the
   cursor moves by the mask byte's truth, up to the last set element (which keeps every store
   inside the output), and eight mask bytes at a time are read first: none set skips them, a
   run of all set is one copy. xtensor / NumPy, float64, one thread, at density 0 / 0.01 /
   0.1 / 0.5 / 0.9 / 1: 1000 elements 1.05-1.26 / 0.59-0.93 / 0.38-0.46 / 0.27-0.31 /
   0.44-0.54 / 0.53, 10**6 1.01 / 0.62 / 0.38 / 0.11 / 0.51 / 0.49 (int8 and float32 alike;
   complex128, 16-byte items, all set: 1000 0.64, 10**5 0.83, where a branch per item took 1.30).
   Masks from the threaded compaction's threshold (Note [Mask compaction] in
   _backends/cpu_threads.py) are its. */
#define COMPACT(U)                                                                      \
    WIDEST_VECTORS static void compact_##U(U *to, const char *from, npy_intp step,      \
                                           const char *mask, npy_intp kstep, npy_intp n) \
    {                                                                                   \
        npy_intp i = 0, j = 0;                                                          \
        for (; kstep == 1 && i + 8 <= n; i += 8) { /* 8 mask bytes: none, all, or some */ \
            npy_uint64 w;                                                               \
            memcpy(&w, mask + i, 8);                                                    \
            if (w == 0) {                                                               \
                continue;                                                               \
            }                                                                           \
            if (w == ALL_SET && step == sizeof(U)) { /* a run of them: one copy */      \
                npy_intp run = 8;                                                       \
                while (i + run + 8 <= n && memcmp(mask + i + run, &w, 8) == 0) {        \
                    run += 8;                                                           \
                }                                                                       \
                memcpy(to + j, from + i * step, (size_t)run * sizeof(U));               \
                j += run, i += run - 8;                                                 \
                continue;                                                               \
            }                                                                           \
            for (int b = 0; b < 8; b++) {                                               \
                U v;                                                                    \
                memcpy(&v, from + (i + b) * step, sizeof v);                            \
                to[j] = v;                                                              \
                j += w == ALL_SET ? 1 : mask[i + b] != 0;                               \
            }                                                                           \
        }                                                                               \
        for (; i < n; i++) {                                                            \
            U v;                                                                        \
            memcpy(&v, from + i * step, sizeof v);                                      \
            to[j] = v;                                                                  \
            j += mask[i * kstep] != 0;                                                  \
        }                                                                               \
    }
#define ALL_SET 0x0101010101010101ULL  /* eight True bools */
COMPACT(npy_uint8)
COMPACT(npy_uint16)
COMPACT(npy_uint32)
COMPACT(npy_uint64)
typedef struct { npy_uint64 low, high; } item16;  /* complex128's items: two words a store */
COMPACT(item16)

/* NumPy's `d[k]` for boolean mask `k` of d's shape, both 1-d or both C-contiguous, and d's
   items plain bytes (no references): the elements where k is nonzero, in C order, into a new
   1-d array of d's dtype, as NumPy's boolean index makes it, without its index setup (half of
   its time on ten elements) and without a branch per element (Note [Masks without
   branches]); NULL with no exception for other arrays. */
static PyObject *masked_items(PyArrayObject *d, PyArrayObject *k)
{
    int flat = PyArray_NDIM(d) == 1 || (PyArray_IS_C_CONTIGUOUS(d) && PyArray_IS_C_CONTIGUOUS(k));
    PyArray_Descr *descr = PyArray_DESCR(d);
    if (!flat || PyDataType_REFCHK(descr) || PyArray_ITEMSIZE(d) == 0) {
        return NULL;
    }
    npy_intp n = PyArray_SIZE(d), count = 0, size = PyArray_ITEMSIZE(d), last = -1;
    npy_intp dstep = PyArray_NDIM(d) == 1 ? PyArray_STRIDE(d, 0) : size;
    npy_intp kstep = PyArray_NDIM(k) == 1 ? PyArray_STRIDE(k, 0) : 1;
    const char *mask = PyArray_BYTES(k), *from = PyArray_BYTES(d);
    count = PyArray_CountNonzero(k);  /* (vectorized: a tenth of a loop over the bytes) */
    if (count < 0) {
        return NULL;
    }
    for (npy_intp i = n - 1; count && last < 0; i--) {
        last = mask[i * kstep] != 0 ? i : -1;
    }
    Py_INCREF(descr);  /* stolen */
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, descr, 1, &count, NULL, NULL, 0, NULL);
    if (r == NULL || count == 0) {
        return r;
    }
    char *to = PyArray_BYTES((PyArrayObject *)r);
    npy_intp upto = last + 1;  /* (past the last set element the cursor would leave the output) */
    NPY_BEGIN_THREADS_DEF;
    if (upto >= 1 << 16) {
        NPY_BEGIN_THREADS;
    }
    switch (size) {
    case 1: compact_npy_uint8((npy_uint8 *)to, from, dstep, mask, kstep, upto); break;
    case 2: compact_npy_uint16((npy_uint16 *)to, from, dstep, mask, kstep, upto); break;
    case 4: compact_npy_uint32((npy_uint32 *)to, from, dstep, mask, kstep, upto); break;
    case 8: compact_npy_uint64((npy_uint64 *)to, from, dstep, mask, kstep, upto); break;
    case 16: compact_item16((item16 *)to, from, dstep, mask, kstep, upto); break;
    default:
        for (npy_intp i = 0; i < upto; i++) {
            if (mask[i * kstep] != 0) {
                copy_item(to, from + i * dstep, size);
                to += size;
            }
        }
    }
    NPY_END_THREADS;
    return r;
}

static PyObject *getitem_read(FastCall *f, PyArrayObject *d, PyObject *key)
{
    PyObject *r = NULL;
    int basic = 0, element = 0;
    if (PySlice_Check(key)) {
        if (PyArray_NDIM(d) == 0) {
            return NULL;
        }
        r = basic_view(d, &key, 1);
    }
    else if (PyLong_CheckExact(key)) {
        r = ints_view(d, &key, 1);
        element = 1;
    }
    else if (key == Py_None) {
        r = basic_view(d, &key, 1);  /* `x[None]`: a new leading axis */
    }
    else if (PyTuple_CheckExact(key) && (basic = is_basic(d, key)) != 0) {
        /* (ints alone would make NumPy answer a scalar: the view `key + (Ellipsis,)` gives) */
        PyObject *const *items = &PyTuple_GET_ITEM(key, 0);
        r = basic == 1 ? ints_view(d, items, PyTuple_GET_SIZE(key))
                       : basic_view(d, items, PyTuple_GET_SIZE(key));
        element = basic == 1;
    }
    else if (Py_TYPE(key) == f->array_type || PyArray_CheckExact(key)) {
        /* `x[mask]`, a boolean mask of x's shape (an Array's, or NumPy's own array): compacted
           here (Note [Masks without branches]) wherever the twin's `masked` would run on one
           thread: below its threshold (extra: its module and name), or with one thread set */
        PyArrayObject *k = PyArray_CheckExact(key) ? (PyArrayObject *)key : host_data(f, key);
        if (k != NULL && PyArray_TYPE(k) == NPY_BOOL && PyArray_NDIM(k) == PyArray_NDIM(d) &&
            PyArray_CompareLists(PyArray_DIMS(k), PyArray_DIMS(d), PyArray_NDIM(d))) {
            Py_ssize_t size = PyArray_SIZE(k);
            int split = PyTuple_Check(f->extra) && PyTuple_GET_SIZE(f->extra) == 2 &&
                        size >= threshold(PyTuple_GET_ITEM(f->extra, 0),
                                          PyTuple_GET_ITEM(f->extra, 1)) &&
                        !one_thread_set();
            if (!split) {
                r = masked_items(d, k);
                r = r != NULL || PyErr_Occurred() ? r
                                                   : PyObject_GetItem((PyObject *)d, (PyObject *)k);
            }
        }
        else if (k != NULL && PyArray_ISINTEGER(k) && PyArray_NDIM(k) == 1 &&
                 PyArray_NDIM(d) > 0 && PyArray_SIZE(k) < f->limit) {
            r = PyObject_GetItem((PyObject *)d, (PyObject *)k);  /* `x[idx]`: NumPy's gather */
        }
    }
    else if (PyList_CheckExact(key) && PyList_GET_SIZE(key) > 0 && PyArray_NDIM(d) > 0 &&
             all_ints(key)) {
        r = PyObject_GetItem((PyObject *)d, key);  /* `x[[0, 2]]`: NumPy's gather */
    }
    else if (PyDataType_HASFIELDS(PyArray_DESCR(d)) && PyArray_NDIM(d) > 0 &&
             (PyUnicode_CheckExact(key) || (PyList_CheckExact(key) && all_strs(key)))) {
        r = PyObject_GetItem((PyObject *)d, key);  /* `r['x']`: NumPy's view of fields; a
                                                      record's own field is the twin's */
    }
    if (r == NULL || !PyArray_CheckExact(r)) {
        /* NumPy refused the key, or answered oddly: the twin repeats the call and its
           checks say what is wrong, in its words. */
        Py_XDECREF(r);
        PyErr_Clear();
        return NULL;
    }
    if (element && PyArray_NDIM((PyArrayObject *)r) == 0 &&
        strchr(SCALAR_KINDS, PyArray_DESCR((PyArrayObject *)r)->kind) != NULL) {
        return PyArray_Return((PyArrayObject *)r);  /* NumPy's scalar (_array.py: `_element`) */
    }
    r = wrap(f, r);
    return basic == 2 ? made(r) : r;  /* an Ellipsis: `x[...]` is NumPy's 0-d ndarray */
}

/* --- Array.__setitem__ (_array.py: its first branch) ------------------------------------- */

/* Whether `k`, a 1-d integer array, holds only indices in range for d's first axis (as
   intp: an index past it, a uint64 one included, is the twin's to word). */
static int in_range_indices(PyArrayObject *k, PyArrayObject *d)
{
    if (PyArray_NDIM(k) != 1 || PyArray_NDIM(d) == 0) {
        return 0;
    }
    PyArrayObject *i = (PyArrayObject *)PyArray_FromAny(
        (PyObject *)k, PyArray_DescrFromType(NPY_INTP), 1, 1, NPY_ARRAY_CARRAY, NULL);
    if (i == NULL) {
        PyErr_Clear();
        return 0;
    }
    const npy_intp len = PyArray_DIM(d, 0), *v = (npy_intp *)PyArray_DATA(i);
    npy_intp j = 0;
    while (j < PyArray_DIM(i, 0) && v[j] >= -len && v[j] < len) {
        j++;
    }
    int ok = j == PyArray_DIM(i, 0);
    Py_DECREF(i);
    return ok;
}

/* The twin's `_is_plain_fancy`: a boolean mask of d's shape or a 1-d integer array of
   in-range indices (an Array over CPU data, or an ndarray: its data, borrowed), or a
   non-empty list of in-range ints (the list), else NULL. */
static PyObject *plain_fancy(FastCall *f, PyArrayObject *d, PyObject *key)
{
    PyArrayObject *k = read_data(f, key);  /* (NumPy's own array too, as the Array over it) */
    if (k != NULL && PyArray_ISINTEGER(k)) {
        return in_range_indices(k, d) ? (PyObject *)k : NULL;
    }
    if (k != NULL) {
        return PyArray_TYPE(k) == NPY_BOOL && PyArray_NDIM(k) == PyArray_NDIM(d) &&
               PyArray_CompareLists(PyArray_DIMS(k), PyArray_DIMS(d), PyArray_NDIM(d))
                   ? (PyObject *)k : NULL;
    }
    if (!PyList_CheckExact(key) || PyList_GET_SIZE(key) == 0 || PyArray_NDIM(d) == 0) {
        return NULL;
    }
    const npy_intp len = PyArray_DIM(d, 0);
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(key); j++) {
        PyObject *i = PyList_GET_ITEM(key, j);
        Py_ssize_t v = PyLong_CheckExact(i) ? PyLong_AsSsize_t(i) : len;
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
        if (v < -len || v >= len) {
            return NULL;
        }
    }
    return key;
}

/* `x[key] = value` for the keys and values the twin's first branch writes as they are: a
   basic key (slice, in-range int, Ellipsis, basic tuple) or a plain fancy one, and an int,
   bool or float, or an Array over CPU data (or an ndarray of a numeric dtype) that is real
   unless x is complex. NumPy's errors (a read-only x, shapes that do not broadcast) are the
   twin's there too. */
static PyObject *setitem_write(FastCall *f, PyArrayObject *d, PyObject *key, PyObject *value);

PyObject *setitem_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    PyObject *key;
    if (n != 3 || (d = host_data(f, args[0])) == NULL || (key = ints_read(f, args[1])) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *r = setitem_write(f, d, key, args[2]);  /* Note [0-d integer keys] */
    Py_DECREF(key);
    return r;
}

static PyObject *setitem_write(FastCall *f, PyArrayObject *d, PyObject *key, PyObject *value)
{
    PyArrayObject *v;
    PyTypeObject *t = Py_TYPE(value);
    if (t != &PyLong_Type && t != &PyBool_Type && t != &PyFloat_Type) {
        if ((v = read_data(f, value)) == NULL ||
            (PyArray_ISCOMPLEX(v) && !PyArray_ISCOMPLEX(d))) {
            return NULL;
        }
        if (PyArray_NDIM(v) == 0 && PyArray_ISINTEGER(d) &&
            (PyObject *)v != value && PyArray_TYPE(v) != PyArray_TYPE(d)) {
            return NULL;  /* maybe a scalar's value into other integers: `scalar_checked` */
        }
        value = (PyObject *)v;
    }
    const int nd = PyArray_NDIM(d);
    if (PyLong_CheckExact(key)) {
        Py_ssize_t i = PyLong_AsSsize_t(key);
        if (i == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
        if (nd == 0 || i < -PyArray_DIM(d, 0) || i >= PyArray_DIM(d, 0)) {
            return NULL;
        }
    }
    else if (PyTuple_CheckExact(key) ? !is_basic(d, key)
                                     : !(PySlice_Check(key) && nd) && key != Py_Ellipsis &&
                                           (key = plain_fancy(f, d, key)) == NULL) {
        return NULL;
    }
    if (PyObject_SetItem((PyObject *)d, key, value) < 0) {
        return NULL;
    }
    hit();
    Py_RETURN_NONE;
}

/* --- methods: reshape, copy, astype, sum-style reductions (_array_methods.py) ------------ */

/* Note [Quiet without the context variable]
   The reductions' twins run NumPy with its floating-point errors ignored (`quietly`), and
   setting and resetting that context variable costs ~0.17 us, half of NumPy's own time on
   ten elements. NumPy warns only when the loop raised a floating-point flag (overflow,
   invalid, divide; underflow where the user asked for it), so where the inputs prove no flag
   can be raised the call runs as it is, with the same answer and nothing to silence:
   - a sum of float32/float64 values (or of complex64/complex128 ones: two sums of floats),
     all finite, whose count times the largest magnitude stays below the largest finite
     value of either dtype (no overflow, no invalid; a sum whose answer is subnormal is
     exact, so raises no underflow); a sum of integers or bools in a float or complex dtype
     (`x.sum(dtype=float64)`) of at least 32 bits, which no count of them can overflow;
   - max, min, argmax, argmin, any, all of any values: their plans are not quiet at all, as
     comparisons and truth tests raise no flag NumPy reads (`ReductionSpec.compares`).
   Contiguous arrays of up to DENSE_SCAN_MAX elements are scanned on their bits, in loops
   that vectorize, other 1-d ones up to SCAN_MAX: past that the scan costs more than the
   variable. */

#define SCAN_MAX 256
#define DENSE_SCAN_MAX 1024

/* Whether each of the n float64 (float32) values whose bits are at p has a magnitude of at
   most the bit pattern `high`: integer compares of the bits with the sign cleared, whose
   order is the magnitudes' (NaN and infinity above every finite bound), which vectorize
   (the clones). */
#define WITHIN(U, MAGNITUDE)                                                       \
    WIDEST_VECTORS static int within_##U(const U *p, npy_intp n, U high)          \
    {                                                                              \
        U outside = 0;                                                             \
        for (npy_intp i = 0; i < n; i++) {                                         \
            outside |= (U)((p[i] & (U)(MAGNITUDE)) > high);                        \
        }                                                                          \
        return outside == 0;                                                       \
    }
WITHIN(npy_uint64, 0x7FFFFFFFFFFFFFFFULL)
WITHIN(npy_uint32, 0x7FFFFFFFU)

/* Whether every value of contiguous float `d` (the real and imaginary parts of a complex one)
   has a magnitude of at most `high` (rounded down to float32 for float32 values), or -1
   where `d` is not such an array of at most DENSE_SCAN_MAX elements. */
static int dense_within(PyArrayObject *d, double high)
{
    int t = PyArray_TYPE(d), parts = t == NPY_COMPLEX128 || t == NPY_COMPLEX64 ? 2 : 1;
    npy_intp n = PyArray_SIZE(d) * parts;
    t = t == NPY_COMPLEX128 ? NPY_FLOAT64 : t == NPY_COMPLEX64 ? NPY_FLOAT32 : t;
    if ((t != NPY_FLOAT64 && t != NPY_FLOAT32) || !PyArray_ISNOTSWAPPED(d) ||
        !PyArray_ISALIGNED(d) || n > parts * DENSE_SCAN_MAX || !PyArray_IS_C_CONTIGUOUS(d)) {
        return -1;
    }
    if (t == NPY_FLOAT64) {
        npy_uint64 hi;
        memcpy(&hi, &high, sizeof hi);
        return within_npy_uint64(PyArray_DATA(d), n, hi);
    }
    float high32 = (float)high;
    high32 = (double)high32 > high ? nextafterf(high32, 0) : high32;
    npy_uint32 hi;
    memcpy(&hi, &high32, sizeof hi);
    return within_npy_uint32(PyArray_DATA(d), n, hi);
}

/* The largest magnitude in float `d` (float32 or float64, 1-d or C-contiguous, at most
   SCAN_MAX elements); -1 when `d` is another array or holds a NaN or an infinity. */
static double magnitude(PyArrayObject *d)
{
    int t = PyArray_TYPE(d), nd = PyArray_NDIM(d);
    npy_intp n = PyArray_SIZE(d);
    if ((t != NPY_FLOAT64 && t != NPY_FLOAT32) || !PyArray_ISNOTSWAPPED(d) ||
        !PyArray_ISALIGNED(d) || n > SCAN_MAX || (nd != 1 && !PyArray_IS_C_CONTIGUOUS(d))) {
        return -1;
    }
    npy_intp step = nd == 1 ? PyArray_STRIDE(d, 0) : PyArray_ITEMSIZE(d);
    const char *p = PyArray_BYTES(d);
    double big = 0;
    for (npy_intp i = 0; i < n; i++, p += step) {
        double v = fabs(t == NPY_FLOAT64 ? *(const double *)p : *(const float *)p);
        if (!(v <= DBL_MAX)) {  /* NaN or infinity */
            return -1;
        }
        big = v > big ? v : big;
    }
    return big;
}

WIDEST_VECTORS static void narrow(const double *p, float *q, npy_intp n)
{
    for (npy_intp i = 0; i < n; i++) {
        q[i] = (float)p[i];
    }
}

/* `d.astype(float32)` of aligned, contiguous, native float64 `d`, in one pass: C's conversion
   rounds as NumPy's cast loop does, without NumPy's setup. A cast that raised a flag
   (overflow, underflow, NaN's invalid) is dropped, its flags cleared, for NumPy's cast to
   make again and warn about as the caller asked. NULL with no exception for those and for
   other arrays. */
static PyObject *narrowed(PyArrayObject *d, PyArray_Descr *to)
{
    if (PyArray_TYPE(d) != NPY_FLOAT64 || to->type_num != NPY_FLOAT32 ||
        !PyArray_ISNBO(to->byteorder) || !PyArray_ISNOTSWAPPED(d) || !PyArray_ISALIGNED(d) ||
        !(PyArray_IS_C_CONTIGUOUS(d) || PyArray_IS_F_CONTIGUOUS(d))) {
        return NULL;
    }
    Py_INCREF(to);  /* stolen; in d's order, as NumPy's 'K' */
    PyObject *r = PyArray_NewLikeArray(d, NPY_KEEPORDER, to, 0);
    if (r != NULL) {
        feclearexcept(FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID);
        narrow(PyArray_DATA(d), PyArray_DATA((PyArrayObject *)r), PyArray_SIZE(d));
        if (fetestexcept(FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID)) {
            feclearexcept(FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID);
            Py_CLEAR(r);  /* NumPy's cast does it again, and warns as the caller asked */
        }
    }
    return r;
}

/* Whether summing `d` into dtype `out` can raise no floating-point flag (the Note; a complex
   sum is two sums of floats). */
static int sum_is_quiet(PyArrayObject *d, PyObject *out)
{
    int t = ((PyArray_Descr *)out)->type_num, in = PyArray_TYPE(d);
    if (t != NPY_FLOAT64 && t != NPY_FLOAT32 && t != NPY_COMPLEX128 && t != NPY_COMPLEX64) {
        return 0;
    }
    if (PyTypeNum_ISINTEGER(in) || PyTypeNum_ISBOOL(in)) {
        return 1;  /* integers of at most 64 bits, 2**64 of them, stay far below FLT_MAX */
    }
    int single = t == NPY_FLOAT32 || t == NPY_COMPLEX64 || in == NPY_FLOAT32 ||
                 in == NPY_COMPLEX64;
    double limit = single ? FLT_MAX : DBL_MAX;
    int within = dense_within(d, limit / 2 / (double)(PyArray_SIZE(d) + 1));
    if (within >= 0) {
        return within;
    }
    double big = magnitude(d);
    return big >= 0 && big * (double)PyArray_SIZE(d) < limit / 2;
}

/* The exact ints of `x.method(5, 4)` or `x.method((5, 4))` (args past `x`) into `values`, their
   count into `*count`; 0 for anything else (no exception set). */
static int exact_ints(PyObject *const *args, Py_ssize_t n, npy_intp *values, int *count)
{
    PyObject *const *items = args + 1;
    Py_ssize_t k = n - 1;
    if (n == 2 && PyTuple_CheckExact(args[1])) {
        items = &PyTuple_GET_ITEM(args[1], 0), k = PyTuple_GET_SIZE(args[1]);
    }
    if (!ints_of(items, k, values)) {
        return 0;
    }
    *count = (int)k;
    return 1;
}

PyObject *reshape_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    npy_intp dims[NPY_MAXDIMS];
    PyArray_Dims shape = {dims, 0};
    if (n < 2 || !exact_ints(args, n, dims, &shape.len) || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    PyObject *r = PyArray_Newshape(d, &shape, NPY_CORDER);
    if (r == NULL) {  /* the twin's checked path words NumPy's refusal */
        PyErr_Clear();
        return NULL;
    }
    return kept(f, args[0], r);
}

/* NumPy's view of `x` (args[0]) with its axes permuted by the exact ints past it: one tuple,
   or with `method` set also the method's `x.transpose(1, 0)`; NULL with no exception for
   anything else and for NumPy's refusals, which the twin words. */
PyObject *transposed(FastCall *f, PyObject *const *args, Py_ssize_t n, int method)
{
    PyArrayObject *d;
    npy_intp axes[NPY_MAXDIMS];
    PyArray_Dims perm = {axes, 0};
    if (n < 2 || (!method && (n != 2 || !PyTuple_CheckExact(args[1]))) ||
        !exact_ints(args, n, axes, &perm.len) || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    PyObject *r = PyArray_Transpose(d, &perm);
    if (r == NULL) {
        PyErr_Clear();
        return NULL;
    }
    return kept(f, args[0], r);
}

/* `permute_dims(x, axes)` and `transpose(x, axes)` (_manipulation.py): their first branch. */
PyObject *permute_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    return transposed(f, args, n, 0);
}

/* `broadcast_to(x, shape)` (_manipulation.py), its first branch for a tuple of ints: NumPy's
   read-only view of x with that shape (stride 0 along the axes it repeats, and those of
   length 1, as NumPy's), without NumPy's Python function (2.4 us on 1,000 elements); NULL
   with no exception for anything else and for a shape x does not broadcast to, which the
   twin words. A 0-d answer is NumPy's 0-d ndarray (Note [0-d arrays print as scalars]). */
PyObject *broadcast_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    npy_intp dims[NPY_MAXDIMS], strides[NPY_MAXDIMS];
    int nd;
    if (n != 2 || !PyTuple_CheckExact(args[1]) || !exact_ints(args, n, dims, &nd) ||
        (d = host_data(f, args[0])) == NULL || nd < PyArray_NDIM(d)) {
        return NULL;
    }
    const int lead = nd - PyArray_NDIM(d);  /* new axes in front: stride 0 */
    for (int i = 0; i < nd; i++) {
        const npy_intp have = i < lead ? 1 : PyArray_DIM(d, i - lead);
        if (dims[i] < 0 || (have != dims[i] && have != 1)) {
            return NULL;
        }
        strides[i] = have != dims[i] || have == 1 ? 0 : PyArray_STRIDE(d, i - lead);
    }
    PyArray_Descr *descr = PyArray_DESCR(d);
    Py_INCREF(descr);  /* stolen */
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, strides, PyArray_DATA(d),
                                       0, NULL);  /* flags 0: read-only */
    if (r != NULL && PyArray_SetBaseObject((PyArrayObject *)r, Py_NewRef((PyObject *)d)) < 0) {
        Py_CLEAR(r);  /* (the reference to d was stolen, and released) */
    }
    hit();
    return made(wrap(f, r));
}

/* `x.copy()`: the method's first branch, NumPy's C-order copy (_array_methods.py), below
   CACHED_BYTES. */
PyObject *copy_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyArrayObject *d;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *order = n == 2 && nkw == 0 ? args[1] : NULL;
    if (n == 1 && nkw == 1 &&
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "order") == 0) {
        order = args[1];
    }
    else if (n + nkw != 1 && order == NULL) {
        return NULL;
    }
    if ((d = host_data(f, args[0])) == NULL || PyArray_NBYTES(d) >= CACHED_BYTES) {
        return NULL;
    }
    /* `x.copy(order)`: NumPy's copy in that order, for its four spellings (the twin's) */
    NPY_ORDER o = NPY_CORDER;
    if (order != NULL) {
        const char *name = PyUnicode_CheckExact(order) ? PyUnicode_AsUTF8(order) : NULL;
        if (name == NULL || name[0] == '\0' || name[1] != '\0' || strchr("CFAK", name[0]) == NULL) {
            PyErr_Clear();
            return NULL;
        }
        o = name[0] == 'C' ? NPY_CORDER : name[0] == 'F' ? NPY_FORTRANORDER
            : name[0] == 'A' ? NPY_ANYORDER : NPY_KEEPORDER;
    }
    return kept(f, args[0], PyArray_NewCopy(d, o));
}

/* `d.astype(to)` as ndarray.astype makes it (a new array of d's layout, order 'K', and an
   unsafe cast into it), without the method's lookup and argument parsing. */
PyObject *cast(PyArrayObject *d, PyArray_Descr *to)
{
    Py_INCREF(to);  /* stolen */
    PyObject *r = PyArray_NewLikeArray(d, NPY_KEEPORDER, to, 0);
    if (r != NULL && PyArray_CopyInto((PyArrayObject *)r, d) < 0) {
        Py_CLEAR(r);
    }
    return r;
}

/* The int attribute `name` of `module` as it stands now (a backend threshold tests and tuning
   may move), or -1 with no error where it is not one. */
static Py_ssize_t threshold(PyObject *module, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(module, name);
    Py_ssize_t n = value == NULL ? -1 : PyLong_AsSsize_t(value);
    Py_XDECREF(value);
    if (n < 0) {
        PyErr_Clear();
        return -1;
    }
    return n;
}

/* extra: (the DType class, the module of the threaded cast's threshold, its name). Up to
   `limit` elements no call is threaded; from there the threshold is read each call, and
   while xtensor is set to one thread the threaded cast would be one NumPy cast. */
PyObject *astype_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyArrayObject *d;
    PyObject *to = n == 2 ? args[1] : NULL;  /* a DType, or a spelling (the twin's `_spelled`) */
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    int copy = 1;  /* copy=False: no cast answers the array itself, as the twin's */
    PyObject *order = NULL;  /* an order that keeps d's layout: 'K''s cast (`_as_kept`) */
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i), *v = args[n + i];
        if (PyUnicode_CompareWithASCIIString(name, "copy") == 0 &&
            (v == Py_True || v == Py_False)) {
            copy = v == Py_True;
        }
        else if (PyUnicode_CompareWithASCIIString(name, "order") == 0 && PyUnicode_CheckExact(v)) {
            order = v;
        }
        else {
            return NULL;
        }
    }
    if (!PyTuple_Check(f->extra) || PyTuple_GET_SIZE(f->extra) != 3) {
        return NULL;
    }
    PyObject *dtype_class = PyTuple_GET_ITEM(f->extra, 0);
    if (to == NULL || fp_state == NULL ||
        !(Py_TYPE(to) == (PyTypeObject *)dtype_class || PyType_CheckExact(to) ||
          PyUnicode_CheckExact(to) || PyArray_DescrCheck(to)) ||
        (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    if (order != NULL && PyUnicode_CompareWithASCIIString(order, "K") != 0) {
        int c = PyArray_IS_C_CONTIGUOUS(d), fo = PyArray_IS_F_CONTIGUOUS(d);
        int kept = PyUnicode_CompareWithASCIIString(order, "C") == 0 ? c
                   : PyUnicode_CompareWithASCIIString(order, "F") == 0 ||
                           PyUnicode_CompareWithASCIIString(order, "A") == 0
                       ? fo && !c : 0;
        if (!kept) {
            return NULL;
        }
    }
    Py_ssize_t size = PyArray_SIZE(d);
    if (size >= f->limit && !one_thread_set() &&  /* (on one thread the cast is one chunk) */
        size >= threshold(PyTuple_GET_ITEM(f->extra, 1), PyTuple_GET_ITEM(f->extra, 2))) {
        return NULL;
    }
    PyObject *target = lookup(f, (PyObject *)PyArray_DESCR(d), to);
    if (target == NULL) {
        return NULL;
    }
    hit();
    if (!copy && PyArray_DescrCheck(target) &&
        PyArray_EquivTypes((PyArray_Descr *)target, PyArray_DESCR(d))) {
        Py_DECREF(target);
        return Py_NewRef(args[0]);
    }
    /* `data.astype(target)`, warning as NumPy's cast does (Note [Casts NumPy warns about] in
       _array_methods.py): at the caller's line, as this C has no frame. Numbers to numbers in
       C; anything else (strings, dates: their sizes and units) through ndarray.astype. */
    PyObject *ops[2] = {(PyObject *)d, target}, *r;
    if (!PyArray_DescrCheck(target)) {
        r = PyObject_VectorcallMethod(str_astype, ops, 2, NULL);
    }
    else if ((r = narrowed(d, (PyArray_Descr *)target)) == NULL && !PyErr_Occurred()) {
        PyArray_Descr *to = (PyArray_Descr *)target;
        r = PyTypeNum_ISNUMBER(PyArray_TYPE(d)) && PyTypeNum_ISNUMBER(to->type_num) &&
                    PyArray_ISNBO(to->byteorder)
                ? cast(d, to)
                : PyObject_VectorcallMethod(str_astype, ops, 2, NULL);
    }
    Py_DECREF(target);
    return kept(f, args[0], r);
}

/* `out.reshape(shape)` (a new reference) for a tuple of ints `shape`. */
static PyObject *reshaped(PyObject *out, PyObject *shape)
{
    PyArray_Dims dims = {NULL, 0};
    if (!PyArray_IntpConverter(shape, &dims)) {
        return NULL;
    }
    PyObject *r = PyArray_Newshape((PyArrayObject *)out, &dims, NPY_CORDER);
    PyDimMem_FREE(dims.ptr);
    return r;
}

/* SmallPlan.whole(d, axes, dtype) (quietly when `quiet`): its array, or its NumPy scalar
   (a 0-d answer) made 0-d, as `np.asarray` makes it. */
static PyObject *run_whole(PyObject *whole, PyArrayObject *d, PyObject *axes, PyObject *dtype,
                           int quiet)
{
    /* `out=...` where NumPy takes it: a 0-d array at once, not a scalar made 0-d after */
    PyObject *ops[4] = {(PyObject *)d, axes, dtype, Py_Ellipsis};
    PyObject *out = ufunc_type != NULL ? kw_out : NULL;
    PyObject *r = quiet ? quietly(whole, NULL, ops, 3, out)
                        : PyObject_Vectorcall(whole, ops, 3, out);
    if (r == NULL || !PyArray_IsScalar(r, Generic)) {
        return as_ndarray(r);
    }
    PyObject *a = PyArray_FromScalar(r, NULL);
    Py_DECREF(r);
    return a;
}

/* For a plan reducing `axes` of `d` to `shape` (no kept axes): direct_sum's `axes`, 0 where
   every axis goes, 1 where the last alone does, 2 where the first alone does (of size > 1,
   the others kept); -1 otherwise. */
static int direct_axes(PyArrayObject *d, PyObject *axes, PyObject *shape)
{
    int nd = PyArray_NDIM(d);
    if (!PyTuple_Check(shape) || !PyTuple_Check(axes)) {
        return -1;
    }
    if (PyTuple_GET_SIZE(shape) == 0) {
        return 0;
    }
    if (nd < 2 || PyTuple_GET_SIZE(shape) != nd - 1 || PyTuple_GET_SIZE(axes) != 1) {
        return -1;
    }
    long axis = PyLong_AsLong(PyTuple_GET_ITEM(axes, 0));
    PyErr_Clear();  /* (an axis not an int: not this call) */
    return axis == nd - 1 ? 1 : axis == 0 ? 2 : -1;
}

/* reduction.run_small: replay a SmallPlan (reducer, axes, keep_shape, shape, dtype, quiet,
   flat, whole, anywhere) on `d`. */
static PyObject *run_small(FastCall *f, PyObject *plan, PyArrayObject *d)
{
    if (!PyTuple_Check(plan) || PyTuple_GET_SIZE(plan) != 9) {
        return NULL;
    }
    PyObject *reducer = PyTuple_GET_ITEM(plan, 0), *keep = PyTuple_GET_ITEM(plan, 2);
    PyObject *shape = PyTuple_GET_ITEM(plan, 3), *dtype = PyTuple_GET_ITEM(plan, 4);
    int quiet = PyObject_IsTrue(PyTuple_GET_ITEM(plan, 5));
    int flat = PyObject_IsTrue(PyTuple_GET_ITEM(plan, 6));
    if (quiet < 0 || flat < 0 || !PyArray_DescrCheck(dtype) || !PyTuple_Check(keep)) {
        return NULL;
    }
    /* Note [Direct sums] in _cfast_direct.c: the whole array, or its last or first axis alone,
       in its own dtype */
    if ((f->reduction == SUM || f->reduction == PROD || f->reduction == MEAN) &&
        PyArray_EquivTypes((PyArray_Descr *)dtype, PyArray_DESCR(d))) {
        int axes = direct_axes(d, PyTuple_GET_ITEM(plan, 1), shape);
        if (axes >= 0) {
            PyObject *r = f->reduction == MEAN ? direct_mean(d, axes, 0)
                                               : direct_sum(d, f->reduction == PROD, axes, 0);
            if (r != NULL || PyErr_Occurred()) {
                return r;
            }
        }
    }
    /* Note [Quiet without the context variable] */
    if (quiet && f->reduction == SUM) {
        quiet = !sum_is_quiet(d, dtype);
    }
    PyObject *whole = PyTuple_GET_ITEM(plan, 7);
    if (whole != Py_None && !flat && PyTuple_Check(shape) &&
        (PyTuple_GET_SIZE(shape) <= 1 || PyArray_IS_C_CONTIGUOUS(d))) {  /* run_small's */
        return run_whole(whole, d, PyTuple_GET_ITEM(plan, 1), dtype, quiet);
    }
    PyArray_Dims dims = {NULL, 0};
    if (!PyArray_IntpConverter(keep, &dims)) {
        return NULL;
    }
    Py_INCREF(dtype);
    PyObject *out = PyArray_Empty(dims.len, dims.ptr, (PyArray_Descr *)dtype, 0);
    PyDimMem_FREE(dims.ptr);
    if (out == NULL) {
        return NULL;
    }
    Py_INCREF(d);
    PyObject *data = (PyObject *)d;
    if (flat) {
        npy_intp all = -1;
        PyArray_Dims one = {&all, 1};
        Py_SETREF(data, PyArray_Newshape(d, &one, NPY_CORDER));
    }
    PyObject *ops[3] = {data, PyTuple_GET_ITEM(plan, 1), out}, *r = NULL;
    if (data != NULL) {
        r = quiet ? quietly(reducer, NULL, ops, 3, NULL)
                  : PyObject_Vectorcall(reducer, ops, 3, NULL);
    }
    Py_XDECREF(data);
    if (r == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    Py_DECREF(r);
    if (shape == Py_None) {
        return out;
    }
    PyObject *result = reshaped(out, shape);
    Py_DECREF(out);
    return result;
}

/* `x.argmax()` (kind 0) or `x.argmin()` (1) of a nonempty bool, integer, float16/32/64 or
   complex64/128 array: NumPy's argfunc on the raveled array, the very call the twin's plan
   makes (ndarray.argmax over axis 0 of the raveled array), without the plan's lookup,
   buffer and reshapes (ufunc reductions gain nothing so: max and min keep the plan). An
   argfunc is no ufunc: NumPy reads no floating-point flag after it, so it needs no quiet
   state. NULL with no exception for any other array. */
static PyObject *arg_extremum(FastCall *f, PyArrayObject *d, int kind)
{
    int t = PyArray_TYPE(d);
    if (PyArray_SIZE(d) == 0 || !(t <= NPY_ULONGLONG || t == NPY_FLOAT || t == NPY_DOUBLE ||
                                  t == NPY_HALF || t == NPY_CFLOAT || t == NPY_CDOUBLE)) {
        return NULL;
    }
    hit();
    PyObject *r = kind == 0 ? PyArray_ArgMax(d, NPY_RAVEL_AXIS, NULL)
                            : PyArray_ArgMin(d, NPY_RAVEL_AXIS, NULL);
    return wrap(f, as_ndarray(r));
}

/* The plan of the last call's key, a new reference, while it is d's key and the table is
   unchanged (a Memo whose k1 is the key tuple: building and hashing one, with its shape a new
   tuple of new ints, cost a third of a ten-element sum); else NULL. */
static PyObject *remembered_plan(FastCall *f, PyArrayObject *d, PyObject *axis,
                                 PyObject *keepdims, PyObject *extra)
{
#if PY_VERSION_HEX < 0x030C0000  /* ma_version_tag: see Memo in _cfast.h */
    PyObject *key = f->memo.k1, *was;
    if (key == NULL || f->memo.version != ((PyDictObject *)f->table)->ma_version_tag ||
        PyTuple_GET_ITEM(key, 2) != (PyObject *)PyArray_DESCR(d) ||
        PyTuple_GET_ITEM(key, 4) != axis || PyTuple_GET_ITEM(key, 5) != keepdims ||
        ((was = PyTuple_GET_ITEM(key, 6)) != extra &&
         (extra == Py_None || was == Py_None ||
          PyObject_RichCompareBool(was, extra, Py_EQ) != 1))) {
        PyErr_Clear();  /* (two tuples of a type and a number compare without error) */
        return NULL;
    }
    PyObject *shape = PyTuple_GET_ITEM(key, 3);
    if (PyTuple_GET_SIZE(shape) != PyArray_NDIM(d)) {
        return NULL;
    }
    for (int i = 0; i < PyArray_NDIM(d); i++) {
        if (PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, i)) != PyArray_DIM(d, i)) {
            return NULL;  /* a Python int of the table's key: no error */
        }
    }
    return Py_NewRef(f->memo.value);
#else
    return NULL;
#endif
}

/* The plan the namespace function recorded for (name, ndarray, dtype, shape, axis, keepdims,
   extra), remembered; NULL on a miss (with no exception) or an error. */
static PyObject *plan_of(FastCall *f, PyArrayObject *d, PyObject *axis, PyObject *keepdims,
                         PyObject *extra)
{
    PyObject *shape = PyTuple_New(PyArray_NDIM(d));
    if (shape == NULL) {
        return NULL;
    }
    for (int i = 0; i < PyArray_NDIM(d); i++) {
        PyObject *len = PyLong_FromSsize_t(PyArray_DIM(d, i));
        if (len == NULL) {
            Py_DECREF(shape);
            return NULL;
        }
        PyTuple_SET_ITEM(shape, i, len);
    }
    PyObject *key = PyTuple_Pack(7, f->extra, (PyObject *)&PyArray_Type, PyArray_DESCR(d), shape,
                                 axis, keepdims, extra);
    Py_DECREF(shape);
    if (key == NULL) {
        return NULL;
    }
    PyObject *plan = PyDict_GetItemWithError(f->table, key);
    if (plan != NULL) {
        memo_set(&f->memo, f->table, key, NULL, plan);
    }
    Py_DECREF(key);
    return Py_XNewRef(plan);
}

/* Whether large `plan` (a SmallPlan) may replay on `d`, C-order data as the plan's was
   (Note [Large reductions] in reduction.py): xtensor set to one thread, or the plan one call
   at any thread count (its `anywhere`); 0 (no exception) else. */
static int replays(PyObject *plan)
{
    return (PyTuple_Check(plan) && PyTuple_GET_SIZE(plan) == 9 &&
            PyTuple_GET_ITEM(plan, 8) == Py_True) ||
           one_thread_set();
}

/* reduce0's arguments: (x, axis) by position or keyword, keepdims=True/False (Py_True or
   Py_False, borrowed), and in *degrees (borrowed; NULL: not given) for var and std
   (`moments`) ddof= of an exact int or float, for sum, prod, max and min (`typed`) a hashable
   dtype=. The standard's `correction=` is the functions' only (NumPy's methods refuse it):
   the twin's. */
static int reduce0_args(PyObject *const *args, Py_ssize_t n, PyObject *kwnames, int moments,
                        int typed, PyObject **axis, PyObject **keepdims, PyObject **degrees)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (n < 1 || n > 2) {
        return 0;
    }
    *axis = n == 2 ? args[1] : NULL;
    *keepdims = Py_False;
    *degrees = NULL;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i), *value = args[n + i];
        if (*axis == NULL && PyUnicode_CompareWithASCIIString(name, "axis") == 0) {
            *axis = value;
        }
        else if (typed && PyUnicode_CompareWithASCIIString(name, "dtype") == 0) {
            if (PyObject_Hash(value) == -1) {  /* (the twin words an unhashable dtype) */
                PyErr_Clear();
                return 0;
            }
            *degrees = value;  /* the plan's key holds the dtype where var's hold degrees */
        }
        else if (PyUnicode_CompareWithASCIIString(name, "keepdims") == 0 &&
                 (value == Py_True || value == Py_False)) {
            *keepdims = value;
        }
        else if (moments && PyUnicode_CompareWithASCIIString(name, "ddof") == 0 &&
                 (PyLong_CheckExact(value) || PyFloat_CheckExact(value))) {
            *degrees = value;
        }
        else {
            return 0;
        }
    }
    *axis = *axis == NULL ? Py_None : *axis;
    return 1;
}

/* The plan key's last item for `degrees` of freedom taken off (`_spread` in _statistical.py):
   None for none or zero, else (its type, it); a new reference, NULL on an error. */
static PyObject *degrees_key(PyObject *degrees)
{
    if (degrees == NULL) {
        return Py_NewRef(Py_None);
    }
    int zero = PyObject_Not(degrees);
    if (zero < 0) {
        return NULL;
    }
    return zero ? Py_NewRef(Py_None) : PyTuple_Pack(2, (PyObject *)Py_TYPE(degrees), degrees);
}

/* Whether `axis` is None, an exact int or a tuple of exact ints: the axes a plan's key may
   hold (`small_key` in reduction.py: `True == 1`, so a bool must not find an int's plan). */
static int plain_axis(PyObject *axis)
{
    if (axis == Py_None || PyLong_CheckExact(axis)) {
        return 1;
    }
    if (!PyTuple_CheckExact(axis)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(axis); i++) {
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(axis, i))) {
            return 0;
        }
    }
    return 1;
}

/* `x.sum()` and friends with no argument but an int or a tuple of ints `axis` and a bool
   `keepdims` (positional axis, or keywords), and var's and std's `ddof`: the
   plan the namespace function recorded for (name, ndarray, dtype, shape, axis, keepdims,
   `degrees_key`), replayed. Any other argument is the twin's. */
PyObject *reduce0_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyArrayObject *d;
    PyObject *axis, *keepdims, *degrees;
    int moments = PyUnicode_Check(f->extra) &&
                  (PyUnicode_CompareWithASCIIString(f->extra, "var") == 0 ||
                   PyUnicode_CompareWithASCIIString(f->extra, "std") == 0);
    /* sum, prod, max and min key their plans on a `dtype=` too (`_accumulate`) */
    int typed = f->reduction == SUM || f->reduction == PROD || f->reduction == MAX ||
                f->reduction == MIN;
    if (!reduce0_args(args, n, kwnames, moments, typed, &axis, &keepdims, &degrees)) {
        return NULL;
    }
    if (!plain_axis(axis) || fp_state == NULL ||
        (d = read_data(f, args[0])) == NULL) {
        return NULL;
    }
    int large = PyArray_SIZE(d) >= f->limit;
    if (large && !PyArray_IS_C_CONTIGUOUS(d)) {
        return NULL;
    }
    if (!large && axis == Py_None && (f->reduction == ARGMAX || f->reduction == ARGMIN) &&
        keepdims == Py_False) {
        PyObject *r = arg_extremum(f, d, f->reduction == ARGMAX ? 0 : 1);
        if (r != NULL || PyErr_Occurred()) {
            return r;
        }
    }
    PyObject *extra = typed ? Py_NewRef(degrees == NULL ? Py_None : degrees)
                            : degrees_key(degrees);
    if (extra == NULL) {
        return NULL;
    }
    PyObject *plan = remembered_plan(f, d, axis, keepdims, extra);
    if (plan == NULL && !PyErr_Occurred()) {
        plan = plan_of(f, d, axis, keepdims, extra);
    }
    Py_DECREF(extra);
    if (plan == NULL || (large && !replays(plan))) {
        Py_XDECREF(plan);
        return NULL;
    }
    hit();
    PyObject *r;
    if ((f->reduction == ARGMAX || f->reduction == ARGMIN) && PyLong_CheckExact(axis) &&
        keepdims == Py_False && size_of(d) > 0 && sizeof(npy_intp) == sizeof(npy_int64)) {
        /* the recorded plan vouches for the call: NumPy's own argmax over the one axis (an
           empty answer is the plan's, whose strides NumPy's would not have) */
        long k = PyLong_AsLong(axis);
        k += k < 0 ? PyArray_NDIM(d) : 0;
        r = f->reduction == ARGMAX ? PyArray_ArgMax(d, (int)k, NULL)
                                   : PyArray_ArgMin(d, (int)k, NULL);
    }
    else {
        r = run_small(f, plan, d);
    }
    Py_DECREF(plan);
    return r == NULL && !PyErr_Occurred() ? NULL : wrap(f, as_ndarray(r));
}

/* --- where (_searching.py) ------------------------------------------------------------- */

/* Whether `x` is an exact Python int, float or complex. */
static int is_number(PyObject *x)
{
    PyTypeObject *t = Py_TYPE(x);
    return t == &PyLong_Type || t == &PyFloat_Type || t == &PyComplex_Type;
}

/* An operand of where's small branch: its data (an Array's, 1-d of `len` elements, or a
   Python float or complex itself, or a Python int within int64 beside another Python number
   `other`: the twin's `_small_int`) and, in `kind`, its part of the key; NULL for any other. */
/* Whether int `v` beside array `o` takes o's dtype exactly (the twin's `_small_int`): in
   the range of an integer dtype, or within 2**53 of a float32, float64 or complex one. */
static int int_fits(long long v, PyArrayObject *o)
{
    int t = PyArray_TYPE(o), size = (int)PyArray_ITEMSIZE(o);
    if (t == NPY_FLOAT || t == NPY_DOUBLE || t == NPY_CFLOAT || t == NPY_CDOUBLE) {
        return v >= -(1LL << 53) && v <= (1LL << 53);
    }
    if (!PyTypeNum_ISINTEGER(t) || size > 8) {
        return 0;
    }
    if (PyTypeNum_ISUNSIGNED(t)) {
        return v >= 0 && (size == 8 || v < (1LL << (8 * size)));
    }
    return size == 8 || (v >= -(1LL << (8 * size - 1)) && v < (1LL << (8 * size - 1)));
}

static PyObject *where_operand(FastCall *f, PyObject *x, PyObject *other, npy_intp len,
                               PyObject **kind)
{
    PyArrayObject *d = host_data(f, x);
    if (d != NULL) {
        *kind = (PyObject *)PyArray_DESCR(d);
        return PyArray_NDIM(d) == 1 && PyArray_DIM(d, 0) == len ? (PyObject *)d : NULL;
    }
    *kind = (PyObject *)Py_TYPE(x);
    if (Py_TYPE(x) == &PyLong_Type) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);  /* no error on an int */
        PyArrayObject *o = host_data(f, other);
        return overflow == 0 && (is_number(other) || (o != NULL && int_fits(v, o))) ? x : NULL;
    }
    return Py_TYPE(x) == &PyFloat_Type || Py_TYPE(x) == &PyComplex_Type ? x : NULL;
}

/* `where(c, a, b)`: a 1-d condition, and a, b 1-d arrays of its shape or Python numbers
   (where_operand), whose dtypes give NumPy's own answer (the twin's small table of key
   triples): `np.where(c, a, b)`. */
/* `nonzero(x)` of a CPU array of at least one dimension: NumPy's nonzero, one int64 Array
   per axis (NULL where NumPy's intp is not int64: the twin casts). */
PyObject *nonzero_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1 || (d = host_data(f, args[0])) == NULL || PyArray_NDIM(d) == 0 ||
        NPY_INTP != NPY_INT64) {
        return NULL;
    }
    PyObject *indices = PyArray_Nonzero(d);
    if (indices == NULL || !PyTuple_CheckExact(indices)) {
        Py_XDECREF(indices);
        return NULL;  /* with NumPy's error, if any, for the twin to repeat */
    }
    return wrapped_items(f, indices);
}

PyObject *where_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *c;
    if (n == 1) {
        return nonzero_body(f, args, n, slow);  /* `where(c)`: NumPy's nonzero, as the twin */
    }
    if (n != 3 || (c = host_data(f, args[0])) == NULL || PyArray_NDIM(c) != 1) {
        return NULL;
    }
    npy_intp len = PyArray_DIM(c, 0);
    PyObject *ka, *kb, *a = where_operand(f, args[1], args[2], len, &ka);
    PyObject *b = a == NULL ? NULL : where_operand(f, args[2], args[1], len, &kb);
    if (b == NULL || len >= f->limit) {
        return NULL;
    }
    PyObject *key = PyTuple_Pack(3, PyArray_DESCR(c), ka, kb);
    if (key == NULL) {
        return NULL;
    }
    int found = PyDict_Contains(f->table, key);
    Py_DECREF(key);
    if (found <= 0) {
        return NULL;
    }
    hit();
    return made(wrap(f, PyArray_Where((PyObject *)c, a, b)));  /* 0-d: NumPy's ndarray */
}


/* --- scan: cumulative_sum, cumsum, x.cumsum() and the products (scan.py: `cumulative`) ----- */

/* NumPy's forms with an int axis, `cumsum(x, 0)`, `x.cumsum(axis=0)` (the twins' first branch,
   `_small_scan` in _statistical_cumulative.py): `accumulate(data, axis)` of a small C-ordered
   float or complex CPU array, whose errors (a bad axis) are the twin's to word. */
static PyObject *scan_along(FastCall *f, PyArrayObject *d, PyObject *axis, PyObject *accumulate)
{
    int t = PyArray_TYPE(d);  /* float16, 32, 64 and complex64, 128: the twin's _INEXACT */
    int inexact = t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || t == NPY_CFLOAT ||
                  t == NPY_CDOUBLE;
    if (!PyLong_CheckExact(axis) || !inexact || !PyArray_ISNBO(PyArray_DESCR(d)->byteorder) ||
        PyArray_SIZE(d) >= f->limit || !PyArray_IS_C_CONTIGUOUS(d)) {
        return NULL;
    }
    PyObject *ops[2] = {(PyObject *)d, axis};
    PyObject *r = PyObject_Vectorcall(accumulate, ops, 2, NULL);
    if (r == NULL) {
        PyErr_Clear();
        return NULL;
    }
    hit();
    return wrap(f, r);
}

/* The plan `cumulative` recorded for (loop, d's dtype, ndim, axis, None) run on `d`, under the
   CPU backend's scan threshold (extra[2], extra[3]); NULL where there is none. */
static PyObject *replayed_scan(FastCall *f, PyArrayObject *d, PyObject *loop, PyObject *axis)
{
    Py_ssize_t most = threshold(PyTuple_GET_ITEM(f->extra, 2), PyTuple_GET_ITEM(f->extra, 3));
    if (most < 0) {
        return NULL;
    }
    PyObject *ndim = PyLong_FromLong(PyArray_NDIM(d));
    if (PyArray_SIZE(d) >= most || ndim == NULL) {
        Py_XDECREF(ndim);
        return NULL;
    }
    PyObject *key = PyTuple_Pack(5, loop, PyArray_DESCR(d), ndim, axis, Py_None);
    Py_DECREF(ndim);
    PyObject *plan = small_loop(f, key);
    if (plan == NULL) {
        return NULL;
    }
    PyObject *r = NULL;
    if (PyTuple_Check(plan) && PyTuple_GET_SIZE(plan) == 3) {  /* (accumulate, axis, dtype) */
        PyObject *ops[3] = {(PyObject *)d, PyTuple_GET_ITEM(plan, 1), PyTuple_GET_ITEM(plan, 2)};
        r = wrap(f, PyObject_Vectorcall(PyTuple_GET_ITEM(plan, 0), ops, 3, NULL));
    }
    Py_DECREF(plan);
    return r;
}

/* `f(x)` of a lone C-contiguous (or 1-d) CPU array under the CPU backend's scan threshold
   (read each call: a module attribute): the plan `cumulative` recorded for (loop, dtype,
   ndim, axis, None), `accumulate(data, axis, dtype)`; and NumPy's forms with an int axis
   alone (`scan_along`). extra: (loop, the axis the call means: None, or 0 for NumPy's
   flattening forms, whose n-d C-ordered arrays are read as the 1-d view the twin's
   reshape(-1) makes, the module, the threshold's name, and for NumPy's forms the loop's
   accumulate). */
PyObject *scan_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyArrayObject *d;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (n < 1 || (d = host_data(f, args[0])) == NULL || !PyTuple_Check(f->extra) ||
        PyTuple_GET_SIZE(f->extra) < 4) {
        return NULL;
    }
    if (n + nkw == 2 && PyTuple_GET_SIZE(f->extra) == 5 &&
        (nkw == 0 || PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "axis") == 0)) {
        return scan_along(f, d, args[1], PyTuple_GET_ITEM(f->extra, 4));
    }
    if (n != 1 || nkw != 0 || (!PyArray_IS_C_CONTIGUOUS(d) && PyArray_NDIM(d) != 1)) {
        return NULL;
    }
    PyObject *axis = PyTuple_GET_ITEM(f->extra, 1), *flat = NULL;
    if (axis != Py_None && PyArray_NDIM(d) != 1) {  /* NumPy's forms flatten: the twin's */
        if ((flat = PyArray_Ravel(d, NPY_CORDER)) == NULL) {  /* reshape(-1), a view */
            return NULL;
        }
        d = (PyArrayObject *)flat;
    }
    PyObject *r = replayed_scan(f, d, PyTuple_GET_ITEM(f->extra, 0), axis);
    Py_XDECREF(flat);
    return r;
}

/* --- take (_indexing.py: `_host_take`) ---------------------------------------------------- */

/* `take(x, indices)` or `take(x, indices, axis)` (`axis=` too) of a CPU array at a list of
   ints or an integer CPU array, below the backend's gather threshold (read each call):
   NumPy's take, as the twin's first branch; any indices NumPy refuses are the twin's to
   word. extra: (the module of the threshold, its name). */
PyObject *take_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (n < 2 || n + nkw > 3 ||
        (nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "axis"))) {
        return NULL;
    }
    PyArrayObject *d = host_data(f, args[0]), *k;
    PyObject *indices = args[1], *axis = n + nkw == 3 ? args[2] : Py_None;
    npy_intp count;
    if (d == NULL || (axis != Py_None && !PyLong_CheckExact(axis))) {
        return NULL;
    }
    if (PyList_CheckExact(indices) && all_ints(indices)) {
        count = PyList_GET_SIZE(indices);
    }
    else if ((k = host_data(f, indices)) != NULL && PyTypeNum_ISINTEGER(PyArray_TYPE(k))) {
        indices = (PyObject *)k;
        count = PyArray_SIZE(k);
    }
    else {
        return NULL;
    }
    int dim = NPY_RAVEL_AXIS;
    npy_intp length = PyArray_SIZE(d);
    if (axis != Py_None) {
        long a = PyLong_AsLong(axis);
        if (a == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
        if (a < -PyArray_NDIM(d) || a >= PyArray_NDIM(d)) {
            return NULL;
        }
        dim = (int)(a < 0 ? a + PyArray_NDIM(d) : a);
        length = PyArray_DIM(d, dim);
    }
    Py_ssize_t most = threshold(PyTuple_GET_ITEM(f->extra, 0), PyTuple_GET_ITEM(f->extra, 1));
    if (most < 0) {
        return NULL;
    }
    /* the twin's `idx.size * data.size >= TAKE_MIN * max(1, data.shape[axis])` */
    if ((double)count * (double)PyArray_SIZE(d) >= (double)most * (length > 1 ? length : 1)) {
        return NULL;
    }
    PyObject *r = PyArray_TakeFrom(d, indices, dim, NULL, NPY_RAISE);
    if (r == NULL) {
        PyErr_Clear();  /* out of range, uint64 or huge indices: the twin's words */
        return NULL;
    }
    return wrap(f, as_ndarray(r));
}
