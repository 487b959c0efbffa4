// A block shape taken from a table of shapes (`dim3 Shapes[] = {...}`) that
// is only read: a constant index picks its element, a run-time index every
// element (one analysis per shape). A table whose elements are changed is
// not followed: the kernel falls back to the family of shapes its indices
// allow, as a range.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void constantIndex(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 'tile': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0, 8, 16, 24 hit bank 0, 4 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'constantIndex', block 8x32x1 (from launch at block-shapes-tables.cu:[[@LINE+35]], element 2 of 'Shapes')
}

__global__ void runTimeIndex(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 'tile': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'runTimeIndex', block 16x16x1 (from launch at block-shapes-tables.cu:[[@LINE+29]], element 0 of 'Shapes')
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 4-way bank conflict on store to 'tile': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: in 'runTimeIndex', block 8x32x1 (from launch at block-shapes-tables.cu:[[@LINE+26]], element 2 of 'Shapes')
}

__global__ void changedTable(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 4-way bank conflict on store to 'tile': 1 to 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'changedTable', block 16x16x1 (one of 8 shapes assumed, {{.*}}the launch at block-shapes-tables.cu:[[@LINE+21]] is not used: the block is an element of 'Changed', which is not a table of shapes only read)
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: no layout fix offered: the block shape of the kernel is not known (the shapes analyzed were assumed)
}

__global__ void addressTaken(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 4-way bank conflict on store to 'tile': 1 to 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'addressTaken', block 16x16x1 (one of 8 shapes assumed, {{.*}}the block is an element of 'Escapes', which is not a table of shapes only read)
}

void change(dim3 *Shape);

int main(int argc, char **) {
  dim3 Shapes[3] = {dim3(16, 16), dim3(32, 8), dim3(8, 32)};
  constantIndex<<<1, Shapes[2]>>>(nullptr);
  for (int i = 0; i < 3; i += 2)
    runTimeIndex<<<1, Shapes[i]>>>(nullptr);
  dim3 Changed[2] = {dim3(16, 16), dim3(32, 8)};
  Changed[0].x = argc;
  changedTable<<<1, Changed[0]>>>(nullptr);
  dim3 Escapes[1] = {dim3(32, 32)};
  change(&Escapes[0]);
  addressTaken<<<1, Escapes[0]>>>(nullptr);
}
