// Index arithmetic: constexpr and template values, macros, locals, every
// operator, casts and unsigned wrap-around.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

#define ROW 32
constexpr int Pad = 0;
enum { Cols = 32 };

__global__ void arithmetic(unsigned *out) {
  __shared__ unsigned s[4096];
  unsigned t = threadIdx.x;
  unsigned lane = t & 31u;
  int a = t * (ROW + Pad);
  out[t] = s[a];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 's'
  out[t] += s[(lane ^ 1) + (lane >> 3) * Cols];       // a bank per lane
  out[t] += s[(t << 1) | 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on load from 's'
  out[t] += s[t % 8 * 64 + t / 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 8-way bank conflict on load from 's'
  // 0u - 1 wraps to 4294967295; & 31 keeps 31 for lane 0, 0..30 after.
  out[t] += s[((t - 1u) & 31u) * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on load from 's'
  out[t] += s[static_cast<unsigned char>(t * 64)];   // 256 wraps to 0
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 4-way bank conflict on load from 's'
  out[t] += s[t > 15 ? t - 16 : t];                  // pairs share words
  out[t] += s[-static_cast<int>(t) + 31];
}

int main() { arithmetic<<<1, 32>>>(nullptr); }
