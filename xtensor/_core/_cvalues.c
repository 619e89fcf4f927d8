/* xtensor._core._cvalues: which special values a float array holds, in one pass and without
   a temporary; the C twin of `values.classes` (read it for what it answers). The fix-ups of
   `_ops/special_cases.py` ask it first, so a call whose operands hold no special value pays
   nanoseconds, not the microsecond of NumPy's isinf-and-any on ten elements. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/arrayobject.h>
#include <math.h>
#include <stddef.h>
#include <numpy/npy_common.h>

#include "_vectors.h"

enum { NAN_VALUE = 1, POS_INF = 2, NEG_INF = 4, ZERO = 8, NEG_ZERO = 16, ALL_CLASSES = 31 };

/* The fast pass is compute-bound at the baseline's 16-byte vectors (0.26 ms per 10**6
   float64, a quarter of `sqrt`'s time); with 32- or 64-byte ones, picked at load time from
   what the CPU has (WIDEST_VECTORS), it is 0.14 or 0.09 ms, the speed of reading memory. */

/* The classes among n values whose bits are at p (the slow pass, after the fast one found
   some), and `special_U`: whether any is non-finite or zero. Both read the bits with integer
   compares, adds and ORs, no branch an element, which vectorize on any SIMD: in `special`, an
   all-ones exponent plus one carries into the sign bit (inf, NaN), and a zero magnitude minus
   one borrows into it; in `classify`, each class has its own accumulator of 0s and 1s. A
   branch an element took 3 ms for 10**6 float64 holding NaNs at random (10%), the branches
   mispredicted: three times NumPy's whole `nan_to_num`. float16 has no C type, so all three
   widths read bits (an all-ones exponent with a zero fraction is an infinity, with another a
   NaN; a zero magnitude is a zero). */
#define CLASSIFY(U, EXPONENT)                                                          \
    WIDEST_VECTORS static int classify_##U(const U *bits, npy_intp n)                 \
    {                                                                                  \
        const U magnitude = (U)((U)-1 >> 1), exponent = (U)(EXPONENT);                \
        const int top = (int)sizeof(U) * 8 - 1;                                        \
        U nan = 0, pos_inf = 0, neg_inf = 0, zero = 0, neg_zero = 0;                   \
        for (npy_intp i = 0; i < n; i++) {                                             \
            U m = (U)(bits[i] & magnitude), negative = (U)(bits[i] >> top);            \
            U inf = (U)(m == exponent), z = (U)(m == 0);                               \
            nan |= (U)(m > exponent);                                                  \
            pos_inf |= (U)(inf & (negative ^ 1)), neg_inf |= (U)(inf & negative);      \
            zero |= z, neg_zero |= (U)(z & negative);                                  \
        }                                                                              \
        return (nan ? NAN_VALUE : 0) | (pos_inf ? POS_INF : 0) | (neg_inf ? NEG_INF : 0) | \
               (zero ? ZERO : 0) | (neg_zero ? NEG_ZERO : 0);                          \
    }                                                                                  \
    WIDEST_VECTORS static int special_##U(const U *bits, npy_intp n)                  \
    {                                                                                  \
        const U magnitude = (U)((U)-1 >> 1), exponent = (U)(EXPONENT);                \
        const U carry = (U)(exponent & (U)(~exponent << 1)); /* its lowest bit */      \
        U sign = 0;                                                                    \
        for (npy_intp i = 0; i < n; i++) {                                             \
            sign |= (U)(((bits[i] & exponent) + carry) | ((bits[i] & magnitude) - 1));  \
        }                                                                              \
        return (int)(sign >> (sizeof(U) * 8 - 1));                                    \
    }

CLASSIFY(npy_uint64, 0x7FF0000000000000ULL)
CLASSIFY(npy_uint32, 0x7F800000U)
CLASSIFY(npy_uint16, 0x7C00U)

/* Whether any of the n integers of `size` bytes at p is 0 (bools too): all an integer
   operand can hold of the classes. Without it NumPy's `all()` answered for every integer
   operand of a fix-up (`i ** 0.5` of 20 int64 took 3.2x NumPy's time). */
#define ANY_ZERO(U)                                                      \
    WIDEST_VECTORS static int any_zero_##U(const U *p, npy_intp n)       \
    {                                                                    \
        int zero = 0;                                                    \
        for (npy_intp i = 0; i < n; i++) {                               \
            zero |= p[i] == 0;                                           \
        }                                                                \
        return zero;                                                     \
    }
ANY_ZERO(npy_uint8)
ANY_ZERO(npy_uint16)
ANY_ZERO(npy_uint32)
ANY_ZERO(npy_uint64)

static int integer_classes(PyArrayObject *a)
{
    const void *p = PyArray_DATA(a);
    npy_intp n = PyArray_SIZE(a);
    switch (PyArray_ITEMSIZE(a)) {
    case 1: return any_zero_npy_uint8(p, n) ? ZERO : 0;
    case 2: return any_zero_npy_uint16(p, n) ? ZERO : 0;
    case 4: return any_zero_npy_uint32(p, n) ? ZERO : 0;
    case 8: return any_zero_npy_uint64(p, n) ? ZERO : 0;
    default: return -1;
    }
}

/* The bit set (1 NaN, 2 +inf, 4 -inf, 8 a zero, 16 a -0) of the values of ndarray `a`, both
   parts of complex ones; -1 where it cannot scan `a` (another dtype, or a layout that is
   neither C- nor F-contiguous). */
/* The classes among the n values of a float array at p (`wide`: 8-byte parts, `half`: float16,
   else 4-byte), by blocks: a block holding none takes the fast pass alone, and the scan stops
   once every class of `wanted` is found (`classes(x, NAN)` of data with NaNs reads a block). */
static int scan_floats(const void *p, npy_intp n, int wide, int half, int wanted)
{
    const npy_intp block = 1 << 12;
    int found = 0;
    for (npy_intp i = 0; i < n && (found & wanted) != wanted; i += block) {
        npy_intp m = n - i < block ? n - i : block;
        if (half) {
            const npy_uint16 *q = (const npy_uint16 *)p + i;
            found |= special_npy_uint16(q, m) ? classify_npy_uint16(q, m) : 0;
        }
        else if (wide) {
            const npy_uint64 *q = (const npy_uint64 *)p + i;
            found |= special_npy_uint64(q, m) ? classify_npy_uint64(q, m) : 0;
        }
        else {
            const npy_uint32 *q = (const npy_uint32 *)p + i;
            found |= special_npy_uint32(q, m) ? classify_npy_uint32(q, m) : 0;
        }
    }
    return found;
}

static int array_classes(PyArrayObject *a, int wanted)
{
    int t = PyArray_TYPE(a);
    if ((PyTypeNum_ISINTEGER(t) || t == NPY_BOOL) && PyArray_ISALIGNED(a) &&
        (PyArray_IS_C_CONTIGUOUS(a) || PyArray_IS_F_CONTIGUOUS(a))) {
        return integer_classes(a);  /* (a byte order changes no zero) */
    }
    int wide = t == NPY_FLOAT64 || t == NPY_COMPLEX128, half = t == NPY_HALF;
    if (!(wide || half || t == NPY_FLOAT32 || t == NPY_COMPLEX64) || !PyArray_ISNOTSWAPPED(a) ||
        !PyArray_ISALIGNED(a) || !(PyArray_IS_C_CONTIGUOUS(a) || PyArray_IS_F_CONTIGUOUS(a))) {
        return -1;
    }
    npy_intp n = PyArray_SIZE(a) * (PyTypeNum_ISCOMPLEX(t) ? 2 : 1);
    const void *p = PyArray_DATA(a);
    /* the iterator's chunks ask from several threads at once; a small call keeps the GIL,
       whose release costs more than its scan */
    PyThreadState *released = n >= (1 << 14) ? PyEval_SaveThread() : NULL;
    int found = scan_floats(p, n, wide, half, wanted);
    if (released != NULL) {
        PyEval_RestoreThread(released);
    }
    return found;
}

/* classes(x, wanted=31): array_classes of ndarray x (all of `wanted`'s classes it holds, maybe
   more), or None where it cannot scan x: the caller asks NumPy then. */
static PyObject *classes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int wanted = ALL_CLASSES;
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "classes(x, wanted=31) takes one or two arguments");
        return NULL;
    }
    if (nargs == 2 && (wanted = (int)PyLong_AsLong(args[1])) == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *x = args[0];
    int found = PyArray_CheckExact(x) ? array_classes((PyArrayObject *)x, wanted) : -1;
    if (found < 0) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(found);
}

/* The classes of an operand: an ndarray's, a Python float's; -1 for anything else. */
static int operand_classes(PyObject *x)
{
    if (PyArray_CheckExact(x)) {
        return array_classes((PyArrayObject *)x, ALL_CLASSES);
    }
    if (PyFloat_CheckExact(x)) {
        double v = PyFloat_AS_DOUBLE(x);
        npy_uint64 bits;
        memcpy(&bits, &v, sizeof bits);
        return classify_npy_uint64(&bits, 1);
    }
    return -1;
}

/*
Note [Guarded fix-ups]
~~~~~~~~~~~~~~~~~~~~~~
A small call of an op with a fix-up runs the small table's `_patched(loop, fixup, *data)`
(_dispatch/plans.py): three Python frames (partial, _patched, the fix-up's first test)
around a 0.4 us NumPy loop, so `x // 0.3` on ten elements took twice NumPy's time. A fix-up
that names its `trigger` (the special values without which it patches nothing: infinities for
floor_divide) gets this C twin instead: the loop, then the fix-up only when an operand holds a
trigger value or cannot be scanned here (the fix-up then tests for itself). The small tables
hand it `_cfast.inner(ufunc)` as its loop, which runs NumPy's inner loop directly (Note [Direct
inner loops] in _dispatch/_cfast_direct.c): `x // 0.3` on twenty float64 takes half NumPy's
time.
*/
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *loop, *fixup;
    int trigger;
} Guarded;

static PyObject *guarded_call(PyObject *self, PyObject *const *args, size_t nargsf,
                              PyObject *kwnames)
{
    Guarded *g = (Guarded *)self;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    PyObject *r = PyObject_Vectorcall(g->loop, args, n, kwnames);
    if (r == NULL) {
        return NULL;
    }
    if (!PyArray_CheckExact(r)) {  /* a NumPy scalar, for 0-d operands: as np.asarray(r) */
        Py_SETREF(r, PyArray_FROM_O(r));
        if (r == NULL) {
            return NULL;
        }
    }
    int found = 0;
    for (Py_ssize_t i = 0; i < n && found >= 0; i++) {
        int c = operand_classes(args[i]);
        found = c < 0 ? -1 : found | c;
    }
    if (found < 0 || found & g->trigger) {
        PyObject *data = PyTuple_New(n), *outs = PyTuple_Pack(1, r), *done = NULL;
        for (Py_ssize_t i = 0; data != NULL && i < n; i++) {
            PyTuple_SET_ITEM(data, i, Py_NewRef(args[i]));
        }
        if (data != NULL && outs != NULL) {
            done = PyObject_CallFunctionObjArgs(g->fixup, data, outs, NULL);
        }
        Py_XDECREF(data);
        Py_XDECREF(outs);
        if (done == NULL) {
            Py_DECREF(r);
            return NULL;
        }
        Py_DECREF(done);
    }
    return r;
}

static int guarded_traverse(Guarded *g, visitproc visit, void *arg)
{
    Py_VISIT(g->loop);
    Py_VISIT(g->fixup);
    return 0;
}

static void guarded_dealloc(Guarded *g)
{
    PyObject_GC_UnTrack(g);
    Py_CLEAR(g->loop);
    Py_CLEAR(g->fixup);
    PyObject_GC_Del(g);
}

static PyTypeObject GuardedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._core._cvalues.guarded",
    .tp_basicsize = sizeof(Guarded),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(Guarded, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_traverse = (traverseproc)guarded_traverse,
    .tp_dealloc = (destructor)guarded_dealloc,
    .tp_doc = "loop(*data), then fixup(data, (result,)) when an operand holds a trigger value.",
};

/* guarded(loop, fixup, trigger): see Note [Guarded fix-ups]. */
static PyObject *guarded(PyObject *module, PyObject *args)
{
    PyObject *loop, *fixup;
    int trigger;
    if (!PyArg_ParseTuple(args, "OOi", &loop, &fixup, &trigger)) {
        return NULL;
    }
    Guarded *g = PyObject_GC_New(Guarded, &GuardedType);
    if (g == NULL) {
        return NULL;
    }
    g->vectorcall = guarded_call;
    g->loop = Py_NewRef(loop);
    g->fixup = Py_NewRef(fixup);
    g->trigger = trigger;
    PyObject_GC_Track(g);
    return (PyObject *)g;
}

static PyMethodDef methods[] = {
    {"classes", (PyCFunction)(void (*)(void))classes, METH_FASTCALL,
     "classes(x, wanted=31)\n--\n\nBits of the special values in ndarray x (values.classes), "
     "or None."},
    {"guarded", guarded, METH_VARARGS,
     "guarded(loop, fixup, trigger)\n--\n\nThe small table's patched loop, compiled (Note "
     "[Guarded fix-ups])."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "xtensor._core._cvalues",
    .m_doc = "Which special values a float array holds (values.classes, compiled).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__cvalues(void)
{
    import_array();
    if (PyType_Ready(&GuardedType) < 0) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
