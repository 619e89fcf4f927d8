// elementwise_strided.cu -- skeleton of the strided kernel (any layout, via OffsetCalc).
// Placeholders, all required (codegen.generate_code fills them with Template.substitute):
//   kernel_name  the kernel's C name         params       kernel parameter list
//   loop_t       index type of the loop      offset_t     signed byte-offset type
//   nargs        array operands (outputs first, then array inputs)
//   scalar_body  body for element i, given offsets[] (see Note [Offset calculator])
extern "C" __global__ void ${kernel_name}(${params}) {
  const ${loop_t} first = (${loop_t})blockIdx.x * blockDim.x + threadIdx.x;
  const ${loop_t} stride = (${loop_t})blockDim.x * gridDim.x;
  for (${loop_t} i = first; i < numel; i += stride) {
    ${offset_t} offsets[${nargs}];
    calc.get((${offset_t})i, offsets);
${scalar_body}
  }
}
