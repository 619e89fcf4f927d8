/* xtensor._dispatch._cfast: temporary elision (Note [Temporary elision] in elision.py) in the
   elementwise kinds: which operands of ELIDE_BYTES and more may be temporaries, and the
   result of `t op y` computed into the buffer of a temporary `t`, as elision.py's
   `binary_target`, `unary_target` and `_run` compute it (the reference). */

#include "_cfast.h"

static int calibrating;  /* the hook is running: its probes must reach the twin */

/* Whether the current Python frame runs a reflected dunder (`__radd__`...): 1, 0, or -1. */
static int in_reflected_dunder(void)
{
    PyFrameObject *frame = PyThreadState_GetFrame(PyThreadState_Get());
    if (frame == NULL) {
        return 0;
    }
    PyCodeObject *code = PyFrame_GetCode(frame);
    Py_DECREF(frame);
    int found = PySet_Contains(elision_codes, (PyObject *)code);
    Py_DECREF(code);
    return found;
}

/* See "Two cases the C takes past its twin's first branch" in the Note. */
int operand_fits(FastCall *f, PyObject *x, PyArrayObject *d, int right)
{
    return size_of(d) >= f->limit ? 0 : no_temporary(f, x, d, right);
}

/* Whether operand `x` (data `d`) is no temporary the twin could write its result into: 1,
   0 (it may be one), or -1 (an error). */
int no_temporary(FastCall *f, PyObject *x, PyArrayObject *d, int right)
{
    if (size_of(d) * PyArray_ITEMSIZE(d) < f->elide) {
        return 1;
    }
    /* a buffer no result can go into (elision.py's `_temporary`): `x[::-1] + 1.0` */
    if (!PyArray_ISWRITEABLE(d) || !(PyArray_IS_C_CONTIGUOUS(d) || PyArray_IS_F_CONTIGUOUS(d))) {
        return 1;
    }
    /* nor a view of an array that something else holds (`x.T * 2`): a temporary's buffer is
       its own, or the sole view of an owner (`_sole_view`: one reference; or 2, a buffer of
       the output cache, uint8, its list's and the view's) */
    PyObject *base = PyArray_BASE(d);
    if (base != NULL &&
        (!PyArray_CheckExact(base) || PyArray_BASE((PyArrayObject *)base) != NULL ||
         Py_REFCNT(base) > 2 ||
         (Py_REFCNT(base) == 2 && PyArray_TYPE((PyArrayObject *)base) != NPY_UINT8))) {
        return 1;
    }
    if (elision_codes == NULL && elision_hook != NULL && elision_hook != Py_None && !calibrating) {
        calibrating = 1;
        PyObject *r = PyObject_CallNoArgs(elision_hook);
        calibrating = 0;
        if (r == NULL) {
            return -1;
        }
        Py_DECREF(r);
    }
    if (elision_codes == NULL) {
        return 0;
    }
    if (elision_codes == Py_None || Py_REFCNT(d) > 1) {
        return 1;
    }
    Py_ssize_t refs = Py_REFCNT(x);
    if (refs == 1 || !right || refs > reflected_refs) {
        return refs > 1;
    }
    int reflected = in_reflected_dunder();
    return reflected < 0 ? -1 : !reflected;
}

/* --- the elided call ------------------------------------------------------------------- */

Py_ssize_t elided_count;  /* calls elided here (elision.elided_calls() adds the twins') */

/* One operator site, `sources` (bit 0: the left operand was computed just before it, bit 1
   the right one; the unary operand is a right one), as elision.site_sources says. */
typedef struct {
    PyObject *code;
    int offset, unary, sources;
} Site;

/* The sites last seen, by (code, offset): the commonest loop holds a few, and asking Python
   (hashing the code object, then reading the bytecode back) costs a microsecond. */
#define SITES 32
static Site sites[SITES];

#if PY_VERSION_HEX >= 0x030B0000
/* `sources` of the operator the current frame executes; -1 with an exception, or -2 where
   the C cannot tell (a reflected Python dunder's frame: the twin's, as before). */
static int site_sources(int unary)
{
    PyFrameObject *frame = PyThreadState_GetFrame(PyThreadState_Get());
    if (frame == NULL || elision_sources == NULL) {
        Py_XDECREF(frame);
        return frame == NULL ? 0 : -2;  /* no Python frame: no operator instruction */
    }
    PyCodeObject *code = PyFrame_GetCode(frame);
    int offset = PyFrame_GetLasti(frame);
    Py_DECREF(frame);
    int reflected = PySet_Contains(elision_codes, (PyObject *)code);
    Site *s = &sites[(((uintptr_t)code >> 4) ^ (uintptr_t)offset * 31 ^ unary) % SITES];
    if (reflected != 0 || (s->code == (PyObject *)code && s->offset == offset &&
                           s->unary == unary)) {
        Py_DECREF(code);
        return reflected < 0 ? -1 : reflected ? -2 : s->sources;
    }
    PyObject *r = PyObject_CallFunction(elision_sources, "Oii", code, offset, unary);
    int left = -1, right = -1;
    if (r != NULL && PyTuple_Check(r) && PyTuple_GET_SIZE(r) == 2) {
        left = PyObject_IsTrue(PyTuple_GET_ITEM(r, 0));
        right = PyObject_IsTrue(PyTuple_GET_ITEM(r, 1));
    }
    Py_XDECREF(r);
    if (left < 0 || right < 0) {
        Py_DECREF(code);
        return r == NULL || PyErr_Occurred() ? -1 : -2;
    }
    Py_XSETREF(s->code, (PyObject *)code);  /* (the site holds its code: no reuse of it) */
    s->offset = offset, s->unary = unary, s->sources = left | right << 1;
    return s->sources;
}
#else
static int site_sources(int unary)
{
    return -2;  /* Python 3.10: no PyFrame_GetLasti; the twin checks */
}
#endif

/* Whether Array `x` over `d` is referenced as a temporary is, its buffer its own (elision.py's
   `_temporary`): TEMP_YES, TEMP_NO, or TEMP_DEFER (the twin's rules: a view, an unknown layout of
   weak references). */
static int temporary_buffer(PyObject *x, PyArrayObject *d)
{
    Py_ssize_t weak = Py_TYPE(x)->tp_weaklistoffset;
    if (Py_REFCNT(x) != 1 || Py_REFCNT(d) != 1) {
        return TEMP_NO;
    }
    if (PyArray_BASE(d) != NULL || weak <= 0) {
        return TEMP_DEFER;
    }
    if (*(PyObject **)((char *)x + weak) != NULL ||
        ((PyArrayObject_fields *)d)->weakreflist != NULL) {
        return TEMP_NO;
    }
    return TEMP_YES;
}

int temporary_operand(FastCall *f, PyObject *x, PyArrayObject *d, int position)
{
    int fit = no_temporary(f, x, d, position);
    if (fit != 0) {
        return fit < 0 ? -1 : TEMP_NO;
    }
    if (elision_codes == NULL || elision_codes == Py_None || calibrating) {
        return TEMP_DEFER;
    }
    int sources = site_sources(0);
    if (sources < 0) {
        return sources == -2 ? TEMP_DEFER : -1;
    }
    return sources >> position & 1 ? temporary_buffer(x, d) : TEMP_NO;
}

/* Whether Array `x` over `d`, referenced as a temporary is, may take the answer of the
   op on `ops` (n operands) whose loop-memo entry is `found` (`temporary_buffer`, and
   elision.py's `loop_into`): TEMP_YES, TEMP_NO, or TEMP_DEFER (the twin's rules: those of
   `temporary_buffer`, a loop of the full path's). */
static int takes_result(PyObject *x, PyArrayObject *d, PyObject *const *ops, Py_ssize_t n,
                        PyObject *found)
{
    int verdict = temporary_buffer(x, d);
    if (verdict != TEMP_YES) {
        return verdict;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyArrayObject *o = PyArray_CheckExact(ops[j]) ? (PyArrayObject *)ops[j] : NULL;
        if (o != NULL && o != d && PyArray_NDIM(o) && !same_shape(o, d)) {
            return TEMP_NO;  /* as NumPy: `(a * b) + row` has the layout of a new array */
        }
    }
    if (found == Py_None) {
        return TEMP_NO;  /* no loop into an input (text, several outputs) */
    }
    PyObject *loop = memo_loop(found, ops, n);
    if (loop == NULL || loop == Py_None) {
        return TEMP_DEFER;  /* a fix-up (the full path's, into `d`), or an int past its bounds */
    }
    PyObject *dtype = PyTuple_GET_ITEM(found, 0);
    return PyArray_DescrCheck(dtype) &&
                   PyArray_EquivTypes((PyArray_Descr *)dtype, PyArray_DESCR(d))
               ? TEMP_YES
               : TEMP_NO;
}

PyObject *elide(FastCall *f, PyObject *const *args, PyObject *const *data, Py_ssize_t n,
                int maybe, int *defer)
{
    *defer = 1;
    if (elision_codes == NULL || elision_codes == Py_None || calibrating ||
        !PyTuple_Check(f->extra) || PyTuple_GET_SIZE(f->extra) < 7) {
        return NULL;
    }
    int sources = site_sources(n == 1);
    if (sources < 0) {
        *defer = sources == -2;
        return NULL;
    }
    PyObject *ops[3] = {data[0], n > 1 ? data[1] : NULL}, *found = NULL;
    int verdict = TEMP_NO;
    Py_ssize_t i = 0;
    for (; i < n && verdict == TEMP_NO; i++) {
        if (!(maybe >> i & 1) || !(sources >> (n == 1 ? 1 : i) & 1)) {
            continue;
        }
        if (found == NULL && (found = into_entry(f, ops, n)) == NULL) {
            *defer = !PyErr_Occurred();  /* a first call: the twin fills the memo */
            return NULL;
        }
        verdict = takes_result(args[i], (PyArrayObject *)ops[i], ops, n, found);
    }
    PyObject *loop = verdict == TEMP_YES ? Py_NewRef(memo_loop(found, ops, n)) : NULL;
    Py_XDECREF(found);
    *defer = verdict == TEMP_DEFER;
    if (loop == NULL) {
        return NULL;
    }
    PyArrayObject *target = (PyArrayObject *)ops[--i];
    ops[n] = (PyObject *)target;
    PyObject *r = loop_into_out(loop, ops, n, target);
    Py_DECREF(loop);
    if (r == NULL) {
        /* NumPy's ValueError comes before anything is written: the twin words it */
        *defer = PyErr_ExceptionMatches(PyExc_ValueError);
        if (*defer) {
            PyErr_Clear();
        }
        return NULL;
    }
    Py_DECREF(r);
    elided_count++;
    return Py_NewRef(args[i]);
}
