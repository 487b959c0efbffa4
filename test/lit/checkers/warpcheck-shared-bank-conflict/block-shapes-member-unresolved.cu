// A dim3 member assigned a value that is not a compile-time constant, under
// a condition, in a loop or through a reference gives no shape (a value that
// is not a constant is followed as any host value: here a parameter of a
// function called nowhere): the launch
// is not used, and the shape used instead says why. The family assumed
// without --block-dim gives ranges (one count "in every assumed block shape");
// --block-dim fixes the shape.
// RUN: %warpcheck %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,DEFAULT -implicit-check-not='{{warning|error}}:'
// RUN: %warpcheck --block-dim=32 %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,OPTION -implicit-check-not='{{warning|error}}:'

__global__ void runtimeMember(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request{{( in every assumed block shape)?}}, 1 ideal
  // DEFAULT: :[[@LINE-2]]:3: note: in 'runtimeMember', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-member-unresolved.cu:[[@LINE+35]] is not used: 'b.x' is assigned 'n', which is not a compile-time constant ('n' is a parameter of 'host', which is not called in this file))
  // OPTION: :[[@LINE-3]]:3: note: in 'runtimeMember', block 32x1x1 (from --block-dim; the launch at block-shapes-member-unresolved.cu:[[@LINE+34]] is not used: 'b.x' is assigned 'n', which is not a compile-time constant ('n' is a parameter of 'host', which is not called in this file))
}

// __launch_bounds__ is the fallback here.
__global__ void __launch_bounds__(128) conditional(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request{{( in every assumed block shape)?}}, 1 ideal
  // DEFAULT: :[[@LINE-2]]:3: note: in 'conditional', block 128x1x1 (one of 3 shapes assumed, 1-D blocks of 32, 64 or 128 threads (at most 128 threads: __launch_bounds__(128)); what is reported holds for all 3, not for a shape outside them; the launch at block-shapes-member-unresolved.cu:[[@LINE+31]] is not used: 'c.y' is assigned under a condition)
  // OPTION: :[[@LINE-3]]:3: note: in 'conditional', block 32x1x1 (from --block-dim; the launch at block-shapes-member-unresolved.cu:[[@LINE+30]] is not used: 'c.y' is assigned under a condition)
}

__global__ void looped(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request{{( in every assumed block shape)?}}, 1 ideal
  // DEFAULT: :[[@LINE-2]]:3: note: in 'looped', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-member-unresolved.cu:[[@LINE+28]] is not used: 'd.x' is assigned in a loop)
  // OPTION: :[[@LINE-3]]:3: note: in 'looped', block 32x1x1 (from --block-dim; the launch at block-shapes-member-unresolved.cu:[[@LINE+27]] is not used: 'd.x' is assigned in a loop)
}

// Launched twice, with neither shape known.
__global__ void byReference(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 16] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request{{( in every assumed block shape)?}}, 1 ideal
  // DEFAULT: :[[@LINE-2]]:3: note: in 'byReference', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the 2 launches are not used; the one at block-shapes-member-unresolved.cu:[[@LINE+23]]: 'e' may be changed through a pointer or reference)
  // OPTION: :[[@LINE-3]]:3: note: in 'byReference', block 32x1x1 (from --block-dim; the 2 launches are not used; the one at block-shapes-member-unresolved.cu:[[@LINE+22]]: 'e' may be changed through a pointer or reference)
}

void scale(dim3 &shape);

void host(int *out, unsigned n, bool wide) {
  dim3 b;
  b.x = n;
  runtimeMember<<<1, b>>>(out);

  dim3 c(32);
  if (wide)
    c.y = 4;
  conditional<<<1, c>>>(out);

  dim3 d(16);
  for (int i = 0; i < 3; ++i)
    d.x *= 2;
  looped<<<1, d>>>(out);

  dim3 e(32);
  scale(e);
  byReference<<<1, e>>>(out);
  byReference<<<1, n>>>(out);
}
