// A dim3 declared, then assigned member by member with constants in
// straight-line code before the launch, gives the launch its shape.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

constexpr unsigned Rows = 4;

__global__ void memberAssigned(int *out) {
  __shared__ int s[2048];
  s[threadIdx.y * 64 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'memberAssigned', block 64x4x1 (from launch at block-shapes-member-assigned.cu:[[@LINE+24]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'memberAssigned', block 16x8x2 (from launch at block-shapes-member-assigned.cu:[[@LINE+34]])
}

// Compound assignments, a constructor with arguments, then a member: 8x4x1.
__global__ void compound(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'compound', block 32x1x1 (from launch at block-shapes-member-assigned.cu:[[@LINE+34]])
}

// A copy of a member-assigned dim3 has its value.
__global__ void copied(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'copied', block 128x1x1 (from launch at block-shapes-member-assigned.cu:[[@LINE+32]])
}

void host(int *out, int n) {
  dim3 b;
  b.x = 64;
  b.y = Rows;
  memberAssigned<<<n, b>>>(out);

  // Members read along the way, a plain block in between.
  dim3 c(8, 2);
  c.x *= 2;
  {
    c.y <<= 2;
    c.z = 2;
  }
  int unused = c.x + c.y;
  (void)unused;
  memberAssigned<<<n, c>>>(out);

  dim3 d(2, 4);
  d.x += 6;
  d.x *= 4;
  d.y = 1;
  ++d.z;
  --d.z;
  compound<<<1, d>>>(out);

  const int Wide = 128;
  dim3 e;
  e.x = Wide;
  dim3 f = e;
  copied<<<1, f>>>(out);
}
