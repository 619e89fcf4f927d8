// reduction_winners.cu -- skeleton of the second level of an argmax/argmin over many elements.
// Placeholders: kernel_name, op, in_t, compute_t, block_size (as in reduction.cu).
//
// Note [Two-level argmax] (the kernel; cuda_reduce.py has the plan)
// The first level left, for each of `parts` chunks of `chunk` elements of the dense `in0`, the
// chunk's own first extreme: its position `first[p]` inside the chunk. One block now folds
// the chunks' winners, element p * chunk + first[p] under that index, and the `n - parts *
// chunk` elements of the tail past the last chunk, then combines its threads' partials (a
// tie goes to the lower index, so the first extreme overall wins) and writes the index.
extern "C" __global__ void ${kernel_name}(long long parts, long long chunk, long long n,
                                          char* out0, const char* in0, const long long* first) {
  typedef ${op} Op;
  __shared__ typename Op::acc_t partial[${block_size}];
  typename Op::acc_t acc = Op::identity();
  for (long long p = threadIdx.x; p < parts; p += ${block_size}) {
    const long long i = p * chunk + first[p];
    acc = Op::reduce(acc, xt::cast<${compute_t}>(reinterpret_cast<const ${in_t}*>(in0)[i]), i);
  }
  for (long long i = parts * chunk + threadIdx.x; i < n; i += ${block_size}) {
    acc = Op::reduce(acc, xt::cast<${compute_t}>(reinterpret_cast<const ${in_t}*>(in0)[i]), i);
  }
  partial[threadIdx.x] = acc;
  xt::reduce::combine_rows<Op>(partial, ${block_size}, 1);
  if (threadIdx.x == 0) {
    *reinterpret_cast<long long*>(out0) = partial[0].index;
  }
}
