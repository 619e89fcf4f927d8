// reduction.cu -- skeleton of the block-reduction kernel.
// Placeholders, all required (reduction.generate_reduction_code fills them):
//   kernel_name  the kernel's C name     op           accumulator struct, e.g. xt::reduce::Sum<float>
//   in_t         input element type      compute_t    type the accumulator folds
//   out_t        output element type     block_size   threads per block (a power of 2)
//
// Note [Block reduction]
// One block per output element (grid-stride over outputs).  The block's threads stride
// over the n_red reduced elements, each folding its share in index order, then halve the
// set of partials in shared memory until partial[0] holds the result.  out_calc maps an
// output number to byte offsets (output, input) over the kept dims; red_calc maps a
// reduced-element number to a byte offset over the reduced dims.
//
// Note [Loads in flight]
// A memory-bound kernel is as fast as the bytes it keeps in flight: with one load per
// thread between folds, 1024 blocks of 128 threads keep ~0.5 MB in flight, which an H100's
// ~600 ns memory latency turns into ~0.9 TB/s of its 3.35 (the first GPU run measured sums
// at 2.8-3.3x CuPy's time). Four loads per thread per trip quadruple that.
//
// Note [Vector loads in reductions]
// With four 4-byte loads in flight a sum of 2**26 floats ran at 1.17x CuPy's time (second GPU
// run). A dense row whose start is 16-byte aligned is read as 16-byte vectors instead (four
// floats, two doubles, sixteen bools), two in flight per thread: 32 bytes, where the loop
// below keeps 16. The tail past the last whole vector runs the element loop.
extern "C" __global__ void ${kernel_name}(long long n_out, long long n_red, char* out0,
                                          const char* in0, xt::OffsetCalc<2, long long> out_calc,
                                          xt::OffsetCalc<1, long long> red_calc, double ddof) {
  typedef ${op} Op;
  __shared__ typename Op::acc_t partial[${block_size}];
  for (long long o = blockIdx.x; o < n_out; o += gridDim.x) {
    long long offsets[2];
    out_calc.get(o, offsets);
    const char* base = in0 + offsets[1];
    typename Op::acc_t acc = Op::identity();
    if (red_calc.ndim == 1) {  // one coalesced reduced dim: no 64-bit division per element
      const long long stride = red_calc.strides[0][0], step = blockDim.x;
      long long r = threadIdx.x;
      // Note [Vector loads in reductions]: a dense, 16-byte aligned row is read 16 bytes a
      // load, two loads in flight; the elements of a vector fold in index order.
      constexpr int V =
          sizeof(${in_t}) < 16 && 16 % sizeof(${in_t}) == 0 ? 16 / sizeof(${in_t}) : 1;
      if (V > 1 && stride == sizeof(${in_t}) &&
          reinterpret_cast<unsigned long long>(base) % 16 == 0) {
        typedef xt::Vec<${in_t}, V> vec_t;
        const vec_t* vectors = reinterpret_cast<const vec_t*>(base);
        const long long n_vec = n_red / V;
        long long v = threadIdx.x;
        for (; v + step < n_vec; v += 2 * step) {
          const vec_t a = vectors[v], b = vectors[v + step];
          for (int j = 0; j < V; ++j) {
            acc = Op::reduce(acc, xt::cast<${compute_t}>(a.val[j]), v * V + j);
          }
          for (int j = 0; j < V; ++j) {
            acc = Op::reduce(acc, xt::cast<${compute_t}>(b.val[j]), (v + step) * V + j);
          }
        }
        for (; v < n_vec; v += step) {
          const vec_t a = vectors[v];
          for (int j = 0; j < V; ++j) {
            acc = Op::reduce(acc, xt::cast<${compute_t}>(a.val[j]), v * V + j);
          }
        }
        r = n_vec * V + threadIdx.x;  // the tail of fewer than V elements, below
      }
      acc = xt::reduce::fold_strided<Op, ${in_t}, ${compute_t}>(acc, base, stride, r, step, n_red);
    } else {
      acc = xt::reduce::fold_offsets<Op, ${in_t}, ${compute_t}>(acc, base, red_calc, threadIdx.x,
                                                                  blockDim.x, n_red);
    }
    partial[threadIdx.x] = acc;
    xt::reduce::combine_rows<Op>(partial, ${block_size}, 1);
    if (threadIdx.x == 0) {
      *reinterpret_cast<${out_t}*>(out0 + offsets[0]) =
          Op::template project<${out_t}>(partial[0], n_red, ddof);
    }
    __syncthreads();  // partial[] is reused by the next output
  }
}
