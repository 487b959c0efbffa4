// Suppression the clang-tidy way: NOLINT, NOLINTNEXTLINE and NOLINTBEGIN with NOLINTEND
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void k(float *out) {
  __shared__ float s[32][32];
  out[0] = s[threadIdx.x][0]; // NOLINT(warpcheck-shared-bank-conflict)
  // NOLINTNEXTLINE(warpcheck-*)
  out[1] = s[threadIdx.x][1];
  // NOLINTBEGIN(warpcheck-shared-bank-conflict)
  out[2] = s[threadIdx.x][2];
  out[3] = s[threadIdx.x][3];
  // NOLINTEND(warpcheck-shared-bank-conflict)
  out[4] = s[threadIdx.x][4];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 's'
  out[5] = s[threadIdx.x][5]; // NOLINT(some-other-check)
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 's'
}
int main() { k<<<1, 32>>>(nullptr); }
