/* xtensor._dispatch._cfast: a small-table ufunc run through NumPy's own inner loop.

Note [Direct inner loops]
~~~~~~~~~~~~~~~~~~~~~~~~~
On twenty elements NumPy's `np.add(x, y)` takes ~0.2 us, of which the addition is ~0.01 us:
the rest is the call's dispatch, done again on every call (argument parsing, the Python
scalar's conversion, promotion and the loop's lookup, the trivial-loop checks). The small
tables already know the loop of their key, so for the calls NumPy itself runs as one
"trivial" inner-loop call, the C asks NumPy once for that inner loop and then calls it
itself:

- NumPy's `ufunc._resolve_dtypes_and_context(dtypes)` answers the operation's dtypes (a
  Python int, float or complex as NumPy's weak scalar) and a capsule, which
  `ufunc._get_strided_loop(capsule, fixed_strides=...)` fills with the strided loop NumPy's
  call would run for those strides (documented as private and prone to change: the capsule's
  name says which layout, "numpy_1.24_ufunc_call_info", and a name NumPy changes leaves every
  call to the ufunc).
- Which calls: one output, each array operand aligned, in native order, of its builtin
  dtype, which is the loop's input dtype or one NumPy casts to it from a contiguous buffer
  (Note [Input casts]), and an iteration the C can repeat exactly:
  NumPy's trivial loop (`try_trivial_single_output_loop`: inputs 0-d or of one shape, each
  1-d or C-contiguous; one call, strides 0, the 1-d stride, or the item size), or its
  buffered iterator over inputs broadcast on at most two axes in C order and at most
  `NPY_BUFSIZE` elements, whose inner loop then grows over the whole shape: an operand whose
  axes coalesce is read in place, any other (a row, a column) from a contiguous copy of its
  broadcast values, and the loop runs once (`M + row`, `M * col`; a 0-d stride for a
  broadcast operand would take another SIMD branch of the loop, and complex NaNs show it).
  A Python int, float or complex is converted to the loop's input type as NumPy converts it
  (through a double where NumPy goes through one; a value NumPy would warn or raise on
  converting, a float32 overflow or an int out of range, is NumPy's). The loop is asked of
  NumPy with the strides NumPy would fix (0, the item size, or "any" for another stride), so
  the loop, and so every bit of the answer, is the one NumPy runs.
- Floating-point flags are cleared before the loop and read after it, as NumPy does; the
  flags raised (a division by zero, an overflow, an invalid operation) go to NumPy's error
  state itself (PyUFunc_GiveFloatingpointErrors: the warning or error NumPy's call gives
  after its loop, for the same loop's flags; an error drops a new output). An error the
  loop set hands a call with a new output back to the ufunc, which computes it again and
  says what it says. (Flags once handed the call back too: `arcsin` of values past 1 took
  1.9x NumPy's time, each loop run twice.)
- An output given is taken when NumPy's call writes it in one pass too: of the loop's dtype,
  writeable, C-contiguous, of the operation's shape, with no input sharing its memory but
  itself, of more than one element (NumPy copies any other input first, so the C leaves it
  to NumPy).
- A loop of GIL_FREE_MIN elements or more runs with the GIL released, as NumPy's own call
  runs it, so other Python threads (a thread pool, Dask's threaded scheduler) compute
  meanwhile: before, `exp(a * b + 1.0)` in two threads ran 1.10x faster than in one, NumPy's
  1.62x.

The loops are remembered in a fixed table keyed on (ufunc, operand kinds, each operand's
stride class: 0, the item size, or another): the first call of a key costs ~5 us, each later
one an allocation and the loop.
*/

#include "_cfast.h"
#define PY_UFUNC_UNIQUE_SYMBOL xtensor_cfast_UFUNC_API  /* this unit alone calls it */
#include <numpy/ufuncobject.h>

#include <fenv.h>
#include <math.h>
#if defined(__x86_64__) && defined(__SSE__)
#include <xmmintrin.h>
#endif

/* The head of NumPy's "numpy_1.24_ufunc_call_info" capsule (ufunc_object.c). */
typedef struct {
    PyArrayMethod_StridedLoop *strided_loop;
    PyArrayMethod_Context *context;
    NpyAuxData *auxdata;
    npy_bool requires_pyapi;
    npy_bool no_floatingpoint_errors;
} CallInfo;

/* Operand kinds: a builtin dtype's type number, or a Python scalar's. */
enum { PY_INT = NPY_NTYPES_LEGACY + 1, PY_FLOAT, PY_COMPLEX, KINDS };

/* Converts `n` values `step` bytes apart at `from` to the loop's type, contiguous at `to`
   (Note [Input casts]). */
typedef void (*CastFn)(const char *from, npy_intp step, char *to, npy_intp n);

typedef struct {
    PyObject *ufunc;        /* NULL: an empty slot */
    int kinds[2], pattern, nin;  /* pattern: each operand's stride class, 2 bits (output: 4) */
    PyObject *capsule;      /* NULL: the key's calls are the ufunc's */
    CallInfo *info;
    int x87;                /* a long double operand: the loop computes on the x87 unit */
    CastFn cast[2];         /* an input's cast to the loop's dtype (Note [Input casts]) */
    int contiguous;         /* the strided inputs cast (bits): the key's calls take the entry
                               of the key with those contiguous (`direct_call`) */
} Direct;

#define SLOTS 2048
static Direct *slots;
static int enabled = 1;
static Py_ssize_t answered;  /* the calls answered here (`direct_calls()`, for the tests) */
static PyArray_Descr *builtin[KINDS];
static PyObject *str_resolve, *str_loop, *kw_strides;

static const int FP_FLAGS = FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID;

/* The kind of operand `op` (an ndarray or a Python scalar), or -1: none this file runs. */
static int kind_of(PyObject *op)
{
    if (PyArray_CheckExact(op)) {
        PyArray_Descr *d = PyArray_DESCR((PyArrayObject *)op);
        int t = d->type_num;
        int numeric = t <= NPY_CLONGDOUBLE || t == NPY_HALF;
        return numeric && builtin[t] == d && PyArray_ISALIGNED((PyArrayObject *)op) ? t : -1;
    }
    PyTypeObject *type = Py_TYPE(op);
    return type == &PyLong_Type      ? PY_INT
           : type == &PyFloat_Type   ? PY_FLOAT
           : type == &PyComplex_Type ? PY_COMPLEX : -1;
}

typedef union {
    npy_int8 i1;
    npy_int16 i2;
    npy_int32 i4;
    npy_int64 i8;
    npy_uint8 u1;
    npy_uint16 u2;
    npy_uint32 u4;
    npy_uint64 u8;
    float f[2];
    double d[2];
} Scalar;

/* A float32 from `v` as NumPy casts it, or 0 where the cast would warn (an overflow). */
static int to_float(double v, float *out)
{
    *out = (float)v;
    return !(isinf(*out) && !isinf(v));
}

/* Python int `x` as an integer of `type`, or 0 out of its range (NumPy raises there). */
static int int_to_int(PyObject *x, int type, Scalar *s)
{
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;  /* (a uint64 above 2**63 too: NumPy's) */
    }
    switch (type) {
    case NPY_BYTE: s->i1 = (npy_int8)v; return v >= NPY_MIN_INT8 && v <= NPY_MAX_INT8;
    case NPY_SHORT: s->i2 = (npy_int16)v; return v >= NPY_MIN_INT16 && v <= NPY_MAX_INT16;
    case NPY_INT: s->i4 = (npy_int32)v; return v >= NPY_MIN_INT32 && v <= NPY_MAX_INT32;
    case NPY_LONG: case NPY_LONGLONG: s->i8 = v; return sizeof(long) == 8 || type == NPY_LONGLONG;
    case NPY_UBYTE: s->u1 = (npy_uint8)v; return v >= 0 && v <= NPY_MAX_UINT8;
    case NPY_USHORT: s->u2 = (npy_uint16)v; return v >= 0 && v <= NPY_MAX_UINT16;
    case NPY_UINT: s->u4 = (npy_uint32)v; return v >= 0 && v <= NPY_MAX_UINT32;
    case NPY_ULONG: case NPY_ULONGLONG:
        s->u8 = (npy_uint64)v;
        return v >= 0 && (sizeof(long) == 8 || type == NPY_ULONGLONG);
    }
    return 0;
}

/* Python scalar `x` (kind `kind`) as the loop's input `type` holds it, NumPy's conversion
   (a Python int to a float goes through a double, as NumPy's); 0: the ufunc converts it. */
static int convert(PyObject *x, int kind, int type, Scalar *s)
{
    Py_complex c = {0.0, 0.0};
    if (kind == PY_INT && type != NPY_DOUBLE && type != NPY_FLOAT && type != NPY_CDOUBLE &&
        type != NPY_CFLOAT) {
        return int_to_int(x, type, s);
    }
    if (kind == PY_INT) {
        c.real = PyLong_AsDouble(x);
        if (c.real == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    }
    else if (kind == PY_FLOAT) {
        c.real = PyFloat_AS_DOUBLE(x);
    }
    else if (type == NPY_CDOUBLE || type == NPY_CFLOAT) {
        c = PyComplex_AsCComplex(x);
    }
    else {
        return 0;
    }
    switch (type) {
    case NPY_DOUBLE: s->d[0] = c.real; return 1;
    case NPY_CDOUBLE: s->d[0] = c.real; s->d[1] = c.imag; return 1;
    case NPY_FLOAT: return to_float(c.real, &s->f[0]);
    case NPY_CFLOAT: return to_float(c.real, &s->f[0]) && to_float(c.imag, &s->f[1]);
    }
    return 0;
}

/* --- Note [Input casts] -------------------------------------------------------------------

A call whose array input NumPy first casts to the loop's dtype (`ints * 2.0`, `ints / 255.0`,
`float32s + float64s`, `np.sqrt(ints)`, `M[:, 0] * 0.5`) is run here too when the cast is one
of the safe ones below (a bool or an integer or a float of at most 8 bytes to a wider integer,
a float or a complex) and the input is read with a stride (not broadcast): NumPy's buffered
iterator casts such an input into a contiguous buffer of at most NPY_BUFSIZE elements and runs
the loop on each buffer's worth, and so does `pieces`, with the same C conversions, so the loop
sees the values and the strides NumPy's call gives it (a strided input's key is the contiguous
one's, `direct_call`: its buffer is contiguous). Any other cast (a broadcast input, a half, a
long double) is the ufunc's. */

/* Each cast has a contiguous loop, which the compiler vectorizes, and a strided one. */
#define CAST_REAL(name, S, D)                                                               \
    static void name(const char *from, npy_intp step, char *to, npy_intp n)                 \
    {                                                                                       \
        D *d = (D *)to;                                                                     \
        if (step == sizeof(S)) {                                                            \
            const S *s = (const S *)from;                                                   \
            for (npy_intp k = 0; k < n; k++) {                                              \
                d[k] = (D)s[k];                                                             \
            }                                                                               \
            return;                                                                         \
        }                                                                                   \
        for (npy_intp k = 0; k < n; k++) {                                                  \
            d[k] = (D)*(const S *)(from + k * step);                                        \
        }                                                                                   \
    }
#define CAST_COMPLEX(name, S, D)                                                            \
    static void name(const char *from, npy_intp step, char *to, npy_intp n)                 \
    {                                                                                       \
        D *d = (D *)to;                                                                     \
        if (step == sizeof(S)) {                                                            \
            const S *s = (const S *)from;                                                   \
            for (npy_intp k = 0; k < n; k++) {                                              \
                d[2 * k] = (D)s[k];                                                         \
                d[2 * k + 1] = 0;                                                           \
            }                                                                               \
            return;                                                                         \
        }                                                                                   \
        for (npy_intp k = 0; k < n; k++) {                                                  \
            d[2 * k] = (D)*(const S *)(from + k * step);                                    \
            d[2 * k + 1] = 0;                                                               \
        }                                                                                   \
    }
/* A bool is 0 or 1 whatever byte holds it, as NumPy casts it. */
#define CAST_BOOL(name, S, D)                                                               \
    static void name(const char *from, npy_intp step, char *to, npy_intp n)                 \
    {                                                                                       \
        D *d = (D *)to;                                                                     \
        for (npy_intp k = 0; k < n; k++) {                                                  \
            d[k] = (D)(from[k * step] != 0);                                                \
        }                                                                                   \
    }

/* One row of casts: source type S (its NumPy name N) to each destination. */
#define CASTS_FROM(N, S, REAL)                                                              \
    REAL(N##_short, S, npy_short)                                                           \
    REAL(N##_ushort, S, npy_ushort)                                                         \
    REAL(N##_int, S, npy_int)                                                               \
    REAL(N##_uint, S, npy_uint)                                                             \
    REAL(N##_long, S, npy_long)                                                             \
    REAL(N##_ulong, S, npy_ulong)                                                           \
    REAL(N##_float, S, npy_float)                                                           \
    REAL(N##_double, S, npy_double)                                                         \
    CAST_COMPLEX(N##_cfloat, S, npy_float)                                                  \
    CAST_COMPLEX(N##_cdouble, S, npy_double)

CASTS_FROM(bool, npy_bool, CAST_BOOL)
CASTS_FROM(byte, npy_byte, CAST_REAL)
CASTS_FROM(ubyte, npy_ubyte, CAST_REAL)
CASTS_FROM(short, npy_short, CAST_REAL)
CASTS_FROM(ushort, npy_ushort, CAST_REAL)
CASTS_FROM(int, npy_int, CAST_REAL)
CASTS_FROM(uint, npy_uint, CAST_REAL)
CASTS_FROM(long, npy_long, CAST_REAL)
CASTS_FROM(ulong, npy_ulong, CAST_REAL)
CASTS_FROM(float, npy_float, CAST_REAL)
CASTS_FROM(double, npy_double, CAST_REAL)

#define ROW(N)                                                                              \
    {[NPY_SHORT] = N##_short, [NPY_USHORT] = N##_ushort, [NPY_INT] = N##_int,               \
     [NPY_UINT] = N##_uint, [NPY_LONG] = N##_long, [NPY_ULONG] = N##_ulong,                 \
     [NPY_FLOAT] = N##_float, [NPY_DOUBLE] = N##_double, [NPY_CFLOAT] = N##_cfloat,         \
     [NPY_CDOUBLE] = N##_cdouble}

static const CastFn casts[NPY_DOUBLE + 1][NPY_CDOUBLE + 1] = {
    [NPY_BOOL] = ROW(bool), [NPY_BYTE] = ROW(byte), [NPY_UBYTE] = ROW(ubyte),
    [NPY_SHORT] = ROW(short), [NPY_USHORT] = ROW(ushort), [NPY_INT] = ROW(int),
    [NPY_UINT] = ROW(uint), [NPY_LONG] = ROW(long), [NPY_ULONG] = ROW(ulong),
    [NPY_FLOAT] = ROW(float), [NPY_DOUBLE] = ROW(double),
};

/* The cast of an input of type `from` to the loop's `to`, where NumPy casts it safely and
   this file has it; NULL otherwise. */
static CastFn cast_of(int from, int to)
{
    if (from < 0 || from > NPY_DOUBLE || to < 0 || to > NPY_CDOUBLE ||
        !PyArray_CanCastSafely(from, to)) {
        return NULL;
    }
    return casts[from][to];
}

static void release(Direct *e)
{
    Py_CLEAR(e->ufunc);
    Py_CLEAR(e->capsule);
    e->info = NULL;
}

/* Fills entry `e` for its key: the strided loop NumPy runs, or none (capsule NULL) where a
   call of the key needs more than the loop (an input cast, the Python API). */
static void prepare(Direct *e, PyObject *const *ops)
{
    PyObject *dtypes = PyTuple_New(e->nin + 1), *answer = NULL, *strides = NULL;
    for (int i = 0; dtypes != NULL && i < e->nin; i++) {
        PyObject *dt = e->kinds[i] < PY_INT ? (PyObject *)builtin[e->kinds[i]]
                                            : (PyObject *)Py_TYPE(ops[i]);
        PyTuple_SET_ITEM(dtypes, i, Py_NewRef(dt));
    }
    if (dtypes != NULL) {
        PyTuple_SET_ITEM(dtypes, e->nin, Py_NewRef(Py_None));
        answer = PyObject_CallMethodOneArg(e->ufunc, str_resolve, dtypes);
    }
    PyObject *resolved = NULL, *capsule = NULL;
    if (answer != NULL && PyTuple_Check(answer) && PyTuple_GET_SIZE(answer) == 2) {
        resolved = PyTuple_GET_ITEM(answer, 0);
        capsule = PyTuple_GET_ITEM(answer, 1);
    }
    int ok = resolved != NULL && PyTuple_Check(resolved) &&
             PyTuple_GET_SIZE(resolved) == e->nin + 1;
    strides = ok ? PyTuple_New(e->nin + 1) : NULL;
    for (int i = 0; strides != NULL && ok && i <= e->nin; i++) {
        PyArray_Descr *d = (PyArray_Descr *)PyTuple_GET_ITEM(resolved, i);
        int t = PyArray_DescrCheck(d) ? d->type_num : -1;
        int class = (e->pattern >> (2 * (i < e->nin ? i : 2))) & 3;  /* NumPy's fixed stride */
        /* an array operand's dtype is its input's, or one it casts to contiguously (Note
           [Input casts]); a scalar is converted */
        ok = t >= 0 && t < KINDS && builtin[t] == d;
        if (ok && i < e->nin && e->kinds[i] < PY_INT && t != e->kinds[i]) {
            e->cast[i] = class == 1 ? cast_of(e->kinds[i], t) : NULL;
            e->contiguous |= class == 2 && cast_of(e->kinds[i], t) != NULL ? 1 << i : 0;
            ok = e->cast[i] != NULL;
        }
        PyObject *stride = class == 2 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(class * d->elsize);
        ok = ok && stride != NULL;
        PyTuple_SET_ITEM(strides, i, stride);
    }
    if (!ok) {
        Py_CLEAR(strides);
    }
    PyObject *args[3] = {e->ufunc, capsule, strides};
    PyObject *filled = strides == NULL ? NULL
                       : PyObject_VectorcallMethod(str_loop, args, 2, kw_strides);
    CallInfo *info = filled == NULL ? NULL
                     : PyCapsule_GetPointer(capsule, "numpy_1.24_ufunc_call_info");
    if (info != NULL && info->strided_loop != NULL && !info->requires_pyapi) {
        e->capsule = Py_NewRef(capsule);
        e->info = info;
        for (int i = 0; i <= e->nin; i++) {
            int t = info->context->descriptors[i]->type_num;
            e->x87 |= t == NPY_LONGDOUBLE || t == NPY_CLONGDOUBLE;
        }
    }
    PyErr_Clear();  /* (a key NumPy does not resolve so is the ufunc's, which raises) */
    Py_XDECREF(filled);
    Py_XDECREF(strides);
    Py_XDECREF(answer);
    Py_XDECREF(dtypes);
}

/* The entry of key (ufunc, kinds, stride pattern), prepared on its first call. */
static Direct *entry(PyObject *ufunc, const int *kinds, int pattern, int nin,
                     PyObject *const *ops)
{
    size_t h = ((size_t)ufunc >> 4) * 31u + (size_t)kinds[0] * 37u + (size_t)kinds[1] * 1009u +
               (size_t)pattern * 7919u;
    Direct *e = &slots[h % SLOTS];
    if (e->ufunc == ufunc && e->kinds[0] == kinds[0] && e->kinds[1] == kinds[1] &&
        e->pattern == pattern && e->nin == nin) {
        return e;
    }
    /* Prepared aside, then put in place: NumPy's Python calls may run other calls that take
       this slot meanwhile. (Another key's entry goes: a collision costs it a prepare.) */
    Direct fresh = {Py_NewRef(ufunc), {kinds[0], kinds[1]}, pattern, nin, NULL, NULL, 0,
                    {NULL, NULL}, 0};
    prepare(&fresh, ops);
    release(e);
    *e = fresh;
    return e;
}

/* How NumPy iterates a call (see the Note): one call of the loop on `inner` elements,
   operand i (the output last) read `strides[i]` bytes apart; an input in `buffered` (bits)
   first copied to a contiguous buffer, its (row, column) steps `fill[i]` over the rows x
   cols of a broadcast. `ndim` and `dims` are the output's shape. */
typedef struct {
    int ndim, buffered;
    npy_intp shape[2], rows, cols, inner, strides[3], fill[2][2];
    npy_intp *dims;  /* an input's shape, or `shape` when they broadcast */
} Layout;

/* The stride class of an operand's inner stride (Direct's pattern, 2 bits): 0 (broadcast),
   1 (the item size: contiguous), 2 (any other, read per call). */
static int stride_class(npy_intp stride, npy_intp itemsize)
{
    return stride == 0 ? 0 : stride == itemsize ? 1 : 2;
}

/* The lowest and highest byte array `d` reaches. */
static void extent(PyArrayObject *d, char **lo, char **hi)
{
    *lo = *hi = PyArray_BYTES(d);
    for (int k = 0; k < PyArray_NDIM(d); k++) {
        npy_intp span = (PyArray_DIM(d, k) - 1) * PyArray_STRIDE(d, k);
        *(span < 0 ? lo : hi) += span;
    }
    *hi += PyArray_ITEMSIZE(d);
}

/* NumPy's trivial loop (`try_trivial_single_output_loop`): the array inputs 0-d, or of one
   shape and each 1-d or C-contiguous; one loop call over every element, with the stride 0
   for a 0-d operand, its own for a 1-d one, the item size for the rest. */
static int trivial(PyObject *const *ops, Py_ssize_t n, const int *kinds, Layout *l)
{
    l->ndim = 0;
    l->dims = NULL;
    for (int i = 0; i < n; i++) {
        PyArrayObject *d = (PyArrayObject *)ops[i];
        l->strides[i] = 0;
        if (kinds[i] >= PY_INT || PyArray_NDIM(d) == 0) {
            continue;
        }
        if (l->dims == NULL) {
            l->ndim = PyArray_NDIM(d);
            l->dims = PyArray_DIMS(d);
        }
        else if (PyArray_NDIM(d) != l->ndim ||
                 !PyArray_CompareLists(l->dims, PyArray_DIMS(d), l->ndim)) {
            return 0;
        }
        if (l->ndim == 1) {
            l->strides[i] = PyArray_STRIDE(d, 0);
        }
        else if (PyArray_IS_C_CONTIGUOUS(d)) {
            l->strides[i] = PyArray_ITEMSIZE(d);
        }
        else {
            return 0;
        }
    }
    l->buffered = 0;
    l->inner = 1;
    for (int k = 0; k < l->ndim; k++) {
        l->inner *= l->dims[k];
    }
    return 1;
}

/* NumPy's iterator on inputs broadcast over at most two axes (`l->ndim`), in C order: no
   negative stride, and an operand long on both axes C-contiguous (NumPy would otherwise
   reorder the axes). Buffered (NumPy 2's default, `np.getbufsize()` elements), its inner
   loop grows over both axes: an operand whose axes coalesce (a 0-d one, or one of the
   whole shape) is read with its stride, any other (a row, a column) from a contiguous copy
   of its broadcast values, and the loop runs once. */
static int broadcast(PyObject *const *ops, Py_ssize_t n, const int *kinds, Layout *l)
{
    npy_intp st[2][2] = {{0, 0}, {0, 0}};
    l->shape[0] = l->shape[1] = 1;
    for (int i = 0; i < n; i++) {  /* the shape, right-aligned on two axes */
        PyArrayObject *d = (PyArrayObject *)ops[i];
        for (int j = 0; kinds[i] < PY_INT && j < PyArray_NDIM(d); j++) {
            npy_intp len = PyArray_DIM(d, j);
            npy_intp *at = &l->shape[2 - PyArray_NDIM(d) + j];
            *at = len == 1 ? *at : len;
        }
    }
    l->rows = l->shape[0];
    l->cols = l->shape[1];
    l->inner = l->rows * l->cols;
    l->buffered = 0;
    if (l->inner > NPY_BUFSIZE) {
        return 0;  /* (NumPy's loop would run in buffer-sized pieces) */
    }
    for (int i = 0; i < n; i++) {
        PyArrayObject *d = (PyArrayObject *)ops[i];
        int nd = kinds[i] < PY_INT ? PyArray_NDIM(d) : 0;
        for (int j = 0; j < nd; j++) {
            npy_intp len = PyArray_DIM(d, j), stride = PyArray_STRIDE(d, j);
            if ((len != 1 && len != l->shape[2 - nd + j]) || stride < 0) {
                return 0;  /* NumPy's ValueError, or its reordering: the ufunc's */
            }
            st[i][2 - nd + j] = len == 1 ? 0 : stride;
        }
        if (nd == 2 && PyArray_DIM(d, 0) > 1 && PyArray_DIM(d, 1) > 1 &&
            !PyArray_IS_C_CONTIGUOUS(d)) {
            return 0;
        }
        if (l->rows == 1 || l->cols == 1 || st[i][0] == st[i][1] * l->cols) {
            l->strides[i] = l->cols == 1 ? st[i][0] : st[i][1];
        }
        else {
            l->buffered |= 1 << i;
            l->strides[i] = PyArray_ITEMSIZE(d);
            l->fill[i][0] = st[i][0];
            l->fill[i][1] = st[i][1];
        }
    }
    if (l->ndim == 1) {
        l->shape[0] = l->cols;
    }
    l->dims = l->shape;
    return 1;
}

/* `n` copies of the element of `size` bytes at `from`, at `to`: a loop of one typed store
   each, which the compiler vectorizes. */
#define REPEAT(type)                                                                        \
    do {                                                                                    \
        type v;                                                                             \
        memcpy(&v, from, sizeof v);                                                         \
        for (npy_intp k = 0; k < n; k++) {                                                  \
            memcpy(to + k * (npy_intp)sizeof v, &v, sizeof v);                              \
        }                                                                                   \
    } while (0)

static void repeat_item(char *to, const char *from, npy_intp size, npy_intp n)
{
    switch (size) {
    case 1: memset(to, *from, n); break;
    case 2: REPEAT(npy_uint16); break;
    case 4: REPEAT(npy_uint32); break;
    case 8: REPEAT(npy_uint64); break;
    default:
        for (npy_intp k = 0; k < n; k++) {
            copy_item(to + k * size, from, size);
        }
    }
}
#undef REPEAT

/* Operand `d`'s values broadcast over the rows x cols of layout `l` (steps `fill`), into a
   new contiguous buffer (PyMem_Free it), or NULL (out of memory: the ufunc's call). A row
   broadcast down the rows (`M + row`) is one copy of the row per row, a column broadcast
   along them (`M + col`) its value doubled along each row. */
static char *buffer_of(PyArrayObject *d, const Layout *l, const npy_intp *fill)
{
    npy_intp size = PyArray_ITEMSIZE(d), row = l->cols * size;
    char *buf = PyMem_Malloc(l->inner * size), *to = buf;
    for (npy_intp r = 0; buf != NULL && r < l->rows; r++, to += row) {
        const char *from = PyArray_BYTES(d) + r * fill[0];
        if (fill[1] == size) {
            memcpy(to, from, row);
            continue;
        }
        if (fill[1] == 0) {  /* a column broadcast along the row: one value, repeated */
            repeat_item(to, from, size, l->cols);
            continue;
        }
        for (npy_intp c = 0; c < l->cols; c++) {
            copy_item(to + c * size, from + c * fill[1], size);
        }
    }
    return buf;
}

/* The layout of a call of `loop` on `ops` as NumPy runs it with no cast (see the Note), and
   its operands' kinds; 0 for a call NumPy runs otherwise. */
static int layout(PyObject *loop, PyObject *const *ops, Py_ssize_t n, int *kinds, Layout *l)
{
    if (!enabled || slots == NULL || Py_TYPE(loop) != ufunc_type || n > 2 ||
        ((PyUFuncObject *)loop)->nin != n || ((PyUFuncObject *)loop)->nout != 1) {
        return 0;
    }
    int ndim = 0;
    for (int i = 0; i < n; i++) {
        if ((kinds[i] = kind_of(ops[i])) < 0) {
            return 0;
        }
        int nd = kinds[i] < PY_INT ? PyArray_NDIM((PyArrayObject *)ops[i]) : 0;
        ndim = nd > ndim ? nd : ndim;
    }
    if (trivial(ops, n, kinds, l)) {
        return 1;
    }
    l->ndim = ndim;
    return ndim <= 2 && broadcast(ops, n, kinds, l);
}

/* Whether `out` can take the answer as NumPy writes it: its dtype the loop's, writeable,
   C-contiguous, of the operation's shape; an input sharing its memory is `out` itself, of
   more than one element (NumPy copies any other first, a lone element too). */
static int takes(PyArrayObject *out, PyArray_Descr *descr, const Layout *l,
                 PyObject *const *ops, Py_ssize_t n)
{
    if (PyArray_DESCR(out) != descr || !PyArray_ISWRITEABLE(out) ||
        !PyArray_IS_C_CONTIGUOUS(out) || PyArray_NDIM(out) != l->ndim ||
        !PyArray_CompareLists(l->dims, PyArray_DIMS(out), l->ndim)) {
        return 0;
    }
    char *lo, *hi, *start, *end;
    extent(out, &lo, &hi);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyArray_CheckExact(ops[i])) {
            continue;
        }
        if (ops[i] == (PyObject *)out) {
            if (l->inner > 1) {
                continue;
            }
            return 0;
        }
        extent((PyArrayObject *)ops[i], &start, &end);
        if (start < hi && lo < end) {
            return 0;
        }
    }
    return 1;
}

/* NumPy's floating-point flags as its error state reads them (NPY_FPE_*). */
static int fpe_of(int flags)
{
    return (flags & FE_DIVBYZERO ? NPY_FPE_DIVIDEBYZERO : 0) |
           (flags & FE_OVERFLOW ? NPY_FPE_OVERFLOW : 0) |
           (flags & FE_UNDERFLOW ? NPY_FPE_UNDERFLOW : 0) |
           (flags & FE_INVALID ? NPY_FPE_INVALID : 0);
}

/* The floating-point flags raised (FE_*), cleared once read. On x86-64 a loop not on long
   doubles computes with SSE alone, whose flags are one register: reading it is half the cost
   of glibc's fetestexcept, which reads the x87 unit's too (~5 ns of a 0-d `x > 0.5`). */
static int fp_taken(int x87)
{
#if defined(__x86_64__) && defined(__SSE__)
    if (!x87) {
        unsigned int csr = _mm_getcsr();
        int flags = (csr & _MM_EXCEPT_DIV_ZERO ? FE_DIVBYZERO : 0) |
                    (csr & _MM_EXCEPT_OVERFLOW ? FE_OVERFLOW : 0) |
                    (csr & _MM_EXCEPT_UNDERFLOW ? FE_UNDERFLOW : 0) |
                    (csr & _MM_EXCEPT_INVALID ? FE_INVALID : 0);
        if (flags) {
            feclearexcept(FP_FLAGS);  /* (only when set: glibc's clear costs ~30 ns) */
        }
        return flags;
    }
#endif
    int flags = fetestexcept(FP_FLAGS);
    if (flags) {
        feclearexcept(FP_FLAGS);
    }
    return flags;
}

/* From this many elements a loop runs without the GIL, as NumPy's own call's does (its
   threshold is 500 elements; here the release's ~0.1 us stays under 2% of the loop): other
   Python threads (Dask's threaded scheduler, a thread pool) compute meanwhile. The loops
   taken here need no Python API (`requires_pyapi` is refused in `entry`). */
#define GIL_FREE_MIN (1 << 14)

/* The loop of `e` over layout `l` a buffer's worth at a time, each cast input converted into
   its buffer in `into` first (Note [Input casts]): the loop's result. */
static int pieces(Direct *e, char **data, Layout *l, char **into)
{
    PyArray_Descr *const *descrs = e->info->context->descriptors;
    npy_intp strides[3];
    char *at[3];
    for (int i = 0; i <= e->nin; i++) {
        strides[i] = i < e->nin && e->cast[i] != NULL ? descrs[i]->elsize : l->strides[i];
    }
    for (npy_intp done = 0; done < l->inner;) {
        npy_intp piece = l->inner - done < NPY_BUFSIZE ? l->inner - done : NPY_BUFSIZE;
        for (int i = 0; i <= e->nin; i++) {
            at[i] = data[i] + done * l->strides[i];
            if (i < e->nin && e->cast[i] != NULL) {
                e->cast[i](at[i], l->strides[i], into[i], piece);
                at[i] = into[i];
            }
        }
        int res = e->info->strided_loop(e->info->context, at, &piece, strides, e->info->auxdata);
        if (res < 0) {
            return res;
        }
        done += piece;
    }
    return 0;
}

/* Runs the loop of `e` over layout `l` (its cast inputs through the buffers `into`): 0, or -1
   with the loop's error (res < 0), or the floating-point flags it raised (positive). */
static int loop_over(Direct *e, char **data, Layout *l, char **into)
{
    int check = !e->info->no_floatingpoint_errors;
    if (check) {
        fp_taken(e->x87);  /* flags raised before the loop are not its own */
    }
    if (l->inner > 0) {
        PyThreadState *released = l->inner >= GIL_FREE_MIN ? PyEval_SaveThread() : NULL;
        int res = into[0] != NULL || into[1] != NULL
                      ? pieces(e, data, l, into)
                      : e->info->strided_loop(e->info->context, data, &l->inner, l->strides,
                                              e->info->auxdata);
        if (released != NULL) {
            PyEval_RestoreThread(released);
        }
        if (res < 0) {
            return -1;
        }
    }
    if (PyErr_Occurred()) {
        return -1;
    }
    return check ? fp_taken(e->x87) : 0;
}

/* The loop of `e` on `ops` over layout `l` into `out` (made here when NULL): out (a new
   reference); or NULL with no exception where the ufunc's call is to take it (nothing was
   written into a given out); or NULL with the error the loop or the error state raised,
   into a given `out`, which NumPy's own call would have written too. */
static PyObject *run(Direct *e, PyObject *loop, PyObject *const *ops, Py_ssize_t n,
                     const int *kinds, Layout *l, PyArrayObject *out)
{
    PyArray_Descr *const *descrs = e->info->context->descriptors;
    Scalar values[2];
    char *data[3];
    for (int i = 0; i < n; i++) {
        if (kinds[i] < PY_INT) {
            data[i] = PyArray_BYTES((PyArrayObject *)ops[i]);
        }
        else if (convert(ops[i], kinds[i], descrs[i]->type_num, &values[i])) {
            data[i] = (char *)&values[i];
        }
        else {
            return NULL;
        }
    }
    int given = out != NULL;
    if (!given && l->ndim == 0) {  /* `a[3] * b[2]`: Note [0-d free list] in _cfast_arrays.c */
        out = (PyArrayObject *)new_zero_d(descrs[n]);
    }
    else if (!given) {
        out = (PyArrayObject *)PyArray_NewFromDescr(
            &PyArray_Type, (PyArray_Descr *)Py_NewRef(descrs[n]), l->ndim, l->dims, NULL, NULL,
            0, NULL);
    }
    if (out == NULL || (given && !takes(out, descrs[n], l, ops, n))) {
        return NULL;
    }
    data[n] = PyArray_BYTES(out);
    l->strides[n] = descrs[n]->elsize;
    int res = 0;
    char *buffers[2] = {NULL, NULL}, *into[2] = {NULL, NULL};
    npy_intp piece = l->inner < NPY_BUFSIZE ? l->inner : NPY_BUFSIZE;
    for (int i = 0; i < n && res == 0; i++) {
        if ((l->buffered >> i) & 1) {
            buffers[i] = data[i] = buffer_of((PyArrayObject *)ops[i], l, l->fill[i]);
            res = buffers[i] == NULL ? -1 : 0;
        }
        if (res == 0 && e->cast[i] != NULL) {
            into[i] = PyMem_Malloc((piece > 0 ? piece : 1) * descrs[i]->elsize);
            res = into[i] == NULL ? -1 : 0;
        }
    }
    res = res == 0 ? loop_over(e, data, l, into) : res;
    PyMem_Free(buffers[0]);
    PyMem_Free(buffers[1]);
    PyMem_Free(into[0]);
    PyMem_Free(into[1]);
    if (res > 0) {  /* flags raised: warn, or raise, as NumPy's call would after its loop */
        res = PyUFunc_GiveFloatingpointErrors(((PyUFuncObject *)loop)->name, fpe_of(res));
    }
    else if (res < 0 && !given) {
        PyErr_Clear();  /* the ufunc's call computes it again, and says what it says */
    }
    if (res < 0) {
        if (!given) {
            Py_DECREF(out);
        }
        return NULL;
    }
    answered++;
    return given ? Py_NewRef(out) : (PyObject *)out;
}

/* --- patched: a ufunc and a fix-up that patches only a broadcast operand's results --------

`plans.small_loop`'s entry for an op whose fix-up says which input it patches for only where
NumPy's loop reads that input at one address, and holding which value (pow: an exponent of
0.5 read once is NumPy's sqrt, where the standard's pow clauses differ): called, the ufunc
then the fix-up, as `plans._patched`; run directly, the fix-up only where the loop read that
input with stride 0 (a 0-d array, or a Python scalar equal to the value), which the C knows
from the layout. */
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *ufunc, *fixup, *value;
    int operand;
} Patched;

/* `fixup(data, (r,))` as `plans._patched` calls it: r itself, or NULL with its error. */
static PyObject *fix(Patched *p, PyObject *const *ops, Py_ssize_t n, PyObject *r)
{
    PyObject *data = PyTuple_New(n), *outs = PyTuple_Pack(1, r), *done = NULL;
    for (Py_ssize_t i = 0; data != NULL && i < n; i++) {
        PyTuple_SET_ITEM(data, i, Py_NewRef(ops[i]));
    }
    if (data != NULL && outs != NULL) {
        done = PyObject_CallFunctionObjArgs(p->fixup, data, outs, NULL);
    }
    Py_XDECREF(data);
    Py_XDECREF(outs);
    if (done == NULL) {
        Py_DECREF(r);
        return NULL;
    }
    Py_DECREF(done);
    return r;
}

static PyObject *patched_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf,
                                    PyObject *kwnames)
{
    Patched *p = (Patched *)self;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    PyObject *r = PyObject_Vectorcall(p->ufunc, args, n, kwnames);
    if (r != NULL && !PyArray_CheckExact(r)) {
        Py_SETREF(r, PyArray_FROM_O(r));  /* a NumPy scalar, for 0-d operands: np.asarray(r) */
    }
    return r == NULL ? NULL : fix(p, args, n, r);
}

static PyObject *patched_call(Patched *p, PyObject *const *ops, Py_ssize_t n, PyArrayObject *out)
{
    int kinds[2] = {-1, -1};
    Layout l;
    if (out != NULL || p->operand >= n || !layout(p->ufunc, ops, n, kinds, &l)) {
        return NULL;
    }
    int pattern = 1 << 4;
    for (int i = 0; i < n; i++) {
        npy_intp itemsize = kinds[i] < PY_INT ? PyArray_ITEMSIZE((PyArrayObject *)ops[i]) : 0;
        pattern |= stride_class(l.strides[i], itemsize) << (2 * i);
    }
    Direct *e = entry(p->ufunc, kinds, pattern, (int)n, ops);
    PyObject *r = e->capsule == NULL ? NULL : run(e, p->ufunc, ops, n, kinds, &l, NULL);
    if (r == NULL || l.strides[p->operand] != 0) {
        return r;
    }
    PyObject *x = ops[p->operand];
    int other = kinds[p->operand] >= PY_INT ? PyObject_RichCompareBool(x, p->value, Py_NE) : 0;
    if (other == 1) {
        return r;  /* a Python scalar that is not the value: nothing to patch */
    }
    r = other < 0 ? (Py_DECREF(r), NULL) : fix(p, ops, n, r);
    if (r == NULL) {
        PyErr_Clear();  /* (the fix-up's error: the call's, which the twin repeats) */
    }
    return r;
}

static int patched_traverse(Patched *p, visitproc visit, void *arg)
{
    Py_VISIT(p->ufunc);
    Py_VISIT(p->fixup);
    Py_VISIT(p->value);
    return 0;
}

static int patched_clear(Patched *p)
{
    Py_CLEAR(p->ufunc);
    Py_CLEAR(p->fixup);
    Py_CLEAR(p->value);
    return 0;
}

static void patched_dealloc(Patched *p)
{
    PyObject_GC_UnTrack(p);
    patched_clear(p);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

static PyMemberDef patched_members[] = {
    {"ufunc", T_OBJECT, offsetof(Patched, ufunc), READONLY, NULL},
    {"fixup", T_OBJECT, offsetof(Patched, fixup), READONLY, NULL},
    {"operand", T_INT, offsetof(Patched, operand), READONLY, NULL},
    {"value", T_OBJECT, offsetof(Patched, value), READONLY, NULL},
    {NULL},
};

static PyTypeObject PatchedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._dispatch._cfast.patched",
    .tp_basicsize = sizeof(Patched),
    .tp_dealloc = (destructor)patched_dealloc,
    .tp_vectorcall_offset = offsetof(Patched, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_traverse = (traverseproc)patched_traverse,
    .tp_clear = (inquiry)patched_clear,
    .tp_members = patched_members,
};

/* patched(ufunc, fixup, operand, value): see the section's comment. */
PyObject *make_patched(PyObject *module, PyObject *args)
{
    PyObject *ufunc, *fixup, *value;
    int operand;
    if (!PyArg_ParseTuple(args, "OOiO", &ufunc, &fixup, &operand, &value)) {
        return NULL;
    }
    Patched *p = PyObject_GC_New(Patched, &PatchedType);
    if (p == NULL) {
        return NULL;
    }
    p->vectorcall = patched_vectorcall;
    p->ufunc = Py_NewRef(ufunc);
    p->fixup = Py_NewRef(fixup);
    p->value = Py_NewRef(value);
    p->operand = operand;
    PyObject_GC_Track(p);
    return (PyObject *)p;
}

/* --- inner: a ufunc whose calls run its inner loop here where they can -----------------------

A small-table entry that wraps its ufunc in another callable (`values.guarded`: floor_divide's
fix-up behind a scan of the operands for infinities) calls this instead, so that its loop runs
directly too; the calls `direct_call` leaves, and any with keywords, are the ufunc's. */
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *ufunc;
} Inner;

static PyObject *inner_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf,
                                  PyObject *kwnames)
{
    PyObject *ufunc = ((Inner *)self)->ufunc;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (kwnames == NULL) {
        PyObject *r = direct_call(ufunc, args, n, NULL);
        if (r != NULL || PyErr_Occurred()) {
            return r;
        }
    }
    return PyObject_Vectorcall(ufunc, args, nargsf, kwnames);
}

static int inner_traverse(Inner *p, visitproc visit, void *arg)
{
    Py_VISIT(p->ufunc);
    return 0;
}

static int inner_clear(Inner *p)
{
    Py_CLEAR(p->ufunc);
    return 0;
}

static void inner_dealloc(Inner *p)
{
    PyObject_GC_UnTrack(p);
    inner_clear(p);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

static PyMemberDef inner_members[] = {
    {"ufunc", T_OBJECT, offsetof(Inner, ufunc), READONLY, NULL},
    {NULL},
};

static PyTypeObject InnerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._dispatch._cfast.inner",
    .tp_basicsize = sizeof(Inner),
    .tp_dealloc = (destructor)inner_dealloc,
    .tp_vectorcall_offset = offsetof(Inner, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_traverse = (traverseproc)inner_traverse,
    .tp_clear = (inquiry)inner_clear,
    .tp_members = inner_members,
};

/* inner(ufunc): see the section's comment. */
PyObject *make_inner(PyObject *module, PyObject *ufunc)
{
    if (!PyCallable_Check(ufunc)) {
        PyErr_SetString(PyExc_TypeError, "inner: a NumPy ufunc is needed");
        return NULL;
    }
    Inner *p = PyObject_GC_New(Inner, &InnerType);
    if (p == NULL) {
        return NULL;
    }
    p->vectorcall = inner_vectorcall;
    p->ufunc = Py_NewRef(ufunc);
    PyObject_GC_Track(p);
    return (PyObject *)p;
}

PyObject *direct_call(PyObject *loop, PyObject *const *ops, Py_ssize_t n, PyArrayObject *out)
{
    int kinds[2] = {-1, -1};
    Layout l;
    if (Py_TYPE(loop) == &PatchedType) {
        return patched_call((Patched *)loop, ops, n, out);
    }
    if (!layout(loop, ops, n, kinds, &l)) {
        return NULL;
    }
    int pattern = 1 << 4;  /* the output's class: contiguous */
    for (int i = 0; i < n; i++) {
        npy_intp itemsize = kinds[i] < PY_INT ? PyArray_ITEMSIZE((PyArrayObject *)ops[i]) : 0;
        pattern |= stride_class(l.strides[i], itemsize) << (2 * i);
    }
    Direct *e = entry(loop, kinds, pattern, (int)n, ops);
    int cast = e->contiguous;
    if (cast) {  /* a strided input NumPy casts is read from a contiguous buffer */
        for (int i = 0; i < n; i++) {
            pattern ^= (cast >> i) & 1 ? 3 << (2 * i) : 0;  /* class 2 -> 1 */
        }
        e = entry(loop, kinds, pattern, (int)n, ops);
    }
    return e->capsule == NULL ? NULL : run(e, loop, ops, n, kinds, &l, out);
}

/* --- Note [Direct sums] -------------------------------------------------------------------

`x.sum()` of a few thousand elements spends most of NumPy's time (~0.9 us) in the reduction's
setup, and the rest in one call of `add`'s loop: NumPy's reduction of a whole array whose
elements are read in one run (1-d with a positive stride, or C- or F-contiguous), of the
dtype it sums in, sets the answer to add's identity (zero) and calls the loop once over every
element with the reduction's strides (0, stride, 0), which sums pairwise. `direct_sum` makes
that one call itself, with the loop NumPy resolves for the reduction, and ignores the
floating-point flags, as the quiet plans do; `x.prod()` likewise, from multiply's identity
(one); and of C-ordered data along the last axis alone (`M.sum(axis=1)`), one call a row,
or along the first alone (`M.sum(axis=0)`), where NumPy adds the rows into the answers one
by one with the loop's elementwise strides. `x.mean()` and `M.mean(axis=...)` of float32 or
float64 data are those sums divided as NumPy's
`_mean` divides them, by the count as an intp: in float64, rounded to the data's dtype. They
are only taken once `set_direct_sums` is told they agree: _dispatch/compiled.py checks them
against np.add.reduce, np.multiply.reduce and np.mean at import, on sizes and layouts where
another order of the loop would round otherwise. */

enum { SUM_TYPES = NPY_CDOUBLE + 1 };
/* The most elements summed here: NumPy 2.4 runs its loop once over 4 * 2**20 and more
   (`sums_agree` checks a size past its buffer's); the reduce0 twin's callers stop at SMALL. */
#define SUM_MAX (1 << 20)
/* [product][type][how]: the loop reads a contiguous run (0) or a strided one (1) into one
   answer, or adds a row into a row of answers (2); Py_None where NumPy gives none */
static PyObject *sum_capsules[2][SUM_TYPES][3];
static PyObject *np_add, *np_multiply;
static int sums_enabled;

/* add's (multiply's: `product`) reduction loop for `descr`, reading as `how` says (see
   sum_capsules), or NULL. */
static CallInfo *sum_loop(PyArray_Descr *descr, int how, int product)
{
    int t = descr->type_num;
    PyObject **slot = &sum_capsules[product][t][how];
    if (*slot == NULL) {
        PyObject *ufunc = Py_XNewRef(product ? np_multiply : np_add), *answer = NULL;
        PyObject *dtypes = PyTuple_Pack(3, descr, descr, Py_None);
        PyObject *kw = Py_BuildValue("{s:O}", "reduction", Py_True);
        PyObject *resolve = ufunc == NULL ? NULL : PyObject_GetAttr(ufunc, str_resolve);
        if (resolve != NULL && dtypes != NULL && kw != NULL) {
            PyObject *args = PyTuple_Pack(1, dtypes);
            answer = args == NULL ? NULL : PyObject_Call(resolve, args, kw);
            Py_XDECREF(args);
        }
        PyObject *filled = NULL;
        if (answer != NULL && PyTuple_Check(answer) && PyTuple_GET_SIZE(answer) == 2) {
            npy_intp size = descr->elsize;
            PyObject *strides = how == 1   ? Py_BuildValue("(nOn)", (Py_ssize_t)0, Py_None,
                                                            (Py_ssize_t)0)
                                : how == 2 ? Py_BuildValue("(nnn)", size, size, size)
                                           : Py_BuildValue("(nnn)", (Py_ssize_t)0, size,
                                                           (Py_ssize_t)0);
            PyObject *call[3] = {ufunc, PyTuple_GET_ITEM(answer, 1), strides};
            filled = strides == NULL ? NULL
                                     : PyObject_VectorcallMethod(str_loop, call, 2, kw_strides);
            Py_XDECREF(strides);
        }
        *slot = filled != NULL ? Py_NewRef(PyTuple_GET_ITEM(answer, 1)) : Py_NewRef(Py_None);
        PyErr_Clear();  /* (a loop NumPy does not give: the plan's call) */
        Py_XDECREF(filled);
        Py_XDECREF(answer);
        Py_XDECREF(resolve);
        Py_XDECREF(kw);
        Py_XDECREF(dtypes);
        Py_XDECREF(ufunc);
    }
    CallInfo *info = *slot == Py_None ? NULL
                     : PyCapsule_GetPointer(*slot, "numpy_1.24_ufunc_call_info");
    return info != NULL && info->strided_loop != NULL && !info->requires_pyapi ? info : NULL;
}

/* Writes one of type `t` (a number type of at most SUM_TYPES) at `to`, `size` bytes. */
static void write_one(char *to, int t, npy_intp size)
{
    memset(to, 0, size);
    switch (t) {
    case NPY_FLOAT: case NPY_CFLOAT: *(float *)to = 1.0f; break;
    case NPY_DOUBLE: case NPY_CDOUBLE: *(double *)to = 1.0; break;
    default:
        switch (size) {
        case 1: *(npy_uint8 *)to = 1; break;
        case 2: *(npy_uint16 *)to = 1; break;
        case 4: *(npy_uint32 *)to = 1; break;
        case 8: *(npy_uint64 *)to = 1; break;
        }
    }
}

/* `count` answers at `to` set to the identity, NumPy's start: 0 (+0.0), or one (`product`):
   one memset, or the first one copied (a memset an element is a library call each). */
static void identities(char *to, npy_intp count, int t, npy_intp size, int product)
{
    if (!product) {
        memset(to, 0, count * size);
        return;
    }
    write_one(to, t, size);
    for (npy_intp i = 1; i < count; i++) {
        copy_item(to + i * size, to, size);
    }
}

static PyObject *direct_columns(PyArrayObject *d, int product, int checked);

/* Whether the Note's sums take `d` at all (on, or `checked`): aligned data of a builtin number
   dtype up to complex128, not a bool, of at most SUM_MAX elements. */
static int summable(PyArrayObject *d, int checked)
{
    PyArray_Descr *descr = PyArray_DESCR(d);
    int t = descr->type_num;
    return (sums_enabled || checked) && t < SUM_TYPES && t != NPY_LONGDOUBLE &&
           t != NPY_BOOL && builtin[t] == descr && PyArray_SIZE(d) <= SUM_MAX &&
           PyArray_ISALIGNED(d);
}

/* The Note's sum (`product`: product) of `d` over `axes`: 0 every axis (a 0-d answer), 1 the
   last alone, 2 the first alone (of C-ordered `d`); NULL with no exception where it does not
   apply (the plan's call), or with an error. */
PyObject *direct_sum(PyArrayObject *d, int product, int axes, int checked)
{
    if (axes == 2) {
        return direct_columns(d, product, checked);
    }
    int rows = axes == 1;
    PyArray_Descr *descr = PyArray_DESCR(d);
    int t = descr->type_num, nd = PyArray_NDIM(d);
    npy_intp n = PyArray_SIZE(d), size = PyArray_ITEMSIZE(d), stride = size, count = 1;
    if (!summable(d, checked)) {
        return NULL;
    }
    if (rows) {  /* one loop call a row: NumPy's order for the last axis of C-ordered data */
        if (nd < 2 || !PyArray_IS_C_CONTIGUOUS(d)) {
            return NULL;
        }
        count = PyArray_MultiplyList(PyArray_DIMS(d), nd - 1);
        n = PyArray_DIM(d, nd - 1);
        if (count == 0) {
            return NULL;  /* (an empty answer: the plan's, and its strides) */
        }
    }
    else if (nd == 1) {
        stride = n > 1 ? PyArray_STRIDE(d, 0) : size;
    }
    else if (!PyArray_IS_C_CONTIGUOUS(d) && !PyArray_IS_F_CONTIGUOUS(d)) {
        return NULL;
    }
    CallInfo *info = stride > 0 ? sum_loop(descr, stride != size, product) : NULL;
    if (info == NULL) {
        return NULL;
    }
    Py_INCREF(descr);  /* stolen */
    PyObject *out = !rows ? new_zero_d(descr)
                          : PyArray_NewFromDescr(&PyArray_Type, descr, nd - 1, PyArray_DIMS(d),
                                                 NULL, NULL, 0, NULL);
    if (!rows) {
        Py_DECREF(descr);  /* (new_zero_d borrows it) */
    }
    if (out == NULL) {
        return NULL;
    }
    char *total = PyArray_BYTES((PyArrayObject *)out), *from = PyArray_BYTES(d);
    identities(total, count, t, size, product);
    int res = 0;
    npy_intp strides[3] = {0, stride, 0};
    PyThreadState *released = count * n >= GIL_FREE_MIN ? PyEval_SaveThread() : NULL;
    for (npy_intp i = 0; i < count && n > 0 && res >= 0; i++) {
        char *args[3] = {total + i * size, from + i * n * size, total + i * size};
        res = info->strided_loop(info->context, args, &n, strides, info->auxdata);
    }
    if (released != NULL) {
        PyEval_RestoreThread(released);
    }
    if (res < 0) {
        Py_DECREF(out);
        return NULL;
    }
    fp_taken(0);  /* ignored, as the quiet plans ignore them */
    return out;
}

/* The Note's sum (`product`: product) of C-ordered `d` along its first axis alone: each row
   added into the answers in order with the loop's elementwise strides, as NumPy's reduction
   adds them; as direct_sum answers. */
static PyObject *direct_columns(PyArrayObject *d, int product, int checked)
{
    PyArray_Descr *descr = PyArray_DESCR(d);
    int t = descr->type_num, nd = PyArray_NDIM(d);
    npy_intp size = PyArray_ITEMSIZE(d);
    if (!summable(d, checked) || nd < 2 || !PyArray_IS_C_CONTIGUOUS(d)) {
        return NULL;
    }
    npy_intp rows = PyArray_DIM(d, 0), row = PyArray_MultiplyList(PyArray_DIMS(d) + 1, nd - 1);
    /* (one answer: NumPy's loop reads the column as a reduction, another order; none: the
       plan's strides) */
    CallInfo *info = row > 1 ? sum_loop(descr, 2, product) : NULL;
    if (info == NULL) {
        return NULL;
    }
    Py_INCREF(descr);  /* stolen */
    PyObject *out = PyArray_NewFromDescr(&PyArray_Type, descr, nd - 1, PyArray_DIMS(d) + 1,
                                         NULL, NULL, 0, NULL);
    if (out == NULL) {
        return NULL;
    }
    char *total = PyArray_BYTES((PyArrayObject *)out), *from = PyArray_BYTES(d);
    identities(total, row, t, size, product);
    int res = 0;
    npy_intp strides[3] = {size, size, size};
    for (npy_intp r = 0; r < rows && res >= 0; r++) {
        char *args[3] = {total, from + r * row * size, total};
        res = info->strided_loop(info->context, args, &row, strides, info->auxdata);
    }
    if (res < 0) {
        Py_DECREF(out);
        return NULL;
    }
    fp_taken(0);
    return out;
}

/* Each of `count` sums at `at` divided by `n` in double, rounded to the data's type, as
   NumPy's `_mean` divides them: vectorized (a loop of one type at a time; its division a
   value at a time took 2x NumPy's divide, `M.mean(axis=0)` 1.15x NumPy's). */
WIDEST_VECTORS static void divided_doubles(double *at, npy_intp count, double n)
{
    for (npy_intp i = 0; i < count; i++) {
        at[i] = at[i] / n;
    }
}

WIDEST_VECTORS static void divided_floats(float *at, npy_intp count, double n)
{
    for (npy_intp i = 0; i < count; i++) {
        at[i] = (float)((double)at[i] / n);
    }
}

/* The Note's mean of `d` over `axes` (as direct_sum's), as direct_sum answers. */
PyObject *direct_mean(PyArrayObject *d, int axes, int checked)
{
    int t = PyArray_TYPE(d), nd = PyArray_NDIM(d);
    npy_intp n = axes == 0 ? PyArray_SIZE(d) : nd < 2 ? 0 : PyArray_DIM(d, axes == 1 ? nd - 1 : 0);
    if ((t != NPY_DOUBLE && t != NPY_FLOAT) || n == 0) {
        return NULL;  /* (no values: NumPy's warning, the plan's) */
    }
    PyObject *r = direct_sum(d, 0, axes, checked);
    if (r == NULL) {
        return NULL;
    }
    char *at = PyArray_BYTES((PyArrayObject *)r);
    npy_intp count = PyArray_SIZE((PyArrayObject *)r);
    if (t == NPY_DOUBLE) {  /* in float64, as NumPy's sum / np.intp(n) */
        divided_doubles((double *)at, count, (double)n);
    }
    else {
        divided_floats((float *)at, count, (double)n);
    }
    fp_taken(0);
    return r;
}

/* direct_sum(x, product=False, axes=0, mean=False): the Note's sum (product, mean) of
   ndarray x over every axis (0), the last alone (1) or the first alone (2), checked or not,
   or None where it does not apply (for compiled.py's check against NumPy, and the tests). */
PyObject *direct_sum_of(PyObject *module, PyObject *args)
{
    PyObject *x;
    int product = 0, axes = 0, mean = 0;
    if (!PyArg_ParseTuple(args, "O!|pip", &PyArray_Type, &x, &product, &axes, &mean)) {
        return NULL;
    }
    if (axes < 0 || axes > 2) {
        PyErr_SetString(PyExc_ValueError, "direct_sum: axes is 0 (all), 1 (last) or 2 (first)");
        return NULL;
    }
    PyObject *r = mean ? direct_mean((PyArrayObject *)x, axes, 1)
                       : direct_sum((PyArrayObject *)x, product, axes, 1);
    return r != NULL || PyErr_Occurred() ? r : Py_NewRef(Py_None);
}

/* `*flag` set to the truth of `arg`; its previous setting. */
static PyObject *toggled(int *flag, PyObject *arg)
{
    int on = PyObject_IsTrue(arg);
    if (on < 0) {
        return NULL;
    }
    PyObject *was = PyBool_FromLong(*flag);
    *flag = on;
    return was;
}

/* set_direct_sums(on): whether `x.sum()` takes the Note's sums; the previous setting. */
PyObject *set_direct_sums(PyObject *module, PyObject *arg)
{
    return toggled(&sums_enabled, arg);
}

/* direct(on): whether small-table ufuncs run their inner loops here; the previous setting. */
PyObject *set_direct(PyObject *module, PyObject *arg)
{
    return toggled(&enabled, arg);
}

PyObject *direct_calls(PyObject *module, PyObject *unused)
{
    return PyLong_FromSsize_t(answered);
}

int direct_init(void)
{
    for (int t = 0; t < KINDS; t++) {
        builtin[t] = t <= NPY_CLONGDOUBLE || t == NPY_HALF ? PyArray_DescrFromType(t) : NULL;
    }
    PyObject *numpy = PyImport_ImportModule("numpy");
    np_add = numpy == NULL ? NULL : PyObject_GetAttrString(numpy, "add");
    np_multiply = numpy == NULL ? NULL : PyObject_GetAttrString(numpy, "multiply");
    Py_XDECREF(numpy);
    str_resolve = PyUnicode_InternFromString("_resolve_dtypes_and_context");
    str_loop = PyUnicode_InternFromString("_get_strided_loop");
    PyObject *name = PyUnicode_InternFromString("fixed_strides");
    kw_strides = name == NULL ? NULL : PyTuple_Pack(1, name);
    Py_XDECREF(name);
    slots = PyMem_Calloc(SLOTS, sizeof(Direct));
    if (PyType_Ready(&PatchedType) < 0 || PyType_Ready(&InnerType) < 0) {
        return -1;
    }
    if (_import_umath() < 0) {
        return -1;
    }
    return str_resolve == NULL || str_loop == NULL || kw_strides == NULL || slots == NULL ||
                   np_add == NULL || np_multiply == NULL
               ? -1 : 0;
}
