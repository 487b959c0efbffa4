// Shared accesses inside lambdas are followed like any call: captures by
// reference and by copy, generic lambdas, lambdas handed to a device
// function template and called there.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

template <class F> __device__ float apply(F f, int i) { return f(i); }

__global__ void lambdas(float *out, int k) {
  __shared__ float s[32 * 33];
  s[threadIdx.x] = 1;
  __syncthreads();
  auto byRef = [&](int i) { return s[i * 32]; };
  out[0] = byRef(threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-2]]:36: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  int stride = 33;
  auto byCopy = [=](int i) { return s[i * stride]; };
  stride = 32; // the copy keeps 33: conflict-free, silent
  out[1] = byCopy(threadIdx.x);
  auto generic = [&](auto i) { return s[i * 2]; };
  out[2] = generic(threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-2]]:39: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  out[3] = apply([&](int i) { return s[i * 4]; }, threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 4-way bank conflict on load from 's': 4 wavefronts per request, 1 ideal
  auto store = [&](int i, float v) { s[i * 8] = v; };
  store(threadIdx.x, 2.0f);
  // CHECK-MESSAGES: :[[@LINE-2]]:38: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  int m = 16;
  auto mutate = [m](int i) mutable { m = m * 2; return s[i * m]; };
  out[4] = mutate(threadIdx.x); // 32
  // CHECK-MESSAGES: :[[@LINE-2]]:56: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  out[5] = [&] { return s[threadIdx.x * k]; }();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: up to 32-way bank conflict on load from 's': 1 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:25: note: {{.*}}the count depends on 'k'{{.*}}
}

int main(int argc, char **) { lambdas<<<1, 32>>>(nullptr, argc); }
