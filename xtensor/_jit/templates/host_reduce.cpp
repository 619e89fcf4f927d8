// host_reduce.cpp -- skeleton of a host (CPU) kernel that folds an elementwise computation
// over its whole range into one value (a fused `sum(expression)`).  Placeholders as in
// host_elementwise.cpp, plus:
//   fold   the accumulator struct of xt_host_reduce.h (Sum, Prod, Max, Min)
//   acc_t  the accumulator's C type, which `result` points to
// Blocks of XT_HOST_FOLD_BLOCK elements are folded on their own and then into the total,
// so a float sum's rounding error grows with n / block + block rather than with n.
extern "C" void ${kernel_name}(long long begin, long long end, const long long* plan,
                               const char* scalars, void* result) {
  (void)scalars;
  typedef xt_host::${fold}<${acc_t}> Fold;
  ${acc_t} total = Fold::init();
${scalar_loads}
  xt_host::for_range<${nargs}>(begin, end, plan,
                               [&](char* const* p, const long long* s, long long n) {
    if (${dense_test}) {
${dense_setup}
      for (long long first = 0; first < n; first += XT_HOST_FOLD_BLOCK) {
        const long long last = n - first < XT_HOST_FOLD_BLOCK ? n : first + XT_HOST_FOLD_BLOCK;
        ${acc_t} acc = Fold::init();
        for (long long i = first; i < last; ++i) {
${dense_body}
        }
        total = Fold::fold(total, acc);
      }
    } else {
      ${acc_t} acc = Fold::init();
      for (long long i = 0; i < n; ++i) {
${strided_body}
      }
      total = Fold::fold(total, acc);
    }
  });
  *reinterpret_cast<${acc_t}*>(result) = total;
}
