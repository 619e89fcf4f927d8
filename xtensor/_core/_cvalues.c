/* xtensor._core._cvalues: which special values a float array holds, in one pass and without
   a temporary; the C twin of `values.classes` (read it for what it answers). The fix-ups of
   `_ops/special_cases.py` ask it first, so a call whose operands hold no special value pays
   nanoseconds, not the microsecond of NumPy's isinf-and-any on ten elements. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/arrayobject.h>
#include <math.h>
#include <numpy/npy_common.h>

#include "_vectors.h"

enum { NAN_VALUE = 1, POS_INF = 2, NEG_INF = 4, ZERO = 8, NEG_ZERO = 16 };

/* The fast pass is compute-bound at the baseline's 16-byte vectors (0.26 ms per 10**6
   float64, a quarter of `sqrt`'s time); with 32- or 64-byte ones, picked at load time from
   what the CPU has (WIDEST_VECTORS), it is 0.14 or 0.09 ms, the speed of reading memory. */

/* The classes among n values at p, one by one (the slow pass, after the fast one found some),
   and `special_T`: whether any is non-finite or zero, on the bits with integer adds and ORs,
   which vectorize on any SIMD: an all-ones exponent plus one carries into the sign bit
   (inf, NaN), and a zero magnitude minus one borrows into it. */
#define CLASSIFY(T, U, EXPONENT)                                             \
    static int classify_##T(const T *p, npy_intp n)                         \
    {                                                                        \
        int found = 0;                                                       \
        for (npy_intp i = 0; i < n; i++) {                                   \
            T v = p[i];                                                      \
            if (v != v) {                                                    \
                found |= NAN_VALUE;                                          \
            }                                                                \
            else if (v == (T)INFINITY || v == -(T)INFINITY) {                \
                found |= v > 0 ? POS_INF : NEG_INF;                          \
            }                                                                \
            else if (v == 0) {                                               \
                found |= signbit(v) ? ZERO | NEG_ZERO : ZERO;                \
            }                                                                \
        }                                                                    \
        return found;                                                        \
    }                                                                        \
    WIDEST_VECTORS static int special_##T(const U *bits, npy_intp n)        \
    {                                                                        \
        const U magnitude = (U)-1 >> 1, exponent = (U)(EXPONENT);            \
        const U carry = exponent & (U)(~exponent << 1);  /* its lowest bit */ \
        U sign = 0;                                                          \
        for (npy_intp i = 0; i < n; i++) {                                   \
            sign |= ((bits[i] & exponent) + carry) | ((bits[i] & magnitude) - 1); \
        }                                                                    \
        return (int)(sign >> (sizeof(U) * 8 - 1));                           \
    }

CLASSIFY(double, npy_uint64, 0x7FF0000000000000ULL)
CLASSIFY(float, npy_uint32, 0x7F800000U)

/* classes(x): the bit set (1 NaN, 2 +inf, 4 -inf, 8 a zero, 16 a -0) of the values of
   ndarray x, both parts of complex ones; None where it cannot scan x (another dtype, or a
   layout that is neither C- nor F-contiguous): the caller asks NumPy then. */
static PyObject *classes(PyObject *module, PyObject *x)
{
    if (!PyArray_CheckExact(x)) {
        Py_RETURN_NONE;
    }
    PyArrayObject *a = (PyArrayObject *)x;
    int t = PyArray_TYPE(a);
    int wide = t == NPY_FLOAT64 || t == NPY_COMPLEX128;
    if (!(wide || t == NPY_FLOAT32 || t == NPY_COMPLEX64) || !PyArray_ISNOTSWAPPED(a) ||
        !PyArray_ISALIGNED(a) || !(PyArray_IS_C_CONTIGUOUS(a) || PyArray_IS_F_CONTIGUOUS(a))) {
        Py_RETURN_NONE;
    }
    npy_intp n = PyArray_SIZE(a) * (PyTypeNum_ISCOMPLEX(t) ? 2 : 1);
    const void *p = PyArray_DATA(a);
    int found = 0;
    Py_BEGIN_ALLOW_THREADS  /* the iterator's chunks ask from several threads at once */
    if (wide ? special_double(p, n) : special_float(p, n)) {
        found = wide ? classify_double(p, n) : classify_float(p, n);
    }
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(found);
}

static PyMethodDef methods[] = {
    {"classes", classes, METH_O,
     "classes(x)\n--\n\nBits of the special values in ndarray x (values.classes), or None."},
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
    return PyModule_Create(&module_def);
}
