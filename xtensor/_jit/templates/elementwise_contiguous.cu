// elementwise_contiguous.cu -- skeleton of the contiguous (optionally vectorized) kernel.
// Placeholders, all required (codegen.generate_code fills them with Template.substitute):
//   kernel_name  the kernel's C name         params       kernel parameter list
//   loop_t       index type of the loops     vec_size     elements per vector access
//   vec_body     body for vector number v    scalar_body  body for element number i
// Every operand is dense: element i of operand k lives at byte i * sizeof(its type).
// Vector v covers elements [v * VEC, v * VEC + VEC); the tail loop finishes the
// numel % VEC elements past the last full vector (see Note [Aligned vectors]).
extern "C" __global__ void ${kernel_name}(${params}) {
  const ${loop_t} first = (${loop_t})blockIdx.x * blockDim.x + threadIdx.x;
  const ${loop_t} stride = (${loop_t})blockDim.x * gridDim.x;
  const ${loop_t} nvec = numel / ${vec_size};
  for (${loop_t} v = first; v < nvec; v += stride) {
${vec_body}
  }
  for (${loop_t} i = nvec * ${vec_size} + first; i < numel; i += stride) {
${scalar_body}
  }
}
