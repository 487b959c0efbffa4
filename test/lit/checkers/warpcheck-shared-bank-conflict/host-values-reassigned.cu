// A parameter or local the launcher assigns before building the shape
// (llm.c's matmul_forward4: `sqrt_block_size = 16;`): the last plain
// assignment among the statements of the function's body before the use's,
// when nothing changes it on the way and only assignments change it. A
// change under a condition after it, or an alias that may write it, leaves
// the shape open.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

void update(int *p);

__global__ void tile(float *out) {
  __shared__ float s[64][64];
  s[threadIdx.x][threadIdx.y] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'tile', block 16x16x1 (from launch at host-values-reassigned.cu:[[@LINE+15]], 'sqrt_block_size' set at host-values-reassigned.cu:[[@LINE+13]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'tile', block 8x8x1 (from launch at host-values-reassigned.cu:[[@LINE+19]], 'bs' set at host-values-reassigned.cu:[[@LINE+18]])
}

__global__ void open(float *out) {
  __shared__ float s[64][64];
  s[threadIdx.x][threadIdx.y] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 8 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'open', block 16x16x1 (one of 9 shapes assumed, {{.*}}; the 2 launches are not used; the one at host-values-reassigned.cu:[[@LINE+19]]: 'bs' is changed in 'conditional'){{.*}}
}

void launcher(float *out, int sqrt_block_size) {
  sqrt_block_size = 16;
  dim3 block(sqrt_block_size, sqrt_block_size);
  tile<<<1, block>>>(out);
}

void local(float *out, int n) {
  int bs = n;
  bs = 8;
  tile<<<1, dim3(bs, bs)>>>(out);
}

void conditional(float *out, int bs, bool wide) {
  bs = 8;
  if (wide)
    bs = 32;
  open<<<1, dim3(bs, bs)>>>(out);
}

void aliased(float *out) {
  int bs = 4;
  bs = 16;
  update(&bs);
  open<<<1, dim3(bs, bs)>>>(out);
}

int main() {
  launcher(nullptr, 32);
  local(nullptr, 4);
  conditional(nullptr, 4, true);
  aliased(nullptr);
}
