// reduction_columns.cu -- skeleton of the column-reduction kernel.
// Placeholders: those of reduction.cu, and
//   columns      outputs one block reduces side by side (a warp's width on the GPU)
//
// Note [Column reductions]
// The block kernel (reduction.cu) gives each output one block, whose threads stride along
// the reduced dim. When that dim is strided and adjacent outputs lie side by side in memory
// (a sum over axis 0 of a C-order matrix), each of its loads falls in another 32-byte
// sector: a warp moves 32 sectors for 128 useful bytes. Here a block takes a tile of
// `columns` adjacent outputs instead: lane c of every row group reads column c, so a warp
// reads one contiguous piece of a row. The block's groups take the rows in turn (group g
// the rows g, g + groups, ...), four loads in flight each (Note [Loads in flight]); then
// the groups' partials combine in shared memory and group 0 writes the tile.
extern "C" __global__ void ${kernel_name}(long long n_out, long long n_red, char* out0,
                                          const char* in0, xt::OffsetCalc<2, long long> out_calc,
                                          xt::OffsetCalc<1, long long> red_calc, double ddof) {
  typedef ${op} Op;
  const unsigned int groups = ${block_size} / ${columns};
  const unsigned int lane = threadIdx.x % ${columns}, group = threadIdx.x / ${columns};
  __shared__ typename Op::acc_t partial[${block_size}];
  const long long n_tiles = (n_out + ${columns} - 1) / ${columns};
  for (long long tile = blockIdx.x; tile < n_tiles; tile += gridDim.x) {
    const long long o = tile * ${columns} + lane;
    long long offsets[2] = {0, 0};
    typename Op::acc_t acc = Op::identity();
    if (o < n_out) {
      out_calc.get(o, offsets);
      const char* base = in0 + offsets[1];
      if (red_calc.ndim == 1) {  // one coalesced reduced dim: no 64-bit division per element
        acc = xt::reduce::fold_strided<Op, ${in_t}, ${compute_t}>(
            acc, base, red_calc.strides[0][0], group, groups, n_red);
      } else {
        acc = xt::reduce::fold_offsets<Op, ${in_t}, ${compute_t}>(acc, base, red_calc, group,
                                                                    groups, n_red);
      }
    }
    partial[threadIdx.x] = acc;
    xt::reduce::combine_rows<Op>(partial, groups, ${columns});
    if (group == 0 && o < n_out) {
      *reinterpret_cast<${out_t}*>(out0 + offsets[0]) =
          Op::template project<${out_t}>(partial[lane], n_red, ddof);
    }
    __syncthreads();  // partial[] is reused by the next tile
  }
}
