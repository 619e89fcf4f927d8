/* The Arrays the compiled hot path answers: made and freed here; see Note [Array free list]. */

#include "_cfast.h"

/*
Note [Array free list]
~~~~~~~~~~~~~~~~~~~~~~
Every answer is two objects where NumPy's is one: the ndarray and the Array around it. Made
by the type's tp_alloc (a GC allocation, zeroed, tracked, the type's reference taken) and
freed by CPython's subtype_dealloc (a walk over the slots, the weak references, tp_free, the
type's reference), the Array costs ~22 ns, a third of NumPy's whole `a[::-1]`. As CPython
does for its floats and tuples, the Arrays freed last are kept (untracked, still holding the
type's reference) and handed out again by `new_array`: ~5 ns.

`adopt(Array)` installs `array_dealloc` as the type's tp_dealloc at import. It is the plain
dealloc of a C heap type (weak references, the `_data` slot, tp_free, the type's reference),
so a subclass's subtype_dealloc, which calls its base's dealloc, still frees its instances,
and only exact Arrays are kept. Python's own `object.__new__(Array)` allocates as before;
its Arrays join the list when they die. Off in free-threaded and trace-refs builds, where a
reused object needs more than its reference count set.
*/

#if defined(Py_GIL_DISABLED) || defined(Py_TRACE_REFS)
#define FREE_ARRAYS 0
#else
#define FREE_ARRAYS 64
#endif

static PyTypeObject *adopted;  /* the Array type, once `adopt` ran */
static Py_ssize_t adopted_data;  /* the offset of its `_data` slot */
static PyObject *free_arrays[FREE_ARRAYS + 1];
static int n_free;

static void array_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    PyObject_ClearWeakRefs(self);
    Py_CLEAR(*(PyObject **)((char *)self + adopted_data));
    if (tp == adopted && n_free < FREE_ARRAYS) {
        free_arrays[n_free++] = self;
        return;
    }
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* A new, empty instance of `type` (the Array type): from the free list when it has one. */
PyObject *new_array(PyTypeObject *type)
{
    if (type == adopted && n_free > 0) {
        PyObject *a = free_arrays[--n_free];
        Py_SET_REFCNT(a, 1);
        PyObject_GC_Track(a);
        return a;
    }
    return type->tp_alloc(type, 0);
}

/* A new Array holding `data` (stolen): `_new(Array)` and `a._data = data`. */
PyObject *wrap(FastCall *f, PyObject *data)
{
    if (data == NULL) {
        return NULL;
    }
    PyObject *a = new_array(f->array_type);
    if (a == NULL) {
        Py_DECREF(data);
        return NULL;
    }
    *(PyObject **)((char *)a + f->data_offset) = data;
    return a;
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
        Py_ssize_t off = slot_offset(arg, "_data");
        if (off < 0) {
            return NULL;
        }
        adopted = (PyTypeObject *)Py_NewRef(arg);
        adopted_data = off;
        type->tp_dealloc = array_dealloc;
    }
    Py_RETURN_NONE;
}
