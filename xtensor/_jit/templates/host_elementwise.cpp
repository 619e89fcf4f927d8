// host_elementwise.cpp -- skeleton of a host (CPU) elementwise kernel; see Note [Host loop
// plan] in xt_host.h.  Placeholders, all required (host_codegen fills them with substitute):
//   kernel_name   the entry's C name            nargs         array operands, outputs first
//   scalar_loads  const locals s0.. read from the block of scalar arguments
//   dense_test    true when every operand's inner byte stride is its itemsize
//   dense_setup   typed __restrict pointers at the run's start
//   dense_body    element i of a dense run: loads, the computation, stores
//   strided_body  element i of any run, addressed through the byte strides s[k]
// The dense loop reads and writes through typed pointers with unit stride, the form GCC
// vectorizes; the strided loop serves broadcast, reversed and other views.
extern "C" void ${kernel_name}(long long begin, long long end, const long long* plan,
                               const char* scalars, void* result) {
  (void)scalars;
  (void)result;
${scalar_loads}
  xt_host::for_range<${nargs}>(begin, end, plan,
                               [&](char* const* p, const long long* s, long long n) {
    if (${dense_test}) {
${dense_setup}
      for (long long i = 0; i < n; ++i) {
${dense_body}
      }
    } else {
      for (long long i = 0; i < n; ++i) {
${strided_body}
      }
    }
  });
}
