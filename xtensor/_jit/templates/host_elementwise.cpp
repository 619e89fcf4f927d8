// host_elementwise.cpp -- skeleton of a host (CPU) elementwise kernel; see Note [Host loop
// plan] in xt_host.h.  Placeholders, all required (host_codegen fills them with substitute):
//   kernel_name   the entry's C name            nargs         array operands, outputs first
//   scalar_loads  const locals s0.. read from the block of scalar arguments
//   dense_setup   typed __restrict pointers at a block's start
//   dense_body    element i of a dense block: loads, the computation, stores
//   nout          the outputs among the array operands
//   direct_params the direct entry's array parameters: const void* x0, x1...
//   direct_arrays those parameters, x0, x1...   itemsizes  the array operands' itemsizes
// The block loop reads and writes through typed pointers with unit stride, the form GCC
// vectorizes; dense runs are its blocks in place, anything else (a strided, broadcast or
// reversed operand, a run's last partial block) goes through local buffers.
// The block loop: `blocks` runs of XT_HOST_BLOCK elements of unit-stride operands from
// base[k], in one out-of-line copy through which every element goes (Note
// [Position-independent results] in xt_host.h).
static __attribute__((noinline)) void ${kernel_name}_block(char* const* base, const char* scalars,
                                                           long long blocks) {
  (void)scalars;
${scalar_loads}
  const long long itemsizes[${nargs}] = {${itemsizes}};
  for (long long b = 0; b < blocks; ++b) {
    char* p[${nargs}];
    for (int k = 0; k < ${nargs}; ++k) p[k] = base[k] + b * XT_HOST_BLOCK * itemsizes[k];
${dense_setup}
    for (long long i = 0; i < XT_HOST_BLOCK; ++i) {
${dense_body}
    }
  }
}

extern "C" void ${kernel_name}(long long begin, long long end, const long long* plan,
                               const char* scalars, void* result) {
  (void)result;
  const long long itemsizes[${nargs}] = {${itemsizes}};
  const bool stream = xt_host::stream_output(plan, itemsizes[0]);
  xt_host::for_range<${nargs}>(begin, end, plan,
                               [&](char* const* p, const long long* s, long long n) {
    xt_host::blocked_run<${nargs}, ${nout}>(${kernel_name}_block, scalars, p, s, itemsizes, n,
                                            stream);
  });
}

// The direct entry (Note [Direct calls] in xt_host.h): `n` elements of C-contiguous, aligned
// NumPy arrays of one shape, outputs first, without a plan built in Python.  It returns 1,
// having done nothing, when an operand is not such an array (the caller then takes the
// iterator's path), else 0.
extern "C" int ${kernel_name}_direct(long long n, const char* scalars, ${direct_params}) {
  const void* arrays[${nargs}] = {${direct_arrays}};
  const long long itemsizes[${nargs}] = {${itemsizes}};
  long long plan[2 + 2 * ${nargs}];  // Note [Host loop plan], one dimension
  plan[0] = 1;
  plan[1] = n;
  for (int k = 0; k < ${nargs}; ++k) {
    const xt_host::ndarray_fields* a = xt_host::ndarray(arrays[k]);
    if ((a->flags & xt_host::kDirectFlags) != xt_host::kDirectFlags) return 1;
    plan[2 + k] = itemsizes[k];
    plan[2 + ${nargs} + k] = reinterpret_cast<long long>(a->data);
  }
  if (n > 0) ${kernel_name}(0, n, plan, scalars, nullptr);
  return 0;
}
