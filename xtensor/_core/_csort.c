/* xtensor._core._csort: how many adjacent pairs of a sorted order tie, in one pass over the order
   and with no temporary; the compiled step of Note [Stable answers from the fast sort] in
   ../_sorting.py, whose `_ties` is the NumPy twin (read it for what this answers).

   NumPy's twin gathers the sorted keys (`data.take(idx)`), compares them shifted by one and
   counts: four passes and two temporaries, 10-15% of the fast argsort of 10**5 to 10**6
   float64. Here the gather and the test are one loop, with no carried state so that it
   vectorizes (the keys come in by vector gathers): 3-4% of the argsort. It releases the GIL. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* A pair ties when the keys are equal (so -0.0 ties with 0.0) or both NaN. */
#define FLOAT_TIE(a, b) (((a) == (b)) | (((a) != (a)) & ((b) != (b))))  /* no branches */
#define INT_TIE(a, b) ((a) == (b))

#include "_vectors.h"

#define TIES(T, TIE)                                                                 \
    WIDEST_VECTORS static Py_ssize_t ties_##T(const T *data, const Py_ssize_t *idx,     \
                                              Py_ssize_t n)                          \
    {                                                                                \
        Py_ssize_t count = 0;                                                        \
        for (Py_ssize_t k = 1; k < n; k++) {                                         \
            count += TIE(data[idx[k - 1]], data[idx[k]]);                            \
        }                                                                            \
        return count;                                                                \
    }

TIES(double, FLOAT_TIE)
TIES(float, FLOAT_TIE)
TIES(uint64_t, INT_TIE)
TIES(uint32_t, INT_TIE)

/* ties(data, idx): the tied adjacent pairs of data[idx], for 1-d `data` of float64, float32
   or 4- or 8-byte integers and a C-contiguous intp `idx` of in-range indices of the same
   length; None for any other operands (the twin answers those). */
static PyObject *ties(PyObject *module, PyObject *args)
{
    PyObject *data_obj, *idx_obj;
    if (!PyArg_ParseTuple(args, "OO", &data_obj, &idx_obj)) {
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
    Py_ssize_t n = data.ndim == 1 ? data.shape[0] : -1;
    int fits = n > 0 && idx.ndim == 1 && idx.shape[0] == n && idx.itemsize == sizeof(Py_ssize_t)
               && idx.format[0] != 0 && strchr("qlnQLN", idx.format[0]) != NULL
               && kind != 0 && strchr("dfiIlLqQ", kind) != NULL && data.strides[0] == data.itemsize;
    PyObject *r = Py_None;
    if (fits) {
        Py_ssize_t count = 0;
        const void *base = data.buf;
        const Py_ssize_t *order = idx.buf;
        Py_BEGIN_ALLOW_THREADS
        if (kind == 'd') {
            count = ties_double(base, order, n);
        }
        else if (kind == 'f') {
            count = ties_float(base, order, n);
        }
        else if (data.itemsize == 8) {  /* integers: equal exactly when their bits are */
            count = ties_uint64_t(base, order, n);
        }
        else {
            count = ties_uint32_t(base, order, n);
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

static PyMethodDef methods[] = {
    {"ties", ties, METH_VARARGS,
     "ties(data, idx)\n--\n\nThe tied adjacent pairs of data[idx] (_sorting._ties), or None."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "xtensor._core._csort",
    .m_doc = "Ties in a sorted order; see Note [Stable answers from the fast sort].",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__csort(void)
{
    return PyModule_Create(&module_def);
}
