/* xtensor._backends._cscan: one block of a float block scan in one pass (Note [Block scan] in
   cpu_threads.py, which this module serves).

   A block's result is defined as: running_0 = x_0, running_i = running_{i-1} (op) x_i in
   order (NumPy's own accumulate loop), out_i = running_i (op) offset, or running_i for the
   first block. NumPy computes that in two passes (its cumsum, then `part += offset`); here
   it is one loop that keeps `running` in a register of the array's own type, so the result
   is the same bits and the block is read and written once. Only contiguous float64 and
   float32 buffers of one type come here; everything else stays NumPy's two calls.

   The loops release the GIL: the pool's threads run blocks side by side. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

enum { ADD = 0, MULTIPLY = 1 };

#define SCAN_LOOP(T)                                                                   \
    static void scan_##T(const T *x, T *out, Py_ssize_t n, int op, int has_offset,     \
                         T offset)                                                     \
    {                                                                                  \
        T running = x[0];                                                              \
        for (Py_ssize_t i = 0;;) {                                                     \
            out[i] = !has_offset ? running : op == ADD ? running + offset              \
                                                       : running * offset;             \
            if (++i == n) {                                                            \
                return;                                                                \
            }                                                                          \
            running = op == ADD ? running + x[i] : running * x[i];                     \
        }                                                                              \
    }

SCAN_LOOP(double)
SCAN_LOOP(float)

/* The element type ('d' or 'f') of a C-contiguous buffer, or 0. */
static char kind_of(const Py_buffer *b)
{
    const char *f = b->format;
    if (f != NULL && (f[0] == '=' || f[0] == '<' || f[0] == '@')) {
        f++;  /* native or little-endian on the machines that build this */
    }
    if (f == NULL || f[1] != '\0' || b->ndim != 1) {
        return 0;
    }
    if (f[0] == 'd' && b->itemsize == sizeof(double)) {
        return 'd';
    }
    return f[0] == 'f' && b->itemsize == sizeof(float) ? 'f' : 0;
}

/* scan(x, out, op, offset): out = the block's result (see the top); op 0 adds, 1 multiplies;
   offset None for the first block. x and out: 1-d C-contiguous, one float type, one length. */
static PyObject *scan(PyObject *module, PyObject *args)
{
    PyObject *xo, *outo, *offo;
    int op;
    if (!PyArg_ParseTuple(args, "OOiO", &xo, &outo, &op, &offo)) {
        return NULL;
    }
    int has_offset = offo != Py_None;
    double offset = has_offset ? PyFloat_AsDouble(offo) : 0.0;
    if (has_offset && offset == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer x, out;
    if (PyObject_GetBuffer(xo, &x, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(outo, &out, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&x);
        return NULL;
    }
    char kind = kind_of(&x);
    Py_ssize_t n = x.ndim == 1 ? x.shape[0] : 0;
    if (kind == 0 || kind != kind_of(&out) || out.shape[0] != n || (op != ADD && op != MULTIPLY)) {
        PyErr_SetString(PyExc_ValueError,
                        "_cscan.scan: x and out must be 1-d contiguous float64 or float32 "
                        "buffers of one type and length, op 0 or 1");
    }
    else if (n > 0) {
        Py_BEGIN_ALLOW_THREADS
        if (kind == 'd') {
            scan_double(x.buf, out.buf, n, op, has_offset, offset);
        }
        else {
            scan_float(x.buf, out.buf, n, op, has_offset, (float)offset);
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&x);
    PyBuffer_Release(&out);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_VARARGS,
     "scan(x, out, op, offset)\n--\n\nOne block of a block scan (op 0: add, 1: multiply)."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "xtensor._backends._cscan",
    .m_doc = "One-pass blocks of a float block scan; see Note [Block scan] in cpu_threads.py.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__cscan(void)
{
    return PyModule_Create(&module_def);
}
