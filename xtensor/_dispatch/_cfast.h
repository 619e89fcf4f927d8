/* xtensor._dispatch._cfast: what _cfast.c (the types and the module) and the files of the
   kinds' bodies share; see Note [Compiled hot path] in _cfast.c. */

#ifndef XTENSOR_CFAST_H
#define XTENSOR_CFAST_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL xtensor_cfast_ARRAY_API
#ifndef CFAST_MODULE
#define NO_IMPORT_ARRAY  /* the table is imported once, by _cfast.c's module init */
#endif
#include <numpy/arrayobject.h>

#include "_vectors.h"  /* WIDEST_VECTORS */

typedef struct FastCall FastCall;

/* A remembered dict hit: the key's parts (by identity, strong references: no other object
   can take their addresses), the value, and the dict's version then (CPython 3.11 counts
   every change of a dict in `ma_version_tag`; deprecated from 3.12, where nothing is
   remembered and every call looks its key up). */
typedef struct {
    PyObject *k1, *k2, *value;
    uint64_t version;
} Memo;
typedef PyObject *(*fastbody)(FastCall *, PyObject *const *, Py_ssize_t, int *);
/* A body that also reads keywords (the creation functions): (f, args, nargs, kwnames). */
typedef PyObject *(*fastkwbody)(FastCall *, PyObject *const *, Py_ssize_t, PyObject *);

struct FastCall {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    fastbody body;
    fastkwbody kwbody;    /* instead of `body` where set: every call, keywords too */
    PyObject *fallback;   /* the Python twin: every call the body does not take */
    PyObject *slow;       /* the twin's fallback after a NumPy ValueError (or the twin) */
    PyObject *table;      /* the small table (dict) the twin reads, or the plan dict */
    PyObject *extra;      /* per kind: the DType class (astype), the key's name (reduce0) */
    PyTypeObject *array_type;
    PyObject *cache;      /* PLANS (whose `hits` adds the compiled ones, `hits()`) */
    Py_ssize_t data_offset;
    Py_ssize_t limit;     /* elements: at or above it, the twin runs */
    Py_ssize_t elide;     /* bytes: at or above it, the twin runs (temporary elision) */
    Py_ssize_t product;   /* binary: the twin's bound on the broadcast result's size (extra) */
    int reduction;        /* reduce0: which one `extra` names (enum reduction), read once */
    int lists;            /* bit i: positional argument i may be a list (Note [List arguments]) */
    int repeats;          /* `*` of Arrays: a 0-d integer beside a list or tuple repeats it */
    int value_op;         /* an operator's (enum value_op, `set_value_op`), else -1 */
    PyObject *name, *qualname, *weakrefs;
    Memo memo;            /* the last small-table hit (`lookup`), or plan (reduce0) */
    Memo into;            /* the last `out=` loop (ufunc1, ufunc2) */
    Memo ints;            /* the last hit of the ints table (binary kinds: `bounded_loop`) */
    PyObject *methods;    /* ufunc objects: the instance's bound methods read (uf_getattro) */
    unsigned int methods_version;  /* the instance's type's version tag when they were read */
};

/* The reductions whose reduce0 twin does more than replay the plan (_cfast_paths.c). */
enum reduction { OTHER_REDUCTION, SUM, MAX, MIN, ARGMAX, ARGMIN, PROD, MEAN };

/* Module-wide state, set once at import (_cfast.c). */
extern PyObject *np_asarray;    /* numpy.asarray: a ufunc's NumPy-scalar answer made 0-d */
extern PyObject *fp_state;      /* NumPy's floating-point error context variable, or NULL */
extern PyObject *fp_ignore;     /* its "ignore all" value */
extern PyObject *thread_count;  /* xtensor.get_num_threads, or NULL */
int one_thread_set(void);        /* whether it says 1 now (_cfast.c) */
int ints_of(PyObject *const *items, Py_ssize_t n, npy_intp *values);  /* (_cfast.c) */
extern PyObject *str_astype, *kw_out, *kw_dtype, *kw_out_where;
/* numpy.ufunc where its calls take `out=...` (an array answer even when 0-d), else NULL. */
extern PyTypeObject *ufunc_type;
/* numpy.maximum and numpy.minimum: the ufuncs whose positional output NumPy 2.4 deprecates */
extern PyObject *np_maximum, *np_minimum;
/* Temporary elision's calibration (elision.py), published by `set_elision`: NULL until it
   ran, Py_None when elision is off, else the code objects of the reflected dunders. */
extern PyObject *elision_codes;
extern PyObject *elision_hook;  /* elision.calibration, which publishes what it finds */
extern Py_ssize_t reflected_refs;  /* a temporary's references in a reflected dunder's call */

/* --- inline helpers --- */

/* `PLANS.hits += 1`, as the twin counts its hits: in a C counter that `PLANS.hits` adds to
   the Python paths' count (`hits()` in _cfast.c), so a hit makes no int object. */
extern Py_ssize_t hits_count;

static inline void hit(void)
{
    hits_count++;
}

/* The `_data` slot of an exact Array `x` (borrowed), or NULL when it is unset. */
static inline PyObject *data_of(FastCall *f, PyObject *x)
{
    return *(PyObject **)((char *)x + f->data_offset);
}

/* `_data` of `x` when x is an exact Array over an exact numpy.ndarray, else NULL. */
static inline PyArrayObject *host_data(FastCall *f, PyObject *x)
{
    if (Py_TYPE(x) != f->array_type) {
        return NULL;
    }
    PyObject *d = data_of(f, x);
    return d != NULL && PyArray_CheckExact(d) ? (PyArrayObject *)d : NULL;
}

/* `x` when it is an exact numpy.ndarray of a numeric or bool dtype in native byte order, which
   the twins read as the Array over its memory that `asarray` makes (Note [NumPy scalar
   operands] in _cfast_elementwise.c), else NULL. */
static inline PyArrayObject *numpy_data(PyObject *x)
{
    return PyArray_CheckExact(x) && strchr("biufc", PyArray_DESCR((PyArrayObject *)x)->kind) &&
                   PyArray_ISNOTSWAPPED((PyArrayObject *)x)
               ? (PyArrayObject *)x
               : NULL;
}

/* host_data(f, x), or numpy_data(x): an operand only read (not written, never the answer
   itself), which an Array and NumPy's own array give alike. */
static inline PyArrayObject *read_data(FastCall *f, PyObject *x)
{
    PyArrayObject *d = host_data(f, x);
    return d != NULL ? d : numpy_data(x);
}

/* PyArray_SIZE(d) inline: NumPy's is a call through its API table, several per small call. */
static inline npy_intp size_of(PyArrayObject *d)
{
    npy_intp size = 1;
    for (int k = 0; k < PyArray_NDIM(d); k++) {
        size *= PyArray_DIM(d, k);
    }
    return size;
}

/* Whether `x` is a Python scalar of exact type bool, int, float or complex (SCALARS). */
static inline int is_scalar(PyObject *x)
{
    PyTypeObject *t = Py_TYPE(x);
    return t == &PyFloat_Type || t == &PyLong_Type || t == &PyBool_Type || t == &PyComplex_Type;
}

/* Whether `x` is an exact bool, float, complex or int (with `fits`, an int within int64), and
   whether `obj` is one or a list of them, nested lists and tuples too (_cfast_creation.c). */
int plain_number(PyObject *x, int fits);
int plain_numbers(PyObject *obj, int fits);
/* NumPy's memory order argument ('C', 'F', 'A', 'K' in either case; unset or None: K) as an
   NPY_ORDER; NPY_ANYORDER - 1 for anything else, the twin's to word (_cfast_creation.c). */
NPY_ORDER order_of(PyObject *order);

/* Whether an operator's operand `x` (data `d`, the right operand when `right`) lets the
   small-table loop run: 1 yes, 0 no (the twin decides; for `no_temporary`, x may be a
   temporary, which `elide` checks), -1 with an error (_cfast_elision.c). */
int operand_fits(FastCall *f, PyObject *x, PyArrayObject *d, int right);
int no_temporary(FastCall *f, PyObject *x, PyArrayObject *d, int right);
typedef int (*Fits)(FastCall *f, PyObject *x, PyArrayObject *d, int right);

/* The first answer of both, inline (small calls take no other): an operand under ELIDE_BYTES
   is no temporary. */
static inline int under_elide(FastCall *f, PyArrayObject *d)
{
    return size_of(d) * PyArray_ITEMSIZE(d) < f->elide;
}

/* The answer of the op on `data` (n operands: data or Python numbers), computed into the
   buffer of a temporary among `args` (bit i of `maybe`: args[i] may be one) as elision.py's
   `binary_target` or `unary_target` and `_run` compute it: that Array (a new reference).
   Else NULL: with an exception; or, no exception, *defer set where the twin must decide (the
   C cannot tell), 0 where no operand takes it and the C runs the call as any other
   (_cfast_elision.c; `extra` as `into_entry` reads it). */
PyObject *elide(FastCall *f, PyObject *const *args, PyObject *const *data, Py_ssize_t n,
                int maybe, int *defer);
extern Py_ssize_t elided_count;  /* calls elided in C (`elided()` in _cfast.c) */
/* Whether Array `x` over `d`, operand `position` (0: left, 1: right) of the binary operator
   the current frame executes, is a temporary whose own buffer may take a result of its dtype
   and shape, for a twin that runs its own loop there (`x ** 2`): TEMP_YES, TEMP_NO,
   TEMP_DEFER (the twin's to tell), or -1 with an error (_cfast_elision.c). */
enum { TEMP_NO = 0, TEMP_YES = 1, TEMP_DEFER = 2 };
int temporary_operand(FastCall *f, PyObject *x, PyArrayObject *d, int position);
/* elision.site_sources, published by `set_elision`: the operands an operator site computed */
extern PyObject *elision_sources;

/* elision.py's loop memo (`loop_into`), read by the `out=` calls and `elide`: the entry for
   the op on `ops` (n operands) from `extra` = (bound, op, memo, ...), remembered in f->into,
   a new reference or NULL (a miss, or an error); the loop an entry holds for those `ops`,
   borrowed, or NULL (no exception) where it holds none (`memo_loop`); and `loop(*ops,
   out=out)` with ops[n] being out: NumPy's answer or NULL with its error
   (_cfast_elementwise.c). */
PyObject *into_entry(FastCall *f, PyObject *const *ops, Py_ssize_t n);
PyObject *memo_loop(PyObject *found, PyObject *const *ops, Py_ssize_t n);
PyObject *loop_into_out(PyObject *loop, PyObject *const *ops, Py_ssize_t n, PyArrayObject *out);
int same_shape(PyArrayObject *d, PyArrayObject *o);  /* whether d and o have one shape */

/* The Arrays answered (_cfast_arrays.c): a new one holding `data` (stolen), an empty one. */
PyObject *wrap(FastCall *f, PyObject *data);
PyObject *made(PyObject *r);
int marked(PyObject *x);
PyObject *kept(FastCall *f, PyObject *x, PyObject *data);
PyObject *wrapped_items(FastCall *f, PyObject *r);
PyObject *new_array(PyTypeObject *type, Py_ssize_t offset, PyObject *data);
/* A new 0-d ndarray of `descr`, its data unset (Note [0-d free list] in _cfast_arrays.c). */
PyObject *new_zero_d(PyArray_Descr *descr);
/* NumPy's scalar `r` of an exact builtin number type copied into such a 0-d array, or NULL
   (with an exception only where the array could not be made). */
PyObject *scalar_zero_d(PyObject *r);
PyObject *adopt(PyObject *module, PyObject *arg);
PyObject *install_slots(PyObject *module, PyObject *arg);

/* Operators of two values, or of one, computed in C (Note [Value arithmetic] in
   _cfast_values.c): a new 0-d ndarray, or NULL with NumPy's error, or with none (not two
   values, or NumPy's scalar refused them: the dunder's call). The
   binary ones in the order of Array's slots (_cfast_arrays.c), comparisons as Py_LT... */
enum value_op {
    VALUE_ADD, VALUE_SUB, VALUE_MUL, VALUE_TRUEDIV, VALUE_FLOORDIV, VALUE_MOD, VALUE_POW,
    VALUE_LT, VALUE_LE, VALUE_EQ, VALUE_NE, VALUE_GT, VALUE_GE, VALUE_NEG, VALUE_ABS
};
PyObject *value_operator(int op, PyObject *x1, PyObject *x2, PyTypeObject *array_type,
                         Py_ssize_t offset);
PyObject *value_operator1(int op, PyObject *x, PyTypeObject *array_type, Py_ssize_t offset);
/* `divmod(x1, x2)` of two integer or float values, in C where no division by zero, overflow
   or floating-point flag: 1 with new 0-d arrays *q and *m, 0 (not such a call), or -1 with an
   error. */
int value_divmod(PyObject *x1, PyObject *x2, PyTypeObject *array_type, Py_ssize_t offset,
                 PyObject **q, PyObject **m);
/* `bool(x)` of a 0-d CPU Array of a value's dtype: 1 or 0; -1: the dunder's call. */
int value_truth(PyObject *x, PyTypeObject *array_type, Py_ssize_t offset);
int values_init(void);

/* Helpers (_cfast.c). */
Py_ssize_t slot_offset(PyObject *type, const char *name);
PyObject *as_ndarray(PyObject *r);
PyObject *quietly(PyObject *fn, PyObject *method, PyObject *const *args, Py_ssize_t n,
                  PyObject *kwnames);
/* `d.astype(to)`, quietly or not (_cfast_paths.c). */
PyObject *cast(PyArrayObject *d, PyArray_Descr *to);

/* memo's value (a new reference) while k1, k2 and `table` are as remembered, else NULL; and
   remembering a hit (_cfast_elementwise.c). */
PyObject *memo_get(Memo *memo, PyObject *table, PyObject *k1, PyObject *k2);
void memo_set(Memo *memo, PyObject *table, PyObject *k1, PyObject *k2, PyObject *value);

/* The small-table entry of (k1, k2), or of k1 alone (k2 NULL), remembered; of a key tuple
   (stolen), not remembered (_cfast_elementwise.c). */
PyObject *lookup(FastCall *f, PyObject *k1, PyObject *k2);
PyObject *small_loop(FastCall *f, PyObject *key);

/* A ufunc's call on `ops` through NumPy's inner loop (Note [Direct inner loops]), into `out`
   (or a new array, NULL): the ndarray answer (out), or NULL with no exception (the ufunc's
   call takes it; nothing was written), or NULL with the error of a call into `out` that NumPy
   raises after writing it (a floating-point error as the error state says); `direct(on)`,
   `direct_calls()` (how many it answered), and the table's setup at import (_cfast_direct.c). */
PyObject *direct_call(PyObject *loop, PyObject *const *ops, Py_ssize_t n, PyArrayObject *out);
/* `x.sum()` (`x.prod()`: `product`; `axes` 1: along the last axis alone, 2: the first) as
   NumPy's loop calls (Note [Direct sums] in _cfast_direct.c): an array, or NULL (no
   exception: not such a call); `checked`: before set_direct_sums said so. */
PyObject *direct_sum(PyArrayObject *d, int product, int axes, int checked);
/* `x.mean()` of float32 or float64 data (`axes` as direct_sum's) as direct_sum. */
PyObject *direct_mean(PyArrayObject *d, int axes, int checked);
PyObject *direct_sum_of(PyObject *module, PyObject *args);
PyObject *set_direct_sums(PyObject *module, PyObject *arg);
PyObject *set_direct(PyObject *module, PyObject *arg);
PyObject *direct_calls(PyObject *module, PyObject *unused);
PyObject *make_patched(PyObject *module, PyObject *args);
PyObject *make_inner(PyObject *module, PyObject *ufunc);
int direct_init(void);

/* The bodies of the kinds (_cfast_elementwise.c: binary, unary, in_place; _cfast_paths.c). */
PyObject *binary_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *scalar_arithmetic(FastCall *f, PyObject *x1, PyObject *x2, binaryfunc op,
                            const char *kinds);
PyObject *reflected_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *unary_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *in_place_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *getitem_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
/* `x[i:j:k]`, `x[:, 1]`: views from Array's subscript slot, or NULL (_cfast_paths.c). */
PyObject *sliced(PyTypeObject *type, Py_ssize_t offset, PyObject *x, PyObject *key);
/* A view of d's data at `p` with these dims and strides, d its base (_cfast_paths.c). */
PyObject *view_of(PyArrayObject *d, char *p, int nd, npy_intp *dims, npy_intp *strides);
PyObject *elements_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *setitem_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *reshape_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *permute_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *broadcast_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *transposed(FastCall *f, PyObject *const *args, Py_ssize_t n, int method);
PyObject *astype_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *copy_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *where_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *nonzero_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);

/* The creation functions (_cfast_creation.c): NULL with no exception is the twin's call. */
PyObject *zeros_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *ones_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *empty_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *full_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *arange_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *asarray_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* A ufunc's `__call__` of one or two inputs: plain, or with `out=` (_cfast_elementwise.c). */
PyObject *ufunc1_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *ufunc2_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* `x.sum()` and friends, with at most an int `axis` (_cfast_paths.c). */
PyObject *reduce0_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* One NumPy call on the operands' data, `extra` (_cfast_calls.c). */
PyObject *concat_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *complex_part(PyArrayObject *a, int imag);
PyObject *number_zero_d(PyObject *x);
PyObject *numpy_call_body(FastCall *f, PyObject *const *args, Py_ssize_t n,
                         PyObject *kwnames);
PyObject *pair_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *count_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *method0_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *passthrough_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *search_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *int_method_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *fill_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *dtype_call_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *accumulate_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *fold_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *scalar_power_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *scalar_rpower_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *scalar_divmod_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *scalar_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *format_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *protocol_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *function_protocol_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *listed_arrays(FastCall *f, PyObject *list, PyObject *dtype);
PyObject *like_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *scan_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
PyObject *flat_item_body(FastCall *f, PyObject *const *args, Py_ssize_t n, int *slow);
PyObject *take_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* A draw of xtensor.random (_cfast_calls.c). */
PyObject *sampler_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* _backends/cpu_grain.SPLIT_MIN: from this many elements a costly loop's call may split
   (`costly_split` in _cfast_elementwise.c; test_costly_loops.py checks the two agree). */
#define SPLIT_MIN (1 << 15)
/* _sorting._FAST_MIN and _backends/cpu_sort.CHECKED_MIN: below it a stable sort is NumPy's
   own, from it a sort may be NumPy's fast one, checked (test_sorting.py checks all three agree). */
#define FAST_SORT_MIN 256
/* cpu_sort.RADIX_ROWS[8] and [4]: 8- and 4-byte rows this long take the radix argsort
   (test_sorting.py); shorter ones sort keys. */
#define FLOAT64_RADIX_MIN 1024
#define RADIX_ROWS_4 384
/* complex arrays this large take the caller's argsort by keys (Note [Complex keys] in
   cpu_sort.py), which beats NumPy's stable one from about 400 values; smaller, NumPy's. */
#define COMPLEX_KEYED_MIN 512
/* cpu_sort.RADIX_SORT_MIN: rows this long may sort by radix (test_sorting.py), so `sort`
   hands them to its `extra`, cpu_sort.radix_sorted (Note [Radix sort of values] there). */
#define RADIX_SORT_MIN 2048
/* _backends/cpu.MIN_BYTES: copies and joins this large are their twins', which write them
   into the output buffer cache (`copied`, `joined`, `flattened` in host_threads.py;
   test_large_copies.py checks where each answer comes from). */
#define CACHED_BYTES (32 << 20)
/* `sort(x)` and `sort(x, axis)` of a small CPU array (_cfast_sort.c). */
PyObject *sort_body(FastCall *f, PyObject *const *args, Py_ssize_t n, PyObject *kwnames);
/* The stable argsort of `d` along `axis`, NumPy's or by its fast sort; NULL with no exception
   where `d` has FAST_SORT_MIN elements or more and no fast sort applies (_cfast_sort.c). */
PyObject *stable_argsort(PyArrayObject *d, int axis);

/* One element of `size` bytes: a fixed-size copy the compiler makes one move (a memcpy of a
   size known only at run time is a library call per element). */
static inline void copy_item(char *to, const char *from, npy_intp size)
{
    switch (size) {
    case 1: memcpy(to, from, 1); break;
    case 2: memcpy(to, from, 2); break;
    case 4: memcpy(to, from, 4); break;
    case 8: memcpy(to, from, 8); break;
    case 16: memcpy(to, from, 16); break;
    default: memcpy(to, from, size); break;
    }
}

#endif
