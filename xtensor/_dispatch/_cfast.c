/* xtensor._dispatch._cfast: the small-call hot paths of dispatch, compiled.

Note [Compiled hot path]
~~~~~~~~~~~~~~~~~~~~~~~~
On ten elements NumPy's `x + y` takes ~0.3 us, and a Python closure around it adds ~0.4 us
whatever it does (a frame, attribute loads, `_new(Array)`). The objects built here are those
closures compiled: each mirrors one Python function, which stays the *reference* (read it to
know what the C does) and the *fallback*: the C handles only the exact case its Python twin
handles first (exact Array operands over exact numpy.ndarray data, a small-table hit, a size
under `limit`), and hands every other call, unchanged and with its arguments as received
(borrowed: no reference added, so the refcount checks of Note [Temporary elision] see what
they would see), to the Python function. So every error message, every other path and every
large call stays the Python code's.

What mirrors what (Python twin in parentheses):
- FastCall objects (`binary`, `unary`, `in_place`, `getitem`, `setitem`, `reshape`, `permute`,
  `broadcast`, `copy`, `astype`, `where`, `nonzero`, `pair`, `count`, `scalar_power`,
  `scalar_rpower`, `scalar_divmod`, `scalar`, `like`, `scan`, `method0`, `passthrough`,
  `int_method`, `fill`, `dtype_call`, `accumulate`, `fold`, `flat_item`, `protocol`,
  `function_protocol`):
  callables that are also method descriptors. The type sets Py_TPFLAGS_METHOD_DESCRIPTOR and
  binds like a function (`tp_descr_get`), so installed as `Array.__add__` the interpreter calls it
  as (self, other) without a bound method, as it calls a Python function; it implements
  vectorcall. It has its own `__name__`, `__qualname__` (set on both) and `__wrapped__`
  (the Python twin, which `inspect.signature` and Griffe follow); every other attribute
  (`__doc__`, `__module__`, `__signature__`, `__annotations__`, `__code__`...) is the
  twin's, read and set, so to any reader the two are one function.
- Ufunc objects (`ufunc`): a ufunc call's FastCall in front of the `xtensor.ufunc` instance
  itself, which they read as (class, repr, attributes): the namespace's `xt.add`.
- Getter objects (`getter`): `Array.T`, `.mT`, `.shape`, `.ndim`, `.size`, `.dtype`,
  `.nbytes`, `.itemsize`, `.strides`, `.base`, `.real`, `.imag`, `.flags` and `.flat`, data
  descriptors in front of the properties (which they return when read from the class, and
  defer to for assignment).
- FastCall objects whose body reads keywords too (`zeros`, `ones`, `empty`, `full`, `arange`,
  `asarray`; `_cfast_creation.c`): the creation functions, whose standard spelling passes
  `dtype=` by keyword; `reduce0`, for `x.sum(axis=0)`, `sum(x, 0)` and the other
  reductions (methods and functions); `concat` and `take`, for `axis=`; and `sampler`, the
  draws of xtensor.random. Each binds its arguments as Python would, and any call it does not
  bind plainly is its twin's.

The body of each kind returns a new reference (the answer), or NULL with an exception set
(raise it, as the twin would: NumPy's own error at the same point of the same call), or NULL
with no exception: call the Python twin (`fallback`), or with `*slow` set, the twin's own
fallback (`slow`, for the NumPy ValueError the twin catches and hands on).

Two cases the C takes past its twin's first branch. First, an elementwise operand of
ELIDE_BYTES or more, below the twin's one-chunk size, whose reference counts show it is no
temporary (Note [Temporary elision] in elision.py), or whose buffer could not take the
result anyway (read-only, or neither C- nor F-contiguous: `x[::-1] + 1.0`). There the twin
only checks that no operand is a temporary and then runs the same loop from its plan (a loop
with a fix-up, `_patched`, never elides: it reads its inputs after writing its output), so
the C runs it at once (`operand_fits`). An operand that may be a temporary the C checks as
the twin does, and computes the answer into it (`elide`, _cfast_elision.c: the twin's Python
check cost ~2 us a call, 10-20% of `a * b + c` at 4 * 10**4 float64); what it cannot tell (a
view, a reflected Python dunder's frame, a first call) stays the twin's. A temporary has
exactly one reference as an operator's operand reaches the C (the interpreter's value stack;
the C adds none), and its buffer one (its Array's); a reflected dunder, Python code, holds
its `self` twice more while it calls the public function (a local and its call's stack;
calibration measures the difference, `reflected_refs`). Anything else is named somewhere, so
the twin's calibrated counts (which must equal those of a temporary) would refuse it too.
Until calibration has run the C defers every such operand, and when elision is off
(calibration failed, or Python 3.14) no operand is a temporary. Second, a binary call past
the one-chunk size whose operands are no temporaries either, where the twin's plan is the
same loop its small table holds, run whole into a new heap buffer: below two of the op's
grains, or on one thread below the output cache's floor (`whole_call`). The twin's Python
frames, its plan lookup and its warnings' redirection cost 3 to 8 us a call there, 5-12% of
a float32 `a + b` of 2**20 to 2**22.

Files: this one holds the helpers, the types and the module; `_cfast_elementwise.c` the
bodies of the elementwise kinds, `_cfast_elision.c` their temporaries, `_cfast_paths.c`
those of the others (`scan`, `take` too), `_cfast_creation.c` those of the creation
functions, `_cfast_calls.c` those of `concat`, `pair`, `count`, `scalar_power`, `scalar` and
`like`; `_cfast.h` what they share. `compiled.py` builds the objects and installs nothing
itself: each Python module puts the twin where its function was.
*/

#define CFAST_MODULE  /* this unit imports NumPy's C API table */
#include "_cfast.h"

PyObject *np_asarray, *fp_state, *fp_ignore, *str_astype, *kw_out, *kw_dtype, *kw_out_where;
PyObject *thread_count;
PyObject *np_maximum, *np_minimum;
PyObject *elision_codes, *elision_hook, *elision_sources;
PyTypeObject *ufunc_type;
static PyObject *str_out, *str_dtype, *str_real, *str_imag, *str_flags;
static PyObject *str_struct, *str_iface, *str_strides;  /* Note [Array interface] */
Py_ssize_t reflected_refs = 1;

/* --- helpers ----------------------------------------------------------------------------- */

Py_ssize_t hits_count;  /* hit() in _cfast.h */

/* hits(reset=False): the compiled hits so far (then zero, with reset). */
static PyObject *hits(PyObject *module, PyObject *args)
{
    int reset = 0;
    if (!PyArg_ParseTuple(args, "|p", &reset)) {
        return NULL;
    }
    PyObject *r = PyLong_FromSsize_t(hits_count);
    if (reset) {
        hits_count = 0;
    }
    return r;
}

/* The twin's `r if type(r) is ndarray else np.asarray(r)` (a 0-d answer is a NumPy scalar). */
PyObject *as_ndarray(PyObject *r)
{
    if (r == NULL || PyArray_CheckExact(r)) {
        return r;
    }
    PyObject *a = scalar_zero_d(r);  /* Note [0-d free list] in _cfast_arrays.c */
    if (a != NULL || PyErr_Occurred()) {
        Py_DECREF(r);
        return a;
    }
    /* NumPy's own conversion of its scalar, without a Python-level call of np.asarray */
    a = PyArray_IsScalar(r, Generic) ? PyArray_FromScalar(r, NULL)
                  : is_scalar(r) ? PyArray_FromAny(r, NULL, 0, 0, 0, NULL)  /* as np.asarray */
                                 : PyObject_CallOneArg(np_asarray, r);
    Py_DECREF(r);
    return a;
}

/* `fn(*args)` (vectorcall keywords `kwnames`), or with `fn` NULL the method `method` of args[0]
   on the rest, with NumPy's floating-point warnings ignored (reduction.quietly). */
PyObject *quietly(PyObject *fn, PyObject *method, PyObject *const *args, Py_ssize_t n,
                  PyObject *kwnames)
{
    PyObject *token = PyContextVar_Set(fp_state, fp_ignore);
    if (token == NULL) {
        return NULL;
    }
    PyObject *r = fn != NULL ? PyObject_Vectorcall(fn, args, n, kwnames)
                             : PyObject_VectorcallMethod(method, args, n, kwnames);
    if (PyContextVar_Reset(fp_state, token) < 0) {
        Py_CLEAR(r);
    }
    Py_DECREF(token);
    return r;
}

/* --- the FastCall type ------------------------------------------------------------------- */

/* The body's answer (`kwbody` for every call, `body` for calls without keywords), or NULL:
   with an error, or with *slow set (a NumPy ValueError: the slow twin's), or the twin's. */
static PyObject *run_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames,
                          int *slow)
{
    if (f->kwbody != NULL) {
        return f->kwbody(f, args, n, kwnames);
    }
    if (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0) {
        return f->body(f, args, n, slow);
    }
    return NULL;
}

/*
Note [List arguments]
~~~~~~~~~~~~~~~~~~~~~
`count_nonzero([0, 1, 2])`, `sort([3, 1, 2])`, `dot([1, 2], [3, 4])`: where a kind's body
declines a call whose array arguments (the bits of `lists`) include lists of plain numbers,
it runs once more with each such list read as NumPy reads it (bool, int64, float64 or
complex128: what the twin's checked path reads too, `convert.plain_data`), as an Array; a
list of CPU Arrays (`mean([a[1], a[2]])`) as the list of their data (Note [Lists of
elements] in _cfast_creation.c, `plain_data`'s too). A
second refusal, or a ValueError, goes to the twin with the original arguments, which reads the
lists itself and words any error, so nothing but the speed changes. The kinds that take a
list as something else (`concat`'s sequence of arrays, `reshape`'s shape) set no bits.
*/
static PyObject *listed_call(FastCall *f, PyObject *const *args, Py_ssize_t n,
                             PyObject *kwnames, int *slow)
{
    Py_ssize_t total = n + (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
    PyObject *conv[8], *r = NULL;
    int owned = 0, failed = 0;
    if (total > 8) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < total; i++) {
        conv[i] = args[i];
    }
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        PyObject *a = args[i];
        if (!((f->lists >> i) & 1) || !PyList_CheckExact(a)) {
            continue;
        }
        if (PyList_GET_SIZE(a) > 0 && Py_TYPE(PyList_GET_ITEM(a, 0)) == f->array_type) {
            a = listed_arrays(f, a, NULL);  /* (NULL without an error: the twin's to read) */
        }
        else if (plain_numbers(a, 1)) {
            a = wrap(f, PyArray_FromAny(a, NULL, 0, 0, 0, NULL));
        }
        else {
            continue;
        }
        failed = a == NULL;  /* (ragged: NumPy's ValueError, which the twin words) */
        conv[i] = failed ? conv[i] : a;
        owned |= failed ? 0 : 1 << i;
    }
    if (owned && !failed) {
        r = run_body(f, conv, n, kwnames, slow);
    }
    if (r == NULL) {  /* any refusal or error is the twin's, on the original arguments */
        PyErr_Clear();
        *slow = 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((owned >> i) & 1) {
            Py_DECREF(conv[i]);
        }
    }
    return r;
}

static PyObject *fc_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf,
                               PyObject *kwnames)
{
    FastCall *f = (FastCall *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    int slow = 0;
    PyObject *r = run_body(f, args, n, kwnames, &slow);
    if (r == NULL && !PyErr_Occurred() && !slow && f->lists) {
        r = listed_call(f, args, n, kwnames, &slow);
    }
    if (r != NULL || PyErr_Occurred()) {
        return r;
    }
    if (slow) {
        return PyObject_Vectorcall(f->slow, args, nargsf, kwnames);
    }
    return PyObject_Vectorcall(f->fallback, args, nargsf, kwnames);
}

static PyObject *fc_descr_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

/* Whether `name` is a data descriptor of the type (`__name__`, `__qualname__`,
   `__wrapped__`, `__class__`...): the object's own attribute. */
static int own_attribute(PyObject *self, PyObject *name)
{
    PyObject *descr = _PyType_Lookup(Py_TYPE(self), name);
    return descr != NULL && Py_TYPE(descr)->tp_descr_set != NULL;
}

/* Every other attribute is the twin's (`__doc__`, `__module__`, `__signature__`,
   `__annotations__`, `__code__`, `_op`...), read and written: to any reader (inspect,
   help, Griffe, which follows `__wrapped__` too) the two are one function. */
static PyObject *fc_getattro(PyObject *self, PyObject *name)
{
    if (own_attribute(self, name)) {
        return PyObject_GenericGetAttr(self, name);
    }
    PyObject *r = PyObject_GetAttr(((FastCall *)self)->fallback, name);
    if (r == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        r = PyObject_GenericGetAttr(self, name);  /* `__get__`, `__call__`... */
    }
    return r;
}

static int fc_setattro(PyObject *self, PyObject *name, PyObject *value)
{
    PyObject *fallback = ((FastCall *)self)->fallback;
    Py_CLEAR(((FastCall *)self)->methods);  /* (a ufunc object's: read again) */
    if (!own_attribute(self, name)) {
        return PyObject_SetAttr(fallback, name, value);
    }
    if (PyObject_GenericSetAttr(self, name, value) < 0) {
        return -1;
    }
    /* `__name__` and `__qualname__` are the twin's too (its errors name it) */
    return PyObject_HasAttr(fallback, name) ? PyObject_SetAttr(fallback, name, value) : 0;
}

static PyObject *fc_repr(FastCall *f)
{
    return PyUnicode_FromFormat("<compiled function %U>", f->qualname);
}

static int fc_traverse(FastCall *f, visitproc visit, void *arg)
{
    Py_VISIT(f->fallback);
    Py_VISIT(f->slow);
    Py_VISIT(f->table);
    Py_VISIT(f->extra);
    Py_VISIT(f->array_type);
    Py_VISIT(f->cache);
    Py_VISIT(f->methods);
    for (Memo *m = &f->memo; m <= &f->ints; m++) {
        Py_VISIT(m->k1);
        Py_VISIT(m->k2);
        Py_VISIT(m->value);
    }
    return 0;
}

static int fc_clear(FastCall *f)
{
    Py_CLEAR(f->fallback);
    Py_CLEAR(f->slow);
    Py_CLEAR(f->table);
    Py_CLEAR(f->extra);
    Py_CLEAR(f->array_type);
    Py_CLEAR(f->cache);
    Py_CLEAR(f->methods);
    for (Memo *m = &f->memo; m <= &f->ints; m++) {
        Py_CLEAR(m->k1);
        Py_CLEAR(m->k2);
        Py_CLEAR(m->value);
    }
    return 0;
}

static void fc_dealloc(FastCall *f)
{
    PyObject_GC_UnTrack(f);
    if (f->weakrefs != NULL) {
        PyObject_ClearWeakRefs((PyObject *)f);
    }
    fc_clear(f);
    Py_CLEAR(f->name);
    Py_CLEAR(f->qualname);
    Py_TYPE(f)->tp_free((PyObject *)f);
}

static int set_str(PyObject **slot, PyObject *value, const char *what)
{
    if (value == NULL || !PyUnicode_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be set to a string object", what);
        return -1;
    }
    Py_INCREF(value);
    Py_SETREF(*slot, value);
    return 0;
}

static PyObject *fc_get_name(FastCall *f, void *c)
{
    Py_INCREF(f->name);
    return f->name;
}

static int fc_set_name(FastCall *f, PyObject *v, void *c)
{
    return set_str(&f->name, v, "__name__");
}

static PyObject *fc_get_qualname(FastCall *f, void *c)
{
    Py_INCREF(f->qualname);
    return f->qualname;
}

static int fc_set_qualname(FastCall *f, PyObject *v, void *c)
{
    return set_str(&f->qualname, v, "__qualname__");
}

static PyGetSetDef fc_getset[] = {
    {"__name__", (getter)fc_get_name, (setter)fc_set_name, NULL, NULL},
    {"__qualname__", (getter)fc_get_qualname, (setter)fc_set_qualname, NULL, NULL},
    {NULL},
};

static PyMemberDef fc_members[] = {
    {"__wrapped__", T_OBJECT, offsetof(FastCall, fallback), READONLY, NULL},
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(FastCall, vectorcall), READONLY, NULL},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(FastCall, weakrefs), READONLY, NULL},
    {NULL},
};

static PyTypeObject FastCallType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._dispatch._cfast.compiled_function",
    .tp_basicsize = sizeof(FastCall),
    .tp_dealloc = (destructor)fc_dealloc,
    .tp_vectorcall_offset = offsetof(FastCall, vectorcall),
    .tp_repr = (reprfunc)fc_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = fc_getattro,
    .tp_setattro = fc_setattro,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_traverse = (traverseproc)fc_traverse,
    .tp_clear = (inquiry)fc_clear,
    .tp_weaklistoffset = offsetof(FastCall, weakrefs),
    .tp_getset = fc_getset,
    .tp_members = fc_members,
    .tp_descr_get = fc_descr_get,
};

/* The rest of new FastCall `f`: its references (each one added), its names (its fallback's),
   and the GC's tracking; `f`, or NULL with an error (f released). */
static PyObject *finish(FastCall *f, PyObject *fallback, PyObject *slow, PyObject *table,
                        PyObject *extra, PyObject *array_type, PyObject *cache)
{
    f->weakrefs = NULL;
    f->memo = f->into = f->ints = (Memo){NULL, NULL, NULL, 0};
    f->methods = NULL;
    f->methods_version = 0;
    f->fallback = Py_NewRef(fallback);
    f->slow = Py_NewRef(slow);
    f->table = Py_NewRef(table);
    f->extra = Py_NewRef(extra);
    f->array_type = (PyTypeObject *)Py_NewRef(array_type);
    f->cache = Py_NewRef(cache);
    f->name = PyObject_GetAttrString(fallback, "__name__");
    f->qualname = f->name == NULL ? NULL : PyObject_GetAttrString(fallback, "__qualname__");
    PyObject_GC_Track(f);
    if (f->qualname == NULL) {
        Py_DECREF(f);
        return NULL;
    }
    return (PyObject *)f;
}

/* --- the ufunc type: xtensor's ufunc objects (_ufunc.py) ---------------------------------- */

/* A FastCall whose fallback is an `xtensor.ufunc` instance, installed as the namespace's
   ufunc (`xt.add`): a call reaches the twin by vectorcall, as NumPy's ufunc objects are
   called, where the instance's `__call__` is found on its class by slot_tp_call, through a
   staticmethod and an argument tuple (~0.09 us). It reads as the instance: its class (so
   `isinstance(xt.add, xt.ufunc)`), its repr and every attribute but its name. Its type is
   FastCallType's copy (`UfuncType`, made at import) without the descriptor: as a class
   attribute it stays itself, as NumPy's ufuncs do. */
static PyTypeObject UfuncType;

/* `xt.add.reduce(x)`: CPython's method call without a bound method (LOAD_METHOD) is only for
   types with the generic getattro, so each call would make one and read it through the
   instance's class. The bound methods of the instance are remembered instead, while its class
   (so its methods) is unchanged: the version tag CPython bumps on every change of a class. */
static PyObject *uf_getattro(PyObject *self, PyObject *name)
{
    FastCall *f = (FastCall *)self;
    unsigned int version = Py_TYPE(f->fallback)->tp_version_tag;
    if (f->methods != NULL && version != 0 && version == f->methods_version) {
        PyObject *bound = PyDict_GetItemWithError(f->methods, name);
        if (bound != NULL || PyErr_Occurred()) {
            return Py_XNewRef(bound);
        }
    }
    if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, "__class__") == 0) {
        return PyObject_GetAttr(f->fallback, name);
    }
    PyObject *r = fc_getattro(self, name);
    version = Py_TYPE(f->fallback)->tp_version_tag;  /* (the lookup may have set it) */
    if (r != NULL && PyMethod_Check(r) && PyMethod_GET_SELF(r) == f->fallback && version != 0 &&
        PyUnicode_CheckExact(name)) {
        if (f->methods == NULL || version != f->methods_version) {
            Py_XSETREF(f->methods, PyDict_New());
            f->methods_version = version;
        }
        if (f->methods == NULL || PyDict_SetItem(f->methods, name, r) < 0) {
            PyErr_Clear();  /* (nothing remembered: the answer stands) */
        }
    }
    return r;
}

static PyObject *uf_repr(FastCall *f)
{
    return PyObject_Repr(f->fallback);
}

/* ufunc(twin, instance): twin (the FastCall of the instance's `__call__`) in front of the
   instance itself. */
static PyObject *make_ufunc(PyObject *module, PyObject *args)
{
    FastCall *t;
    PyObject *instance;
    if (!PyArg_ParseTuple(args, "O!O", &FastCallType, &t, &instance)) {
        return NULL;
    }
    FastCall *f = PyObject_GC_New(FastCall, &UfuncType);
    if (f == NULL) {
        return NULL;
    }
    f->vectorcall = t->vectorcall;
    f->body = t->body;
    f->kwbody = t->kwbody;
    f->data_offset = t->data_offset;
    f->limit = t->limit;
    f->elide = t->elide;
    f->product = t->product;
    f->reduction = t->reduction;
    f->lists = t->lists;
    f->repeats = t->repeats;
    f->value_op = t->value_op;
    return finish(f, instance, t->slow, t->table, t->extra, (PyObject *)t->array_type, t->cache);
}

/* --- the Getter type: Array.T, Array.mT (_array.py) -------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *prop;  /* the property it stands in front of: the reference and the fallback */
    PyTypeObject *array_type;
    PyObject *table; /* DTYPE: NumPy dtype -> xtensor DType (dtypes._BY_NUMPY), else None */
    Py_ssize_t data_offset;
    Py_ssize_t base_offset; /* FLAT: the `base` slot of the flatiter class (`table`) */
    int which;       /* enum attribute */
} Getter;

/* What a getter answers: `.T` (all axes reversed), `.mT` (the last two swapped), or the
   attribute of the same name. */
enum attribute {
    T_ATTR, MT_ATTR, SHAPE_ATTR, NDIM_ATTR, SIZE_ATTR, DTYPE_ATTR, NBYTES_ATTR, ITEMSIZE_ATTR,
    STRIDES_ATTR, BASE_ATTR, REAL_ATTR, IMAG_ATTR, FLAGS_ATTR, FLAT_ATTR, STRUCT_ATTR, IFACE_ATTR
};

#define CACHE_ALIGN 4096  /* a cached buffer's spare bytes: ALIGN of _backends/cpu.py */

/* Whether `a` views a buffer of the CPU output cache, as if it owned its memory: `owns_memory`
   of _array_views.py (Note [Owning memory]), whose size floor `min_bytes` is. */
static int views_cached_buffer(PyArrayObject *a, PyArrayObject *base, Py_ssize_t min_bytes)
{
    const char *start = PyArray_BYTES(base), *data = PyArray_BYTES(a);
    return PyArray_BASE(base) == NULL && PyArray_TYPE(base) == NPY_UBYTE &&
           PyArray_NDIM(base) == 1 && PyArray_NBYTES(base) == PyArray_NBYTES(a) + CACHE_ALIGN &&
           PyArray_NBYTES(a) >= min_bytes && PyArray_IS_C_CONTIGUOUS(a) && data >= start &&
           data - start < CACHE_ALIGN;
}

/* `a.T`: the view of a's axes reversed, made in one step (PyArray_Transpose checks a
   permutation and sets the flags twice: a tenth of the call). */
static PyObject *reversed(PyArrayObject *a)
{
    npy_intp dims[NPY_MAXDIMS], strides[NPY_MAXDIMS];
    int nd = PyArray_NDIM(a);
    for (int k = 0; k < nd; k++) {
        dims[k] = PyArray_DIM(a, nd - 1 - k), strides[k] = PyArray_STRIDE(a, nd - 1 - k);
    }
    return view_of(a, PyArray_BYTES(a), nd, dims, strides);
}

/* NumPy's `x.real` (`imag`: x.imag) of native complex `a`: the view of its floats, of a's
   flags and with a as its base, as NumPy's getter makes it without the attribute lookup;
   NULL with no exception for other arrays (the getter's). */
PyObject *complex_part(PyArrayObject *a, int imag)
{
    int t = PyArray_TYPE(a);
    int part = t == NPY_CDOUBLE ? NPY_DOUBLE : t == NPY_CFLOAT ? NPY_FLOAT
               : t == NPY_CLONGDOUBLE ? NPY_LONGDOUBLE : -1;
    if (part < 0 || !PyArray_ISNBO(PyArray_DESCR(a)->byteorder)) {
        return NULL;
    }
    PyArray_Descr *descr = PyArray_DescrFromType(part);  /* stolen */
    char *data = PyArray_BYTES(a) + (imag ? PyArray_ITEMSIZE(a) / 2 : 0);
    PyObject *r = PyArray_NewFromDescr(&PyArray_Type, descr, PyArray_NDIM(a), PyArray_DIMS(a),
                                       PyArray_STRIDES(a), data, PyArray_FLAGS(a), NULL);
    if (r != NULL && PyArray_SetBaseObject((PyArrayObject *)r, Py_NewRef((PyObject *)a)) < 0) {
        Py_CLEAR(r);  /* (the base reference is stolen, even on failure) */
    }
    return r;
}

/* `a.dtype`: the xtensor DType of `d` in the table (dtypes._BY_NUMPY, the one table a DTYPE
   getter holds). Where `d` is NumPy's own descriptor of its type number, as it nearly always
   is, the answer is remembered by that number: hashing a dtype for the dict was a third of
   the attribute's 30 ns. Both references are kept for good, so the pointer is never reused. */
static PyObject *dtype_of(Getter *g, PyArray_Descr *d)
{
    static PyArray_Descr *own[NPY_NTYPES_LEGACY];
    static PyObject *answer[NPY_NTYPES_LEGACY];
    int t = d->type_num, legacy = t >= 0 && t < NPY_NTYPES_LEGACY;
    if (legacy && own[t] == d) {
        return Py_NewRef(answer[t]);
    }
    PyObject *r = PyDict_GetItemWithError(g->table, (PyObject *)d);
    if (r != NULL && legacy && own[t] == NULL) {
        PyArray_Descr *builtin = PyArray_DescrFromType(t);
        if (builtin == d) {
            own[t] = builtin, answer[t] = Py_NewRef(r);
        }
        else {
            Py_DECREF(builtin);
        }
    }
    return Py_XNewRef(r);
}

/* The attribute of CPU data `a`, or NULL with no exception: the property answers. */
static PyObject *attribute_of(Getter *g, PyArrayObject *a)
{
    PyObject *view;
    switch (g->which) {
    case T_ATTR:
    case MT_ATTR:
        if (g->which == MT_ATTR && PyArray_NDIM(a) < 2) {
            return NULL;  /* the property's error */
        }
        view = g->which == T_ATTR ? reversed(a) : PyArray_SwapAxes(a, -1, -2);
        return view == NULL ? NULL : new_array(g->array_type, g->data_offset, view);
    case SHAPE_ATTR:
        return PyArray_IntTupleFromIntp(PyArray_NDIM(a), PyArray_DIMS(a));
    case NDIM_ATTR:
        return PyLong_FromLong(PyArray_NDIM(a));
    case SIZE_ATTR:
        return PyLong_FromSsize_t(PyArray_SIZE(a));
    case DTYPE_ATTR:
        return dtype_of(g, PyArray_DESCR(a));
    case NBYTES_ATTR:
        return PyLong_FromSsize_t(PyArray_NBYTES(a));
    case ITEMSIZE_ATTR:
        return PyLong_FromSsize_t(PyArray_ITEMSIZE(a));
    case STRIDES_ATTR:
        return PyArray_IntTupleFromIntp(PyArray_NDIM(a), PyArray_STRIDES(a));
    case BASE_ATTR: {  /* `table` holds owns_memory's size floor */
        PyObject *base = PyArray_BASE(a);
        if (base == NULL) {
            Py_RETURN_NONE;
        }
        if (!PyArray_CheckExact(base)) {
            return NULL;  /* the property's answer */
        }
        Py_ssize_t floor = PyLong_AsSsize_t(g->table);
        if (floor == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (views_cached_buffer(a, (PyArrayObject *)base, floor)) {
            Py_RETURN_NONE;
        }
        return new_array(g->array_type, g->data_offset, Py_NewRef(base));
    }
    case FLAGS_ATTR: {  /* NumPy's flags, but where OWNDATA would differ (`table`: the floor) */
        PyObject *base = PyArray_BASE(a);
        if (base != NULL && PyArray_CheckExact(base)) {
            Py_ssize_t floor = PyLong_AsSsize_t(g->table);
            if ((floor == -1 && PyErr_Occurred()) ||
                views_cached_buffer(a, (PyArrayObject *)base, floor)) {
                return NULL;
            }
        }
        return PyObject_GetAttr((PyObject *)a, str_flags);
    }
    case STRUCT_ATTR:  /* NumPy's, for the dtypes the Note allows (Note [Array interface] */
    case IFACE_ATTR: { /* in _array_views.py); with strides always. `table`: the refusal */
        PyObject *name = g->which == STRUCT_ATTR ? str_struct : str_iface;
        PyArray_Descr *d = PyArray_DESCR(a);
        int t = d->type_num, number = PyTypeNum_ISBOOL(t) || PyTypeNum_ISNUMBER(t);
        if (PyArray_NDIM(a) == 0 || (g->which == STRUCT_ATTR
                                         ? !number || !PyArray_ISNBO(d->byteorder)
                                         : t >= NPY_NTYPES_LEGACY || t == NPY_VOID)) {
            PyErr_SetObject(PyExc_AttributeError, g->table);
            return NULL;
        }
        PyObject *r = PyObject_GetAttr((PyObject *)a, name);
        if (r == NULL || g->which == STRUCT_ATTR) {
            return r;
        }
        PyObject *strides = PyArray_IntTupleFromIntp(PyArray_NDIM(a), PyArray_STRIDES(a));
        if (strides == NULL || PyDict_SetItem(r, str_strides, strides) < 0) {
            Py_XDECREF(strides);
            Py_DECREF(r);
            return NULL;
        }
        Py_DECREF(strides);
        return r;
    }
    case REAL_ATTR:  /* NumPy's view (a real array is its own real part) */
    case IMAG_ATTR: {  /* a view for complex data; read-only zeros otherwise */
        if (g->which == REAL_ATTR && !PyArray_ISCOMPLEX(a)) {
            return new_array(g->array_type, g->data_offset, Py_NewRef((PyObject *)a));
        }
        PyObject *part = complex_part(a, g->which == IMAG_ATTR);
        if (part == NULL && !PyErr_Occurred()) {
            part = PyObject_GetAttr((PyObject *)a, g->which == REAL_ATTR ? str_real : str_imag);
        }
        return part == NULL ? NULL : new_array(g->array_type, g->data_offset, part);
    }
    }
    return NULL;
}

/* `x.flat`: a new instance of the flatiter class `table` whose `base` is x, as `_new`. */
static PyObject *flat_of(Getter *g, PyObject *x)
{
    PyTypeObject *flatiter = (PyTypeObject *)g->table;
    PyObject *it = flatiter->tp_alloc(flatiter, 0);
    if (it != NULL) {
        *(PyObject **)((char *)it + g->base_offset) = Py_NewRef(x);
    }
    return it;
}

static PyObject *getter_get(Getter *g, PyObject *obj, PyObject *type)
{
    if (obj != NULL && obj != Py_None && Py_TYPE(obj) == g->array_type) {
        if (g->which == FLAT_ATTR) {
            return flat_of(g, obj);
        }
        PyObject *d = *(PyObject **)((char *)obj + g->data_offset);
        if (d != NULL && PyArray_CheckExact(d)) {
            PyObject *r = attribute_of(g, (PyArrayObject *)d);
            int view = g->which == T_ATTR || g->which == REAL_ATTR || g->which == IMAG_ATTR;
            if (r != NULL && view && marked(obj)) {  /* NumPy's 0-d ndarray's views are too */
                made(r);
            }
            if (r != NULL || PyErr_Occurred()) {
                return r;
            }
        }
    }
    return Py_TYPE(g->prop)->tp_descr_get(g->prop, obj, type);
}

static int getter_set(Getter *g, PyObject *obj, PyObject *value)
{
    return Py_TYPE(g->prop)->tp_descr_set(g->prop, obj, value);
}

/* Attributes (`__doc__`, `fget`...) are the property's. */
static PyObject *getter_getattro(PyObject *self, PyObject *name)
{
    return PyObject_GetAttr(((Getter *)self)->prop, name);
}

static int getter_traverse(Getter *g, visitproc visit, void *arg)
{
    Py_VISIT(g->prop);
    Py_VISIT(g->array_type);
    Py_VISIT(g->table);
    return 0;
}

static int getter_clear(Getter *g)
{
    Py_CLEAR(g->prop);
    Py_CLEAR(g->array_type);
    Py_CLEAR(g->table);
    return 0;
}

static void getter_dealloc(Getter *g)
{
    PyObject_GC_UnTrack(g);
    getter_clear(g);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static PyTypeObject GetterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xtensor._dispatch._cfast.compiled_property",
    .tp_basicsize = sizeof(Getter),
    .tp_dealloc = (destructor)getter_dealloc,
    .tp_getattro = getter_getattro,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)getter_traverse,
    .tp_clear = (inquiry)getter_clear,
    .tp_descr_get = (descrgetfunc)getter_get,
    .tp_descr_set = (descrsetfunc)getter_set,
};

/* --- factories --------------------------------------------------------------------------- */

/* The byte offset of the slot `name` of `type` (a __slots__ member), or -1 with an error. */
Py_ssize_t slot_offset(PyObject *type, const char *name)
{
    PyObject *descr = PyObject_GetAttrString(type, name);
    if (descr == NULL) {
        return -1;
    }
    Py_ssize_t off = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
        if (m->type == T_OBJECT_EX) {
            off = m->offset;
        }
    }
    Py_DECREF(descr);
    if (off < 0) {
        PyErr_Format(PyExc_TypeError, "_cfast: %R.%s is not a __slots__ member", type, name);
    }
    return off;
}

static PyObject *make(fastbody body, fastkwbody kwbody, PyObject *args)
{
    PyObject *table, *fallback, *slow, *array_type, *cache, *extra = Py_None;
    Py_ssize_t limit, elide;
    if (!PyArg_ParseTuple(args, "O!OOO!Onn|O", &PyDict_Type, &table, &fallback, &slow,
                          &PyType_Type, &array_type, &cache, &limit, &elide, &extra)) {
        return NULL;
    }
    Py_ssize_t data_offset = slot_offset(array_type, "_data");
    if (data_offset < 0) {
        return NULL;
    }
    FastCall *f = PyObject_GC_New(FastCall, &FastCallType);
    if (f == NULL) {
        return NULL;
    }
    f->vectorcall = fc_vectorcall;
    f->body = body;
    f->kwbody = kwbody;
    f->data_offset = data_offset;
    f->limit = limit;
    f->elide = elide;
    PyObject *product = PyTuple_Check(extra) && PyTuple_GET_SIZE(extra) ? PyTuple_GET_ITEM(extra, 0)
                                                                       : extra;
    f->product = PyLong_CheckExact(product) ? PyLong_AsSsize_t(product) : limit;
    if (f->product == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        f->product = limit;
    }
    f->reduction = OTHER_REDUCTION;
    f->lists = 0;
    f->repeats = 0;  /* (PyObject_GC_New leaves the struct as the allocator had it) */
    f->value_op = -1;
    static const char *const reductions[] = {"sum",    "max",  "min", "argmax",
                                             "argmin", "prod", "mean"};
    for (int k = 0; k < 7 && PyUnicode_Check(extra); k++) {
        if (PyUnicode_CompareWithASCIIString(extra, reductions[k]) == 0) {
            f->reduction = SUM + k;
        }
    }
    return finish(f, fallback, slow, table, extra, array_type, cache);
}

#define FACTORY(kind)                                                  \
    static PyObject *make_##kind(PyObject *module, PyObject *args)     \
    {                                                                  \
        return make(kind##_body, NULL, args);                          \
    }
/* A kind whose positional arguments of `bits` may be lists (Note [List arguments]). */
#define LISTS_FACTORY(kind, body, kwbody, bits)                          \
    static PyObject *make_##kind(PyObject *module, PyObject *args)       \
    {                                                                    \
        PyObject *f = make(body, kwbody, args);                          \
        if (f != NULL) {                                                 \
            ((FastCall *)f)->lists = bits;                               \
        }                                                                \
        return f;                                                        \
    }
FACTORY(binary)
FACTORY(reflected)
/* Array's `*` and reflected `*`: binary and reflected, but `[0] * n` with n a 0-d integer is
   Python's sequence repetition, as for NumPy's integer scalars (`fast_binary`'s `repeats`). */
#define REPEATS_FACTORY(kind, body)                                      \
    static PyObject *make_##kind(PyObject *module, PyObject *args)       \
    {                                                                    \
        PyObject *f = make(body, NULL, args);                            \
        if (f != NULL) {                                                 \
            ((FastCall *)f)->repeats = 1;                                \
        }                                                                \
        return f;                                                        \
    }
REPEATS_FACTORY(mul, binary_body)
REPEATS_FACTORY(rmul, reflected_body)
FACTORY(unary)
FACTORY(in_place)
FACTORY(getitem)
FACTORY(elements)
FACTORY(setitem)
FACTORY(reshape)
FACTORY(permute)
FACTORY(broadcast)
LISTS_FACTORY(where, where_body, NULL, 7)
LISTS_FACTORY(nonzero, nonzero_body, NULL, 1)
LISTS_FACTORY(pair, pair_body, NULL, 3)
LISTS_FACTORY(count, count_body, NULL, 1)
FACTORY(scalar_power)
FACTORY(scalar_rpower)
FACTORY(scalar_divmod)
FACTORY(scalar)
FACTORY(format)
LISTS_FACTORY(like, like_body, NULL, 1)
LISTS_FACTORY(scan, NULL, scan_body, 1)  /* (`axis=` by keyword too) */
FACTORY(method0)
FACTORY(passthrough)
FACTORY(int_method)
FACTORY(search)
FACTORY(fill)
FACTORY(dtype_call)
FACTORY(accumulate)
FACTORY(flat_item)
FACTORY(function_protocol)
LISTS_FACTORY(fold, NULL, fold_body, 0)  /* (`axis=` by keyword too) */

/* The kinds whose body reads keywords (the creation functions). */
#define KW_FACTORY(kind)                                               \
    static PyObject *make_##kind(PyObject *module, PyObject *args)     \
    {                                                                  \
        return make(NULL, kind##_body, args);                          \
    }
KW_FACTORY(zeros)
KW_FACTORY(ones)
KW_FACTORY(empty)
KW_FACTORY(full)
KW_FACTORY(arange)
KW_FACTORY(asarray)
KW_FACTORY(astype)
KW_FACTORY(copy)
LISTS_FACTORY(reduce0, NULL, reduce0_body, 1)
KW_FACTORY(ufunc1)
KW_FACTORY(ufunc2)
KW_FACTORY(concat)
KW_FACTORY(numpy_call)
LISTS_FACTORY(take, NULL, take_body, 1)
LISTS_FACTORY(sort, NULL, sort_body, 1)
KW_FACTORY(sampler)
KW_FACTORY(protocol)  /* (`out=` by keyword, as NumPy hands it on) */

static PyObject *make_getter(PyObject *module, PyObject *args)
{
    PyObject *prop, *array_type, *table = Py_None;
    int which;
    if (!PyArg_ParseTuple(args, "O!O!i|O", &PyProperty_Type, &prop, &PyType_Type, &array_type,
                          &which, &table)) {
        return NULL;
    }
    if (which < T_ATTR || which > IFACE_ATTR || (which == DTYPE_ATTR && !PyDict_Check(table)) ||
        ((which == BASE_ATTR || which == FLAGS_ATTR) && !PyLong_CheckExact(table)) ||
        (which == FLAT_ATTR && !PyType_Check(table)) ||
        (which >= STRUCT_ATTR && !PyUnicode_Check(table))) {
        PyErr_SetString(PyExc_ValueError, "getter: `which` is 0 to 15; 5 (dtype) takes a dict, "
                        "9 (base) and 12 (flags) an int, 13 (flat) the flatiter class, 14 and "
                        "15 (the interfaces) their AttributeError's words");
        return NULL;
    }
    Py_ssize_t off = slot_offset(array_type, "_data");
    Py_ssize_t base_off = which == FLAT_ATTR ? slot_offset(table, "base") : 0;
    if (off < 0 || base_off < 0) {
        return NULL;
    }
    Getter *g = PyObject_GC_New(Getter, &GetterType);
    if (g == NULL) {
        return NULL;
    }
    g->prop = Py_NewRef(prop);
    g->array_type = (PyTypeObject *)Py_NewRef(array_type);
    g->table = Py_NewRef(table);
    g->data_offset = off;
    g->base_offset = base_off;
    g->which = which;
    PyObject_GC_Track(g);
    return (PyObject *)g;
}

/* set_fp_state(contextvar, ignore): NumPy's error-state variable and its "ignore" value. */
static PyObject *set_fp_state(PyObject *module, PyObject *args)
{
    PyObject *var, *value;
    if (!PyArg_ParseTuple(args, "O!O", &PyContextVar_Type, &var, &value)) {
        return NULL;
    }
    Py_INCREF(var);
    Py_XSETREF(fp_state, var);
    Py_INCREF(value);
    Py_XSETREF(fp_ignore, value);
    Py_RETURN_NONE;
}

/* The `n` exact Python ints `items` (at most NPY_MAXDIMS) into `values`: 1, or 0 with no
   exception for anything else (another type, a value past Py_ssize_t). */
int ints_of(PyObject *const *items, Py_ssize_t n, npy_intp *values)
{
    if (n > NPY_MAXDIMS) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_CheckExact(items[i])) {
            return 0;
        }
        values[i] = PyLong_AsSsize_t(items[i]);
        if (values[i] == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* Whether xtensor is set to one thread now (`thread_count`): a large call then runs as one
   NumPy call, as its twin would run it (with more threads set, the twin may split it, or
   run it whole on a busy machine: the C leaves it to the twin); 0 (no exception) when
   unknown. The answer changes nothing but the path: either gives the same bits. */
int one_thread_set(void)
{
    if (thread_count == NULL) {
        return 0;
    }
    PyObject *n = PyObject_CallNoArgs(thread_count);
    long threads = n == NULL ? -1 : PyLong_AsLong(n);
    Py_XDECREF(n);
    if (threads == -1) {
        PyErr_Clear();
    }
    return threads == 1;
}

/* set_threads(get_num_threads): the callable that says how many threads xtensor is set to
   use (_iter/parallel.py), which `one_thread_set` asks. */
static PyObject *set_threads(PyObject *module, PyObject *fn)
{
    Py_INCREF(fn);
    Py_XSETREF(thread_count, fn);
    Py_RETURN_NONE;
}

/* set_value_op(fn, op): FastCall `fn` (a binary or unary kind) is the operator `op` (enum
   value_op), which values compute by first (Note [Value arithmetic] in _cfast_values.c). */
static PyObject *set_value_op(PyObject *module, PyObject *args)
{
    PyObject *fn;
    int op;
    if (!PyArg_ParseTuple(args, "O!i", &FastCallType, &fn, &op)) {
        return NULL;
    }
    if (op < VALUE_ADD || op > VALUE_ABS) {
        PyErr_Format(PyExc_ValueError, "set_value_op: op must be 0 to %d; got %d", VALUE_ABS, op);
        return NULL;
    }
    ((FastCall *)fn)->value_op = op;
    Py_RETURN_NONE;
}

/* set_elision(codes, hook, reflected_refs=1, sources=None): what elision's calibration found
   (codes False: it has not run; None: elision is off; else the reflected dunders' code
   objects, in whose calls a temporary has `reflected_refs` references), elision.calibration,
   and elision.site_sources (without it `elide` leaves every temporary to the twins). */
static PyObject *set_elision(PyObject *module, PyObject *args)
{
    PyObject *codes, *hook, *sources = NULL;
    Py_ssize_t refs = 1;
    if (!PyArg_ParseTuple(args, "OO|nO", &codes, &hook, &refs, &sources)) {
        return NULL;
    }
    if (codes != Py_False && codes != Py_None && !PyFrozenSet_CheckExact(codes)) {
        PyErr_SetString(PyExc_TypeError, "set_elision: codes must be False, None or a frozenset");
        return NULL;
    }
    reflected_refs = refs;
    Py_XSETREF(elision_codes, codes == Py_False ? NULL : Py_NewRef(codes));
    Py_XSETREF(elision_hook, Py_NewRef(hook));
    Py_XSETREF(elision_sources, Py_XNewRef(sources));
    Py_RETURN_NONE;
}

static PyObject *elided(PyObject *module, PyObject *unused)
{
    return PyLong_FromSsize_t(elided_count);
}

#define SIGNATURE "(table, fallback, slow, array_type, cache, limit, elide[, extra])"

static PyMethodDef methods[] = {
    {"binary", make_binary, METH_VARARGS,
     "binary" SIGNATURE "\n--\n\nfast_binary's closure, compiled (elementwise.py)."},
    {"reflected", make_reflected, METH_VARARGS,
     "reflected" SIGNATURE "\n--\n\nA reflected dunder's scalar-left call (`2.0 - x`), "
     "compiled (_elementwise._reflected)."},
    {"mul", make_mul, METH_VARARGS,
     "mul" SIGNATURE "\n--\n\nArray.__mul__: binary, with sequence repetition (_elementwise.py)."},
    {"rmul", make_rmul, METH_VARARGS,
     "rmul" SIGNATURE "\n--\n\nArray.__rmul__: reflected, with sequence repetition."},
    {"unary", make_unary, METH_VARARGS,
     "unary" SIGNATURE "\n--\n\nfast_unary's closure, compiled (elementwise.py)."},
    {"in_place", make_in_place, METH_VARARGS,
     "in_place" SIGNATURE "\n--\n\nfast_in_place's closure, compiled (inplace.py)."},
    {"getitem", make_getitem, METH_VARARGS,
     "getitem" SIGNATURE "\n--\n\nArray.__getitem__'s basic keys, compiled (_array.py)."},
    {"elements", make_elements, METH_VARARGS,
     "elements" SIGNATURE "\n--\n\nArray.__iter__ of a 1-d numeric array, compiled (_array.py)."},
    {"setitem", make_setitem, METH_VARARGS,
     "setitem" SIGNATURE "\n--\n\nArray.__setitem__'s plain keys and values, compiled "
     "(_array.py)."},
    {"reshape", make_reshape, METH_VARARGS,
     "reshape" SIGNATURE "\n--\n\nArray.reshape's int sizes, compiled (_array_methods.py)."},
    {"permute", make_permute, METH_VARARGS,
     "permute" SIGNATURE "\n--\n\npermute_dims and transpose with a tuple of int axes, "
     "compiled (_manipulation.py)."},
    {"broadcast", make_broadcast, METH_VARARGS,
     "broadcast" SIGNATURE "\n--\n\nbroadcast_to with a tuple of ints, compiled "
     "(_manipulation.py)."},
    {"copy", make_copy, METH_VARARGS,
     "copy" SIGNATURE "\n--\n\nArray.copy() in C order, compiled (_array_methods.py)."},
    {"astype", make_astype, METH_VARARGS,
     "astype" SIGNATURE "\n--\n\nArray.astype's small table, compiled; extra: (the DType class, "
     "the module of the threaded cast's threshold, its name)."},
    {"reduce0", make_reduce0, METH_VARARGS,
     "reduce0" SIGNATURE "\n--\n\n`x.sum()`-style methods' recorded plan (no argument, or an "
     "int axis), compiled; table: "
     "PLANS.plans, extra: the function's name."},
    {"ufunc1", make_ufunc1, METH_VARARGS,
     "ufunc1" SIGNATURE "\n--\n\nA unary ufunc's __call__, compiled (elementwise.py): as unary, "
     "and `out=` calls as _into (_ufunc_call.py); extra: (product, op, elision's loop memo, "
     "PARALLEL_NUMEL)."},
    {"ufunc2", make_ufunc2, METH_VARARGS,
     "ufunc2" SIGNATURE "\n--\n\nA binary ufunc's __call__, compiled: as ufunc1, with binary."},
    {"where", make_where, METH_VARARGS,
     "where" SIGNATURE "\n--\n\nwhere's small table, compiled (_searching.py)."},
    {"nonzero", make_nonzero, METH_VARARGS,
     "nonzero" SIGNATURE "\n--\n\nnonzero(x) of a CPU array, compiled (_searching.py)."},
    {"concat", make_concat, METH_VARARGS,
     "concat" SIGNATURE "\n--\n\nconcat of CPU arrays of one dtype, compiled (_manipulation.py); "
     "extra: numpy.concatenate."},
    {"numpy_call", make_numpy_call, METH_VARARGS,
     "numpy_call" SIGNATURE "\n--\n\nNumPy's C function `extra` on CPU Arrays' data, compiled "
     "(lexsort, ravel_multi_index, bincount in _numpy_index.py)."},
    {"pair", make_pair, METH_VARARGS,
     "pair" SIGNATURE "\n--\n\n`_one_call`'s branch of dot, matmul and `@`: two CPU arrays of one "
     "numeric dtype, compiled (_linear_algebra.py); extra: the NumPy function."},
    {"count", make_count, METH_VARARGS,
     "count" SIGNATURE "\n--\n\ncount_nonzero(x) of a CPU array, compiled (_statistical.py)."},
    {"scalar_power", make_scalar_power, METH_VARARGS,
     "scalar_power" SIGNATURE "\n--\n\nArray.__pow__'s first branches, compiled "
     "(_array_scalars.py); extra: (numpy.square, numpy.reciprocal, numpy.sqrt)."},
    {"scalar_rpower", make_scalar_rpower, METH_VARARGS,
     "scalar_rpower" SIGNATURE "\n--\n\nArray.__rpow__'s first branch, compiled (`2.0 ** s`)."},
    {"scalar_divmod", make_scalar_divmod, METH_VARARGS,
     "scalar_divmod" SIGNATURE "\n--\n\nArray.__divmod__'s and __rdivmod__'s first branch, "
     "compiled (`divmod(a[i], 3)`); extra: True for __rdivmod__."},
    {"scalar", make_scalar, METH_VARARGS,
     "scalar" SIGNATURE "\n--\n\nArray.__float__, __int__, __index__ or __bool__ of a 0-d CPU "
     "array, compiled (_array.py); extra: (the Python type or None, the dtype kinds, bytes)."},
    {"format", make_format, METH_VARARGS,
     "format" SIGNATURE "\n--\n\nArray.__format__ of a 0-d CPU array of a bool, integer or float "
     "dtype, compiled (_array.py)."},
    {"like", make_like, METH_VARARGS,
     "like" SIGNATURE "\n--\n\nempty_like, zeros_like or ones_like of a CPU array alone, "
     "compiled (_creation.py); extra: (numpy.empty_like, the fill value or None)."},
    {"method0", make_method0, METH_VARARGS,
     "method0" SIGNATURE "\n--\n\nx.ravel(), flatten(), squeeze(), conj() and np.copy(x), "
     "compiled (_array_everyday.py, _numpy_math.py; extra: 0 to 4)."},
    {"dtype_call", make_dtype_call, METH_VARARGS,
     "dtype_call" SIGNATURE "\n--\n\n`xt.float64(3.0)`, compiled (_core/dtypes.py); extra: (the "
     "DType class, NumPy dtype -> DType)."},
    {"fill", make_fill, METH_VARARGS,
     "fill" SIGNATURE "\n--\n\nx.fill(value) of a Python number of x's kind, compiled "
     "(_array_everyday.py)."},
    {"int_method", make_int_method, METH_VARARGS,
     "int_method" SIGNATURE "\n--\n\nx.swapaxes(i, j), x.repeat(k): extra (an ndarray method, "
     "the most arguments) of the data with int arguments, wrapped."},
    {"search", make_search, METH_VARARGS,
     "search" SIGNATURE "\n--\n\nx.searchsorted(v, side): NumPy's method of 1-d data and a "
     "float (float64 data) or an Array's data (_cfast_calls.c)."},
    {"protocol", make_protocol, METH_VARARGS,
     "protocol" SIGNATURE "\n--\n\nArray.__array_ufunc__ of NumPy's ufunc called with plain "
     "operands, compiled (_numpy_protocols.py); table: ufunc -> function, extra: the scalars."},
    {"function_protocol", make_function_protocol, METH_VARARGS,
     "function_protocol" SIGNATURE "\n--\n\nArray.__array_function__ of NumPy's function "
     "with xtensor's namesake, compiled (_numpy_protocols.py); table: function -> (module, "
     "name), extra: the re-entry guard."},
    {"passthrough", make_passthrough, METH_VARARGS,
     "passthrough" SIGNATURE "\n--\n\nx.item(...), x.tolist(): extra (an ndarray method) of "
     "the data, compiled (_array_methods.py)."},
    {"accumulate", make_accumulate, METH_VARARGS,
     "accumulate" SIGNATURE "\n--\n\nufunc.accumulate(x[, axis]): extra (NumPy's) of the "
     "data, compiled (_ufunc.py)."},
    {"sampler", make_sampler, METH_VARARGS,
     "sampler" SIGNATURE "\n--\n\nA draw of xtensor.random, compiled (_random_compiled.py); "
     "extra: (source, method, owner, renamed, pack, max_pos, names)."},
    {"fold", make_fold, METH_VARARGS,
     "fold" SIGNATURE "\n--\n\nufunc.reduce(x[, axis]) for an int axis, compiled (_ufunc.py); "
     "extra: (the ufunc's reduction, AxisError)."},
    {"flat_item", make_flat_item, METH_VARARGS,
     "flat_item" SIGNATURE "\n--\n\n`x.flat[i]` for an int i, compiled (_array_views.py); "
     "extra: the flatiter class."},
    {"scan", make_scan, METH_VARARGS,
     "scan" SIGNATURE "\n--\n\ncumulative_sum(x), cumsum(x), x.cumsum() and the products of a "
     "small CPU array, compiled (scan.py); table: its small plans."},
    {"take", make_take, METH_VARARGS,
     "take" SIGNATURE "\n--\n\ntake(x, indices[, axis]) of a CPU array at integers, compiled "
     "(_indexing.py); extra: (the module of the gather threshold, its name)."},
    {"sort", make_sort, METH_VARARGS,
     "sort" SIGNATURE "\n--\n\nsort(x[, axis]) of a small CPU array, compiled (_sorting.py)."},
    {"zeros", make_zeros, METH_VARARGS,
     "zeros" SIGNATURE "\n--\n\nzeros' small call, compiled (_creation.py); table: the dtype "
     "cache of _dispatch/creation.py, extra: the default NumPy dtype."},
    {"ones", make_ones, METH_VARARGS, "ones" SIGNATURE "\n--\n\nones' small call, as zeros."},
    {"empty", make_empty, METH_VARARGS, "empty" SIGNATURE "\n--\n\nempty's small call, as zeros."},
    {"full", make_full, METH_VARARGS,
     "full" SIGNATURE "\n--\n\nfull's first branch, compiled (_creation.py); table: the dtype "
     "cache, as zeros; extra: FILL_DTYPES."},
    {"arange", make_arange, METH_VARARGS,
     "arange" SIGNATURE "\n--\n\narange's Python-number bounds, compiled (_creation.py)."},
    {"asarray", make_asarray, METH_VARARGS,
     "asarray" SIGNATURE "\n--\n\nasarray of a flat list of Python numbers, compiled "
     "(_creation.py); table: the dtype cache, as zeros."},
    {"ufunc", make_ufunc, METH_VARARGS,
     "ufunc(twin, instance)\n--\n\nC twin `twin` of an xtensor.ufunc's __call__ in front of the "
     "instance, which it reads as (class, repr, attributes)."},
    {"getter", make_getter, METH_VARARGS,
     "getter(prop, array_type, which, table=None)\n--\n\nArray.T (which 0), .mT (1), .shape "
     "(2), .ndim (3), .size (4) or .dtype (5, table: NumPy dtype -> DType), compiled."},
    {"adopt", adopt, METH_O,
     "adopt(array_type)\n--\n\nFree and reuse the Array type's instances (Note [Array free "
     "list] in _cfast_arrays.c)."},
    {"install_slots", install_slots, METH_O,
     "install_slots(array_type)\n--\n\nPoint the adopted Array type's slots at its dunders "
     "(Note [Array slots] in _cfast_arrays.c)."},
    {"hits", hits, METH_VARARGS,
     "hits(reset=False)\n--\n\nThe compiled hot path's plan hits (PLANS.hits adds them)."},
    {"set_threads", set_threads, METH_O,
     "set_threads(get_num_threads)\n--\n\nHow many threads xtensor is set to use."},
    {"set_fp_state", set_fp_state, METH_VARARGS,
     "set_fp_state(contextvar, ignore)\n--\n\nNumPy's floating-point error state to set."},
    {"direct", set_direct, METH_O,
     "direct(on)\n--\n\nWhether small-table ufuncs run NumPy's inner loop themselves (Note "
     "[Direct inner loops]); the previous setting."},
    {"patched", make_patched, METH_VARARGS,
     "patched(ufunc, fixup, operand, value)\n--\n\nA small table's ufunc and fix-up, the "
     "fix-up needed only where the loop reads input `operand`, `value`, at one address "
     "(_cfast_direct.c)."},
    {"inner", make_inner, METH_O,
     "inner(ufunc)\n--\n\nThe ufunc, its calls run through NumPy's inner loop where the small "
     "tables' are (_cfast_direct.c)."},
    {"direct_sum", direct_sum_of, METH_VARARGS,
     "direct_sum(x, product=False, rows=False, mean=False)\n--\n\nNumPy's sum (product, "
     "mean) of ndarray x (along its last axis) as its loop's calls, or None."},
    {"set_direct_sums", set_direct_sums, METH_O,
     "set_direct_sums(on)\n--\n\nWhether x.sum() takes direct_sum; the previous setting."},
    {"direct_calls", direct_calls, METH_NOARGS,
     "direct_calls()\n--\n\nHow many calls the direct inner loops answered."},
    {"set_value_op", set_value_op, METH_VARARGS,
     "set_value_op(fn, op)\n--\n\nThe operator (enum value_op) compiled function `fn` computes "
     "on two values first (Note [Value arithmetic] in _cfast_values.c)."},
    {"set_elision", set_elision, METH_VARARGS,
     "set_elision(codes, hook, reflected_refs=1, sources=None)\n--\n\nTemporary elision's "
     "calibration, for operand_fits and elide."},
    {"elided", elided, METH_NOARGS,
     "elided()\n--\n\nHow many calls the C computed into a temporary (_cfast_elision.c)."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "xtensor._dispatch._cfast",
    .m_doc = "Compiled small-call hot paths; see Note [Compiled hot path] in _cfast.c.",
    .m_size = -1,
    .m_methods = methods,
};

/* Whether ufunc `add` takes `out=...` and answers an array for 0-d operands (NumPy 2.3). */
static int takes_ellipsis_out(PyObject *add)
{
    PyObject *zero = PyArray_ZEROS(0, NULL, NPY_DOUBLE, 0);
    if (zero == NULL) {
        PyErr_Clear();
        return 0;
    }
    PyObject *ops[3] = {zero, zero, Py_Ellipsis};
    PyObject *r = PyObject_Vectorcall(add, ops, 2, kw_out);
    Py_DECREF(zero);
    int ok = r != NULL && PyArray_CheckExact(r);
    Py_XDECREF(r);
    PyErr_Clear();
    return ok;
}

PyMODINIT_FUNC PyInit__cfast(void)
{
    import_array();
    UfuncType = FastCallType;  /* before PyType_Ready fills in FastCallType's own fields */
    UfuncType.tp_name = "xtensor._dispatch._cfast.compiled_ufunc";
    UfuncType.tp_flags &= ~Py_TPFLAGS_METHOD_DESCRIPTOR;
    UfuncType.tp_descr_get = NULL;
    UfuncType.tp_getattro = uf_getattro;
    UfuncType.tp_repr = (reprfunc)uf_repr;
    if (PyType_Ready(&FastCallType) < 0 || PyType_Ready(&UfuncType) < 0 ||
        PyType_Ready(&GetterType) < 0) {
        return NULL;
    }
    PyObject *numpy = PyImport_ImportModule("numpy");
    if (numpy == NULL) {
        return NULL;
    }
    np_asarray = PyObject_GetAttrString(numpy, "asarray");
    PyObject *add = PyObject_GetAttrString(numpy, "add");
    np_maximum = PyObject_GetAttrString(numpy, "maximum");
    np_minimum = PyObject_GetAttrString(numpy, "minimum");
    Py_DECREF(numpy);
    str_out = PyUnicode_InternFromString("out");
    str_astype = PyUnicode_InternFromString("astype");
    str_dtype = PyUnicode_InternFromString("dtype");
    str_real = PyUnicode_InternFromString("real");
    str_imag = PyUnicode_InternFromString("imag");
    str_flags = PyUnicode_InternFromString("flags");
    str_struct = PyUnicode_InternFromString("__array_struct__");
    str_iface = PyUnicode_InternFromString("__array_interface__");
    str_strides = PyUnicode_InternFromString("strides");
    kw_out = str_out == NULL ? NULL : PyTuple_Pack(1, str_out);
    kw_dtype = str_dtype == NULL ? NULL : PyTuple_Pack(1, str_dtype);
    PyObject *str_where = PyUnicode_InternFromString("where");
    kw_out_where = str_out == NULL || str_where == NULL ? NULL
                                                        : PyTuple_Pack(2, str_out, str_where);
    Py_XDECREF(str_where);
    if (np_asarray == NULL || add == NULL || kw_out == NULL || kw_dtype == NULL ||
        kw_out_where == NULL ||
        str_astype == NULL || str_real == NULL || str_imag == NULL || str_flags == NULL ||
        str_struct == NULL || str_iface == NULL || str_strides == NULL || np_maximum == NULL ||
        np_minimum == NULL) {
        Py_XDECREF(add);
        return NULL;
    }
    ufunc_type = takes_ellipsis_out(add) ? Py_TYPE(add) : NULL;
    Py_DECREF(add);
    if (direct_init() < 0 || values_init() < 0) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
