/* xtensor._dispatch._cfast: the elementwise kinds (fast_binary, fast_unary, fast_in_place and
   the ufuncs' `out=` calls), next to the Python function each mirrors (the reference); see
   Note [Compiled hot path] in _cfast.c for what a body returns. */

#include "_cfast.h"

/* --- elementwise: fast_binary, fast_unary (_dispatch/elementwise.py) --------------------- */

/* The small-table loop for `key` (stolen), a new reference, or NULL (a miss, or an error). */
PyObject *small_loop(FastCall *f, PyObject *key)
{
    if (key == NULL) {
        return NULL;
    }
    PyObject *loop = PyDict_GetItemWithError(f->table, key);
    Py_DECREF(key);
    Py_XINCREF(loop);  /* the table may be cleared while the loop runs */
    return loop;
}

PyObject *memo_get(Memo *memo, PyObject *table, PyObject *k1, PyObject *k2)
{
#if PY_VERSION_HEX < 0x030C0000
    if (memo->value != NULL && memo->k1 == k1 && memo->k2 == k2 &&
        memo->version == ((PyDictObject *)table)->ma_version_tag) {
        return Py_NewRef(memo->value);
    }
#endif
    return NULL;
}

void memo_set(Memo *memo, PyObject *table, PyObject *k1, PyObject *k2, PyObject *value)
{
#if PY_VERSION_HEX < 0x030C0000
    Py_XSETREF(memo->k1, Py_NewRef(k1));
    Py_XSETREF(memo->k2, Py_XNewRef(k2));
    Py_XSETREF(memo->value, Py_NewRef(value));
    memo->version = ((PyDictObject *)table)->ma_version_tag;
#endif
}

/* The small-table entry of key (k1, k2), or of k1 alone when k2 is NULL: a new reference,
   or NULL (a miss, or an error). Building the key tuple and hashing it (a DType's hash is
   Python code) costs as much as the rest of a call, so the last hit is remembered. */
PyObject *lookup(FastCall *f, PyObject *k1, PyObject *k2)
{
    PyObject *value = memo_get(&f->memo, f->table, k1, k2);
    if (value != NULL) {
        return value;
    }
    value = small_loop(f, k2 == NULL ? Py_NewRef(k1) : PyTuple_Pack(2, k1, k2));
    if (value != NULL) {
        memo_set(&f->memo, f->table, k1, k2, value);
    }
    return value;
}

/* --- Note [Scalar arithmetic] in _dispatch/plans.py: `scalar_arithmetic` ------------------- */

/* The kind (i, u, f or c) of `x` as a value: a 0-d CPU Array of such a dtype, or a Python
   number (`plain_number`, no bool); 0 for anything else. */
static char value_kind(FastCall *f, PyObject *x)
{
    if (Py_TYPE(x) == f->array_type) {
        PyArrayObject *d = host_data(f, x);
        char k = d != NULL && PyArray_NDIM(d) == 0 ? PyArray_DESCR(d)->kind : 0;
        return k != 0 && strchr("iufc", k) != NULL ? k : 0;
    }
    if (PyBool_Check(x) || !plain_number(x, 1)) {
        return 0;
    }
    return PyComplex_CheckExact(x) ? 'c' : PyFloat_CheckExact(x) ? 'f' : 'i';
}

/* `x` as a value: NumPy's scalar of a 0-d Array, or the Python number itself. */
static PyObject *value_of(FastCall *f, PyObject *x)
{
    if (Py_TYPE(x) != f->array_type) {
        return Py_NewRef(x);
    }
    PyArrayObject *d = host_data(f, x);
    return PyArray_ToScalar(PyArray_DATA(d), d);
}

/* Tuple `r` (stolen) of NumPy's scalars or arrays as a tuple of Arrays (divmod's two answers,
   nonzero's index arrays), or NULL with an error. */
PyObject *wrapped_items(FastCall *f, PyObject *r)
{
    Py_ssize_t n = PyTuple_GET_SIZE(r);
    PyObject *t = PyTuple_New(n);
    for (Py_ssize_t i = 0; t != NULL && i < n; i++) {
        PyObject *a = wrap(f, as_ndarray(Py_NewRef(PyTuple_GET_ITEM(r, i))));
        if (a == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, a);
    }
    Py_DECREF(r);
    return t;
}

/* `op(x1, x2)` on NumPy's scalars, as a 0-d Array, where both are values, one at least an
   Array, and one of a kind in `kinds`; else NULL with no exception (a refusal too: the twin
   words it). */
PyObject *scalar_arithmetic(FastCall *f, PyObject *x1, PyObject *x2, binaryfunc op,
                            const char *kinds)
{
    char k1 = value_kind(f, x1), k2;
    if (k1 == 0 || (k2 = value_kind(f, x2)) == 0 ||
        (Py_TYPE(x1) != f->array_type && Py_TYPE(x2) != f->array_type) ||
        (strchr(kinds, k1) == NULL && strchr(kinds, k2) == NULL)) {
        return NULL;
    }
    PyObject *v1 = value_of(f, x1), *v2 = v1 == NULL ? NULL : value_of(f, x2), *r = NULL;
    if (v2 != NULL) {
        hit();
        r = op(v1, v2);
    }
    Py_XDECREF(v1);
    Py_XDECREF(v2);
    if (r == NULL) {
        PyErr_Clear();
        return NULL;
    }
    return PyTuple_CheckExact(r) ? wrapped_items(f, r) : wrap(f, as_ndarray(r));
}

/* --- scalar_divmod: Array.__divmod__ and __rdivmod__ (_array_methods.py) ------------------
   Two real values take NumPy's scalar divmod (Note [Scalar arithmetic]): ~70 ns, where its
   ufunc on 0-d arrays costs 1.1 us; two integer values NumPy's scalar divides without a word
   are divided here (Note [Value arithmetic] in _cfast_values.c). Small arrays run the loop
   of divmod's small table, as `xt.divmod` does (binary_body). `extra` is (product bound,
   reflected, ints table), reflected True for __rdivmod__, whose args are (self, other).
   Anything else is the twin's. */
PyObject *scalar_divmod_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    int reflected = PyTuple_GET_ITEM(f->extra, 1) == Py_True;
    if (n != 2) {
        return NULL;
    }
    PyObject *q, *m;  /* two values: Note [Value arithmetic] in _cfast_values.c */
    int done = value_divmod(args[reflected], args[!reflected], f->array_type, f->data_offset,
                            &q, &m);
    if (done < 0) {
        return NULL;
    }
    if (done > 0) {
        PyObject *t = PyTuple_New(2);
        if (t == NULL) {
            Py_DECREF(q);
            Py_DECREF(m);
            return NULL;
        }
        PyTuple_SET_ITEM(t, 0, wrap(f, q));  /* (a NULL item: the tuple is freed below) */
        PyTuple_SET_ITEM(t, 1, wrap(f, m));
        if (PyTuple_GET_ITEM(t, 0) == NULL || PyTuple_GET_ITEM(t, 1) == NULL) {
            Py_CLEAR(t);
        }
        return t;
    }
    PyObject *ops[2] = {args[reflected], args[!reflected]};
    PyObject *r = scalar_arithmetic(f, ops[0], ops[1], PyNumber_Divmod, "iuf");
    return r != NULL || PyErr_Occurred() ? r : binary_body(f, ops, 2, slow);
}

/* `loop(*ops)`, counted as a hit, wrapped in a new Array; a NumPy ValueError (shapes that do
   not broadcast) goes to the twin's `slow`, whose error names the function. */
static PyObject *run_loop(FastCall *f, PyObject *loop, PyObject *const *ops, Py_ssize_t n,
                          int *slow)
{
    hit();
    PyObject *r = direct_call(loop, ops, n, NULL);
    if (r != NULL || PyErr_Occurred()) {  /* (an error: NumPy's floating-point error state) */
        Py_DECREF(loop);
        return r == NULL ? NULL : wrap(f, r);
    }
    /* On 0-d operands a ufunc answers a NumPy scalar, which costs as much again to make 0-d;
       `out=...` (NumPy 2.3) has it write a 0-d array instead. */
    int zero_d = ufunc_type != NULL && Py_TYPE(loop) == ufunc_type;
    for (Py_ssize_t i = 0; i < n && zero_d; i++) {
        zero_d = !PyArray_CheckExact(ops[i]) || PyArray_NDIM((PyArrayObject *)ops[i]) == 0;
    }
    if (zero_d) {
        PyObject *with_out[3] = {ops[0], n > 1 ? ops[1] : Py_Ellipsis, Py_Ellipsis};
        r = PyObject_Vectorcall(loop, with_out, n, kw_out);
    }
    else {
        r = PyObject_Vectorcall(loop, ops, n, NULL);
    }
    Py_DECREF(loop);
    if (r == NULL) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            *slow = 1;
        }
        return NULL;
    }
    return PyTuple_CheckExact(r) ? wrapped_items(f, r) : wrap(f, as_ndarray(r));  /* divmod */
}

/* The loop of the ints table (the last item of `extra`, a dict, where there is one) for
   key (k1, k2) with Python int operand `i`: (loop, lo, hi) read as the loop while lo <= i <=
   hi (the compute dtype's range, `int_bounds`: a replayed plan holds only there), else NULL
   with no exception (the twin runs, and raises or answers the comparison exactly). */
static PyObject *bounded_loop(FastCall *f, PyObject *k1, PyObject *k2, PyObject *i)
{
    Py_ssize_t n = PyTuple_Check(f->extra) ? PyTuple_GET_SIZE(f->extra) : 0;
    PyObject *table = n ? PyTuple_GET_ITEM(f->extra, n - 1) : NULL, *entry;
    if (table == NULL || !PyDict_Check(table)) {
        return NULL;
    }
    if ((entry = memo_get(&f->ints, table, k1, k2)) == NULL) {
        PyObject *key = PyTuple_Pack(2, k1, k2);
        entry = key == NULL ? NULL : Py_XNewRef(PyDict_GetItemWithError(table, key));
        Py_XDECREF(key);
        if (entry == NULL) {
            return NULL;
        }
        memo_set(&f->ints, table, k1, k2, entry);
    }
    PyObject *loop = NULL;
    if (PyTuple_CheckExact(entry) && PyTuple_GET_SIZE(entry) == 3) {
        int low = PyObject_RichCompareBool(PyTuple_GET_ITEM(entry, 1), i, Py_LE);
        int high = low == 1 ? PyObject_RichCompareBool(i, PyTuple_GET_ITEM(entry, 2), Py_LE) : 0;
        loop = high == 1 ? Py_NewRef(PyTuple_GET_ITEM(entry, 0)) : NULL;
    }
    Py_DECREF(entry);
    return loop;
}

/* `maximum(1.0, 2.0)`: the entry for the two Python types, from the small table or (two ints
   computing in int64, which plain_number keeps them to) the ints table. A Python number is
   one the twins take alone or beside another: `plain_number` with an int within int64
   (NumPy's reading of a wider one is the full path's to check). */
static PyObject *numbers_body(FastCall *f, PyObject *const *args, int *slow)
{
    PyObject *k1 = (PyObject *)Py_TYPE(args[0]), *k2 = (PyObject *)Py_TYPE(args[1]), *loop = NULL;
    if (k1 == (PyObject *)&PyLong_Type && k2 == (PyObject *)&PyLong_Type) {
        loop = bounded_loop(f, k1, k2, args[0]);
    }
    if (loop == NULL && !PyErr_Occurred()) {
        loop = lookup(f, k1, k2);
    }
    return loop == NULL ? NULL : run_loop(f, loop, args, 2, slow);
}

typedef PyObject *(*Body)(FastCall *, PyObject *const *, Py_ssize_t, int *);

/* `sqrt([4.0, 9.0])`, `add([1, 2], x)`: `body` on the operands with each list of plain numbers
   read as NumPy reads it (bool, int64, float64 or complex128: the full path's reading too),
   as an Array; NULL (the twin's) where a list holds anything else. */
static PyObject *listed_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow, Body body)
{
    PyObject *ops[2] = {NULL, NULL}, *r = NULL;
    int ok = 1;
    for (Py_ssize_t i = 0; i < n && ok; i++) {
        if (!PyList_CheckExact(args[i])) {
            ops[i] = Py_NewRef(args[i]);
        }
        else if (plain_numbers(args[i], 1)) {
            ops[i] = wrap(f, PyArray_FromAny(args[i], NULL, 0, 0, 0, NULL));
        }
        ok = ops[i] != NULL;
    }
    if (ok) {
        r = body(f, ops, n, slow);
    }
    else {
        PyErr_Clear();  /* (a ragged list: NumPy's ValueError, which the full path words) */
    }
    Py_XDECREF(ops[0]);
    Py_XDECREF(ops[1]);
    return r;
}

/* Whether `x` is a 0-d integer Array standing for NumPy's integer scalar, which repeats a
   sequence (NumPy's 0-d ndarray, `np.array(2)`, multiplies it: a marked Array). */
static int zero_d_integer(FastCall *f, PyObject *x)
{
    PyArrayObject *d = Py_TYPE(x) == f->array_type ? host_data(f, x) : NULL;
    return d != NULL && PyArray_NDIM(d) == 0 && strchr("iu", PyArray_DESCR(d)->kind) != NULL &&
           !marked(x);
}

/* Operands other than an Array beside an Array or a Python number: two Python numbers, or a
   list with anything (after the Arrays, the commonest operands). */
static PyObject *other_operands(FastCall *f, PyObject *const *args, int *slow)
{
    if (plain_number(args[0], 1) && plain_number(args[1], 1)) {
        return numbers_body(f, args, slow);
    }
    if (f->repeats && (((PyList_CheckExact(args[0]) || PyTuple_CheckExact(args[0])) &&
                        zero_d_integer(f, args[1])) ||
                       ((PyList_CheckExact(args[1]) || PyTuple_CheckExact(args[1])) &&
                        zero_d_integer(f, args[0])))) {
        Py_RETURN_NOTIMPLEMENTED;  /* Python then repeats the sequence: `[0] * n` */
    }
    if (PyList_CheckExact(args[0]) || PyList_CheckExact(args[1])) {
        return listed_body(f, args, 2, slow, binary_body);
    }
    return NULL;
}

/* The size of a's and b's broadcast shape, or -1 where they do not broadcast. */
static npy_intp broadcast_size(PyArrayObject *a, PyArrayObject *b)
{
    const int na = PyArray_NDIM(a), nb = PyArray_NDIM(b), nd = na > nb ? na : nb;
    npy_intp size = 1;
    for (int i = 0; i < nd; i++) {
        const npy_intp x = i < nd - na ? 1 : PyArray_DIM(a, i - (nd - na));
        const npy_intp y = i < nd - nb ? 1 : PyArray_DIM(b, i - (nd - nb));
        if (x != y && x != 1 && y != 1) {
            return -1;
        }
        size *= x == 1 ? y : x;
    }
    return size;
}

/* `grain_for`'s rule (_backends/cpu.py): whether `size` elements of `width` bytes, for an op
   that splits from `bytes` of memory traffic (0: compute-bound) and never below `least`
   elements, stay below two grains, where the full path runs one loop. */
static int below_two_grains(npy_intp size, Py_ssize_t bytes, npy_intp width, Py_ssize_t least)
{
    const npy_intp memory = bytes / width;
    return size < 2 * (memory > least ? memory : least);
}

/* Whether the full path splits op's call of `size` elements on `ops` (n operands) that the C
   would run as one NumPy loop: a costly loop's call of SPLIT_MIN elements or more (Note
   [Costly loops] in _backends/cpu_grain.py). `sizes` is (elision.SPLIT_SIZES,
   elision.splits): the sizes, keyed as the loop memo, and what measures a key they lack and
   asks whether the thread pool would split a call past its size. 1, 0, or -1 with an
   error. */
static int split_costly(PyObject *op, PyObject *sizes, npy_intp size, PyObject *const *ops,
                        Py_ssize_t n)
{
    PyObject *kinds[3] = {op}, *at = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyArrayObject *d = PyArray_CheckExact(ops[i]) ? (PyArrayObject *)ops[i] : NULL;
        kinds[i + 1] = d != NULL ? (PyObject *)PyArray_DESCR(d) : (PyObject *)Py_TYPE(ops[i]);
    }
    PyObject *key = PyTuple_Pack(n + 1, kinds[0], kinds[1], kinds[2]);
    if (key != NULL && PyTuple_CheckExact(sizes) && PyTuple_GET_SIZE(sizes) == 2) {
        at = PyDict_GetItemWithError(PyTuple_GET_ITEM(sizes, 0), key);
    }
    Py_XDECREF(key);
    Py_ssize_t from = at == NULL ? 0 : PyLong_AsSsize_t(at);
    if (PyErr_Occurred() || size < from || (at != NULL && one_thread_set())) {
        return PyErr_Occurred() ? -1 : 0;
    }
    /* not measured yet, or past the size: `splits` says, asking the thread pool too */
    PyObject *data = PyTuple_New(n), *r = NULL;
    for (Py_ssize_t i = 0; data != NULL && i < n; i++) {
        PyTuple_SET_ITEM(data, i, Py_NewRef(ops[i]));
    }
    if (data != NULL) {
        r = PyObject_CallFunction(PyTuple_GET_ITEM(sizes, 1), "OOn", op, data, size);
        Py_DECREF(data);
    }
    int split = r == NULL ? -1 : PyObject_IsTrue(r);
    Py_XDECREF(r);
    return split;
}

/* `split_costly` for the binary and unary kinds (from SPLIT_MIN elements: their callers
   check), whose `extra` is `plans.twin_calls`': the op at 1, the sizes at 4, and the split
   rule's bytes (memory-bound ops have some: they split past the C's bounds only) fourth
   from the end. */
static int costly_split(FastCall *f, npy_intp size, PyObject *const *ops, Py_ssize_t n)
{
    Py_ssize_t count = PyTuple_Check(f->extra) ? PyTuple_GET_SIZE(f->extra) : 0;
    if (count < 9 || PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, count - 4)) != 0) {
        return PyErr_Occurred() ? -1 : 0;
    }
    return split_costly(PyTuple_GET_ITEM(f->extra, 1), PyTuple_GET_ITEM(f->extra, 4), size, ops,
                        n);
}

/* Whether the twin's `extra` holds the split rule before its ints table (`plans.twin_calls`):
   then its calls past the small tables' bound may run in C (`whole_call`). */
static int knows_splits(FastCall *f)
{
    return PyTuple_Check(f->extra) && PyTuple_GET_SIZE(f->extra) >= 5;
}

/* The widest element the result of a binary op on `ops` may have, in bytes, at least the
   widest operand's: an array's own where every array operand is floating or complex alike
   (a Python complex beside real ones: twice that); otherwise 16 (integers may divide into
   float64, a real array beside a complex one make complex128). */
static npy_intp result_width(PyObject *const *ops)
{
    npy_intp widest = 1;
    int floats = 0, complexes = 0, others = 0, python_complex = 0;
    for (int i = 0; i < 2; i++) {
        if (PyArray_CheckExact(ops[i])) {
            const char kind = PyArray_DESCR((PyArrayObject *)ops[i])->kind;
            const npy_intp size = PyArray_ITEMSIZE((PyArrayObject *)ops[i]);
            widest = size > widest ? size : widest;
            floats |= kind == 'f', complexes |= kind == 'c', others |= !strchr("fc", kind);
        }
        else {
            python_complex |= PyComplex_CheckExact(ops[i]);
        }
    }
    return others || (floats && complexes) ? 16 : floats && python_complex ? 2 * widest : widest;
}

/* Whether the full path runs a call of `size` result elements past the small tables' bound
   as the one NumPy loop the table holds, into a new heap buffer, as NumPy's own call: below
   two of the op's grains (`plans.fast_entry`), or while xtensor is set to one thread, below the
   output cache's floor. `extra` holds `grain_for`'s rule before the ints table (the op's
   memory-bound bytes, the least grain, the floor: `plans.twin_calls`); the grain is sized
   by the widest result element the operands may make, so never one the full path splits. */
static int whole_call(FastCall *f, npy_intp size, PyObject *const *ops)
{
    Py_ssize_t n = PyTuple_GET_SIZE(f->extra);
    Py_ssize_t bytes = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, n - 4));
    Py_ssize_t grain = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, n - 3));
    Py_ssize_t floor = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, n - 2));
    if (bytes < 0 || grain < 0 || floor < 0) {
        PyErr_Clear();
        return 0;
    }
    const npy_intp width = result_width(ops);
    return below_two_grains(size, bytes, width, grain) ||
           (one_thread_set() && size < floor / width);
}

/* `fits(f, x, d, right)` for binary_body, but 1 where `no_temporary` finds x may be a
   temporary, marked in `maybe` for `elide` to check. */
static int fits_or_elides(FastCall *f, Fits fits, PyObject *x, PyArrayObject *d, int right,
                          int *maybe)
{
    if (under_elide(f, d) && (fits == no_temporary || size_of(d) < f->limit)) {
        return 1;
    }
    int fit = fits(f, x, d, right);
    if (fit == 0 && fits == no_temporary) {
        *maybe |= 1 << right;
        return 1;
    }
    return fit;
}

/* Note [NumPy scalar operands]
   ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
   NumPy's scalars reach xtensor's operators from NumPy code beside it (`np.finfo(t).eps`, a
   value of a NumPy array, `dates[0]` of a date Array, which is NumPy's scalar) and the full
   path reads one as the 0-d array NumPy's own ufuncs would: `x + np.float64(1)` paid 6.5 us
   there, ten times NumPy's call. Such a scalar beside a CPU Array is made that 0-d Array here
   and the call goes on as one of two Arrays, whose small tables hold the loop the full path
   records for it (`host_only_fast` records dates beside NumPy's scalars).
   NumPy's arrays come the same way (`x + a` of an Array and an ndarray, `a + x` through
   `__array_ufunc__`, `exp(a)`): the full path reads one as the Array over its memory that
   `asarray` makes, and so does this, for an ndarray of a numeric or bool dtype in native
   byte order (`numpy_data`; 1000 float64: 6.1 us -> 0.4). That Array never takes the result
   in place (`temporary_buffer` in _cfast_elision.c): its caller holds the ndarray too. */
static int numpy_scalar(PyObject *x)
{
    return PyArray_IsScalar(x, Number) || PyArray_IsScalar(x, Bool) ||
           PyArray_IsScalar(x, Datetime) || PyArray_IsScalar(x, Timedelta);
}

/* binary_body of `args` with its NumPy scalar or array (args[s]) made an Array. */
static PyObject *numpy_operand(FastCall *f, PyObject *const *args, int s, int *slow)
{
    PyObject *data = numpy_scalar(args[s]) ? PyArray_FromScalar(args[s], NULL)
                                           : Py_NewRef(args[s]);
    PyObject *held = data == NULL ? NULL : new_array(f->array_type, f->data_offset, data);
    if (held == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *ops[2] = {s ? args[0] : held, s ? held : args[1]};
    PyObject *r = binary_body(f, ops, 2, slow);
    Py_DECREF(held);
    return r;
}

PyObject *binary_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    if (n != 2) {
        return NULL;
    }
    PyObject *x1 = args[0], *x2 = args[1], *k1, *k2, *ops[2];
    PyArrayObject *d1, *d2;
    if ((numpy_scalar(x2) || numpy_data(x2) != NULL) && host_data(f, x1) != NULL) {
        return numpy_operand(f, args, 1, slow);  /* Note [NumPy scalar operands] */
    }
    if ((numpy_scalar(x1) || numpy_data(x1) != NULL) && host_data(f, x2) != NULL) {
        return numpy_operand(f, args, 0, slow);
    }
    if (f->value_op >= 0) {  /* an operator of two values: Note [Value arithmetic] */
        PyObject *r = value_operator(f->value_op, x1, x2, f->array_type, f->data_offset);
        if (r != NULL || PyErr_Occurred()) {
            return wrap(f, r);
        }
    }
    if (f->repeats && (ops[0] = scalar_arithmetic(f, x1, x2, PyNumber_Multiply, "c")) != NULL) {
        return ops[0];  /* `*` of complex values */
    }
    /* past the small tables' bound, calls the full path runs whole (`whole_call`) */
    Fits fits = knows_splits(f) ? no_temporary : operand_fits;
    npy_intp size = -1;
    int maybe = 0;  /* bit i: operand i may be a temporary (`elide`) */
    if ((d1 = host_data(f, x1)) != NULL) {
        if ((d2 = host_data(f, x2)) != NULL) {
            /* The twin's bound is on the size of the broadcast result (`extra`,
               SMALL_NUMEL); each operand under `limit` keeps it from overflowing. */
            int fit = fits_or_elides(f, fits, x1, d1, 0, &maybe);
            if (fit <= 0 || (fit = fits_or_elides(f, fits, x2, d2, 1, &maybe)) <= 0) {
                return NULL;  /* with an exception set when fit is -1 */
            }
            if ((size = broadcast_size(d1, d2)) < 0) {
                return NULL;  /* (shapes that do not broadcast: the twin's error) */
            }
            k1 = (PyObject *)PyArray_DESCR(d1);
            k2 = (PyObject *)PyArray_DESCR(d2);
            ops[1] = (PyObject *)d2;
        }
        else if (Py_TYPE(x2) != f->array_type && is_scalar(x2)) {
            int fit = fits_or_elides(f, fits, x1, d1, 0, &maybe);
            if (fit <= 0) {
                return NULL;
            }
            size = size_of(d1);
            k1 = (PyObject *)PyArray_DESCR(d1);
            k2 = (PyObject *)Py_TYPE(x2);
            ops[1] = x2;
        }
        else {
            return other_operands(f, args, slow);
        }
        ops[0] = (PyObject *)d1;
    }
    else if (Py_TYPE(x1) != f->array_type && is_scalar(x1) && (d2 = host_data(f, x2)) != NULL) {
        int fit = fits_or_elides(f, fits, x2, d2, 1, &maybe);
        if (fit <= 0) {
            return NULL;
        }
        size = size_of(d2);
        k1 = (PyObject *)Py_TYPE(x1);
        k2 = (PyObject *)PyArray_DESCR(d2);
        ops[0] = x1;
        ops[1] = (PyObject *)d2;
    }
    else {
        return other_operands(f, args, slow);
    }
    if ((size >= f->product && (fits == operand_fits || !whole_call(f, size, ops))) ||
        (size >= SPLIT_MIN && costly_split(f, size, ops, 2))) {
        return NULL;
    }
    if (maybe) {
        int defer;
        PyObject *elided = elide(f, args, ops, 2, maybe, &defer);
        if (elided != NULL || defer || PyErr_Occurred()) {
            return elided;
        }
    }
    /* a Python int with an integer or bool array: mostly an integer compute dtype, whose
       entries the ints table holds (`plans.record_small`); `i / 2` is the small table's, and
       so are most calls of a float array with an int (the ints table is read after it) */
    PyObject *loop = NULL, *i = k1 == (PyObject *)&PyLong_Type   ? ops[0]
                                : k2 == (PyObject *)&PyLong_Type ? ops[1] : NULL;
    if (i != NULL && strchr("biu", ((PyArray_Descr *)(i == ops[0] ? k2 : k1))->kind) != NULL) {
        loop = bounded_loop(f, k1, k2, i);
    }
    if (loop == NULL && !PyErr_Occurred()) {
        loop = lookup(f, k1, k2);
    }
    if (loop == NULL && i != NULL && !PyErr_Occurred()) {
        loop = bounded_loop(f, k1, k2, i);  /* `ldexp(x, 2)`: an int bounds a float call */
    }
    return loop == NULL ? NULL : run_loop(f, loop, ops, 2, slow);
}

/* A reflected dunder, `method(self, other)`: binary_body on (other, self), whose scalar-left
   branch takes `2.0 - x`; any other call is the Python method's (_elementwise._reflected). */
PyObject *reflected_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    if (n != 2) {
        return NULL;
    }
    PyObject *swapped[2] = {args[1], args[0]};
    return binary_body(f, swapped, 2, slow);
}

PyObject *unary_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 1) {
        return NULL;
    }
    if (f->value_op >= 0) {  /* `-x` of a value: Note [Value arithmetic] */
        PyObject *r = value_operator1(f->value_op, args[0], f->array_type, f->data_offset);
        if (r != NULL || PyErr_Occurred()) {
            return wrap(f, r);
        }
    }
    if ((d = host_data(f, args[0])) == NULL) {
        if (numpy_data(args[0]) != NULL) {  /* `exp(a)`: Note [NumPy scalar operands] */
            PyObject *held = new_array(f->array_type, f->data_offset, Py_NewRef(args[0]));
            PyObject *r = held == NULL ? NULL : unary_body(f, &held, 1, slow);
            Py_XDECREF(held);
            return r;
        }
        if (plain_number(args[0], 1)) {  /* `sqrt(2.0)`: the entry for the Python type */
            PyObject *loop = lookup(f, (PyObject *)Py_TYPE(args[0]), NULL);
            return loop == NULL ? NULL : run_loop(f, loop, args, 1, slow);
        }
        return PyList_CheckExact(args[0]) ? listed_body(f, args, 1, slow, unary_body) : NULL;
    }
    PyObject *ops[2] = {(PyObject *)d, (PyObject *)d};  /* (twice: `whole_call` reads two) */
    if (knows_splits(f)) {
        npy_intp size = size_of(d);
        int fit = under_elide(f, d) ? 1 : no_temporary(f, args[0], d, 0), defer;
        if (fit < 0 || (size >= f->limit && !whole_call(f, size, ops)) ||
            (size >= SPLIT_MIN && costly_split(f, size, ops, 1))) {
            return NULL;
        }
        PyObject *r = fit ? NULL : elide(f, args, ops, 1, 1, &defer);
        if (!fit && (r != NULL || defer || PyErr_Occurred())) {
            return r;
        }
    }
    else if (operand_fits(f, args[0], d, 0) <= 0) {
        return NULL;
    }
    PyObject *loop = lookup(f, (PyObject *)PyArray_DESCR(d), NULL);
    return loop == NULL ? NULL : run_loop(f, loop, ops, 1, slow);
}

/* --- in place: fast_in_place (_dispatch/inplace.py) -------------------------------------- */

/* Whether `loop` takes its output positionally: a NumPy ufunc does, ~30 ns sooner than by
   keyword, but for maximum and minimum, whose positional output NumPy 2.4 deprecates. */
static int positional_out(PyObject *loop)
{
    return ufunc_type != NULL && Py_TYPE(loop) == ufunc_type && loop != np_maximum &&
           loop != np_minimum;
}

PyObject *loop_into_out(PyObject *loop, PyObject *const *ops, Py_ssize_t n, PyArrayObject *out)
{
    PyObject *r = direct_call(loop, ops, n, out);
    if (r == NULL && !PyErr_Occurred()) {
        r = positional_out(loop) ? PyObject_Vectorcall(loop, ops, n + 1, NULL)
                                : PyObject_Vectorcall(loop, ops, n, kw_out);
    }
    return r;
}

/* Whether the twin would run op(ops..., out=d) (ops: data or Python numbers) as one NumPy
   loop: below two of the op's grains, whatever the thread count (`grain_for` in
   _backends/cpu.py, from the memory-bound bytes `bound`, 0 for another op, and `grain`), or
   at any size with one thread set. */
static int one_loop(PyArrayObject *d, PyObject *const *ops, Py_ssize_t n, PyObject *bound,
                    PyObject *grain)
{
    Py_ssize_t bytes = PyLong_AsSsize_t(bound), least = PyLong_AsSsize_t(grain);
    if (bytes < 0 || least < 0) {
        PyErr_Clear();
        return 0;
    }
    npy_intp widest = PyArray_ITEMSIZE(d);
    int alone = 1;  /* d's lines alone: every other operand a number, or d itself */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyArray_CheckExact(ops[i]) && ops[i] != (PyObject *)d) {
            alone = 0;
            npy_intp size = PyArray_ITEMSIZE((PyArrayObject *)ops[i]);
            widest = size > widest ? size : widest;
        }
    }
    return below_two_grains(size_of(d), bytes * (1 + alone), widest, least) || one_thread_set();
}

PyObject *in_place_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow)
{
    PyArrayObject *d;
    if (n != 2 || (d = host_data(f, args[0])) == NULL) {
        return NULL;
    }
    PyObject *o = args[1];
    if (Py_TYPE(o) == f->array_type && (o = data_of(f, o)) == NULL) {
        return NULL;
    }
    /* extra: (product, bound, grain, op, sizes, ints): `inplace.fast_in_place` */
    if (!PyTuple_Check(f->extra) || PyTuple_GET_SIZE(f->extra) != 6 ||
        (size_of(d) >= f->limit &&
         !one_loop(d, &o, 1, PyTuple_GET_ITEM(f->extra, 1), PyTuple_GET_ITEM(f->extra, 2)))) {
        return NULL;
    }
    if (size_of(d) >= SPLIT_MIN && PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, 1)) == 0) {
        PyObject *pair[2] = {(PyObject *)d, o};  /* a costly loop's call the full path splits */
        if (split_costly(PyTuple_GET_ITEM(f->extra, 3), PyTuple_GET_ITEM(f->extra, 4),
                         size_of(d), pair, 2) != 0) {
            return NULL;  /* (with an exception set where it failed) */
        }
    }
    /* a value (0-d, no NumPy ndarray's mark): Python then runs `x = x op o`, as for NumPy's
       scalars (Note [Elements are values] in _array.py) */
    if (PyArray_NDIM(d) == 0 && !marked(args[0])) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *other = PyArray_CheckExact(o) ? (PyObject *)PyArray_DESCR((PyArrayObject *)o)
                                            : (PyObject *)Py_TYPE(o);
    PyObject *loop = NULL, *descr = (PyObject *)PyArray_DESCR(d);
    if (other == (PyObject *)&PyLong_Type && strchr("biu", PyArray_DESCR(d)->kind) != NULL) {
        loop = bounded_loop(f, descr, other, o);  /* `i += 1`: the ints table's */
    }
    if (loop == NULL && (PyErr_Occurred() || (loop = lookup(f, descr, other)) == NULL)) {
        return NULL;
    }
    hit();
    PyObject *ops[3] = {(PyObject *)d, o, (PyObject *)d};  /* loop(d, o, out=d) */
    PyObject *r = loop_into_out(loop, ops, 2, d);
    Py_DECREF(loop);
    if (r == NULL) {
        /* Only a ValueError is raised before anything is written: the twin's fallback then
           runs; any other error is the twin's too. */
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            *slow = 1;
        }
        return NULL;
    }
    Py_DECREF(r);
    Py_INCREF(args[0]);
    return args[0];
}


/* --- ufunc calls with out=: _into (_ufunc_call.py) --------------------------------------- */

int same_shape(PyArrayObject *d, PyArrayObject *o)
{
    return PyArray_NDIM(d) == PyArray_NDIM(o) &&
           PyArray_CompareLists(PyArray_DIMS(d), PyArray_DIMS(o), PyArray_NDIM(o));
}

/* An entry of elision.py's loop memo (`_loop`) is (dtype, loop), or beside Python ints
   (dtype, None, loop, lo, hi): the loop while every int among the operands lies in [lo, hi]
   (`_bounded`). */
PyObject *memo_loop(PyObject *found, PyObject *const *ops, Py_ssize_t n)
{
    Py_ssize_t size = found != NULL && PyTuple_Check(found) ? PyTuple_GET_SIZE(found) : 0;
    if (size == 2) {
        return PyTuple_GET_ITEM(found, 1);
    }
    if (size != 5) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyLong_CheckExact(ops[i]) &&
            (PyObject_RichCompareBool(PyTuple_GET_ITEM(found, 3), ops[i], Py_LE) != 1 ||
             PyObject_RichCompareBool(ops[i], PyTuple_GET_ITEM(found, 4), Py_LE) != 1)) {
            return NULL;  /* (two ints compare without error) */
        }
    }
    return PyTuple_GET_ITEM(found, 2);
}

PyObject *into_entry(FastCall *f, PyObject *const *ops, Py_ssize_t n)
{
    PyObject *kinds[3] = {PyTuple_GET_ITEM(f->extra, 1)};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyArrayObject *d = PyArray_CheckExact(ops[i]) ? (PyArrayObject *)ops[i] : NULL;
        kinds[i + 1] = d != NULL ? (PyObject *)PyArray_DESCR(d) : (PyObject *)Py_TYPE(ops[i]);
    }
    PyObject *loops = PyTuple_GET_ITEM(f->extra, 2), *k2 = n == 2 ? kinds[2] : NULL;
    PyObject *found = memo_get(&f->into, loops, kinds[1], k2);
    if (found == NULL) {
        PyObject *key = PyTuple_Pack(n + 1, kinds[0], kinds[1], kinds[2]);
        if (key == NULL) {
            return NULL;
        }
        found = Py_XNewRef(PyDict_GetItemWithError(loops, key));
        Py_DECREF(key);
        if (found != NULL) {
            memo_set(&f->into, loops, kinds[1], k2, found);
        }
    }
    return found;
}

/* `uf(*args, out=out[, where=where])` (n inputs) as `_into` runs it: the loop
   `elision.loop_into` found and memoized (extra: (product, op, that memo, PARALLEL_NUMEL,
   ...): `plans.twin_calls`), into out's buffer, where the bool mask `where` (of out's shape,
   an Array's or NumPy's) holds; out itself, or NULL (any call the memo does not answer, one
   the full path splits, and NumPy's ValueError, whose message the twin words). */
static PyObject *into_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *out,
                           PyObject *where)
{
    PyArrayObject *o = host_data(f, out), *mask = where == NULL ? NULL : read_data(f, where);
    if (o == NULL || !PyArray_ISWRITEABLE(o) || !PyTuple_Check(f->extra) ||
        PyTuple_GET_SIZE(f->extra) < 7 ||
        (where != NULL && (mask == NULL || PyArray_TYPE(mask) != NPY_BOOL ||
                           !same_shape(mask, o)))) {
        return NULL;
    }
    PyObject *ops[3];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyArrayObject *d = read_data(f, args[i]);  /* NumPy's arrays too: only read */
        if (d != NULL) {
            if (d != o && (PyArray_BASE(d) == (PyObject *)o ||
                           (PyArray_NDIM(d) && !same_shape(d, o)))) {
                return NULL;
            }
            ops[i] = (PyObject *)d;
        }
        else if (Py_TYPE(args[i]) != f->array_type && is_scalar(args[i])) {
            ops[i] = args[i];
        }
        else {
            return NULL;
        }
    }
    ops[n] = (PyObject *)o;
    Py_ssize_t parallel = PyLong_AsSsize_t(PyTuple_GET_ITEM(f->extra, 3));
    /* (with a mask, NumPy's loop whole, as `_into`: the full path's masked form gathers) */
    if ((parallel == -1 && PyErr_Occurred()) ||
        (mask == NULL && size_of(o) >= SPLIT_MIN && costly_split(f, size_of(o), ops, n))) {
        return NULL;
    }
    PyObject *found = into_entry(f, ops, n);
    PyObject *loop = memo_loop(found, ops, n);
    if (loop == NULL || loop == Py_None ||
        (mask == NULL && size_of(o) >= parallel &&
         !one_loop(o, ops, n, PyTuple_GET_ITEM(f->extra, 5), PyTuple_GET_ITEM(f->extra, 6))) ||
        !PyArray_DescrCheck(PyTuple_GET_ITEM(found, 0)) ||
        !PyArray_EquivTypes((PyArray_Descr *)PyTuple_GET_ITEM(found, 0), PyArray_DESCR(o))) {
        Py_XDECREF(found);
        return NULL;
    }
    Py_INCREF(loop);  /* found is ours to the end */
    Py_DECREF(found);
    PyObject *r;
    if (mask != NULL) {  /* NumPy's own call with `where=`: its loop reads the mask */
        PyObject *stack[5];
        memcpy(stack, ops, (n + 1) * sizeof(PyObject *));
        stack[n + 1] = (PyObject *)mask;
        r = PyObject_Vectorcall(loop, stack, n, kw_out_where);
    }
    else {
        r = loop_into_out(loop, ops, n, o);
    }
    Py_DECREF(loop);
    if (r == NULL) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();  /* nothing was written: the twin raises, naming the function */
        }
        return NULL;
    }
    Py_DECREF(r);
    return Py_NewRef(out);
}

/* The `__call__` of a ufunc of n inputs (ufunc_call in elementwise.py): the plain call's
   body, or an `out=` keyword's. */
static PyObject *ufunc_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames,
                            Py_ssize_t nin)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nkw == 1 && n == nin &&
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "out") == 0) {
        return into_body(f, args, n, args[n], NULL);
    }
    if (nkw == 2 && n == nin) {  /* `divide(a, b, out=o, where=b != 0)`, either order */
        int at = PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "out") == 0
                     ? 0 : 1;
        if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, at), "out") == 0 &&
            PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 1 - at), "where") == 0) {
            return into_body(f, args, n, args[n + at], args[n + 1 - at]);
        }
        return NULL;
    }
    if (nkw != 0) {
        return NULL;
    }
    int slow = 0;
    PyObject *r = nin == 2 ? binary_body(f, args, n, &slow) : unary_body(f, args, n, &slow);
    if (r == NULL && slow && !PyErr_Occurred()) {
        return PyObject_Vectorcall(f->slow, args, n, NULL);
    }
    return r;
}

PyObject *ufunc1_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    return ufunc_body(f, args, n, kwnames, 1);
}

PyObject *ufunc2_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames)
{
    return ufunc_body(f, args, n, kwnames, 2);
}
