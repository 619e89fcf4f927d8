/* xtensor._dispatch._cfast: the operators of two values, computed in C.

Note [Value arithmetic]
~~~~~~~~~~~~~~~~~~~~~~~
`a[i] > 0.5`, `n[i] % 3`, `-a[i]`, `if a[i]:` are a script's innermost loops, on elements
that stand for NumPy's scalars (Note [Elements are values] in _array.py). NumPy's scalar
math does one in ~20-40 ns; the loop on 0-d arrays (Note [Direct inner loops]) cost ~60 ns
more: the dunder's call, the small table, the loop's layout and entry, the floating-point
flags read twice. An operator of two *values* (0-d CPU Arrays of bool, int8-int64,
uint8-uint64, float32 or float64, of the builtin native dtypes, or Python floats, ints
within int64 and bools; one at least an Array) computes as NumPy's scalars do (Note [Scalar
arithmetic] in plans.py: the Python twin, `value_operator`, runs NumPy's scalar math), here,
from Array's slots (Note [Array slots]) and from the operator dunders' bodies
(`set_value_op`):

- First in plain C, into a 0-d array of the free list (Note [0-d free list]), wherever that
  is NumPy's scalar's answer given without a word. The dtype is NumPy 2's promotion of the
  two (`promoted`, read from NumPy once), a Python number being its weak scalar (NEP 50): a
  Python int takes the other's dtype (int64 beside a bool), where it fits (else NumPy's
  scalar math's: its OverflowError, `/`'s float64); a Python float takes a float's (float32 stays
  float32), and is float64 beside an integer. `/` of integers and bools is float64's.
  Operands are cast to that dtype as NumPy casts them (a Python int beside float32 only
  within 2**53, where rounding it once or through a double agrees; a Python float beyond
  float32's range is NumPy's "overflow encountered in cast"). Comparisons answer bool: of
  two integers exactly (NumPy 2 compares int64 with uint64, and Python ints beyond the
  dtype, by value), else in the promoted float dtype. Floats' + - * /, their % and divmod
  (Python's floor quotient and modulus, both computed as NumPy's remainder computes them, so
  that the same flags rise) and float64's ** (NumPy's float64 scalar `**` is the C library's pow,
  which this calls, a Python int exponent or base included; float32's, and an integer or
  bool value beside a float, is another pow, left to NumPy's scalar math) with the
  floating-point flags cleared before and read after: a flag raised is NumPy's scalar
  math's case; so are two NaN operands (which one NumPy's answer keeps is its compiler's
  choice) and two bools' arithmetic. Integers' + - * // % ** in the promoted dtype, exactly
  (in 64 bits), with their overflows (of that dtype's range) and divisions by zero left to
  NumPy's scalar math; `**` wraps, unchecked by NumPy's scalar too (a negative power is its
  ValueError), and their divmod likewise. `-x`, `abs(x)`, and `bool(x)` of a 0-d Array of
  these dtypes (an unsigned `-x` of a nonzero x, and the signed minimum's, are NumPy's
  overflow warnings).
- Else by NumPy's scalar math on the values' NumPy scalars, which warns as NumPy's scalars
  warn ("overflow encountered in scalar add"; "in add" where NumPy's scalar hands the
  operands to its ufunc: int8 beside uint8), at the caller's line: no Python frame is
  between. Where it refuses the operands (TypeError, ValueError, OverflowError: `-True`,
  `2 ** -1`, `int32 + 2**40`), the dunder's full path words the refusal, as in Python.
- Not at all, for `//` in a float dtype, whose special cases are the standard's (`inf // 1.0`
  is inf: the loop's fix-up, Note [Guarded fix-ups]); a float divmod that raises a flag goes
  the same way.
float16 and complex values, and int64 or uint64 arrays of C's `long long` (dtype 'q', 'Q'),
keep the dunder's path: NumPy's float16 scalar math rounds through float32 by its own rules,
its complex scalar math multiplies without the fused operations of its loops (Note [Scalar
arithmetic]), and neither is an everyday element.
*/

#include "_cfast.h"

#include <fenv.h>
#include <math.h>

/* The values' dtypes, then Python's numbers (NumPy's weak scalars; a bool is D_BOOL's). */
enum {
    D_BOOL, D_I8, D_I16, D_I32, D_I64, D_U8, D_U16, D_U32, D_U64, D_F32, D_F64, N_DTYPES,
    D_INT = N_DTYPES, D_FLOAT, N_TYPES
};
static PyArray_Descr *descrs[N_DTYPES];
static signed char promoted[N_TYPES][N_TYPES];    /* two values' dtype (D_...), or -1 */
/* each integer dtype's range (D_U64's is uint64's, whose top NPY_MAX_INT64 stands for here:
   no other value beside it reaches beyond) */
static const npy_int64 lowest[N_DTYPES] = {
    0, NPY_MIN_INT8, NPY_MIN_INT16, NPY_MIN_INT32, NPY_MIN_INT64, 0, 0, 0, 0};
static const npy_int64 highest[N_DTYPES] = {
    1, NPY_MAX_INT8, NPY_MAX_INT16, NPY_MAX_INT32, NPY_MAX_INT64, NPY_MAX_UINT8, NPY_MAX_UINT16,
    NPY_MAX_UINT32, NPY_MAX_INT64};

static inline int is_float(int t)
{
    return t == D_F32 || t == D_F64 || t == D_FLOAT;
}

/* A value's reading: its type (D_...) and number. */
typedef struct {
    int t;
    npy_int64 i;  /* bools and integers (D_U64: uint64's bits) */
    double d;     /* float64s and Python floats */
    float f;      /* float32s (kept apart: widened, a signaling NaN would be made quiet) */
} Value;

/* Whether `x` is a value (see the Note), read into `v`; `*array` set when x is an Array. */
static int read_value(PyObject *x, PyTypeObject *array_type, Py_ssize_t offset, Value *v,
                      int *array)
{
    PyTypeObject *t = Py_TYPE(x);
    if (t == &PyFloat_Type) {
        v->t = D_FLOAT;
        v->d = PyFloat_AS_DOUBLE(x);
        return 1;
    }
    if (t == &PyLong_Type) {
        int overflow;
        v->t = D_INT;
        v->i = PyLong_AsLongLongAndOverflow(x, &overflow);
        return !overflow;  /* (a wider int: NumPy's reading is the dunder's to check) */
    }
    if (t == &PyBool_Type) {
        v->t = D_BOOL;
        v->i = x == Py_True;
        return 1;
    }
    PyObject *data = t == array_type ? *(PyObject **)((char *)x + offset) : NULL;
    if (data == NULL || !PyArray_CheckExact(data) || PyArray_NDIM((PyArrayObject *)data) != 0 ||
        marked(x)) {
        return 0;  /* (a 0-d ndarray, `asarray(5)`: NumPy's array arithmetic, the loop's) */
    }
    PyArray_Descr *descr = PyArray_DESCR((PyArrayObject *)data);
    const char *p = PyArray_BYTES((PyArrayObject *)data);
    /* The dtype by its descriptor's address, the everyday two first: no load that waits on
       another (the descriptor's type number, a table indexed by it) lengthens the ~20 ns. */
    *array = 1;
    if (descr == descrs[D_F64]) {
        v->t = D_F64;
        memcpy(&v->d, p, sizeof(v->d));
        return 1;
    }
    if (descr == descrs[D_I64]) {
        v->t = D_I64;
        memcpy(&v->i, p, sizeof(v->i));
        return 1;
    }
    for (v->t = 0; v->t < N_DTYPES && descrs[v->t] != descr; v->t++) {
    }
    switch (v->t) {
#define READ(T, ctype, field)              \
    case T: {                              \
        ctype c;                           \
        memcpy(&c, p, sizeof(c));          \
        v->field = c;                      \
        break;                             \
    }
    READ(D_I8, npy_int8, i)
    READ(D_I16, npy_int16, i)
    READ(D_I32, npy_int32, i)
    READ(D_U8, npy_uint8, i)
    READ(D_U16, npy_uint16, i)
    READ(D_U32, npy_uint32, i)
    READ(D_U64, npy_int64, i)
    READ(D_F32, npy_float, f)
#undef READ
    case D_BOOL: v->i = *p != 0; break;  /* (as NumPy's scalar of it reads any other byte) */
    default: return 0;  /* (a byte-swapped or 'q' dtype too: see the Note) */
    }
    return 1;
}

/* A uint64 value beyond int64's range (its bits are a negative int64's). */
static inline int big(const Value *v)
{
    return v->t == D_U64 && v->i < 0;
}

static double as_double(const Value *v)
{
    return v->t == D_F32               ? (double)v->f
           : is_float(v->t)            ? v->d
           : big(v) ? (double)(npy_uint64)v->i : (double)v->i;
}

/* Value `v` cast to float32 as NumPy casts it, into *f: 1, or 0 where NumPy's cast warns (a
   Python float beyond float32's range) or might round otherwise (see the Note). */
static int as_float(const Value *v, float *f)
{
    if (v->t == D_INT && (v->i > (1LL << 53) || v->i < -(1LL << 53))) {
        return 0;
    }
    *f = v->t == D_F32 ? v->f : is_float(v->t) ? (float)v->d : (float)v->i;
    return v->t != D_FLOAT || !isinf(*f) || isinf(v->d);
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

/* Python's float divmod of a and b, as NumPy's scalar computes it: the floor of the quotient,
   returned, and the modulus, in *mod. NumPy's remainder computes the quotient beside the
   modulus too, so `%` calls this and the floating-point flags raised are NumPy's. TYPE is
   double or float, F the C library functions' suffix ("" or f). A zero b is fmod's NaN and
   its invalid flag (and a/b's). */
#define FLOAT_DIVMOD(TYPE, F)                                                  \
    static TYPE divmod_##TYPE(TYPE a, TYPE b, TYPE *modulus)                   \
    {                                                                          \
        volatile TYPE mod = fmod##F(a, b), div, floordiv;                      \
        if (b == 0) {                                                          \
            *modulus = mod;                                                    \
            return a / b;                                                      \
        }                                                                      \
        div = (a - mod) / b;                                                   \
        if (mod != 0) {                                                        \
            if ((b < 0) != (mod < 0)) {                                        \
                mod += b;                                                      \
                div -= 1;                                                      \
            }                                                                  \
        }                                                                      \
        else {                                                                 \
            mod = copysign##F(0, b);                                           \
        }                                                                      \
        if (div != 0) {                                                        \
            floordiv = floor##F(div);                                          \
            if (div - floordiv > (TYPE)0.5) {                                  \
                floordiv += 1;                                                 \
            }                                                                  \
        }                                                                      \
        else {                                                                 \
            floordiv = copysign##F(0, a / b);                                  \
        }                                                                      \
        *modulus = mod;                                                        \
        return floordiv;                                                       \
    }                                                                          \
    static TYPE remainder_##TYPE(TYPE a, TYPE b)                               \
    {                                                                          \
        TYPE mod;                                                              \
        (void)divmod_##TYPE(a, b, &mod);                                       \
        return mod;                                                            \
    }
FLOAT_DIVMOD(double, )
FLOAT_DIVMOD(float, f)

/* `a op b` in float64 into *r: 1, or 0 where NumPy's scalar math is to compute it. */
static int double_arithmetic(int op, double a, double b, double *r)
{
    if (isnan(a) && isnan(b)) {
        return 0;
    }
    flags_clear();
    volatile double x = a, y = b, out;
    switch (op) {
    case VALUE_ADD: out = x + y; break;
    case VALUE_SUB: out = x - y; break;
    case VALUE_MUL: out = x * y; break;
    case VALUE_TRUEDIV: out = x / y; break;
    case VALUE_MOD: out = remainder_double(x, y); break;
    default: out = pow(x, y); break;
    }
    *r = out;
    return !flags_raised();
}

/* `a op b` in float32 (+ - * / %) into *r: 1, or 0 where NumPy's scalar math is to compute it. */
static int float_arithmetic(int op, float a, float b, float *r)
{
    if (op == VALUE_POW || (isnan(a) && isnan(b))) {
        return 0;
    }
    flags_clear();
    volatile float x = a, y = b, out;
    switch (op) {
    case VALUE_ADD: out = x + y; break;
    case VALUE_SUB: out = x - y; break;
    case VALUE_MUL: out = x * y; break;
    case VALUE_MOD: out = remainder_float(x, y); break;
    default: out = x / y; break;
    }
    *r = out;
    return !flags_raised();
}

/* `a ** b` for b >= 0 modulo 2**64 (so any order of the multiplications gives it, and any
   narrower dtype's wrapped power is its low bits). */
static npy_uint64 int_power(npy_uint64 base, npy_uint64 e)
{
    npy_uint64 out = 1;
    for (; e; e >>= 1) {
        out = e & 1 ? out * base : out;
        base *= base;
    }
    return out;
}

/* `a op b` in the signed integer dtype `t` into *r: 1, or 0 where NumPy's scalar math is to
   compute it (an overflow of t's range, a division by zero, a negative power). */
static int signed_arithmetic(int op, int t, npy_int64 a, npy_int64 b, npy_int64 *r)
{
    int done;
    switch (op) {
    case VALUE_ADD: done = !__builtin_add_overflow(a, b, r); break;
    case VALUE_SUB: done = !__builtin_sub_overflow(a, b, r); break;
    case VALUE_MUL: done = !__builtin_mul_overflow(a, b, r); break;
    case VALUE_POW: {
        npy_uint64 p = int_power((npy_uint64)a, (npy_uint64)b);
        *r = t == D_I8 ? (npy_int8)p : t == D_I16 ? (npy_int16)p
                       : t == D_I32 ? (npy_int32)p : (npy_int64)p;
        return b >= 0;
    }
    default: {
        if (b == 0 || (b == -1 && a == NPY_MIN_INT64)) {
            return 0;
        }
        npy_int64 q = a / b, m = a % b;
        if (m != 0 && (m < 0) != (b < 0)) {  /* floor, as Python's and NumPy's integers */
            q -= 1;
            m += b;
        }
        *r = op == VALUE_FLOORDIV ? q : m;
        done = 1;
    }
    }
    return done && (t == D_I64 || (*r >= lowest[t] && *r <= highest[t]));
}

/* The same in the unsigned integer dtype `t`, on operands within its range. */
static int unsigned_arithmetic(int op, int t, npy_uint64 a, npy_uint64 b, npy_uint64 *r)
{
    int done = 1;
    switch (op) {
    case VALUE_ADD: done = !__builtin_add_overflow(a, b, r); break;
    case VALUE_SUB: done = !__builtin_sub_overflow(a, b, r); break;
    case VALUE_MUL: done = !__builtin_mul_overflow(a, b, r); break;
    case VALUE_POW:
        *r = int_power(a, b);
        *r &= t == D_U64 ? ~(npy_uint64)0 : (npy_uint64)highest[t];
        return 1;
    default:
        if (b == 0) {
            return 0;
        }
        *r = op == VALUE_FLOORDIV ? a / b : a % b;
    }
    return done && (t == D_U64 || *r <= (npy_uint64)highest[t]);
}

/* Whether integer value `v` (a Python int) is within integer dtype `t`'s range. */
static inline int fits(const Value *v, int t)
{
    return v->t != D_INT || t == D_I64 || (v->i >= lowest[t] && v->i <= highest[t]);
}

/* A new 0-d array of dtype `t` (not float32) holding integer `i` or float `d`, or NULL with
   an error. */
static PyObject *new_value(int t, npy_int64 i, double d)
{
    PyObject *r;
    /* The everyday three by branches, each its own descriptor (as read_value reads them): no
       load of a table indexed by `t` that the free list's loads wait on. */
    if (t == D_I64) {
        if ((r = new_zero_d(descrs[D_I64])) != NULL) {
            memcpy(PyArray_DATA((PyArrayObject *)r), &i, sizeof(i));
        }
        return r;
    }
    if (t == D_F64) {
        if ((r = new_zero_d(descrs[D_F64])) != NULL) {
            memcpy(PyArray_DATA((PyArrayObject *)r), &d, sizeof(d));
        }
        return r;
    }
    if (t == D_BOOL) {
        if ((r = new_zero_d(descrs[D_BOOL])) != NULL) {
            *(char *)PyArray_DATA((PyArrayObject *)r) = i != 0;
        }
        return r;
    }
    if ((r = new_zero_d(descrs[t])) == NULL) {
        return NULL;
    }
    char *p = PyArray_DATA((PyArrayObject *)r);
    switch (t) {
#define WRITE(T, ctype, x)        \
    case T: {                     \
        ctype c = (ctype)(x);     \
        memcpy(p, &c, sizeof(c)); \
        break;                    \
    }
    WRITE(D_I8, npy_int8, i)
    WRITE(D_I16, npy_int16, i)
    WRITE(D_I32, npy_int32, i)
    WRITE(D_U8, npy_uint8, i)
    WRITE(D_U16, npy_uint16, i)
    WRITE(D_U32, npy_uint32, i)
    WRITE(D_U64, npy_int64, i)
#undef WRITE
    }
    return r;
}

/* A new 0-d float32 array of `f` (its bits: no double between, that would quiet a signaling
   NaN), or NULL with an error. */
static PyObject *new_float32(float f)
{
    PyObject *r = new_zero_d(descrs[D_F32]);
    if (r != NULL) {
        memcpy(PyArray_DATA((PyArrayObject *)r), &f, sizeof(f));
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

/* Whether `v` is a float32 NaN, that a float64 computation widens: a signaling one is NumPy's
   cast's "invalid value" (where its ufunc computes: float32 beside int32), its scalar math's. */
static inline int widened_nan(const Value *v)
{
    return v->t == D_F32 && isnan(v->f);
}

/* -1, 0 or 1 as integer (or bool) value a is less than, equal to or more than b. */
static int int_order(const Value *a, const Value *b)
{
    if (big(a) || big(b)) {
        if (!big(a) || !big(b)) {
            return big(a) ? 1 : -1;
        }
        return (npy_uint64)a->i < (npy_uint64)b->i ? -1 : (npy_uint64)a->i > (npy_uint64)b->i;
    }
    return a->i < b->i ? -1 : a->i > b->i;
}

/* `a op b` (a comparison) in C, or NULL where NumPy's scalar math is to answer. */
static PyObject *compared(int op, int t, const Value *a, const Value *b)
{
    int c;
    if (!is_float(a->t) && !is_float(b->t)) {
        c = int_order(a, b);
    }
    else if (t == D_F32) {
        float u, v;
        if (!as_float(a, &u) || !as_float(b, &v)) {
            return NULL;
        }
        c = u < v ? -1 : u > v ? 1 : u == v ? 0 : 2;
    }
    else if (widened_nan(a) || widened_nan(b)) {
        return NULL;
    }
    else {
        double u = as_double(a), v = as_double(b);
        c = u < v ? -1 : u > v ? 1 : u == v ? 0 : 2;
    }
    return new_value(D_BOOL, compare(op, c), 0.0);
}

/* `a op b` for two values computed in C (see the Note): a new 0-d array, or NULL (with an
   error only where the array could not be made). */
static PyObject *computed(int op, const Value *a, const Value *b)
{
    int t = a->t == b->t ? a->t : promoted[a->t][b->t];  /* (the commonest, without a load) */
    if (t < 0) {
        return NULL;
    }
    if (op >= VALUE_LT) {
        return compared(op, t, a, b);
    }
    if (t == D_BOOL) {
        return NULL;  /* two bools' arithmetic */
    }
    if (!is_float(t) && (!fits(a, t) || !fits(b, t))) {
        return NULL;  /* NumPy's OverflowError: a Python int beyond the dtype */
    }
    if (op == VALUE_TRUEDIV && !is_float(t)) {
        t = D_F64;
    }
    if (t == D_F32) {
        float u, v, r;
        return as_float(a, &u) && as_float(b, &v) && float_arithmetic(op, u, v, &r)
                   ? new_float32(r) : NULL;
    }
    if (t == D_F64) {
        double r;
        if (op == VALUE_POW && (a->t < D_F32 || b->t < D_F32)) {
            return NULL;  /* NumPy's bool or integer scalar hands `**` beside a float to its
                             ufunc, whose pow rounds otherwise than the C library's (a Python
                             int is a double to NumPy's float64 scalar: `x ** 3` is pow's) */
        }
        if (widened_nan(a) || widened_nan(b)) {
            return NULL;
        }
        return double_arithmetic(op, as_double(a), as_double(b), &r) ? new_value(t, 0, r)
                                                                     : NULL;
    }
    if (lowest[t] < 0) {
        npy_int64 r;
        return signed_arithmetic(op, t, a->i, b->i, &r) ? new_value(t, r, 0.0) : NULL;
    }
    npy_uint64 r;
    return unsigned_arithmetic(op, t, (npy_uint64)a->i, (npy_uint64)b->i, &r)
               ? new_value(t, (npy_int64)r, 0.0) : NULL;
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
        (op == VALUE_FLOORDIV && is_float(promoted[a.t][b.t]))) {
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
    if (a.t == D_F32) {
        return new_float32(op == VALUE_NEG ? -a.f : fabsf(a.f));
    }
    if (a.t == D_F64) {
        return new_value(a.t, 0, op == VALUE_NEG ? -a.d : fabs(a.d));
    }
    if (a.t == D_BOOL || (lowest[a.t] < 0 ? a.i == lowest[a.t] : op == VALUE_NEG && a.i)) {
        return scalar_math(op, x, NULL, array_type, offset);  /* its refusal, its overflow */
    }
    return new_value(a.t, lowest[a.t] < 0 && (op == VALUE_NEG || a.i < 0) ? -a.i : a.i, 0.0);
}

/* divmod of two float values (t, D_F32 or D_F64): 1 with *q and *m, 0 for NumPy's case (a
   floating-point flag, two NaNs), -1 with an error. */
static int float_divmod(int t, const Value *a, const Value *b, PyObject **q, PyObject **m)
{
    if (t == D_F32) {
        float u, v, div, mod;
        if (!as_float(a, &u) || !as_float(b, &v) || (isnan(u) && isnan(v))) {
            return 0;
        }
        flags_clear();
        div = divmod_float(u, v, &mod);
        if (flags_raised()) {
            return 0;
        }
        *q = new_float32(div);
        *m = *q == NULL ? NULL : new_float32(mod);
    }
    else {
        double div, mod;
        if (widened_nan(a) || widened_nan(b) || (isnan(as_double(a)) && isnan(as_double(b)))) {
            return 0;
        }
        flags_clear();
        div = divmod_double(as_double(a), as_double(b), &mod);
        if (flags_raised()) {
            return 0;
        }
        *q = new_value(t, 0, div);
        *m = *q == NULL ? NULL : new_value(t, 0, mod);
    }
    if (*m == NULL) {
        Py_CLEAR(*q);
        return -1;
    }
    return 1;
}

int value_divmod(PyObject *x1, PyObject *x2, PyTypeObject *array_type, Py_ssize_t offset,
                 PyObject **q, PyObject **m)
{
    Value a = {0, 0, 0.0}, b = {0, 0, 0.0};
    int arrays = 0, t;
    npy_int64 div, mod;
    if (!read_value(x1, array_type, offset, &a, &arrays) ||
        !read_value(x2, array_type, offset, &b, &arrays) || !arrays || a.t == D_BOOL ||
        b.t == D_BOOL || (t = promoted[a.t][b.t]) < 0) {
        return 0;
    }
    if (is_float(t)) {
        int done = float_divmod(t, &a, &b, q, m);
        if (done > 0) {
            hit();
        }
        return done;
    }
    if (!fits(&a, t) || !fits(&b, t)) {
        return 0;
    }
    if (lowest[t] < 0 ? !signed_arithmetic(VALUE_FLOORDIV, t, a.i, b.i, &div) ||
                            !signed_arithmetic(VALUE_MOD, t, a.i, b.i, &mod)
                      : !unsigned_arithmetic(VALUE_FLOORDIV, t, (npy_uint64)a.i,
                                             (npy_uint64)b.i, (npy_uint64 *)&div) ||
                            !unsigned_arithmetic(VALUE_MOD, t, (npy_uint64)a.i,
                                                 (npy_uint64)b.i, (npy_uint64 *)&mod)) {
        return 0;
    }
    hit();
    *q = new_value(t, div, 0.0);
    *m = *q == NULL ? NULL : new_value(t, mod, 0.0);
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
    return a.t == D_F32 ? a.f != 0.0f : a.t == D_F64 ? a.d != 0.0 : a.i != 0;
}

/* The dtypes, and NumPy's promotion of each two (a Python number beside a dtype: NEP 50). */
int values_init(void)
{
    static const int nums[N_DTYPES] = {NPY_BOOL,   NPY_INT8,   NPY_INT16,  NPY_INT32,
                                       NPY_INT64,  NPY_UINT8,  NPY_UINT16, NPY_UINT32,
                                       NPY_UINT64, NPY_FLOAT32, NPY_FLOAT64};
    memset(promoted, -1, sizeof(promoted));
    for (int t = 0; t < N_DTYPES; t++) {
        if ((descrs[t] = PyArray_DescrFromType(nums[t])) == NULL) {  /* kept for good */
            return -1;
        }
    }
    for (int t = 0; t < N_DTYPES; t++) {
        for (int u = 0; u < N_DTYPES; u++) {
            PyArray_Descr *p = PyArray_PromoteTypes(descrs[t], descrs[u]);
            if (p == NULL) {
                return -1;
            }
            for (int w = 0; w < N_DTYPES; w++) {
                promoted[t][u] = descrs[w] == p ? (signed char)w : promoted[t][u];
            }
            Py_DECREF(p);
        }
        int i = t == D_BOOL ? D_I64 : t, f = is_float(t) ? t : D_F64;
        promoted[t][D_INT] = promoted[D_INT][t] = (signed char)i;
        promoted[t][D_FLOAT] = promoted[D_FLOAT][t] = (signed char)f;
    }
    return 0;
}
