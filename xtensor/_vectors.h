/* xtensor's C extensions: WIDEST_VECTORS marks a loop to be compiled once per vector width
   (AVX-512, AVX2 and the baseline) and picked at load time from what the CPU has (an ifunc),
   where the compiler can do that: GCC or Clang on x86-64 Linux. */

#ifndef XTENSOR_VECTORS_H
#define XTENSOR_VECTORS_H

#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__)
#define WIDEST_VECTORS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define WIDEST_VECTORS
#endif

#endif
