// xt_hostsim.h -- run xtensor's generated CUDA source on the CPU, unchanged.
//
// Owns: host definitions of the CUDA built-ins generated kernels use (execution-space
// keywords, threadIdx/blockIdx/blockDim/gridDim, __syncthreads, __shared__, bit casts,
// the global math overloads) and xt_hostsim::launch, which runs a grid as host loops.
// It is force-included (g++ -include) ahead of the generated source by hostsim/driver.py.
//
// Note [Host simulation of a grid]
// Blocks run one after another.  Inside a block, kernels that never synchronize
// (elementwise) run their threads as a plain loop; kernels that call __syncthreads
// (reductions) run each thread of the block on its own std::thread, and __syncthreads
// is a barrier over them.  Because blocks never overlap, `__shared__` can be `static`:
// one copy, reused by each block in turn, exactly the lifetime CUDA gives it.
#ifndef XT_HOSTSIM_H
#define XT_HOSTSIM_H

#include <math.h>  // with libstdc++ this puts the float/double overloads in ::

#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static
#define __restrict__

struct dim3 {
  unsigned int x = 1, y = 1, z = 1;
};

namespace xt_hostsim {
inline thread_local dim3 thread_index;
inline thread_local dim3 block_index;
inline dim3 block_dim;
inline dim3 grid_dim;

class Barrier {
 public:
  explicit Barrier(unsigned int count) : count_(count) {}
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    const unsigned long long generation = generation_;
    if (++arrived_ == count_) {
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return generation != generation_; });
    }
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  unsigned int count_, arrived_ = 0;
  unsigned long long generation_ = 0;
};
inline Barrier* block_barrier = nullptr;

// Runs body() once per (block, thread) of a 1-D grid; see Note [Host simulation of a grid].
inline void launch(unsigned int grid, unsigned int block, bool threaded,
                   const std::function<void()>& body) {
  grid_dim.x = grid;
  block_dim.x = block;
  for (unsigned int b = 0; b < grid; ++b) {
    if (!threaded) {
      block_index.x = b;
      for (unsigned int t = 0; t < block; ++t) {
        thread_index.x = t;
        body();
      }
      continue;
    }
    Barrier barrier(block);
    block_barrier = &barrier;
    std::vector<std::thread> threads;
    for (unsigned int t = 0; t < block; ++t) {
      threads.emplace_back([b, t, &body] {
        block_index.x = b;
        thread_index.x = t;
        body();
      });
    }
    for (auto& th : threads) th.join();
    block_barrier = nullptr;
  }
}
}  // namespace xt_hostsim

#define threadIdx (xt_hostsim::thread_index)
#define blockIdx (xt_hostsim::block_index)
#define blockDim (xt_hostsim::block_dim)
#define gridDim (xt_hostsim::grid_dim)

inline void __syncthreads() {
  if (xt_hostsim::block_barrier) xt_hostsim::block_barrier->wait();
}

inline float __int_as_float(int bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}
inline double __longlong_as_double(long long bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

#endif  // XT_HOSTSIM_H
