/* xtensor._dispatch._cfast: the operators of two values, computed in C.

Note [Value arithmetic]
~~~~~~~~~~~~~~~~~~~~~~~
`a[i] > 0.5`, `n[i] % 3`, `-a[i]`, `if a[i]:` are a script's innermost loops, on elements
that stand for NumPy's scalars (Note [Elements are values] in _array.py). NumPy's scalar
math does one in ~20-40 ns; the loop on 0-d arrays (Note [Direct inner loops]) cost ~60 ns
more: the dunder's call, the small table, the loop's layout and entry, the floating-point
flags read twice. An operator of two *values* (0-d CPU Arrays of float64, int64 or bool, of
the builtin native dtypes, or Python floats, ints within int64 and bools; one at least an
Array) computes as NumPy's scalars do (Note [Scalar arithmetic] in plans.py: the Python
twin, `value_operator`, runs NumPy's scalar math), here, from Array's slots (Note [Array
slots]) and from the operator dunders' bodies (`set_value_op`):

- First in plain C, into a 0-d array of the free list (Note [0-d free list]), wherever that
  is NumPy's scalar's answer given without a word. The dtype is NumPy's: float64 if either
  is a float (a Python float beside an int64 array too: NumPy's weak scalar), else int64;
  comparisons answer bool, comparing as float64 where either is a float (NumPy casts the
  int). Floats' + - * / ** (NumPy's float64 scalar `**` is the C library's pow, which this
  calls; an int or bool beside a float is NumPy's ufunc's `**`, left to its scalar math)
  with the floating-point flags cleared before and read after: a flag raised is NumPy's
  scalar math's case; so are two NaN operands (which one NumPy's answer keeps is its
  compiler's choice), floats' %, two bools' arithmetic. Integers' + - * // % **, with
  their overflows and divisions by zero left to NumPy's scalar math; `**` wraps, unchecked
  by NumPy's scalar too (a negative power is its ValueError). `-x`, `abs(x)`, and `bool(x)`
  of a 0-d float64, int64 or bool Array.
- Else by NumPy's scalar math on the values' NumPy scalars, which warns as NumPy's scalars
  warn ("overflow encountered in scalar add"), at the caller's line: no Python frame is
  between. Where it refuses the operands (TypeError, ValueError: `-True`, `2 ** -1`), the
  dunder's full path words the refusal, as in Python.
- Not at all, for a float's `//`, whose special cases are the standard's (`inf // 1.0` is
  inf: the loop's fix-up, Note [Guarded fix-ups]).
*/

#include "_cfast.h"

#include <fenv.h>
#include <math.h>

static PyArray_Descr *bool_descr, *long_descr, *double_descr;

/* A value's reading: its kind ('b', 'i', 'f') and number. */
typedef struct {
    char kind;
    npy_int64 i;  /* 'b' and 'i' */
    double d;     /* 'f' */
} Value;

/* Whether `x` is a value (see the Note), read into `v`; `*array` set when x is an Array. */
static int read_value(PyObject *x, PyTypeObject *array_type, Py_ssize_t offset, Value *v,
                      int *array)
{
    PyTypeObject *t = Py_TYPE(x);
    if (t == &PyFloat_Type) {
        v->kind = 'f';
        v->d = PyFloat_AS_DOUBLE(x);
        return 1;
    }
    if (t == &PyLong_Type) {
        int overflow;
        v->kind = 'i';
        v->i = PyLong_AsLongLongAndOverflow(x, &overflow);
        return !overflow;  /* (a wider int: NumPy's reading is the dunder's to check) */
    }
    if (t == &PyBool_Type) {
        v->kind = 'b';
        v->i = x == Py_True;
        return 1;
    }
    PyObject *data = t == array_type ? *(PyObject **)((char *)x + offset) : NULL;
    if (data == NULL || !PyArray_CheckExact(data) || PyArray_NDIM((PyArrayObject *)data) != 0) {
        return 0;
    }
    PyArray_Descr *descr = PyArray_DESCR((PyArrayObject *)data);
    const char *p = PyArray_BYTES((PyArrayObject *)data);
    *array = 1;
    if (descr == double_descr) {
        v->kind = 'f';
        memcpy(&v->d, p, sizeof(double));
        return 1;
    }
    if (descr == long_descr) {
        v->kind = 'i';
        memcpy(&v->i, p, sizeof(npy_int64));
        return 1;
    }
    v->kind = 'b';
    v->i = *p != 0;  /* (as NumPy's scalar of it reads any other byte) */
    return descr == bool_descr;
}

static double as_double(const Value *v)
{
    return v->kind == 'f' ? v->d : (double)v->i;
}

/* --- the floating-point flags ------------------------------------------------------------
   NumPy's error state reads four: divide by zero, overflow, underflow, invalid. The operands
   pass through volatile variables so that the compiler computes the operation after the
   flags were cleared and before they are read. */

#if defined(__x86_64__) && defined(__SSE2__)
#define FLAG_BITS 0x1Du  /* MXCSR's invalid, divide-by-zero, overflow and underflow flags */

static inline unsigned int mxcsr(void)
{
    unsigned int csr;
    __asm__ volatile("stmxcsr %0" : "=m"(csr) : : "memory");
    return csr;
}

/* Clears the flags an earlier computation left (they are not this one's). */
static inline void flags_clear(void)
{
    unsigned int csr = mxcsr();
    if (csr & FLAG_BITS) {
        csr &= ~FLAG_BITS;
        __asm__ volatile("ldmxcsr %0" : : "m"(csr) : "memory");
    }
}

static inline int flags_raised(void)
{
    return (mxcsr() & FLAG_BITS) != 0;
}
#else
static const int FLAG_BITS = FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID;

static inline void flags_clear(void)
{
    if (fetestexcept(FLAG_BITS)) {
        feclearexcept(FLAG_BITS);
    }
}

static inline int flags_raised(void)
{
    return fetestexcept(FLAG_BITS) != 0;
}
#endif

/* `a op b` in float64 into *r: 1, or 0 where the dunder is to compute it (see the Note). */
static int float_arithmetic(int op, double a, double b, double *r)
{
    if (op == VALUE_FLOORDIV || op == VALUE_MOD || (isnan(a) && isnan(b))) {
        return 0;
    }
    flags_clear();
    volatile double x = a, y = b, out;
    switch (op) {
    case VALUE_ADD: out = x + y; break;
    case VALUE_SUB: out = x - y; break;
    case VALUE_MUL: out = x * y; break;
    case VALUE_TRUEDIV: out = x / y; break;
    default: out = pow(x, y); break;
    }
    *r = out;
    return !flags_raised();
}

/* `a ** b` for b >= 0, wrapping as NumPy's int64 scalar does (modulo 2**64, so any order of
   the multiplications gives it). */
static npy_int64 int_power(npy_int64 a, npy_int64 b)
{
    npy_uint64 base = (npy_uint64)a, out = 1;
    for (npy_uint64 e = (npy_uint64)b; e; e >>= 1) {
        out = e & 1 ? out * base : out;
        base *= base;
    }
    return (npy_int64)out;
}

/* `a op b` in int64 into *r: 1, or 0 where the dunder is to compute it (see the Note). */
static int int_arithmetic(int op, npy_int64 a, npy_int64 b, npy_int64 *r)
{
    switch (op) {
    case VALUE_ADD: return !__builtin_add_overflow(a, b, r);
    case VALUE_SUB: return !__builtin_sub_overflow(a, b, r);
    case VALUE_MUL: return !__builtin_mul_overflow(a, b, r);
    case VALUE_POW:
        *r = int_power(a, b);
        return b >= 0;
    }
    if (b == 0 || (b == -1 && a == NPY_MIN_INT64)) {
        return 0;
    }
    npy_int64 q = a / b, m = a % b;
    if (m != 0 && (m < 0) != (b < 0)) {  /* floor, as Python's and NumPy's integers */
        q -= 1;
        m += b;
    }
    *r = op == VALUE_FLOORDIV ? q : m;
    return 1;
}

/* A new 0-d array of `descr` holding the `size` bytes at `p`, or NULL with an error. */
static PyObject *zero_d_of(PyArray_Descr *descr, const void *p, size_t size)
{
    PyObject *r = new_zero_d(descr);
    if (r != NULL) {
        memcpy(PyArray_DATA((PyArrayObject *)r), p, size);
    }
    return r;
}

static int compare(int op, int c)  /* c: -1, 0 or 1 (2: unordered, a NaN) */
{
    switch (op) {
    case VALUE_LT: return c == -1;
    case VALUE_LE: return c == -1 || c == 0;
    case VALUE_EQ: return c == 0;
    case VALUE_NE: return c != 0;
    case VALUE_GT: return c == 1;
    default: return c == 1 || c == 0;
    }
}

/* `a op b` for two values computed in C (see the Note): a new 0-d array, or NULL (with an
   error only where the array could not be made). */
static PyObject *computed(int op, const Value *a, const Value *b)
{
    int floats = a->kind == 'f' || b->kind == 'f';
    if (op >= VALUE_LT) {
        npy_bool r;
        if (floats) {
            double u = as_double(a), v = as_double(b);
            r = (npy_bool)compare(op, u < v ? -1 : u > v ? 1 : u == v ? 0 : 2);
        }
        else {
            r = (npy_bool)compare(op, a->i < b->i ? -1 : a->i > b->i);
        }
        return zero_d_of(bool_descr, &r, sizeof(r));
    }
    if (a->kind == 'b' && b->kind == 'b') {
        return NULL;
    }
    if (op == VALUE_POW && floats && (a->kind != 'f' || b->kind != 'f')) {
        return NULL;  /* NumPy's int64 or bool scalar hands `**` beside a float to its ufunc,
                         whose pow rounds otherwise than the C library's: scalar math's */
    }
    if (floats || op == VALUE_TRUEDIV) {
        double r;
        return float_arithmetic(op, as_double(a), as_double(b), &r)
                   ? zero_d_of(double_descr, &r, sizeof(r)) : NULL;
    }
    npy_int64 r;
    return int_arithmetic(op, a->i, b->i, &r) ? zero_d_of(long_descr, &r, sizeof(r)) : NULL;
}

/* NumPy's scalar of value `x`: the 0-d Array's, or the Python number itself. */
static PyObject *scalar_of(PyObject *x, PyTypeObject *array_type, Py_ssize_t offset)
{
    if (Py_TYPE(x) != array_type) {
        return Py_NewRef(x);
    }
    PyArrayObject *d = *(PyArrayObject **)((char *)x + offset);
    return PyArray_ToScalar(PyArray_DATA(d), d);
}

/* `x1 op x2` (`op x1`, x2 NULL) by NumPy's scalar math, which warns as NumPy's scalars warn:
   a new 0-d array, or NULL: with its error, or with none where it refused the operands (the
   dunder words the refusal, as `plans.value_operator` leaves it to the full path). */
static PyObject *scalar_math(int op, PyObject *x1, PyObject *x2, PyTypeObject *array_type,
                             Py_ssize_t offset)
{
    PyObject *v1 = scalar_of(x1, array_type, offset), *r = NULL;
    PyObject *v2 = x2 == NULL || v1 == NULL ? NULL : scalar_of(x2, array_type, offset);
    if (v1 != NULL && (x2 == NULL || v2 != NULL)) {
        switch (op) {
        case VALUE_ADD: r = PyNumber_Add(v1, v2); break;
        case VALUE_SUB: r = PyNumber_Subtract(v1, v2); break;
        case VALUE_MUL: r = PyNumber_Multiply(v1, v2); break;
        case VALUE_TRUEDIV: r = PyNumber_TrueDivide(v1, v2); break;
        case VALUE_FLOORDIV: r = PyNumber_FloorDivide(v1, v2); break;
        case VALUE_MOD: r = PyNumber_Remainder(v1, v2); break;
        case VALUE_POW: r = PyNumber_Power(v1, v2, Py_None); break;
        case VALUE_NEG: r = PyNumber_Negative(v1); break;
        case VALUE_ABS: r = PyNumber_Absolute(v1); break;
        default: r = PyObject_RichCompare(v1, v2, op - VALUE_LT); break;
        }
    }
    Py_XDECREF(v1);
    Py_XDECREF(v2);
    if (r == NULL) {
        if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_ValueError) ||
            PyErr_ExceptionMatches(PyExc_OverflowError) ||
            PyErr_ExceptionMatches(PyExc_ZeroDivisionError)) {
            PyErr_Clear();
        }
        return NULL;
    }
    return as_ndarray(r);
}

PyObject *value_operator(int op, PyObject *x1, PyObject *x2, PyTypeObject *array_type,
                         Py_ssize_t offset)
{
    Value a = {0, 0, 0.0}, b = {0, 0, 0.0};
    int arrays = 0;
    if (!read_value(x1, array_type, offset, &a, &arrays) ||
        !read_value(x2, array_type, offset, &b, &arrays) || !arrays ||
        (op == VALUE_FLOORDIV && (a.kind == 'f' || b.kind == 'f'))) {
        return NULL;  /* the dunder's, as `plans.value_operator` says */
    }
    hit();
    PyObject *r = computed(op, &a, &b);
    return r != NULL || PyErr_Occurred() ? r : scalar_math(op, x1, x2, array_type, offset);
}

PyObject *value_operator1(int op, PyObject *x, PyTypeObject *array_type, Py_ssize_t offset)
{
    Value a = {0, 0, 0.0};
    int array = 0;
    if (!read_value(x, array_type, offset, &a, &array) || !array) {
        return NULL;
    }
    hit();
    if (a.kind == 'b' || (a.kind == 'i' && a.i == NPY_MIN_INT64)) {
        return scalar_math(op, x, NULL, array_type, offset);
    }
    if (a.kind == 'f') {
        double r = op == VALUE_NEG ? -a.d : fabs(a.d);
        return zero_d_of(double_descr, &r, sizeof(r));
    }
    npy_int64 r = op == VALUE_NEG || a.i < 0 ? -a.i : a.i;
    return zero_d_of(long_descr, &r, sizeof(r));
}

int value_int_divmod(PyObject *x1, PyObject *x2, PyTypeObject *array_type, Py_ssize_t offset,
                     PyObject **q, PyObject **m)
{
    Value a = {0, 0, 0.0}, b = {0, 0, 0.0};
    int arrays = 0;
    npy_int64 div, mod;
    if (!read_value(x1, array_type, offset, &a, &arrays) ||
        !read_value(x2, array_type, offset, &b, &arrays) || !arrays || a.kind != 'i' ||
        b.kind != 'i' || !int_arithmetic(VALUE_FLOORDIV, a.i, b.i, &div) ||
        !int_arithmetic(VALUE_MOD, a.i, b.i, &mod)) {
        return 0;
    }
    hit();
    *q = zero_d_of(long_descr, &div, sizeof(div));
    *m = *q == NULL ? NULL : zero_d_of(long_descr, &mod, sizeof(mod));
    if (*m == NULL) {
        Py_CLEAR(*q);
        return -1;
    }
    return 1;
}

int value_truth(PyObject *x, PyTypeObject *array_type, Py_ssize_t offset)
{
    Value a = {0, 0, 0.0};
    int array = 0;
    if (!read_value(x, array_type, offset, &a, &array) || !array) {
        return -1;
    }
    return a.kind == 'f' ? a.d != 0.0 : a.i != 0;
}

int values_init(void)
{
    bool_descr = PyArray_DescrFromType(NPY_BOOL);  /* kept for good */
    long_descr = PyArray_DescrFromType(NPY_INT64);
    double_descr = PyArray_DescrFromType(NPY_DOUBLE);
    return bool_descr != NULL && long_descr != NULL && double_descr != NULL ? 0 : -1;
}
