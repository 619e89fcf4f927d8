/* The Arrays the compiled hot path answers: made and freed here; see Note [Array free list]. */

#include "_cfast.h"
#include <numpy/arrayscalars.h>

/*
Note [Array free list]
~~~~~~~~~~~~~~~~~~~~~~
Every answer is two objects where NumPy's is one: the ndarray and the Array around it. Made
by the type's tp_alloc (a GC allocation, zeroed, tracked, the type's reference taken) and
freed by CPython's subtype_dealloc (a walk over the slots, the weak references, tp_free, the
type's reference), the Array costs ~22 ns, a third of NumPy's whole `a[::-1]`. As CPython
does for its floats and tuples, the Arrays freed last are kept (untracked, still holding the
type's reference) and handed out again by `new_array` and by the type's tp_alloc (which
Python's `object.__new__(Array)` calls): ~5 ns. An Array over an ndarray is not tracked by
the collector either (see new_array).

`adopt(Array)` installs `array_dealloc` as the type's tp_dealloc at import. It is the plain
dealloc of a C heap type (weak references, the `_data` slot, tp_free, the type's reference),
so a subclass's subtype_dealloc, which calls its base's dealloc, still frees its instances,
and only exact Arrays are kept; `array_alloc` becomes the type's tp_alloc. Off in
free-threaded and trace-refs builds, where a reused object needs more than its reference
count set.
*/

#if defined(Py_GIL_DISABLED) || defined(Py_TRACE_REFS)
#define FREE_ARRAYS 0
#else
#define FREE_ARRAYS 64
#endif

/*
Note [0-d free list]
~~~~~~~~~~~~~~~~~~~~
An element (`a[3]`), a product of two (`a[3] * b[2]`) and `xt.float64(3.0)` each answer a
fresh 0-d ndarray where NumPy answers its scalar; NumPy makes one (its allocator's handler
read from a context variable, a capsule checked by name, the data and the object allocated)
and frees it in ~35 ns, more than NumPy's whole scalar product. So the 0-d ndarrays of a
builtin number dtype that die with their Array are kept too, per type, and handed out again
by `new_zero_d`: their data is written over by the caller, so only what a fresh array of the
same dtype has is kept (the dtype's own descriptor, the flags of a fresh array, no base, no
weak reference, and no other reference at all: nothing can see the array again).
*/

#define FREE_ZERO_D (FREE_ARRAYS ? 8 : 0)
static PyArray_Descr *zero_d_descrs[NPY_NTYPES_LEGACY];  /* the builtin descriptors kept */
static PyObject *free_zero_d[NPY_NTYPES_LEGACY][FREE_ZERO_D + 1];
static int n_zero_d[NPY_NTYPES_LEGACY];
static int fresh_flags = -1;  /* the flags of a new 0-d array (read at `adopt`) */

/* Whether `data`, an Array's last reference, goes to the free list (taken if so). */
static int keep_zero_d(PyObject *data)
{
    if (FREE_ZERO_D == 0 || data == NULL || Py_REFCNT(data) != 1 || !PyArray_CheckExact(data)) {
        return 0;
    }
    PyArrayObject *d = (PyArrayObject *)data;
    PyArray_Descr *descr = PyArray_DESCR(d);
    int t = descr->type_num;
    if (PyArray_NDIM(d) != 0 || t < 0 || t >= NPY_NTYPES_LEGACY || zero_d_descrs[t] != descr ||
        PyArray_FLAGS(d) != fresh_flags || PyArray_BASE(d) != NULL ||
        ((PyArrayObject_fields *)d)->weakreflist != NULL || n_zero_d[t] >= FREE_ZERO_D) {
        return 0;
    }
    free_zero_d[t][n_zero_d[t]++] = data;
    return 1;
}

/* A new 0-d ndarray of `descr` (borrowed), its data unset: from the free list when one of a
   builtin number dtype is there, else NumPy's. */
PyObject *new_zero_d(PyArray_Descr *descr)
{
    int t = descr->type_num;
    if (t >= 0 && t < NPY_NTYPES_LEGACY && zero_d_descrs[t] == descr && n_zero_d[t] > 0) {
        return free_zero_d[t][--n_zero_d[t]];
    }
    Py_INCREF(descr);  /* stolen */
    return PyArray_NewFromDescr(&PyArray_Type, descr, 0, NULL, NULL, NULL, 0, NULL);
}

/* Every number scalar holds its value right after its object head, as the double's does. */
#define VALUE_AT(T) (offsetof(T, obval) == offsetof(PyDoubleScalarObject, obval))
_Static_assert(VALUE_AT(PyBoolScalarObject) && VALUE_AT(PyByteScalarObject) &&
               VALUE_AT(PyLongLongScalarObject) && VALUE_AT(PyHalfScalarObject) &&
               VALUE_AT(PyFloatScalarObject) && VALUE_AT(PyCDoubleScalarObject) &&
               VALUE_AT(PyCFloatScalarObject), "NumPy's scalars hold their value elsewhere");

PyObject *scalar_zero_d(PyObject *r)
{
    for (int t = 0; t < NPY_NTYPES_LEGACY; t++) {
        PyArray_Descr *descr = zero_d_descrs[t];
        if (descr != NULL && Py_TYPE(r) == descr->typeobj) {
            PyObject *a = new_zero_d(descr);
            if (a != NULL) {
                memcpy(PyArray_DATA((PyArrayObject *)a),
                       (char *)r + offsetof(PyDoubleScalarObject, obval), descr->elsize);
            }
            return a;
        }
    }
    return NULL;
}

/* The descriptors the free list keeps, and the flags of a fresh 0-d array. */
static int zero_d_init(void)
{
    static const int kept[] = {NPY_BOOL, NPY_BYTE, NPY_UBYTE, NPY_SHORT, NPY_USHORT, NPY_INT,
                               NPY_UINT, NPY_LONG, NPY_ULONG, NPY_LONGLONG, NPY_ULONGLONG,
                               NPY_HALF, NPY_FLOAT, NPY_DOUBLE, NPY_CFLOAT, NPY_CDOUBLE};
    for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
        zero_d_descrs[kept[i]] = PyArray_DescrFromType(kept[i]);  /* kept for good */
    }
    PyObject *probe = new_zero_d(zero_d_descrs[NPY_DOUBLE]);
    if (probe == NULL) {
        return -1;
    }
    fresh_flags = PyArray_FLAGS((PyArrayObject *)probe);
    Py_DECREF(probe);
    return 0;
}

static PyTypeObject *adopted;  /* the Array type, once `adopt` ran */
static Py_ssize_t adopted_data;  /* the offset of its `_data` slot */
static Py_ssize_t adopted_mark;  /* and of `_as_ndarray` (Note [0-d arrays print as scalars]) */
static PyObject *free_arrays[FREE_ARRAYS + 1];
static int n_free;

static void array_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (*(PyObject **)((char *)self + tp->tp_weaklistoffset) != NULL) {
        PyObject_ClearWeakRefs(self);
    }
    PyObject **data = (PyObject **)((char *)self + adopted_data);
    if (keep_zero_d(*data)) {  /* Note [0-d free list] */
        *data = NULL;
    }
    Py_CLEAR(*data);
    Py_CLEAR(*(PyObject **)((char *)self + adopted_mark));
    if (tp == adopted && n_free < FREE_ARRAYS) {
        free_arrays[n_free++] = self;
        return;
    }
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* A new instance of `type` (the Array type) holding `data` (stolen) in the slot at `offset`:
   from the free list when it has one. An Array over an exact ndarray stays untracked by the
   collector, as CPython leaves its tuples of atomic objects: an ndarray shows the collector
   no reference (it has no tp_traverse), so no cycle through one can be found anyway. */
PyObject *new_array(PyTypeObject *type, Py_ssize_t offset, PyObject *data)
{
    PyObject *a;
    if (type == adopted && n_free > 0) {
        a = free_arrays[--n_free];
        Py_SET_REFCNT(a, 1);
    }
    else if ((a = PyType_GenericAlloc(type, 0)) == NULL) {
        Py_DECREF(data);
        return NULL;
    }
    else {
        PyObject_GC_UnTrack(a);
    }
    *(PyObject **)((char *)a + offset) = data;
    if (!PyArray_CheckExact(data)) {
        PyObject_GC_Track(a);
    }
    return a;
}

/* The type's tp_alloc, so Python's `object.__new__(Array)` takes from the list too: what
   PyType_GenericAlloc answers (zeroed slots, one reference, tracked). */
static PyObject *array_alloc(PyTypeObject *type, Py_ssize_t n)
{
    if (type == adopted && n == 0 && n_free > 0) {
        PyObject *a = free_arrays[--n_free];
        Py_SET_REFCNT(a, 1);
        PyObject_GC_Track(a);
        return a;
    }
    return PyType_GenericAlloc(type, n);
}

/* A new Array holding `data` (stolen): `_new(Array)` and `a._data = data`. */
PyObject *wrap(FastCall *f, PyObject *data)
{
    return data == NULL ? NULL : new_array(f->array_type, f->data_offset, data);
}

/* `r` (a new Array, or NULL) as a creation function answers it: a 0-d one is marked to print
   as NumPy's 0-d ndarray does, `array(5)` (Note [0-d arrays print as scalars] in _array.py). */
PyObject *made(PyObject *r)
{
    if (r != NULL && adopted != NULL && Py_TYPE(r) == adopted) {
        PyObject *data = *(PyObject **)((char *)r + adopted_data);
        if (PyArray_CheckExact(data) && PyArray_NDIM((PyArrayObject *)data) == 0) {
            Py_XSETREF(*(PyObject **)((char *)r + adopted_mark), Py_NewRef(Py_True));
        }
    }
    return r;
}

/* A new Array holding `data` (stolen), a view, copy or cast of Array `x`: if 0-d, NumPy's 0-d
   ndarray, marked as `made` marks it, unless x stood for NumPy's scalar (a 0-d x unmarked),
   whose methods answer scalars (Note [0-d arrays print as scalars] in _array.py: `kept`). */
PyObject *kept(FastCall *f, PyObject *x, PyObject *data)
{
    PyObject *r = wrap(f, data);
    PyArrayObject *d = host_data(f, x);
    return d != NULL && (PyArray_NDIM(d) > 0 || marked(x)) ? made(r) : r;
}

/* Whether Array `x` was made by a creation function to print and act as NumPy's 0-d ndarray
   (its `_as_ndarray` mark set: Note [0-d arrays print as scalars] in _array.py). */
int marked(PyObject *x)
{
    PyObject *mark = adopted == NULL ? NULL : *(PyObject **)((char *)x + adopted_mark);
    return mark != NULL && mark != Py_False;
}

/* adopt(array_type): free and reuse its instances as above (once; later calls do nothing). */
PyObject *adopt(PyObject *module, PyObject *arg)
{
    if (!PyType_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "adopt: expected the Array type, got %R", arg);
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)arg;
    if (type->tp_weaklistoffset == 0 || !(type->tp_flags & Py_TPFLAGS_HAVE_GC)) {
        PyErr_Format(PyExc_TypeError, "adopt: %R must take weak references and be tracked", arg);
        return NULL;
    }
    if (adopted == NULL) {
        Py_ssize_t off = slot_offset(arg, "_data"), mark = slot_offset(arg, "_as_ndarray");
        if (off < 0 || mark < 0 || zero_d_init() < 0) {
            return NULL;
        }
        adopted = (PyTypeObject *)Py_NewRef(arg);
        adopted_data = off;
        adopted_mark = mark;
        type->tp_dealloc = array_dealloc;
        type->tp_alloc = array_alloc;
    }
    Py_RETURN_NONE;
}

/*
Note [Array slots]
~~~~~~~~~~~~~~~~~~
`x + y`, `x[1:5]`, `x < y`, `len(x)`, `float(x[0])` reach a Python class's dunder through
CPython's generic slot functions (slot_nb_add and friends): a method lookup by name, then a
call. For a ~250 ns small call that is ~15-20 ns, the last gap to NumPy's C slots. Once the
dunders are attached, `install_slots(Array)` points each of Array's own slots at a C function
that calls the dunder in the type's dict (the C twin where there is one) directly: what the
generic slot would call, without the lookup. Binary slots keep Python's protocol: the
forward dunder for an Array on the left, and the reflected one when the left operand is not
an Array or answered NotImplemented to a non-Array. Subclasses of Array get CPython's generic
slots when they are created, so only exact Arrays take these. Setting a dunder on Array later
gives that slot back to CPython (type_setattro's update_slot), as it should.
*/

/* The dunders the slots call, read from the type's dict by install_slots. */
enum {
    ADD, SUB, MUL, TRUEDIV, FLOORDIV, MOD, AND, OR, XOR, LSHIFT, RSHIFT, MATMUL, POW, DIVMOD,
    N_BINARY
};
static const char *const forward_names[N_BINARY] = {
    "__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__and__",
    "__or__", "__xor__", "__lshift__", "__rshift__", "__matmul__", "__pow__", "__divmod__"};
static const char *const reflected_names[N_BINARY] = {
    "__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__rfloordiv__", "__rmod__", "__rand__",
    "__ror__", "__rxor__", "__rlshift__", "__rrshift__", "__rmatmul__", "__rpow__",
    "__rdivmod__"};
static PyObject *forward[N_BINARY], *reflected[N_BINARY];
static const char *const compare_names[6] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__",
                                             "__ge__"};
static PyObject *compare[6];  /* by Py_LT...Py_GE */
static PyObject *getitem_fn, *setitem_fn, *len_fn, *float_fn, *neg_fn, *repr_fn, *str_fn;
static PyObject *abs_fn, *bool_fn;

static PyObject *call1(PyObject *fn, PyObject *a)
{
    return PyObject_Vectorcall(fn, &a, 1, NULL);
}

static PyObject *call2(PyObject *fn, PyObject *a, PyObject *b)
{
    PyObject *args[2] = {a, b};
    return PyObject_Vectorcall(fn, args, 2, NULL);
}

/* A new Array around `data` (a new 0-d ndarray from _cfast_values.c), or NULL. */
static PyObject *value_array(PyObject *data)
{
    return data == NULL ? NULL : new_array(adopted, adopted_data, data);
}

static PyObject *binary_slot(int op, PyObject *a, PyObject *b)
{
    if (op <= MOD || op == POW) {  /* Note [Value arithmetic] in _cfast_values.c */
        PyObject *r = value_operator(op == POW ? VALUE_POW : op, a, b, adopted, adopted_data);
        if (r != NULL || PyErr_Occurred()) {
            return value_array(r);
        }
    }
    if (Py_TYPE(a) == adopted) {
        PyObject *r = call2(forward[op], a, b);
        if (r != Py_NotImplemented || Py_TYPE(b) == adopted) {
            return r;
        }
        Py_DECREF(r);
    }
    if (Py_TYPE(b) == adopted) {
        return call2(reflected[op], b, a);
    }
    Py_RETURN_NOTIMPLEMENTED;
}

#define BINARY_SLOT(op)                                              \
    static PyObject *slot_##op(PyObject *a, PyObject *b)             \
    {                                                                \
        return binary_slot(op, a, b);                                \
    }
BINARY_SLOT(ADD)
BINARY_SLOT(SUB)
BINARY_SLOT(MUL)
BINARY_SLOT(TRUEDIV)
BINARY_SLOT(FLOORDIV)
BINARY_SLOT(MOD)
BINARY_SLOT(AND)
BINARY_SLOT(OR)
BINARY_SLOT(XOR)
BINARY_SLOT(LSHIFT)
BINARY_SLOT(RSHIFT)
BINARY_SLOT(MATMUL)
BINARY_SLOT(DIVMOD)

/* `a ** b`, and `pow(a, b, mod)`, which CPython's slot hands to `a.__pow__` alone. */
static PyObject *slot_power(PyObject *a, PyObject *b, PyObject *mod)
{
    if (mod == Py_None) {
        return binary_slot(POW, a, b);
    }
    if (Py_TYPE(a) != adopted) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *args[3] = {a, b, mod};
    return PyObject_Vectorcall(forward[POW], args, 3, NULL);
}

static PyObject *slot_compare(PyObject *a, PyObject *b, int op)
{
    PyObject *r = value_operator(VALUE_LT + op, a, b, adopted, adopted_data);
    if (r != NULL || PyErr_Occurred()) {
        return value_array(r);
    }
    if (Py_TYPE(a) == adopted) {
        return call2(compare[op], a, b);
    }
    PyObject *args[2] = {a, b};  /* not reached for an Array: as CPython's generic slot */
    PyObject *name = PyUnicode_FromString(compare_names[op]);
    r = name == NULL ? NULL : PyObject_VectorcallMethod(name, args, 2, NULL);
    Py_XDECREF(name);
    return r;
}

static PyObject *slot_getitem(PyObject *a, PyObject *key)
{
    int basic = PySlice_Check(key) || PyTuple_CheckExact(key) || key == Py_None ||
                key == Py_Ellipsis;
    if (basic && Py_TYPE(a) == adopted) {
        PyObject *r = sliced(adopted, adopted_data, a, key);
        if (r != NULL) {
            return r;
        }
    }
    return call2(getitem_fn, a, key);
}

/* `x[key] = value`; `del x[key]` is CPython's generic slot's call of `__delitem__`. */
static int slot_setitem(PyObject *a, PyObject *key, PyObject *value)
{
    PyObject *r;
    if (value == NULL) {
        PyObject *name = PyUnicode_FromString("__delitem__"), *args[2] = {a, key};
        r = name == NULL ? NULL : PyObject_VectorcallMethod(name, args, 2, NULL);
        Py_XDECREF(name);
    }
    else {
        PyObject *args[3] = {a, key, value};
        r = PyObject_Vectorcall(setitem_fn, args, 3, NULL);
    }
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

static PyObject *slot_negative(PyObject *a)
{
    PyObject *r = value_operator1(VALUE_NEG, a, adopted, adopted_data);
    return r != NULL || PyErr_Occurred() ? value_array(r) : call1(neg_fn, a);
}

static PyObject *slot_absolute(PyObject *a)
{
    PyObject *r = value_operator1(VALUE_ABS, a, adopted, adopted_data);
    return r != NULL || PyErr_Occurred() ? value_array(r) : call1(abs_fn, a);
}

/* `bool(x)`, `if x:`: a value's truth in C, else `__bool__` as CPython's slot calls it. */
static int slot_bool(PyObject *a)
{
    int truth = value_truth(a, adopted, adopted_data);
    if (truth >= 0) {
        return truth;
    }
    PyObject *r = call1(bool_fn, a);
    if (r == NULL) {
        return -1;
    }
    truth = r == Py_True;
    if (!PyBool_Check(r)) {
        PyErr_Format(PyExc_TypeError, "__bool__ should return bool, returned %.200s",
                     Py_TYPE(r)->tp_name);
        truth = -1;
    }
    Py_DECREF(r);
    return truth;
}

static PyObject *slot_float(PyObject *a)
{
    return call1(float_fn, a);
}

/* len(x): the dunder's first branch (an ndarray of at least one dimension) in C. */
static Py_ssize_t slot_length(PyObject *a)
{
    PyObject *d = *(PyObject **)((char *)a + adopted_data);
    if (Py_TYPE(a) == adopted && d != NULL && PyArray_CheckExact(d) &&
        PyArray_NDIM((PyArrayObject *)d) > 0) {
        return PyArray_DIM((PyArrayObject *)d, 0);
    }
    PyObject *r = call1(len_fn, a);
    if (r == NULL) {
        return -1;
    }
    Py_ssize_t n = PyNumber_AsSsize_t(r, PyExc_OverflowError);
    Py_DECREF(r);
    return n;
}

/* The NumPy scalar a 0-d CPU Array prints as, which no creation function marked to print as
   NumPy's 0-d ndarray (Note [0-d arrays print as scalars] in _array.py: its `_printed`); NULL
   otherwise, with an exception only where NumPy could not make the scalar. */
static PyObject *printed(PyObject *a)
{
    if (Py_TYPE(a) != adopted) {
        return NULL;
    }
    PyObject *d = *(PyObject **)((char *)a + adopted_data);
    PyObject *mark = *(PyObject **)((char *)a + adopted_mark);
    if (d == NULL || !PyArray_CheckExact(d) || PyArray_NDIM((PyArrayObject *)d) != 0 ||
        (mark != NULL && mark != Py_False)) {
        return NULL;
    }
    return PyArray_ToScalar(PyArray_DATA((PyArrayObject *)d), (PyArrayObject *)d);
}

/* `repr(x)` and `str(x)`, print's: an element's text is its NumPy scalar's, without the
   method's frames (~5x NumPy's scalar through them); anything else is the method's. */
static PyObject *shown(PyObject *a, PyObject *method, reprfunc text)
{
    PyObject *s = printed(a);
    if (s == NULL) {
        return PyErr_Occurred() ? NULL : call1(method, a);
    }
    PyObject *r = text(s);
    Py_DECREF(s);
    return r;
}

static PyObject *slot_repr(PyObject *a)
{
    return shown(a, repr_fn, PyObject_Repr);
}

static PyObject *slot_str(PyObject *a)
{
    return shown(a, str_fn, PyObject_Str);
}

/* `type.__dict__[name]` (a new reference), or NULL with a TypeError. */
static PyObject *dunder(PyTypeObject *type, const char *name)
{
    PyObject *fn = PyDict_GetItemString(type->tp_dict, name);
    if (fn == NULL) {
        PyErr_Format(PyExc_TypeError, "install_slots: %s has no %s of its own", type->tp_name,
                     name);
        return NULL;
    }
    return Py_NewRef(fn);
}

/* install_slots(array_type): point Array's slots at its dunders (after `adopt`). */
PyObject *install_slots(PyObject *module, PyObject *arg)
{
    if ((PyObject *)adopted != arg) {
        PyErr_SetString(PyExc_TypeError, "install_slots: adopt the Array type first");
        return NULL;
    }
    for (int op = 0; op < N_BINARY; op++) {
        Py_XSETREF(forward[op], dunder(adopted, forward_names[op]));
        Py_XSETREF(reflected[op], dunder(adopted, reflected_names[op]));
        if (forward[op] == NULL || reflected[op] == NULL) {
            return NULL;
        }
    }
    for (int op = 0; op < 6; op++) {
        if ((compare[op] = dunder(adopted, compare_names[op])) == NULL) {
            return NULL;
        }
    }
    if ((getitem_fn = dunder(adopted, "__getitem__")) == NULL ||
        (setitem_fn = dunder(adopted, "__setitem__")) == NULL ||
        (len_fn = dunder(adopted, "__len__")) == NULL ||
        (float_fn = dunder(adopted, "__float__")) == NULL ||
        (neg_fn = dunder(adopted, "__neg__")) == NULL ||
        (abs_fn = dunder(adopted, "__abs__")) == NULL ||
        (bool_fn = dunder(adopted, "__bool__")) == NULL ||
        (repr_fn = dunder(adopted, "__repr__")) == NULL ||
        (str_fn = dunder(adopted, "__str__")) == NULL) {
        return NULL;
    }
    PyNumberMethods *nb = adopted->tp_as_number;
    binaryfunc binary[N_BINARY] = {slot_ADD, slot_SUB, slot_MUL, slot_TRUEDIV, slot_FLOORDIV,
                                   slot_MOD, slot_AND, slot_OR, slot_XOR, slot_LSHIFT,
                                   slot_RSHIFT, slot_MATMUL};
    nb->nb_add = binary[ADD], nb->nb_subtract = binary[SUB], nb->nb_multiply = binary[MUL];
    nb->nb_true_divide = binary[TRUEDIV], nb->nb_floor_divide = binary[FLOORDIV];
    nb->nb_remainder = binary[MOD], nb->nb_and = binary[AND], nb->nb_or = binary[OR];
    nb->nb_xor = binary[XOR], nb->nb_lshift = binary[LSHIFT], nb->nb_rshift = binary[RSHIFT];
    nb->nb_matrix_multiply = binary[MATMUL], nb->nb_divmod = slot_DIVMOD;
    nb->nb_power = slot_power;
    nb->nb_negative = slot_negative;
    nb->nb_absolute = slot_absolute;
    nb->nb_bool = slot_bool;
    nb->nb_float = slot_float;
    adopted->tp_richcompare = slot_compare;
    adopted->tp_repr = slot_repr, adopted->tp_str = slot_str;
    adopted->tp_as_mapping->mp_subscript = slot_getitem;
    adopted->tp_as_mapping->mp_ass_subscript = slot_setitem;
    adopted->tp_as_mapping->mp_length = slot_length;
    adopted->tp_as_sequence->sq_length = slot_length;
    Py_RETURN_NONE;
}
