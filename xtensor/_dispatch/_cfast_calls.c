/* xtensor._dispatch._cfast: namespace functions whose first branch is one NumPy call on the
   operands' data, `concat` (_manipulation.py), `pair` (`_one_call` of _linear_algebra.py:
   dot, matmul, `@`), `count` (count_nonzero of _statistical.py), `scalar_power`
   (Array.__pow__), `scalar` (Array.__float__, __int__, __index__, __bool__), `like`
   (empty_like, zeros_like, ones_like of _creation.py: `_plain_like`) and more, each next to
   the name of the Python function it mirrors (the reference); `extra` is that NumPy function
   (or as said). See Note [Compiled hot path] in _cfast.c for what a body returns. */

#include "_cfast.h"

/* `extra(*ops)` wrapped in a new Array (a NumPy scalar made 0-d), counted as a hit;
   NULL with no exception where NumPy raised a ValueError (the twin words it). */
static PyObject *call_numpy(FastCall *f, PyObject *const *ops, Py_ssize_t n)
{
    hit();
    PyObject *r = PyObject_Vectorcall(f->extra, ops, n, NULL);
    if (r == NULL) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
        }
        return NULL;
    }
    return wrap(f, as_ndarray(r));
}

/* --- concat (_manipulation.py: `_one_dtype`) ---------------------------------------------- */

PyObject *concat_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (n < 1 || n + nkw > 2 ||
        (nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "axis"))) {
        return NULL;
    }
    PyObject *arrays = args[0], *axis = n + nkw == 2 ? args[1] : NULL;
    if ((axis != NULL && !PyLong_CheckExact(axis) && axis != Py_None) ||
        !(PyList_CheckExact(arrays) || PyTuple_CheckExact(arrays))) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(arrays);
    PyObject **items = PySequence_Fast_ITEMS(arrays);
    if (count == 0) {
        return NULL;
    }
    PyObject *datas = PyList_New(count);
    if (datas == NULL) {
        return NULL;
    }
    PyArray_Descr *dtype = NULL;
    npy_intp bytes = 0;  /* from CACHED_BYTES, the twin's `joined` */
    for (Py_ssize_t i = 0; i < count; i++) {
        PyArrayObject *d = read_data(f, items[i]);
        PyObject *read = NULL;  /* a list of plain numbers, as NumPy reads it (Note [List
                                   arguments] in _cfast.c); ragged: the twin's error */
        if (d == NULL && PyList_CheckExact(items[i]) && plain_numbers(items[i], 1)) {
            read = PyArray_FromAny(items[i], NULL, 0, 0, 0, NULL);
            PyErr_Clear();
            d = (PyArrayObject *)read;
        }
        if (d == NULL || PyArray_NDIM(d) == 0 || (dtype != NULL && PyArray_DESCR(d) != dtype)) {
            Py_XDECREF(read);
            Py_DECREF(datas);
            return NULL;
        }
        dtype = PyArray_DESCR(d);
        bytes += PyArray_NBYTES(d);
        PyList_SET_ITEM(datas, i, read != NULL ? read : Py_NewRef((PyObject *)d));
    }
    if (bytes >= CACHED_BYTES) {
        Py_DECREF(datas);
        return NULL;
    }
    PyObject *ops[2] = {datas, axis};
    PyObject *r = call_numpy(f, ops, axis == NULL ? 1 : 2);
    Py_DECREF(datas);
    return r;
}

/* --- pair: dot, matmul, `@` (_linear_algebra.py: `_one_call`) ------------------------ */

/* `extra(x, y)` of two CPU arrays of one numeric dtype; extra None is dot's own C
   (PyArray_MatrixProduct2), without its Python function's argument parsing. */

PyObject *pair_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *x, *y;
    if (n != 2 || (x = read_data(f, args[0])) == NULL || (y = read_data(f, args[1])) == NULL ||
        PyArray_DESCR(x) != PyArray_DESCR(y) || PyArray_NDIM(x) == 0 || PyArray_NDIM(y) == 0) {
        return NULL;
    }
    char kind = PyArray_DESCR(x)->kind;
    if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f' && kind != 'c') {
        return NULL;
    }
    if (f->extra == Py_None) {  /* dot's: NumPy's product itself */
        hit();
        PyObject *r = PyArray_MatrixProduct2((PyObject *)x, (PyObject *)y, NULL);
        if (r == NULL && PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();  /* (the twin words the mismatch) */
        }
        return r == NULL ? NULL : wrap(f, as_ndarray(r));
    }
    PyObject *ops[2] = {(PyObject *)x, (PyObject *)y};
    return call_numpy(f, ops, 2);
}

/* --- count: count_nonzero (_statistical.py) ------------------------------------------------ */

/* `count_nonzero(x)` of a CPU array of a numeric dtype: NumPy's count, as a 0-d int64. */
PyObject *count_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1 || (d = read_data(f, args[0])) == NULL) {
        return NULL;
    }
    char kind = PyArray_DESCR(d)->kind;
    if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f' && kind != 'c') {
        return NULL;
    }
    npy_intp count = PyArray_CountNonzero(d);
    if (count < 0) {
        return NULL;  /* with NumPy's error set */
    }
    hit();
    PyObject *r = PyArray_SimpleNew(0, NULL, NPY_INT64);
    if (r != NULL) {
        *(npy_int64 *)PyArray_DATA((PyArrayObject *)r) = count;
    }
    return wrap(f, r);
}

/* --- scalar_power: Array.__pow__ (_array_scalars.py: `_scalar_power`) ----------------------- */

/* Whether the n float32 or float64 values whose bits are at p hold a -0.0 or a -inf: the
   values where `x ** 0.5` is not NumPy's `sqrt` (the twin's fix-up patches them). Each test
   is `v == 0` on the bits XOR the value's, as `(v - 1) & ~v` has its top bit set: integer
   subtracts and logic, which vectorize on any SIMD (64-bit compares need SSE4.1). */
#define NEGATIVE_ZERO_OR_INF(U, SIGN, NEG_INF)                                    \
    WIDEST_VECTORS static int negative_zero_or_inf_##U(const U *p, npy_intp n)   \
    {                                                                             \
        U found = 0;                                                              \
        for (npy_intp i = 0; i < n; i++) {                                        \
            U zero = p[i] ^ (U)(SIGN), inf = p[i] ^ (U)(NEG_INF);                 \
            found |= ((zero - 1) & ~zero) | ((inf - 1) & ~inf);                   \
        }                                                                         \
        return (int)(found >> (sizeof(U) * 8 - 1));                              \
    }
NEGATIVE_ZERO_OR_INF(npy_uint64, 0x8000000000000000ULL, 0xFFF0000000000000ULL)
NEGATIVE_ZERO_OR_INF(npy_uint32, 0x80000000U, 0xFF800000U)
NEGATIVE_ZERO_OR_INF(npy_uint16, 0x8000U, 0xFC00U)  /* float16 (the sums promote, `found`
                                                         keeps the low 16 bits) */

/* Whether C-contiguous float `d` (16, 32 or 64 bits) holds a -0.0 or a -inf. */
static int negative_zero_or_inf(PyArrayObject *d)
{
    const void *p = PyArray_DATA(d);
    npy_intp n = PyArray_SIZE(d);
    switch (PyArray_TYPE(d)) {
    case NPY_DOUBLE: return negative_zero_or_inf_npy_uint64(p, n);
    case NPY_FLOAT: return negative_zero_or_inf_npy_uint32(p, n);
    default: return negative_zero_or_inf_npy_uint16(p, n);
    }
}

/* `x ** 0.5` as the standard has it, in one pass: sqrt, with -0.0 giving +0.0 (the twin's
   sqrt and fix-up, Note [Square roots in one pass]); whether any value was a NaN or below
   -0.0 (-inf too), whose answers NumPy's sqrt gives with its warning, patched (the caller
   then runs those, over `out` again). Built without math errno (setup.py), so the loop
   vectorizes. */
#define HALF_POWER(T, NAME, SQRT)                                                 \
    WIDEST_VECTORS static int half_power_##NAME(const T *x, T *out, npy_intp n)   \
    {                                                                             \
        int odd = 0;                                                              \
        for (npy_intp i = 0; i < n; i++) {                                        \
            T v = x[i], root = SQRT(v) + (T)0;                                    \
            odd |= !(v >= 0);                                                     \
            out[i] = root;                                                        \
        }                                                                         \
        return odd;                                                               \
    }
HALF_POWER(double, double, sqrt)
HALF_POWER(float, float, sqrtf)

/* `x1 ** x2`, as Python's operator: a binaryfunc for scalar_arithmetic. */
static PyObject *power(PyObject *x1, PyObject *x2)
{
    return PyNumber_Power(x1, x2, Py_None);
}

/* `t ** 2` (square) or `t ** -1` (reciprocal; `extra` as below) computed into the buffer of
   a temporary t where its dtype is the answer's, as NumPy's operator does (Note [Temporary
   elision] in elision.py): TEMP_YES, TEMP_NO (no temporary: the C runs the call), TEMP_DEFER
   (the twin's: `** 0.5`, whose fix-up reads its input, among them), or -1 with an error. */
static int elided_power(FastCall *f, PyObject *x, PyArrayObject *d, long long e)
{
    int t = PyArray_TYPE(d);
    int inexact = t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || t == NPY_CFLOAT ||
                  t == NPY_CDOUBLE;
    if (!(e == 2 && (inexact || PyTypeNum_ISINTEGER(t))) && !(e == -1 && inexact)) {
        return TEMP_DEFER;
    }
    int verdict = temporary_operand(f, x, d, 0);
    if (verdict != TEMP_YES) {
        return verdict;
    }
    PyObject *fn = PyTuple_GET_ITEM(f->extra, e == 2 ? 0 : 1);
    PyObject *r = PyObject_CallFunctionObjArgs(fn, (PyObject *)d, (PyObject *)d, NULL);
    if (r == NULL) {
        return -1;
    }
    Py_DECREF(r);
    elided_count++;
    hit();
    return TEMP_YES;
}

/* `x ** 2`, `x ** -1` and `x ** 0.5` of a float or complex CPU array (and `x ** 2` of an
   integer or bool one) under `limit` elements (one that may be a temporary: `elided_power`,
   whose doubts are the twin's): NumPy's operator computes them as square, reciprocal and
   sqrt, the twin's first branch too; `extra` is (numpy.square, numpy.reciprocal,
   numpy.sqrt). `** 0.5` only of complex arrays and of C-contiguous floats without -0.0 or
   -inf, which the twin's fix-up patches. Before all, two values (a 0-d x) take NumPy's scalar
   `**` (Note [Scalar arithmetic] in _dispatch/plans.py), as the twin does. */
PyObject *scalar_power_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    PyObject *r = n == 2 ? value_operator(VALUE_POW, args[0], args[1], f->array_type,
                                          f->data_offset)
                         : NULL;  /* Note [Value arithmetic] in _cfast_values.c */
    if (r != NULL || PyErr_Occurred()) {
        return wrap(f, r);
    }
    r = n == 2 ? scalar_arithmetic(f, args[0], args[1], power, "iufc") : NULL;
    if (r != NULL) {
        return r;  /* two values: NumPy's scalar `**` (Note [Scalar arithmetic]) */
    }
    int overflow = 0;
    long long e = n == 2 && PyLong_CheckExact(args[1])
                      ? PyLong_AsLongLongAndOverflow(args[1], &overflow) : 0;
    if (n == 2 && !(PyLong_CheckExact(args[1]) && !overflow && (e == 2 || e == -1)) &&
        !(PyFloat_CheckExact(args[1]) && PyFloat_AS_DOUBLE(args[1]) == 0.5)) {
        /* no branch of the twin's applies: its `power` (`slow`), called from here, so a
           warning NumPy gives is at the caller's line, not at the twin's */
        return PyObject_Vectorcall(f->slow, args, 2, NULL);
    }
    if (n != 2 || (d = host_data(f, args[0])) == NULL || !PyArray_ISNOTSWAPPED(d)) {
        return NULL;
    }
    int fit = operand_fits(f, args[0], d, 0);
    if (fit < 0 || (fit == 0 && size_of(d) >= f->limit)) {
        return NULL;
    }
    if (fit == 0) {  /* maybe a temporary: `(a - b) ** 2` */
        int taken = PyLong_CheckExact(args[1]) ? elided_power(f, args[0], d, e) : TEMP_DEFER;
        if (taken != TEMP_NO) {
            return taken == TEMP_YES ? Py_NewRef(args[0]) : NULL;
        }
    }
    int t = PyArray_TYPE(d), which;
    if (PyFloat_CheckExact(args[1]) && PyFloat_AS_DOUBLE(args[1]) == 0.5 &&
        PyArray_IS_C_CONTIGUOUS(d) && (t == NPY_FLOAT || t == NPY_DOUBLE)) {
        PyObject *out = PyArray_SimpleNew(PyArray_NDIM(d), PyArray_DIMS(d), t);
        if (out == NULL) {
            return NULL;
        }
        void *o = PyArray_DATA((PyArrayObject *)out);
        int odd = t == NPY_DOUBLE ? half_power_double(PyArray_DATA(d), o, PyArray_SIZE(d))
                                  : half_power_float(PyArray_DATA(d), o, PyArray_SIZE(d));
        if (!odd) {
            hit();
            return wrap(f, out);
        }
        Py_DECREF(out);  /* NaNs or negative values: NumPy's sqrt, and its warning, below */
    }
    if (PyFloat_CheckExact(args[1]) && (t == NPY_CFLOAT || t == NPY_CDOUBLE)) {
        which = 2;  /* complex: NumPy's sqrt, any layout (the fix-up patches real answers) */
    }
    else if (PyFloat_CheckExact(args[1]) && (PyTypeNum_ISINTEGER(t) || t == NPY_BOOL)) {
        return PyObject_Vectorcall(f->slow, args, 2, NULL);  /* as the twin's: `power` */
    }
    else if (PyFloat_CheckExact(args[1])) {
        if (PyFloat_AS_DOUBLE(args[1]) != 0.5 || !PyArray_IS_C_CONTIGUOUS(d) ||
            !(t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE) || negative_zero_or_inf(d)) {
            return NULL;
        }
        which = 2;
    }
    else {
        if (!PyLong_CheckExact(args[1]) || overflow || (e != 2 && e != -1) ||
            !(t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || t == NPY_CFLOAT ||
              t == NPY_CDOUBLE || (e == 2 && (PyTypeNum_ISINTEGER(t) || t == NPY_BOOL)))) {
            return NULL;
        }
        which = e == 2 ? 0 : 1;
    }
    hit();
    PyObject *fn = PyTuple_GET_ITEM(f->extra, which);
    return wrap(f, as_ndarray(PyObject_CallOneArg(fn, (PyObject *)d)));
}

/* `other ** self` (Array.__rpow__, args (self, other)): two values take NumPy's scalar `**`
   (Note [Scalar arithmetic]); anything else the reflected dunder's twin (`slow`), called from
   here, without the Python method's frame. */
PyObject *scalar_rpower_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    if (n != 2) {
        return NULL;
    }
    PyObject *r = value_operator(VALUE_POW, args[1], args[0], f->array_type, f->data_offset);
    if (r != NULL || PyErr_Occurred()) {
        return wrap(f, r);
    }
    r = scalar_arithmetic(f, args[1], args[0], power, "iufc");
    return r != NULL ? r : PyObject_Vectorcall(f->slow, args, 2, NULL);
}

/* --- scalar: Array.__float__, __int__, __index__, __bool__ (_array.py) ---------------------- */

/* `float(x)`, `int(x)`, `operator.index(x)`, `bool(x)` of a 0-d CPU array whose dtype kind is
   one of extra[1] (bytes): `convert(d.item())`, convert being extra[0] (None: the item
   itself), as each dunder's first branch. Scripts call these on every `x[i]` they test. */
PyObject *scalar_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1 || (d = host_data(f, args[0])) == NULL || PyArray_NDIM(d) != 0 ||
        !PyTuple_Check(f->extra) || PyTuple_GET_SIZE(f->extra) != 2 ||
        !PyBytes_Check(PyTuple_GET_ITEM(f->extra, 1)) ||
        strchr(PyBytes_AS_STRING(PyTuple_GET_ITEM(f->extra, 1)), PyArray_DESCR(d)->kind) == NULL) {
        return NULL;
    }
    PyObject *convert = PyTuple_GET_ITEM(f->extra, 0);
    PyObject *item = PyArray_GETITEM(d, PyArray_DATA(d));
    if (item == NULL || convert == Py_None || (PyObject *)Py_TYPE(item) == convert) {
        return item;
    }
    PyObject *r = PyObject_CallOneArg(convert, item);
    Py_DECREF(item);
    return r;
}

/* --- format: Array.__format__ (_array.py) --------------------------------------------------- */

/* `f"{x[i]:.3f}"`: a 0-d CPU array of a bool, integer or float dtype of at most 8 bytes formats
   as NumPy's scalar does, which formats its Python value (bool, int or float) with the spec;
   the item is that value, without the NumPy scalar in between. */
PyObject *format_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 2 || !PyUnicode_CheckExact(args[1]) || (d = host_data(f, args[0])) == NULL ||
        PyArray_NDIM(d) != 0 || strchr("biuf", PyArray_DESCR(d)->kind) == NULL ||
        PyArray_ITEMSIZE(d) > 8) {
        return NULL;
    }
    PyObject *item = PyArray_GETITEM(d, PyArray_DATA(d));
    if (item == NULL) {
        return NULL;
    }
    PyObject *r = PyObject_Format(item, args[1]);
    Py_DECREF(item);
    return r;
}

/* --- fold: ufunc.reduce (_ufunc.py: its first branch) --------------------------------------- */

/* `ufunc.reduce(x)` or `(x, axis)` for an int axis (0 by default; by position or keyword): the
   ufunc's reduction (extra[0]: `sum` for add) over that axis; its AxisError is the twin's to
   word. */
PyObject *fold_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    static PyObject *zero;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *axis = n == 3 ? args[2] : NULL;
    if (nkw == 1 && n == 2 &&
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "axis") == 0) {
        axis = args[2];  /* `add.reduce(x, axis=1)` */
    }
    else if (nkw != 0) {
        return NULL;
    }
    if (n < 2 || n > 3 || host_data(f, args[1]) == NULL || !PyTuple_CheckExact(f->extra) ||
        PyTuple_GET_SIZE(f->extra) != 2 || (axis != NULL && !PyLong_CheckExact(axis)) ||
        (zero == NULL && (zero = PyLong_FromLong(0)) == NULL)) {
        return NULL;
    }
    PyObject *ops[2] = {args[1], axis != NULL ? axis : zero};
    PyObject *r = PyObject_Vectorcall(PyTuple_GET_ITEM(f->extra, 0), ops, 2, NULL);
    if (r == NULL && PyErr_ExceptionMatches(PyTuple_GET_ITEM(f->extra, 1))) {
        PyErr_Clear();
    }
    return r;
}

/* --- flat_item: `x.flat[i]` (flatiter.__getitem__ of _array_views.py) ---------------------- */

/* For an int i in range, over CPU data of a native number dtype: the element at flat index i
   (C order) copied into a new 0-d array, which is what NumPy's scalar made 0-d holds. `extra`
   is the flatiter class. */
PyObject *flat_item_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    static Py_ssize_t base_offset = -1;  /* flatiter's `base` slot */
    if (n != 2 || Py_TYPE(args[0]) != (PyTypeObject *)f->extra || !PyLong_CheckExact(args[1])) {
        return NULL;
    }
    if (base_offset < 0 && (base_offset = slot_offset(f->extra, "base")) < 0) {
        return NULL;
    }
    PyObject *base = *(PyObject **)((char *)args[0] + base_offset);
    PyArrayObject *d = base == NULL ? NULL : host_data(f, base);
    if (d == NULL) {
        return NULL;
    }
    PyArray_Descr *descr = PyArray_DESCR(d);
    int type = descr->type_num;
    Py_ssize_t i = PyLong_AsSsize_t(args[1]);
    const npy_intp size = PyArray_SIZE(d);
    if (!PyTypeNum_ISNUMBER(type) || !PyArray_ISNBO(descr->byteorder) ||
        (i == -1 && PyErr_Occurred()) || i < -size || i >= size) {
        PyErr_Clear();  /* (an int past Py_ssize_t: the twin's IndexError) */
        return NULL;
    }
    i += i < 0 ? size : 0;
    char *p = PyArray_BYTES(d);
    for (int k = PyArray_NDIM(d) - 1; k >= 0; k--) {
        p += (i % PyArray_DIM(d, k)) * PyArray_STRIDE(d, k);
        i /= PyArray_DIM(d, k);
    }
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, PyArray_DescrFromType(type), 0, NULL,
                                       NULL, NULL, 0, NULL);
    if (r != NULL) {
        memcpy(PyArray_DATA((PyArrayObject *)r), p, PyArray_ITEMSIZE(d));
        hit();
    }
    return wrap(f, r);
}

/* --- sampler: the draws of xtensor.random (_random_compiled.py) ---------------------------- */

#define SAMPLER_ARGS 16  /* arguments the twin's first branch takes, at most */

/* Whether the call's arguments are the sampler's to pass on as they are: no Array (the twin
   brings those to the host), at most `max_pos` positional ones, keywords among `names` (any
   but `device` and `out` where names is None, none where the shape is packed). */
static int plain_draw(FastCall *f, PyObject *const *args, Py_ssize_t npos, PyObject *kwnames,
                      Py_ssize_t max_pos, PyObject *names, int pack)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (npos > max_pos || npos + nkw > SAMPLER_ARGS || (pack && nkw)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < npos + nkw; i++) {
        if (PyObject_TypeCheck(args[i], f->array_type)) {
            return 0;
        }
    }
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int ok = names == Py_None ? PyUnicode_CompareWithASCIIString(name, "device") != 0 &&
                                        PyUnicode_CompareWithASCIIString(name, "out") != 0
                                  : PySequence_Contains(names, name);
        if (ok <= 0) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* NumPy's exception, raised again by `renamed` (the twin's `except Exception: with
   _named(func): raise`); others (KeyboardInterrupt...) stay as they are. */
static void rename_error(PyObject *renamed)
{
    if (!PyErr_ExceptionMatches(PyExc_Exception)) {
        return;
    }
#if PY_VERSION_HEX >= 0x030C0000
    PyObject *e = PyErr_GetRaisedException();
#else
    PyObject *type, *e, *tb;
    PyErr_Fetch(&type, &e, &tb);
    PyErr_NormalizeException(&type, &e, &tb);
    if (tb != NULL) {
        PyException_SetTraceback(e, tb);
    }
    Py_XDECREF(type);
    Py_XDECREF(tb);
#endif
    PyObject *r = PyObject_CallOneArg(renamed, e);
    Py_DECREF(e);
    Py_XDECREF(r);  /* (it raises: a return leaves no error, and the twin runs) */
}

/* The twin's one NumPy draw: extra is (source, method, owner, renamed, pack, max_pos, names):
   NumPy's method `method` of the generator `source`, or where `owner` is a class, of the
   generator in attribute `source` of args[0] (exactly an owner); with method None, `source`
   is the bound method itself. With `pack`, the positional arguments are one shape tuple. */
PyObject *sampler_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    PyObject *e = f->extra;
    if (!PyTuple_CheckExact(e) || PyTuple_GET_SIZE(e) != 7) {
        return NULL;
    }
    PyObject *source = PyTuple_GET_ITEM(e, 0), *owner = PyTuple_GET_ITEM(e, 2);
    int pack = PyTuple_GET_ITEM(e, 4) == Py_True;
    Py_ssize_t max_pos = PyLong_AsSsize_t(PyTuple_GET_ITEM(e, 5)), self = owner != Py_None;
    if ((max_pos == -1 && PyErr_Occurred()) || n < self ||
        (self && (PyObject *)Py_TYPE(args[0]) != owner) ||
        !plain_draw(f, args + self, n - self, kwnames, max_pos, PyTuple_GET_ITEM(e, 6), pack)) {
        return NULL;
    }
    PyObject *stack[1 + SAMPLER_ARGS];
    Py_ssize_t npos = n - self, nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *shape = NULL;
    if (pack) {  /* rand(2, 3): random_sample((2, 3)); rand(): random_sample(None) */
        shape = npos ? PyTuple_New(npos) : Py_NewRef(Py_None);
        for (Py_ssize_t i = 0; shape != NULL && i < npos; i++) {
            PyTuple_SET_ITEM(shape, i, Py_NewRef(args[self + i]));
        }
        if (shape == NULL) {
            return NULL;
        }
        stack[1] = shape;
        npos = 1;
    }
    else {
        memcpy(stack + 1, args + self, (npos + nkw) * sizeof(PyObject *));
    }
    PyObject *method = PyTuple_GET_ITEM(e, 1), *r;
    hit();
    if (method == Py_None) {  /* (stack[0] is scratch space the callee may use) */
        r = PyObject_Vectorcall(source, stack + 1, npos | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                kwnames);
    }
    else if ((stack[0] = self ? PyObject_GetAttr(args[0], source) : Py_NewRef(source))) {
        r = PyObject_VectorcallMethod(method, stack, 1 + npos, kwnames);
        Py_DECREF(stack[0]);
    }
    else {
        Py_XDECREF(shape);
        return NULL;
    }
    Py_XDECREF(shape);
    if (r == NULL) {
        rename_error(PyTuple_GET_ITEM(e, 3));
        return NULL;
    }
    if (PyFloat_CheckExact(r) || PyLong_CheckExact(r) || PyBool_Check(r)) {
        return r;  /* NumPy's own Python number (`rand()`, `randint(5)`), as random.py's `_out` */
    }
    /* an array (0-d for `size=()`: NumPy's 0-d ndarray), or one draw's scalar (an element) */
    return PyArray_CheckExact(r) ? made(wrap(f, r)) : wrap(f, as_ndarray(r));
}

/* --- like: empty_like, zeros_like, ones_like (_creation_args.py: `_plain_like`) ------------- */

/* `f(x)` alone, of a CPU array: NumPy's empty_like of its data (extra[0]), filled with
   extra[1] unless None (only for numeric dtypes, as the twin). */
PyObject *like_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1 || (d = host_data(f, args[0])) == NULL || !PyTuple_Check(f->extra) ||
        PyTuple_GET_SIZE(f->extra) != 2) {
        return NULL;
    }
    PyObject *fill = PyTuple_GET_ITEM(f->extra, 1);
    char kind = PyArray_DESCR(d)->kind;
    if (fill != Py_None && !(kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f' ||
                             kind == 'c')) {
        return NULL;
    }
    hit();
    PyObject *r = PyObject_CallOneArg(PyTuple_GET_ITEM(f->extra, 0), (PyObject *)d);
    if (r != NULL && fill != Py_None && PyArray_FillWithScalar((PyArrayObject *)r, fill) < 0) {
        Py_CLEAR(r);
    }
    return made(wrap(f, as_ndarray(r)));  /* 0-d: NumPy's ndarray (Note [0-d arrays print...]) */
}

/* --- method0 (_array_everyday.py): `x.ravel()`, `x.flatten()`, `x.squeeze()`, `x.conj()` ---
   Each method's first branch, with no arguments (and np.copy(a)'s of _numpy_math.py), and
   `x.transpose()`, `x.sort()`, `x.diagonal()` (and `x.diagonal(offset)`),
   `x.view()`, `x.trace()`, the functions `squeeze(x)`, `real(x)` and `imag(x)`; `extra` is
   the method0 number.
   `x.transpose(1, 0)` and `x.transpose((1, 0))` go to `transposed` (_cfast_paths.c), the
   function twins' view, and `x.round()`, `x.round(2)` to `rounded`. */
enum method0 {
    RAVEL, FLATTEN, SQUEEZE, CONJ, COPY_K, TRANSPOSE, ARGSORT_UNUSED, SORT, DIAGONAL, VIEW,
    SQUEEZE_FN, TRACE, ROUND, REAL_FN, IMAG_FN
};  /* (x.argsort() is the sort kind's: `argsort`'s twin, keywords too) */

/* `x.round()` and `x.round(decimals)`, the method's first branch: NumPy's round of an array
   of numbers with axes, for an int `decimals` (`args[1]`, if n is 2); NULL with no exception
   for anything else. */
static PyObject *rounded(FastCall *f, PyObject *const *args, Py_ssize_t n)
{
    PyArrayObject *d = host_data(f, args[0]);
    int overflow = 0, integral = n == 1 || PyLong_CheckExact(args[1]);
    long decimals = n == 2 && integral ? PyLong_AsLongAndOverflow(args[1], &overflow) : 0;
    if (d == NULL || !integral || overflow || decimals != (int)decimals ||
        PyArray_NDIM(d) == 0 || strchr("iufc", PyArray_DESCR(d)->kind) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    hit();
    return wrap(f, PyArray_Round(d, (int)decimals, NULL));
}

/* NumPy's `d.trace()` with its floating-point warnings ignored, as `sum`'s are (`quietly`). */
static PyObject *quiet_trace(PyArrayObject *d, int offset)
{
    PyObject *token = PyContextVar_Set(fp_state, fp_ignore);
    if (token == NULL) {
        return NULL;
    }
    PyObject *r = PyArray_Trace(d, offset, 0, 1, NPY_NOTYPE, NULL);
    if (PyContextVar_Reset(fp_state, token) < 0) {
        Py_CLEAR(r);
    }
    Py_DECREF(token);
    return r;
}

PyObject *method0_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (!PyLong_CheckExact(f->extra)) {
        return NULL;
    }
    if (n > 1 && PyLong_AsLong(f->extra) == TRANSPOSE) {  /* `x.transpose(1, 0)` */
        return transposed(f, args, n, 1);
    }
    if (PyLong_AsLong(f->extra) == ROUND) {
        return n == 1 || n == 2 ? rounded(f, args, n) : NULL;
    }
    int offset = 0, overflow = 0;  /* `x.diagonal(1)`, `x.trace(1)`: an int offset */
    long which = PyLong_AsLong(f->extra);
    if (n == 2 && (which == DIAGONAL || which == TRACE) && PyLong_CheckExact(args[1])) {
        long k = PyLong_AsLongAndOverflow(args[1], &overflow);
        if (overflow || k != (int)k) {
            return NULL;
        }
        offset = (int)k, n = 1;
    }
    NPY_ORDER order = NPY_CORDER;  /* `x.ravel('F')`, `x.flatten('k')`: NumPy's orders */
    if (n == 2 && (which == RAVEL || which == FLATTEN)) {
        order = PyUnicode_Check(args[1]) ? order_of(args[1]) : NPY_ANYORDER - 1;
        if (order < NPY_ANYORDER) {
            return NULL;
        }
        n = 1;
    }
    if (n != 1 || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    npy_intp size = PyArray_SIZE(d);
    PyObject *r;
    switch (PyLong_AsLong(f->extra)) {
    case RAVEL:  /* NumPy's ravel: a view of data laid out in the order, else a copy */
        r = PyArray_Ravel(d, order);
        break;
    case FLATTEN:  /* (from CACHED_BYTES the twin's `flattened`) */
        if (PyArray_NBYTES(d) >= CACHED_BYTES) {
            return NULL;
        }
        r = PyArray_Flatten(d, order);
        break;
    case SQUEEZE:  /* where nothing goes, the array itself (as NumPy's method answers) */
        if (size == 0) {
            return NULL;
        }
        r = PyArray_Squeeze(d);
        if (r == (PyObject *)d) {
            Py_DECREF(r);
            hit();
            return Py_NewRef(args[0]);
        }
        break;
    case CONJ: {  /* a real array is its own conjugate: the array itself, as NumPy's */
        char kind = PyArray_DESCR(d)->kind;
        if (strchr("biuf", kind) != NULL) {
            hit();
            return Py_NewRef(args[0]);
        }
        if (kind != 'c' || PyArray_NDIM(d) == 0 || size >= f->limit) {
            return NULL;
        }
        r = PyArray_Conjugate(d, NULL);
        break;
    }
    case COPY_K: {  /* np.copy(a) (_numpy_math.py): a copy in a's layout, of a native dtype */
        char kind = PyArray_DESCR(d)->kind;
        if (strchr("biufc", kind) == NULL || !PyArray_ISNOTSWAPPED(d) ||
            PyArray_NBYTES(d) >= CACHED_BYTES) {  /* (the twin's `copied`) */
            return NULL;
        }
        r = PyArray_NewCopy(d, NPY_KEEPORDER);
        break;
    }
    case TRANSPOSE:
        r = PyArray_Transpose(d, NULL);
        break;
    case REAL_FN:  /* np.real(x), np.imag(x) (_elementwise._part_view): a view of complex */
    case IMAG_FN: {  /* data's floats; of a real array, itself and NumPy's read-only zeros */
        int real = strchr("biuf", PyArray_DESCR(d)->kind) != NULL;
        if (PyLong_AsLong(f->extra) == REAL_FN && real) {
            hit();
            return Py_NewRef(args[0]);
        }
        r = real ? PyObject_GetAttrString((PyObject *)d, "imag")
                 : complex_part(d, PyLong_AsLong(f->extra) == IMAG_FN);
        if (r == NULL) {
            return NULL;
        }
        break;
    }
    case DIAGONAL:  /* NumPy's read-only view, as the namespace's diagonal */
        if (PyArray_NDIM(d) < 2) {
            return NULL;
        }
        r = PyArray_Diagonal(d, offset, 0, 1);
        break;
    case VIEW:
        r = PyArray_View(d, NULL, NULL);
        break;
    case TRACE:  /* a small numeric matrix (as _numpy_matrix.small_trace): a 0-d sum of a
                    diagonal of at least one element (an empty one: the twin's) */
        if (PyArray_NDIM(d) != 2 || size >= f->limit ||
            strchr("biufc", PyArray_DESCR(d)->kind) == NULL ||
            (offset >= 0 ? PyArray_DIM(d, 0) < 1 || PyArray_DIM(d, 1) <= offset
                         : PyArray_DIM(d, 1) < 1 || PyArray_DIM(d, 0) <= -(npy_intp)offset)) {
            return NULL;
        }
        hit();
        return wrap(f, as_ndarray(quiet_trace(d, offset)));  /* a sum: NumPy's scalar */
    case SQUEEZE_FN:  /* _manipulation.squeeze's first branch: always a new view */
        if (size == 0) {
            return NULL;
        }
        r = PyArray_Squeeze(d);
        if (r == (PyObject *)d) {
            Py_SETREF(r, PyArray_View(d, NULL, NULL));
        }
        break;
    case SORT:  /* below the namespace's fast sorts: NumPy's stable sort, in place (a stable
                   sort's values are the sorted copy's) */
        if (PyArray_NDIM(d) == 0 || size >= FAST_SORT_MIN ||
            !PyTypeNum_ISNUMBER(PyArray_TYPE(d))) {
            return NULL;
        }
        if (PyArray_Sort(d, -1, NPY_STABLESORT) < 0) {
            PyErr_Clear();  /* a read-only x: the twin's checked path words it */
            return NULL;
        }
        hit();
        Py_RETURN_NONE;
    default:
        return NULL;
    }
    hit();  /* views and copies of x: 0-d ones are NumPy's 0-d ndarrays as x's kind says, and
               np.copy's always (Note [0-d arrays print as scalars] in _array.py) */
    return PyLong_AsLong(f->extra) == COPY_K ? made(wrap(f, r)) : kept(f, args[0], r);
}

/* --- dtype_call (_core/dtypes.py): `xt.float64(3.0)` ----------------------------------------
   DType.__call__'s first branch: a Python number made a 0-d array of one of the DTypes of
   extra[1] (NumPy dtype -> DType) as np.asarray(value, dtype) makes it; a value NumPy refuses
   is the twin's to word. extra[0] is the DType class, whose `numpy` slot holds the dtype. */
/* `np.asarray(x, descr)` where Python number x is its dtype's own value (a float in float64,
   an int of int64's range in int64, a bool in bool, a complex in complex128), written into a
   0-d array of the free list (Note [0-d free list] in _cfast_arrays.c); else NULL (with an
   exception only where the array could not be made). */
static PyObject *exact_zero_d(PyArray_Descr *descr, PyObject *x)
{
    int t = descr->type_num, overflow = 0;
    long long i = t == NPY_LONG && PyLong_CheckExact(x)
                      ? PyLong_AsLongLongAndOverflow(x, &overflow) : 0;
    if (!((t == NPY_DOUBLE && PyFloat_CheckExact(x)) || (t == NPY_BOOL && PyBool_Check(x)) ||
          (t == NPY_CDOUBLE && PyComplex_CheckExact(x)) ||
          (t == NPY_LONG && sizeof(long) == 8 && PyLong_CheckExact(x) && !overflow &&
           !(i == -1 && PyErr_Occurred())))) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *r = new_zero_d(descr);
    if (r == NULL) {
        return NULL;
    }
    void *p = PyArray_DATA((PyArrayObject *)r);
    if (t == NPY_DOUBLE) {
        *(double *)p = PyFloat_AS_DOUBLE(x);
    }
    else if (t == NPY_BOOL) {
        *(npy_bool *)p = x == Py_True;
    }
    else if (t == NPY_CDOUBLE) {
        ((double *)p)[0] = PyComplex_RealAsDouble(x);
        ((double *)p)[1] = PyComplex_ImagAsDouble(x);
    }
    else {
        *(npy_int64 *)p = (npy_int64)i;
    }
    return r;
}

/* `np.asarray(x)` of a Python bool, float, complex or int of int64's range: its 0-d array of
   NumPy's dtype for it, from the free list; NULL (no exception) for anything else. */
PyObject *number_zero_d(PyObject *x)
{
    int t = PyFloat_CheckExact(x) ? NPY_DOUBLE : PyBool_Check(x) ? NPY_BOOL
            : PyComplex_CheckExact(x) ? NPY_CDOUBLE : PyLong_CheckExact(x) ? NPY_LONG : -1;
    if (t < 0) {
        return NULL;
    }
    PyArray_Descr *descr = PyArray_DescrFromType(t);
    PyObject *r = exact_zero_d(descr, x);
    Py_DECREF(descr);
    return r;
}

PyObject *dtype_call_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    static Py_ssize_t numpy_offset = -1;
    PyObject *e = f->extra;
    if (n != 2 || !PyTuple_CheckExact(e) || PyTuple_GET_SIZE(e) != 2 ||
        (PyObject *)Py_TYPE(args[0]) != PyTuple_GET_ITEM(e, 0) || !is_scalar(args[1]) ||
        (numpy_offset < 0 && (numpy_offset = slot_offset(PyTuple_GET_ITEM(e, 0), "numpy")) < 0)) {
        return NULL;
    }
    PyObject *descr = *(PyObject **)((char *)args[0] + numpy_offset);
    int known = descr != NULL && PyArray_DescrCheck(descr)
                    ? PyDict_Contains(PyTuple_GET_ITEM(e, 1), descr) : 0;
    if (known <= 0) {
        return NULL;  /* (with an exception set where the lookup failed) */
    }
    PyObject *r = exact_zero_d((PyArray_Descr *)descr, args[1]);
    if (r != NULL) {
        hit();
        return wrap(f, r);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_INCREF(descr);  /* stolen */
    r = PyArray_FromAny(args[1], (PyArray_Descr *)descr, 0, 0, 0, NULL);
    if (r == NULL) {
        if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_ValueError) ||
            PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
        }
        return NULL;
    }
    hit();
    return wrap(f, r);
}

/* --- fill (_array_everyday.py): `x.fill(value)` -------------------------------------------
   The method's first branch: a Python float into a floating or complex x, an int into a
   numeric one, NumPy's fill; its ValueError or OverflowError (read-only, out of range) is the
   twin's to word. */
PyObject *fill_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 2 || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    char kind = PyArray_DESCR(d)->kind;
    PyTypeObject *t = Py_TYPE(args[1]);
    if (!(t == &PyFloat_Type && (kind == 'f' || kind == 'c')) &&
        !(t == &PyLong_Type && strchr("iufc", kind) != NULL)) {
        return NULL;
    }
    if (PyArray_FillWithScalar(d, args[1]) < 0) {
        if (PyErr_ExceptionMatches(PyExc_ValueError) ||
            PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
        }
        return NULL;
    }
    hit();
    Py_RETURN_NONE;
}

/* --- passthrough (_array_methods.py): `x.item(i)`, `x.tolist()` ----------------------------
   The methods that answer NumPy's method of the data as it is (a Python object, not an
   Array): `extra` is (that ndarray method, the most arguments the twin passes on, self
   included); NumPy's errors are the Python twin's too. */
PyObject *passthrough_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyObject *ops[NPY_MAXDIMS + 1];
    PyArrayObject *d;
    if (!PyTuple_CheckExact(f->extra) || PyTuple_GET_SIZE(f->extra) != 2) {
        return NULL;
    }
    Py_ssize_t most = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, 1));
    if (most == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (n < 1 || n > most || n > NPY_MAXDIMS + 1 || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    ops[0] = (PyObject *)d;
    for (Py_ssize_t i = 1; i < n; i++) {
        ops[i] = args[i];
    }
    hit();
    return PyObject_Vectorcall(PyTuple_GET_ITEM(f->extra, 0), ops, n, NULL);
}

/* --- search (_array_everyday.py): `x.searchsorted(v)`, `x.searchsorted(v, side)` ----------
   The method's first branch, and the function's (`searchsorted(a, v)`, _searching.py): a 1-d
   CPU array and a Python float beside float64 data, a Python int beside int64 data (NumPy
   reads it as int64 where it fits), or a CPU Array; side "left" or "right". NumPy's method
   of the data, whose intp answer (0-d for a number) is the Array's. Any NumPy error goes to
   the twin, which words it. */

/* Whether NumPy reads `v` as a value of `d`'s own dtype: a Python float beside native
   float64 data, an int within int64 beside native int64 data. */
static int own_value(PyObject *v, PyArrayObject *d)
{
    int t = PyArray_TYPE(d);
    if (!PyArray_ISNBO(PyArray_DESCR(d)->byteorder)) {
        return 0;
    }
    if (PyFloat_CheckExact(v)) {
        return t == NPY_DOUBLE;
    }
    if (!PyLong_CheckExact(v) || t != NPY_INT64) {
        return 0;
    }
    int overflow;
    long long k = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (k == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return !overflow;
}

PyObject *search_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    NPY_SEARCHSIDE side = NPY_SEARCHLEFT;
    if (n < 2 || n > 3 || (d = host_data(f, args[0])) == NULL || PyArray_NDIM(d) != 1) {
        return NULL;
    }
    if (n == 3) {
        if (!PyUnicode_CheckExact(args[2])) {
            return NULL;
        }
        if (PyUnicode_CompareWithASCIIString(args[2], "right") == 0) {
            side = NPY_SEARCHRIGHT;
        }
        else if (PyUnicode_CompareWithASCIIString(args[2], "left") != 0) {
            return NULL;
        }
    }
    PyObject *v = args[1];
    if (!own_value(v, d) && (v = (PyObject *)host_data(f, v)) == NULL) {
        return NULL;
    }
    PyObject *r = PyArray_SearchSorted(d, v, side, NULL);
    if (r == NULL || !PyArray_CheckExact(r) || PyArray_TYPE((PyArrayObject *)r) != NPY_INTP) {
        Py_XDECREF(r);
        PyErr_Clear();
        return NULL;
    }
    hit();
    return wrap(f, r);
}

/* NumPy's answer `r` (stolen) as a new Array, counted as a hit, where it is an ndarray (the
   Array `self` itself where it is self's data `d`, as np.ascontiguousarray answers contiguous
   data); else NULL with no exception (NumPy's error, or another answer): the twin's call. */
static PyObject *array_answer(FastCall *f, PyObject *r, PyObject *self, PyArrayObject *d)
{
    if (r == NULL || !PyArray_CheckExact(r)) {
        Py_XDECREF(r);
        PyErr_Clear();
        return NULL;
    }
    hit();
    if (r == (PyObject *)d) {
        Py_DECREF(r);
        return Py_NewRef(self);
    }
    return wrap(f, r);
}

/* --- int_method (_array_everyday.py): `x.swapaxes(0, 1)`, `x.repeat(2)` -----------------
   The methods whose first branch is NumPy's method of the data with int arguments, wrapped
   (and np.ascontiguousarray(a), np.asfortranarray(a) of _numpy_creation.py, `a` itself where
   its data is answered):
   `extra` is (that ndarray method, the most arguments, self included). An argument of any
   other type, or any NumPy error (an axis out of range, a negative count), is the twin's,
   which words it; such a method is a view or a copy, so trying it first changes nothing. */
PyObject *int_method_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyObject *ops[4];
    PyArrayObject *d;
    if (!PyTuple_CheckExact(f->extra) || PyTuple_GET_SIZE(f->extra) != 2 ||
        !PyLong_CheckExact(PyTuple_GET_ITEM(f->extra, 1))) {
        return NULL;
    }
    Py_ssize_t most = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, 1));
    if (n < 1 || n > most || n > 4 || (d = host_data(f, args[0])) == NULL ||
        PyArray_SIZE(d) == 0 || PyArray_NDIM(d) == 0) {
        return NULL;  /* empty or 0-d: NumPy skips checks that the twin makes (`repeat(-1)`,
                         a 0-d `repeat(2, 0)` NumPy reads as 1-d) */
    }
    ops[0] = (PyObject *)d;
    for (Py_ssize_t i = 1; i < n; i++) {
        if (!PyLong_CheckExact(args[i])) {
            return NULL;
        }
        ops[i] = args[i];
    }
    return array_answer(f, PyObject_Vectorcall(PyTuple_GET_ITEM(f->extra, 0), ops, n, NULL),
                        args[0], d);
}

/* --- accumulate (_ufunc.py: ufunc.accumulate) ---------------------------------------------
   `xt.add.accumulate(x)` or `(x, axis)` with an int axis, as the method's first branch:
   NumPy's accumulate of the data (`extra`, the NumPy ufunc's bound method), wrapped. Any
   NumPy error (a unary op, a bad axis) sends the call to the method, which words it. args[0]
   is the xtensor ufunc instance (the twin binds as a method). */
PyObject *accumulate_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n < 2 || n > 3 || (d = host_data(f, args[1])) == NULL ||
        (n == 3 && !PyLong_CheckExact(args[2]))) {
        return NULL;
    }
    PyObject *ops[2] = {(PyObject *)d, n == 3 ? args[2] : NULL};
    return array_answer(f, PyObject_Vectorcall(f->extra, ops, n - 1, NULL), args[1], d);
}

/* --- numpy_call (_numpy_index.py, _sets.py): `lexsort((a, b))`, `bincount(x)`, `unique(x)` ---
   The twins whose first branch is NumPy's function `extra` on CPU buffers (`_plain_call`):
   called here on the arguments as given, each CPU Array under `limit` elements read as its
   data, alone or in a tuple of them (the first argument one of those), beside Python ints,
   floats, strings, None and tuples of ints. Anything else (a list, another array type, a
   larger Array) is the twin's, and so is any error NumPy raises, which the twin words; an
   answer is an Array, or a tuple of them for a tuple of arrays (`unique(x, return_counts=
   True)`). */
#define PLAIN_ARGS_MAX 8

/* `x` as NumPy's function takes it (a new reference), or NULL (no exception): the twin's. */
static PyObject *plain_operand(FastCall *f, PyObject *x)
{
    PyArrayObject *d = host_data(f, x);
    if (d != NULL) {
        return size_of(d) < f->limit ? Py_NewRef((PyObject *)d) : NULL;
    }
    if (x == Py_None || PyLong_CheckExact(x) || PyFloat_CheckExact(x) || PyBool_Check(x) ||
        PyUnicode_CheckExact(x)) {
        return Py_NewRef(x);
    }
    if (!PyTuple_CheckExact(x) || PyTuple_GET_SIZE(x) == 0) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(x), ints = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        ints += PyLong_CheckExact(PyTuple_GET_ITEM(x, i));
    }
    if (ints == n) {
        return Py_NewRef(x);  /* a shape, dims */
    }
    PyObject *datas = ints == 0 ? PyTuple_New(n) : NULL;
    for (Py_ssize_t i = 0; datas != NULL && i < n; i++) {
        d = host_data(f, PyTuple_GET_ITEM(x, i));
        if (d == NULL || size_of(d) >= f->limit) {
            Py_CLEAR(datas);
            break;
        }
        PyTuple_SET_ITEM(datas, i, Py_NewRef((PyObject *)d));
    }
    return datas;
}

static int all_ints(PyObject *x)
{
    for (Py_ssize_t i = 0; PyTuple_CheckExact(x) && i < PyTuple_GET_SIZE(x); i++) {
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(x, i))) {
            return 0;
        }
    }
    return PyTuple_CheckExact(x);
}

/* NumPy's answer `r` (stolen) as an Array, or a tuple of Arrays; NULL for anything else. A
   0-d ndarray NumPy answered prints as one (Note [0-d arrays print as scalars] in _array.py),
   a NumPy scalar as a scalar. */
static PyObject *plain_answer(FastCall *f, PyObject *r)
{
    if (!PyTuple_CheckExact(r)) {
        if (!PyArray_CheckExact(r) && !PyArray_IsScalar(r, Generic)) {
            Py_DECREF(r);
            return NULL;
        }
        hit();
        return PyArray_CheckExact(r) ? made(wrap(f, r)) : wrap(f, as_ndarray(r));
    }
    Py_ssize_t k = PyTuple_GET_SIZE(r);
    PyObject *arrays = PyTuple_New(k);
    for (Py_ssize_t i = 0; arrays != NULL && i < k; i++) {
        PyObject *item = PyTuple_GET_ITEM(r, i), *a;
        if (!PyArray_CheckExact(item) || (a = made(wrap(f, Py_NewRef(item)))) == NULL) {
            Py_CLEAR(arrays);
            break;
        }
        PyTuple_SET_ITEM(arrays, i, a);
    }
    Py_DECREF(r);
    if (arrays != NULL) {
        hit();
    }
    return arrays;
}

PyObject *numpy_call_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    Py_ssize_t total = n + (kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0), got = 0;
    PyObject *plain[PLAIN_ARGS_MAX], *r = NULL;
    if (total > PLAIN_ARGS_MAX || !PyCallable_Check(f->extra)) {
        return NULL;
    }
    if (n == 0 || (host_data(f, args[0]) == NULL && !PyTuple_CheckExact(args[0]))) {
        return NULL;  /* (a number first: the twin's, which may refuse it) */
    }
    while (got < total && (plain[got] = plain_operand(f, args[got])) != NULL) {
        got++;
    }
    int arrays = got == total && (PyArray_CheckExact(plain[0]) || !all_ints(plain[0]));
    if (arrays && (r = PyObject_Vectorcall(f->extra, plain, n, kwnames)) == NULL) {
        PyErr_Clear();  /* NumPy's refusal: the twin words it */
    }
    for (Py_ssize_t i = 0; i < got; i++) {
        Py_DECREF(plain[i]);
    }
    return r == NULL ? NULL : plain_answer(f, r);
}

/* --- Array.__array_ufunc__ (_numpy_protocols.py: array_ufunc's first branch) ------------- */

/* The Array `out=(o,)` names for an op table's function: o itself, a CPU Array, or the Array
   over o's memory, a plain ndarray (a new reference); else NULL with no exception. */
static PyObject *plain_out(FastCall *f, PyObject *out)
{
    if (!PyTuple_CheckExact(out) || PyTuple_GET_SIZE(out) != 1) {
        return NULL;
    }
    PyObject *o = PyTuple_GET_ITEM(out, 0);
    if (Py_TYPE(o) == f->array_type) {
        return host_data(f, o) != NULL ? Py_NewRef(o) : NULL;
    }
    return numpy_data(o) != NULL ? wrap(f, Py_NewRef(o)) : NULL;
}

/* NumPy's `ufunc(*inputs)`, or `ufunc(*inputs, out=(o,))` (`ndarray + x`, `np.sin(x)`,
   `a += x`), as the op table's function the twin's memo names (table: NumPy's ufunc -> that
   function, or None), where every input is a CPU Array, an exact ndarray or a scalar of
   `extra` (the twin's `_PLAIN_SCALARS`) and o one `plain_out` takes; with out=, o is the
   answer, as NumPy's. Its TypeError or ValueError is the twin's to answer again (the full
   path), as is every call the memo does not hold yet. */
PyObject *protocol_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (n < 4 || nkw > 1 || !PyUnicode_CheckExact(args[2]) ||
        PyUnicode_CompareWithASCIIString(args[2], "__call__") != 0 || !PyDict_Check(f->table) ||
        !PyAnySet_Check(f->extra) ||
        (nkw && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "out") != 0)) {
        return NULL;
    }
    PyObject *fast = PyDict_GetItemWithError(f->table, args[1]);
    if (fast == NULL || fast == Py_None) {
        PyErr_Clear();  /* (a ufunc hashes by identity: nothing to raise) */
        return NULL;
    }
    for (Py_ssize_t i = 3; i < n; i++) {
        PyObject *v = args[i];
        int plain = Py_TYPE(v) == f->array_type ? host_data(f, v) != NULL
                    : PyArray_CheckExact(v)     ? 1
                                                : PySet_Contains(f->extra, (PyObject *)Py_TYPE(v));
        if (plain != 1) {
            PyErr_Clear();
            return NULL;
        }
    }
    PyObject *target = nkw ? plain_out(f, args[n]) : NULL, *stack[4];
    if (nkw && (target == NULL || n - 3 > 3)) {
        Py_XDECREF(target);
        return NULL;
    }
    Py_INCREF(fast);  /* (the memo may change while it runs) */
    PyObject *r;
    if (nkw) {
        memcpy(stack, args + 3, (n - 3) * sizeof(PyObject *));
        stack[n - 3] = target;
        r = PyObject_Vectorcall(fast, stack, n - 3, kw_out);
        Py_DECREF(target);
        Py_XSETREF(r, r == NULL ? NULL : Py_NewRef(PyTuple_GET_ITEM(args[n], 0)));
    }
    else {
        r = PyObject_Vectorcall(fast, args + 3, n - 3, NULL);
    }
    Py_DECREF(fast);
    if (r == NULL && (PyErr_ExceptionMatches(PyExc_TypeError) ||
                      PyErr_ExceptionMatches(PyExc_ValueError))) {
        PyErr_Clear();
    }
    return r;
}

/* --- Array.__array_function__ (_numpy_protocols.py: array_function's first branch) ------- */

/* `set.discard(key)` with the error being raised, if any, kept as it was. */
static void discard_keeping_error(PyObject *set, PyObject *key)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (PySet_Discard(set, key) < 0) {
        PyErr_Clear();  /* (a key that hashed on the way in hashes again) */
    }
    PyErr_Restore(type, value, tb);
}

/* NumPy's `func(*args, **kwargs)` (args: self, func, types, args, kwargs) where every type
   NumPy saw is Array or ndarray and the twin's memo (table: NumPy's function -> xtensor's
   module and name) has xtensor's namesake: that function called under the twin's re-entry
   guard (extra: the threading.local whose `calls` holds the functions in flight, Note
   [Re-entry]). Its TypeError or ValueError, a repeat call and anything the memo does not
   hold yet are the twin's (NumPy's fallback, or the error again on a GPU). */
PyObject *function_protocol_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    if (n != 5 || !PyTuple_CheckExact(args[2]) || !PyTuple_CheckExact(args[3]) ||
        !PyDict_CheckExact(args[4]) || !PyDict_Check(f->table)) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args[2]); i++) {
        PyObject *t = PyTuple_GET_ITEM(args[2], i);
        if (t != (PyObject *)f->array_type && t != (PyObject *)&PyArray_Type) {
            return NULL;
        }
    }
    PyObject *func = args[1], *home = PyDict_GetItemWithError(f->table, func);
    if (home == NULL || !PyTuple_CheckExact(home) || PyTuple_GET_SIZE(home) != 2) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *fn = PyObject_GetAttr(PyTuple_GET_ITEM(home, 0), PyTuple_GET_ITEM(home, 1));
    PyObject *calls = fn == NULL ? NULL : PyObject_GetAttrString(f->extra, "calls");
    int busy = calls == NULL || !PySet_Check(calls) ? -1 : PySet_Contains(calls, func);
    if (busy != 0 || fn == func || !PyCallable_Check(fn) || PySet_Add(calls, func) < 0) {
        PyErr_Clear();
        Py_XDECREF(fn);
        Py_XDECREF(calls);
        return NULL;
    }
    PyObject *kwargs = PyDict_GET_SIZE(args[4]) ? args[4] : NULL;
    PyObject *r = PyObject_Call(fn, args[3], kwargs);
    discard_keeping_error(calls, func);
    Py_DECREF(fn);
    Py_DECREF(calls);
    if (r == NULL && (PyErr_ExceptionMatches(PyExc_TypeError) ||
                      PyErr_ExceptionMatches(PyExc_ValueError))) {
        PyErr_Clear();
    }
    return r;
}
