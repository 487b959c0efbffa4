// Host values from a local table of integers that is only read (issue 25),
// llm.c's `int block_sizes[] = {...}; for (j ...) { int block_size =
// block_sizes[j]; ... }`: every element is a launched shape (sizeof of the
// table is not a use). A table with an element assigned gives none.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void tabled(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'tabled', block 64x1x1 (from launch at host-values-int-table.cu:[[@LINE+13]], 'block_size' from the call at host-values-int-table.cu:[[@LINE+19]], element 0 of 'block_sizes')
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'tabled', block 128x1x1 (from launch at host-values-int-table.cu:[[@LINE+12]], 'block_size' from the call at host-values-int-table.cu:[[@LINE+18]], element 1 of 'block_sizes')
  out[threadIdx.x] = s[0];
}

__global__ void changedTable(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'changedTable', block {{.*}}one of 6 shapes assumed{{.*}}
  out[threadIdx.x] = s[0];
}

void run(int block_size) { tabled<<<1, block_size>>>(nullptr); }

int main(int argc, char **argv) {
  int block_sizes[] = {64, 128};
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    run(block_size);
  }
  int changed[] = {64, 128};
  changed[0] = argc;
  changedTable<<<1, changed[1]>>>(nullptr);
}
