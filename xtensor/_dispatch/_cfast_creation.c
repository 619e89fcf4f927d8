/* xtensor._dispatch._cfast: the creation functions' small calls (`zeros`, `ones`, `empty`,
   `full`, `arange`, `asarray` of a flat list), each next to the Python branch it mirrors in
   _creation.py; see Note [Compiled hot path] in _cfast.c and Note [Small creation calls] in
   _dispatch/creation.py.

   These bodies read keywords too (the standard passes `dtype=` by keyword). Each binds the
   call's arguments as Python would, takes only the call its twin's first branch takes, and
   returns NULL with no exception for every other call, and for every call NumPy refuses:
   the arguments are plain Python values, so repeating the call costs nothing but time, and
   the twin's error names the function and the argument. */

#include "_cfast.h"

#define MAX_PARAMS 6

/* Python's binding of a call's arguments to the parameters `names` (`npos` of them may come
   by position, the first `posonly` only so), into `slots` (borrowed; NULL: not given). 0 when
   the call would not bind (too many positional arguments, an unknown or repeated keyword):
   the twin then raises Python's TypeError. */
static int bind(PyObject *const *args, Py_ssize_t n, PyObject *kwnames,
                const char *const *names, int nnames, int npos, int posonly, PyObject **slots)
{
    if (n > npos) {
        return 0;
    }
    for (int i = 0; i < nnames; i++) {
        slots[i] = i < n ? args[i] : NULL;
    }
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        int i = posonly;
        while (i < nnames && PyUnicode_CompareWithASCIIString(key, names[i]) != 0) {
            i++;
        }
        if (i == nnames || slots[i] != NULL) {
            return 0;
        }
        slots[i] = args[n + k];
    }
    return 1;
}

/* Whether an argument is absent or None. */
static inline int unset(PyObject *value)
{
    return value == NULL || value == Py_None;
}

/* The NumPy dtype (a new reference) of creation argument `dtype`: `f->extra` (the default)
   when unset, else the twin's cached dtype of that spelling (`cpu_dtype`), and only a native
   bool, integer, float or complex dtype, whose arrays NumPy fills the same way whichever
   call made them. NULL with no exception: not known yet, or another dtype. */
static PyArray_Descr *creation_dtype(FastCall *f, PyObject *dtype)
{
    PyObject *d = unset(dtype) ? Py_NewRef(f->extra) : lookup(f, dtype, NULL);
    if (d == NULL) {
        PyErr_Clear();  /* unhashable: cpu_dtype says what is wrong */
        return NULL;
    }
    if (PyArray_DescrCheck(d)) {
        PyArray_Descr *descr = (PyArray_Descr *)d;
        int t = descr->type_num;
        if ((t <= NPY_CLONGDOUBLE || t == NPY_HALF) && PyArray_ISNBO(descr->byteorder)) {
            return descr;
        }
    }
    Py_DECREF(d);
    return NULL;
}

/* `shape` as NumPy reads it when it is an exact int or a tuple of exact ints, none negative
   (the twin's small branch takes other shapes too, whose errors come from NumPy). */
static int plain_shape(PyObject *shape, npy_intp *dims, int *nd)
{
    PyObject *const *items = &shape;
    Py_ssize_t len = 1;
    if (PyTuple_CheckExact(shape)) {
        items = &PyTuple_GET_ITEM(shape, 0);
        len = PyTuple_GET_SIZE(shape);
    }
    else if (!PyLong_CheckExact(shape)) {
        return 0;
    }
    if (!ints_of(items, len, dims)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        if (dims[i] < 0) {
            return 0;  /* NumPy's error, worded by the twin */
        }
    }
    *nd = (int)len;
    return 1;
}

/* A new Array over `data` (a new reference or NULL), or NULL with no exception when NumPy
   refused (the twin repeats the call and words the error). */
static PyObject *wrap_or_defer(FastCall *f, PyObject *data)
{
    if (data == NULL) {
        PyErr_Clear();
        return NULL;
    }
    return wrap(f, data);
}

/* --- zeros, ones, empty: `_small_filled` ------------------------------------------------- */

enum fill { ZEROS, ONES, EMPTY };

static const char *const filled_names[] = {"shape", "dtype", "order", "device", "like"};

/* Up to this many bytes NumPy's allocator hands out cached blocks, so an empty array whose
   zeros `zeros` writes itself costs what NumPy's zeroed one does, less PyArray_Zeros' DType
   lookup (every dtype here is zero in all its bits); a larger one takes `calloc`'s pages,
   which the kernel gives already zero. */
#define SMALL_ZEROS 1024

static int small(const npy_intp *dims, int nd, PyArray_Descr *descr)
{
    npy_intp nbytes = descr->elsize;
    for (int k = 0; k < nd && nbytes <= SMALL_ZEROS; k++) {
        nbytes = dims[k] == 0 ? 0 : nbytes * (dims[k] <= SMALL_ZEROS ? dims[k] : SMALL_ZEROS + 1);
    }
    return nbytes <= SMALL_ZEROS;
}

/* `fill(shape, dtype, order)` for a call `fill(shape, dtype=None, order="C", *, device=None,
   like=None)` with C or Fortran order, no device and no `like`. */
static PyObject *filled(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames,
                        enum fill kind)
{
    PyObject *a[5];
    npy_intp dims[NPY_MAXDIMS];
    int nd;
    if (!bind(args, n, kwnames, filled_names, 5, 3, 0, a) || a[0] == NULL ||
        !unset(a[3]) || !unset(a[4]) || !plain_shape(a[0], dims, &nd)) {
        return NULL;
    }
    int fortran = a[2] != NULL && PyUnicode_CheckExact(a[2]) &&
                  PyUnicode_CompareWithASCIIString(a[2], "F") == 0;
    if (a[2] != NULL && !fortran && !(PyUnicode_CheckExact(a[2]) &&
                                      PyUnicode_CompareWithASCIIString(a[2], "C") == 0)) {
        return NULL;
    }
    PyArray_Descr *descr = creation_dtype(f, a[1]);
    if (descr == NULL) {
        return NULL;
    }
    if (kind == ZEROS && !small(dims, nd, descr)) {
        return wrap_or_defer(f, PyArray_Zeros(nd, dims, descr, fortran));  /* steals descr */
    }
    /* (PyArray_Empty would look the DType up again, for an object dtype's fill) */
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, NULL, NULL, fortran,
                                       NULL);
    if (r != NULL && kind == ZEROS) {
        memset(PyArray_DATA((PyArrayObject *)r), 0, PyArray_NBYTES((PyArrayObject *)r));
    }
    if (r != NULL && kind == ONES) {
        /* numpy.ones: the empty array, 1 cast into it */
        PyObject *one = PyLong_FromLong(1);
        if (one == NULL || PyArray_FillWithScalar((PyArrayObject *)r, one) < 0) {
            Py_CLEAR(r);
        }
        Py_XDECREF(one);
    }
    return wrap_or_defer(f, r);
}

PyObject *zeros_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    return made(filled(f, args, n, kwnames, ZEROS));  /* `zeros(())`: a 0-d ndarray */
}

PyObject *ones_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    return made(filled(f, args, n, kwnames, ONES));  /* `zeros(())`: a 0-d ndarray */
}

PyObject *empty_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    return made(filled(f, args, n, kwnames, EMPTY));  /* `zeros(())`: a 0-d ndarray */
}

/* --- full: its first branch ------------------------------------------------------------- */

static const char *const full_names[] = {"shape", "fill_value", "dtype", "order", "device",
                                         "like"};

/* The dtype of `full(shape, value, dtype)` where the twin's first branch fills it as
   `fill` does (`extra`: FILL_DTYPES, the dtype of each Python type's value): a value's own
   (an int within int64), or a float value in a float64 or complex128 dtype asked for, or a
   bool one in any. A new reference, or NULL with no exception (another call: the twin's,
   which casts the rest by `copyto`). */
static PyArray_Descr *fill_dtype(FastCall *f, PyObject *value, PyObject *dtype)
{
    PyTypeObject *t = Py_TYPE(value);
    if (t != &PyBool_Type && t != &PyLong_Type && t != &PyFloat_Type && t != &PyComplex_Type) {
        return NULL;
    }
    if (unset(dtype)) {
        int overflow = 0;
        if (t == &PyLong_Type && (PyLong_AsLongLongAndOverflow(value, &overflow), overflow)) {
            return NULL;
        }
        PyObject *d = PyDict_GetItemWithError(f->extra, (PyObject *)t);
        return d != NULL && PyArray_DescrCheck(d) ? (PyArray_Descr *)Py_NewRef(d) : NULL;
    }
    PyArray_Descr *descr = t == &PyBool_Type || t == &PyFloat_Type ? creation_dtype(f, dtype)
                                                                    : NULL;
    if (descr != NULL && t == &PyFloat_Type &&
        !(descr->type_num == NPY_DOUBLE || descr->type_num == NPY_CDOUBLE)) {
        Py_CLEAR(descr);
    }
    return descr;
}

/* `full(shape, value, dtype=None, order="C", *, device=None, like=None)` with C order, no
   device, no `like`, and a value `fill_dtype` takes: NumPy's empty array, filled. */
PyObject *full_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyObject *a[6];
    npy_intp dims[NPY_MAXDIMS];
    int nd;
    if (!bind(args, n, kwnames, full_names, 6, 4, 0, a) || a[0] == NULL || a[1] == NULL ||
        !unset(a[4]) || !unset(a[5]) || !plain_shape(a[0], dims, &nd) ||
        (a[3] != NULL && !(PyUnicode_CheckExact(a[3]) &&
                           PyUnicode_CompareWithASCIIString(a[3], "C") == 0))) {
        return NULL;
    }
    PyArray_Descr *descr = fill_dtype(f, a[1], a[2]);
    if (descr == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, NULL, NULL, 0, NULL);
    if (r != NULL && PyArray_FillWithScalar((PyArrayObject *)r, a[1]) < 0) {
        Py_CLEAR(r);
    }
    return made(wrap_or_defer(f, r));
}

/* --- arange ------------------------------------------------------------------------------ */

static const char *const arange_names[] = {"start", "stop", "step", "dtype", "device", "like"};

static inline int is_number(PyObject *x)
{
    return x != NULL && (PyLong_CheckExact(x) || PyFloat_CheckExact(x));
}

/* `np.arange(lo, hi, step, dtype)` for Python int or float bounds and a nonzero step, no
   device or `like`, and no dtype or one of the standard's (the twin's first branch). */
PyObject *arange_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyObject *a[6];
    if (!bind(args, n, kwnames, arange_names, 6, 4, 0, a) || !unset(a[4]) || !unset(a[5])) {
        return NULL;
    }
    /* a dtype the twin has cached (`cpu_dtype`'s table), of numbers: NumPy's arange makes it
       as the twin's `small_arange` does */
    PyArray_Descr *descr = unset(a[3]) ? NULL : creation_dtype(f, a[3]);
    if (descr != NULL &&
        (descr->type_num == NPY_LONGDOUBLE || descr->type_num == NPY_CLONGDOUBLE)) {
        Py_CLEAR(descr);  /* (not the standard's: the twin's full path) */
    }
    if (!unset(a[3]) && descr == NULL) {
        return NULL;
    }
    PyObject *r = NULL;
    if (unset(a[1]) && a[2] == NULL) {
        /* `arange(stop)`: NumPy's own defaults are the twin's 0 and 1, and save the
           conversions of two more bounds */
        if (is_number(a[0])) {
            r = wrap_or_defer(f, PyArray_ArangeObj(a[0], NULL, NULL, descr));
        }
        Py_XDECREF(descr);  /* (PyArray_ArangeObj takes its own reference) */
        return r;
    }
    PyObject *lo = unset(a[1]) ? NULL : a[0], *hi = unset(a[1]) ? a[0] : a[1], *step = a[2];
    if ((lo == NULL || is_number(lo)) && is_number(hi) && is_number(step) &&
        PyObject_IsTrue(step) == 1) {  /* an exact int or float: IsTrue cannot fail */
        /* lo NULL: NumPy's start, 0 */
        r = wrap_or_defer(f, PyArray_ArangeObj(lo == NULL ? hi : lo, lo == NULL ? NULL : hi,
                                               step, descr));
    }
    Py_XDECREF(descr);
    return r;
}

/* --- asarray ----------------------------------------------------------------------------- */

static const char *const asarray_names[] = {"obj", "dtype", "device", "copy", "order",
                                            "ndmin"};  /* dtype: by position too (NumPy's
   `asarray(data, float)`); `order` by position and `like` are the twin's; `ndmin` only
   `array`'s */

/* Whether `x` is an exact bool, float, complex or int (with `fits` set, an int within int64:
   NumPy reads wider ones as uint64 or objects, which the twins leave to Python). */
int plain_number(PyObject *x, int fits)
{
    PyTypeObject *t = Py_TYPE(x);
    if (t == &PyLong_Type) {
        int overflow = 0;
        if (fits) {
            (void)PyLong_AsLongLongAndOverflow(x, &overflow);
        }
        return !overflow;
    }
    return t == &PyFloat_Type || t == &PyBool_Type || t == &PyComplex_Type;
}

/* Whether every item of `list` is a `plain_number` or a list or tuple of such items, nested
   at most `depth` deep (a ragged nesting is NumPy's ValueError, which sends the call to the
   twin). */
static int nested_numbers(PyObject *list, int fits, int depth)
{
    PyObject **items = PySequence_Fast_ITEMS(list);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(list); i++) {
        PyObject *x = items[i];
        PyTypeObject *t = Py_TYPE(x);
        if (t == &PyList_Type || t == &PyTuple_Type) {
            if (depth <= 1 || !nested_numbers(x, fits, depth - 1)) {
                return 0;
            }
        }
        else if (!plain_number(x, fits)) {
            return 0;
        }
    }
    return 1;
}

/* A list of plain numbers (nested lists and tuples too), or a plain number. */
int plain_numbers(PyObject *obj, int fits)
{
    return PyList_CheckExact(obj) ? nested_numbers(obj, fits, NPY_MAXDIMS)
                                  : plain_number(obj, fits);
}

NPY_ORDER order_of(PyObject *order)
{
    if (unset(order)) {
        return NPY_KEEPORDER;
    }
    if (!PyUnicode_Check(order) || PyUnicode_GET_LENGTH(order) != 1) {
        return NPY_ANYORDER - 1;
    }
    switch (PyUnicode_READ_CHAR(order, 0)) {  /* (either case, as NumPy reads it) */
    case 'C': case 'c': return NPY_CORDER;
    case 'F': case 'f': return NPY_FORTRANORDER;
    case 'A': case 'a': return NPY_ANYORDER;
    case 'K': case 'k': return NPY_KEEPORDER;
    default: return NPY_ANYORDER - 1;
    }
}

/* Whether `d` is laid out as `order` asks already (any layout for 'K' and 'A'). */
static int in_order(PyArrayObject *d, NPY_ORDER order)
{
    return order == NPY_CORDER ? PyArray_IS_C_CONTIGUOUS(d)
           : order == NPY_FORTRANORDER ? PyArray_IS_F_CONTIGUOUS(d) : 1;
}

/* NumPy's `array(..., order=order, ndmin=k)` of `r` (stolen; laid out as `order` asks): a
   view with axes of length 1 in front, up to k dimensions, of NumPy's strides (itemsize where
   the order is F, or 'K' or 'A' of F-only data, else the extent of the first axis). */
static PyObject *prepended(PyArrayObject *r, int ndmin, NPY_ORDER order)
{
    npy_intp dims[NPY_MAXDIMS], strides[NPY_MAXDIMS];
    int n = PyArray_NDIM(r), k = ndmin - n;
    int f = order == NPY_FORTRANORDER || (order != NPY_CORDER && PyArray_ISFORTRAN(r));
    npy_intp step = n == 0 || f ? PyArray_ITEMSIZE(r) : PyArray_STRIDE(r, 0) * PyArray_DIM(r, 0);
    for (int i = 0; i < ndmin; i++) {
        dims[i] = i < k ? 1 : PyArray_DIM(r, i - k);
        strides[i] = i < k ? step : PyArray_STRIDE(r, i - k);
    }
    PyArray_Descr *descr = PyArray_DESCR(r);
    Py_INCREF(descr);
    PyObject *v = PyArray_NewFromDescr(&PyArray_Type, descr, ndmin, dims, strides,
                                       PyArray_DATA(r), PyArray_FLAGS(r) & NPY_ARRAY_WRITEABLE,
                                       NULL);
    if (v == NULL) {
        Py_DECREF(r);
        return NULL;
    }
    if (PyArray_SetBaseObject((PyArrayObject *)v, (PyObject *)r) < 0) {  /* (steals r) */
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* The twin's `order=` and `ndmin=` branch for a CPU Array (no dtype or device):
   `asarray(x, order=...)`, x itself or its copy in that layout; `array(x, order=...,
   ndmin=k)`, a copy in that layout (NumPy's 'A': F only for F-contiguous data), with
   leading axes of length 1 up to k dimensions (`prepended`). Below CACHED_BYTES: larger
   copies are the twin's `copied`.
   Anything else (copy=False that would copy, an order NumPy refuses, ndmin out of range
   or given to `asarray`): NULL, for the twin. */
static PyObject *laid_out(FastCall *f, PyObject *x, PyArrayObject *d, PyObject **a)
{
    NPY_ORDER order = order_of(a[4]);
    int array = f->extra == Py_True;
    long ndmin = a[5] == NULL ? 0 : PyLong_CheckExact(a[5]) ? PyLong_AsLong(a[5]) : LONG_MAX;
    if (ndmin == -1 && PyErr_Occurred()) {
        PyErr_Clear();  /* (an int past long: the twin's) */
        ndmin = LONG_MAX;
    }
    if (order < NPY_ANYORDER || !unset(a[1]) || !unset(a[2]) || ndmin > NPY_MAXDIMS ||
        (a[5] != NULL && !array) || PyArray_NBYTES(d) >= CACHED_BYTES) {
        return NULL;
    }
    int copy = a[3] == NULL ? array : a[3] == Py_True ? 1 : a[3] == Py_None ? 0 : -1;
    if (copy < 0) {
        return NULL;  /* copy=False, or another spelling: the twin's words */
    }
    if (!copy && in_order(d, order) && PyArray_NDIM(d) >= ndmin) {
        return Py_NewRef(x);
    }
    PyArrayObject *r = copy || !in_order(d, order)
                           ? (PyArrayObject *)PyArray_NewCopy(d, order)
                           : (PyArrayObject *)Py_NewRef(d);
    int deep = r == NULL || PyArray_NDIM(d) >= ndmin;
    return wrap(f, deep ? (PyObject *)r : prepended(r, (int)ndmin, order));
}

/* The twin's first branch: `asarray(x)` or `asarray(x, dtype=...)` of a CPU Array, with no
   device and copy None: x itself, or a new Array of x's data cast as ndarray.astype casts
   (and warns). `array`'s (extra True): `array(x)`, the copy of its first branch in x's
   layout (order 'K', as NumPy's), below CACHED_BYTES (the twin's `copied`), and with
   copy False or None x itself. */
static PyObject *array_as(FastCall *f, PyObject **a)
{
    PyArrayObject *d = host_data(f, a[0]);
    if (d != NULL && f->extra == Py_True && unset(a[1]) && unset(a[2])) {
        if (a[3] == Py_False || a[3] == Py_None) {
            return Py_NewRef(a[0]);  /* `array(x, copy=False)`: x itself, as the twin's */
        }
        if (a[3] == NULL || a[3] == Py_True) {
            return PyArray_NBYTES(d) < CACHED_BYTES
                       ? wrap(f, PyArray_NewCopy(d, NPY_KEEPORDER)) : NULL;
        }
    }
    if (d == NULL || f->extra == Py_True || !unset(a[2]) || !unset(a[3])) {
        return NULL;
    }
    if (unset(a[1])) {
        return Py_NewRef(a[0]);
    }
    PyArray_Descr *descr = creation_dtype(f, a[1]);
    if (descr == NULL) {
        return NULL;
    }
    PyObject *r = PyArray_EquivTypes(descr, PyArray_DESCR(d)) ? Py_NewRef(a[0])
                                                              : wrap(f, cast(d, descr));
    Py_DECREF(descr);
    return r;
}

/* Note [Lists of elements]
   `np.array([g.mean() for g in groups])`: a list of 0-d Arrays (NumPy's scalars), or of rows.
   NumPy reads an Array through its `__array__` protocol, after failing the buffer and
   interface lookups, ~300 ns an item; its own ndarrays it reads at once. So a list of CPU
   Arrays of xtensor's numeric dtypes is read as the list of their NumPy data, which NumPy
   reads as it reads the Arrays: the same values, shape and dtype, 14x sooner. */
static PyObject *datas_of(FastCall *f, PyObject *list)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n == 0) {
        return NULL;
    }
    PyObject *datas = PyList_New(n);
    for (Py_ssize_t i = 0; datas != NULL && i < n; i++) {
        PyArrayObject *d = host_data(f, PyList_GET_ITEM(list, i));
        int t = d == NULL ? NPY_NOTYPE : PyArray_DESCR(d)->type_num;
        if (!((t <= NPY_CDOUBLE && t != NPY_LONGDOUBLE) || t == NPY_HALF)) {
            Py_DECREF(datas);
            return NULL;
        }
        PyList_SET_ITEM(datas, i, Py_NewRef((PyObject *)d));
    }
    return datas;
}

/* `np.asarray(datas_of(list), dtype=...)` as an Array, or NULL with no exception where an
   item is no such Array or the dtype is not plain (the twin reads the list). */
PyObject *listed_arrays(FastCall *f, PyObject *list, PyObject *dtype)
{
    PyArray_Descr *descr = unset(dtype) ? NULL : creation_dtype(f, dtype);
    PyObject *datas = unset(dtype) || descr != NULL ? datas_of(f, list) : NULL, *r = NULL;
    if (datas != NULL) {
        PyObject *call[2] = {datas, (PyObject *)descr};
        r = wrap_or_defer(f, PyObject_Vectorcall(np_asarray, call, 1 + (descr != NULL),
                                                 descr != NULL ? kw_dtype : NULL));
        Py_DECREF(datas);
    }
    Py_XDECREF(descr);
    return r;
}

/* Whether the n `items` are all of type `kind`. */
static int all_of(PyObject *const *items, Py_ssize_t n, PyTypeObject *kind)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        if (Py_TYPE(items[i]) != kind) {
            return 0;
        }
    }
    return 1;
}

/* The n `items` (exact floats, or exact ints) written into `data` from element `at` on, as
   float64 or int64: 1, or 0 where an int does not fit int64 (NumPy's uint64, object or
   error). */
static int written(PyObject *const *items, Py_ssize_t n, PyTypeObject *kind, void *data,
                   Py_ssize_t at)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        if (kind == &PyFloat_Type) {
            ((double *)data)[at + i] = PyFloat_AS_DOUBLE(items[i]);
            continue;
        }
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(items[i], &overflow);
        if (overflow) {
            return 0;
        }
        ((npy_int64 *)data)[at + i] = (npy_int64)v;
    }
    return 1;
}

/* `np.asarray(list)` of a flat list of exact floats (float64) or of exact ints that fit int64
   (int64), or of equal lists of them (2-d, one kind throughout: `[[1, 2], [3, 4]]`), written
   straight from the items: NumPy discovers the dtype and shape, then converts each item again
   (~19 ns an item, ~3 here). NULL with no exception for any other list (NumPy reads it: mixed
   kinds, bools, wider ints, deeper or ragged nesting) and an empty one. */
static PyObject *flat_list(PyObject *list)
{
    Py_ssize_t rows = PyList_GET_SIZE(list), cols = 1;
    PyObject *first = rows > 0 ? PyList_GET_ITEM(list, 0) : NULL;
    int nested = first != NULL && PyList_CheckExact(first);
    if (nested && (cols = PyList_GET_SIZE(first)) == 0) {
        return NULL;
    }
    PyObject *item = nested ? PyList_GET_ITEM(first, 0) : first;
    PyTypeObject *kind = item != NULL ? Py_TYPE(item) : NULL;
    if (kind != &PyFloat_Type && kind != &PyLong_Type) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < rows; i++) {
        PyObject *row = PyList_GET_ITEM(list, i);
        if (nested ? !PyList_CheckExact(row) || PyList_GET_SIZE(row) != cols ||
                         !all_of(((PyListObject *)row)->ob_item, cols, kind)
                   : Py_TYPE(row) != kind) {
            return NULL;
        }
    }
    npy_intp dims[2] = {rows, cols};
    PyObject *r = PyArray_SimpleNew(1 + nested, dims, kind == &PyFloat_Type ? NPY_FLOAT64
                                                                            : NPY_INT64);
    if (r == NULL) {
        return NULL;
    }
    void *data = PyArray_DATA((PyArrayObject *)r);
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < (nested ? rows : 1); i++) {
        PyObject *row = nested ? PyList_GET_ITEM(list, i) : list;
        ok = written(((PyListObject *)row)->ob_item, nested ? cols : rows, kind, data, i * cols);
    }
    if (!ok) {
        Py_CLEAR(r);  /* past int64: NumPy's reading */
    }
    return r;
}

/* `np.asarray(obj)` or `np.asarray(obj, dtype=...)` of a Python number or a list of them
   (or of nested lists and tuples of them), with no device and copy None or True (they are
   always copied): NumPy's dtype for these (bool, int64, float64, complex128) is the
   standard's, which `host_array` keeps as it is. An Array is `array_as`'s; a NumPy array of
   one of xtensor's dtypes is shared, as the twin's second branch shares it. */
static PyObject *converted(FastCall *f, PyObject **a)
{
    if (a[4] != NULL || a[5] != NULL) {  /* order=, ndmin=: of a CPU Array only */
        PyArrayObject *d = Py_TYPE(a[0]) == f->array_type ? host_data(f, a[0]) : NULL;
        return d == NULL ? NULL : laid_out(f, a[0], d, a);
    }
    if (Py_TYPE(a[0]) == f->array_type) {
        return array_as(f, a);
    }
    if (PyArray_CheckExact(a[0]) && unset(a[1]) && unset(a[2]) && unset(a[3]) &&
        f->extra != Py_True) {
        PyArray_Descr *d = PyArray_DESCR((PyArrayObject *)a[0]);
        int t = d->type_num;  /* xtensor's dtypes (dtypes.ALL), in native order: shared */
        int plain = (t <= NPY_CDOUBLE && t != NPY_LONGDOUBLE) || t == NPY_HALF;
        return plain && PyArray_ISNBO(d->byteorder) ? wrap(f, Py_NewRef(a[0])) : NULL;
    }
    if (Py_TYPE(a[0]) == &PyTuple_Type || !unset(a[2]) ||
        !(a[3] == NULL || a[3] == Py_None || a[3] == Py_True)) {
        return NULL;  /* (a tuple: the twin's, which reads it as NumPy does too) */
    }
    if (PyList_CheckExact(a[0]) && PyList_GET_SIZE(a[0]) > 0 &&
        Py_TYPE(PyList_GET_ITEM(a[0], 0)) == f->array_type) {
        return listed_arrays(f, a[0], a[1]);  /* Note [Lists of elements] */
    }
    if (unset(a[1])) {
        PyObject *flat = PyList_CheckExact(a[0]) ? flat_list(a[0]) : number_zero_d(a[0]);
        if (flat != NULL || PyErr_Occurred()) {
            return wrap(f, flat);
        }
        /* (NumPy's asarray, without its argument parsing: the same discovery) */
        return plain_numbers(a[0], 1) ? wrap_or_defer(f, PyArray_FromAny(a[0], NULL, 0, 0, 0,
                                                                         NULL))
                                      : NULL;
    }
    PyArray_Descr *descr = creation_dtype(f, a[1]);
    if (descr == NULL) {
        return NULL;
    }
    PyObject *r = NULL;
    if (plain_numbers(a[0], 0)) {
        PyObject *call[2] = {a[0], (PyObject *)descr};  /* np.asarray(obj, dtype=descr) */
        r = wrap_or_defer(f, PyObject_Vectorcall(np_asarray, call, 1, kw_dtype));
    }
    Py_DECREF(descr);
    return r;
}

PyObject *asarray_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyObject *a[6];
    if (!bind(args, n, kwnames, asarray_names, 6, 2, 1, a) || a[0] == NULL) {
        return NULL;
    }
    PyObject *r = converted(f, a);
    if (r != a[0]) {
        return made(r);  /* Note [0-d arrays print as scalars] in _array.py */
    }
    PyArrayObject *d = r == NULL || marked(r) ? NULL : host_data(f, r);
    if (d != NULL && PyArray_NDIM(d) == 0 && f->extra != Py_True) {
        /* an element (NumPy's scalar): asarray's answer is a 0-d ndarray, of its own value */
        Py_SETREF(r, made(wrap(f, PyArray_NewCopy(d, NPY_KEEPORDER))));
    }
    return r;
}
