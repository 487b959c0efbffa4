// RUN: %warpcheck --fix-style=none %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=CHECK-MESSAGES -implicit-check-not='{{warning|error}}:'
// A helper followed through its returns gives the values of the returns
// its arguments reach (ggml's calc_nwarps): `if`s and `switch`es on the way
// are read with the call's arguments, so the table's own recursion for
// another table ends, and a case the argument does not match gives nothing.
enum table_t { GENERIC = 0, TURING, GCN, WIDE };

static table_t tableOf(int cc) {
  if (cc > 0x1000000)
    return GCN;
  if (cc >= 750 && cc < 800)
    return TURING;
  return GENERIC;
}

static constexpr int warpsFor(int ncols, table_t id, bool halve = false) {
  if (id == GENERIC) {
    switch (ncols) {
    case 1:
    case 2:
      return 4;
    case 3:
      return 8;
    default:
      return 16;
    }
  } else if (id == GCN) {
    return 2;
  }
  if (id == WIDE) {
    const int generic = warpsFor(ncols, GENERIC);
    if (ncols == 1 && halve)
      return 2 * generic;
    return generic;
  }
  return 1;
}

__global__ void rows(float *out) {
  __shared__ float s[4][64];
  s[threadIdx.y][threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'rows', block 32x4x1 (from launch at host-values-returns.cu:[[@LINE+13]], returned by 'warpsFor')
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'rows', block 32x2x1 (from launch at host-values-returns.cu:[[@LINE+12]], returned by 'warpsFor')
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'rows', block 32x1x1 (from launch at host-values-returns.cu:[[@LINE+11]], returned by 'warpsFor')
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

void launch(float *out, int cc) {
  // table is one of GCN, TURING, GENERIC; with ncols = 2 the GENERIC arm
  // returns 4 (case 2), GCN 2, TURING the last return, 1. WIDE (and its
  // 2 * 4) and the cases 3 and default (8, 16) are not reached.
  const table_t table = tableOf(cc);
  const int warps = warpsFor(2, table, true);
  rows<<<1, dim3(32, warps)>>>(out);
}

// A goto may enter an arm the conditions rule out: no return is pruned.
static int jump(int n) {
  if (n == 1)
    goto wide;
  if (n == 2) {
  wide:
    return 128;
  }
  return 64;
}

__global__ void jumped(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'jumped', block 128x1x1 (from launch at host-values-returns.cu:[[@LINE+7]], returned by 'jump')
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'jumped', block 64x1x1 (from launch at host-values-returns.cu:[[@LINE+6]], returned by 'jump')
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launchJumped(float *out) {
  jumped<<<1, jump(1)>>>(out);
}
