// No edit where not every access can be rewritten, or for extern arrays
// whose launches pass no constant size: the notes say why.
// RUN: %warpcheck --export-fixes=%t.yaml %s -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=YAML < %t.yaml

__global__ void throughPointer(float *out) {
  __shared__ float tile[32][32];
  float *p = &tile[0][0];
  p[threadIdx.x * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile'
  // CHECK-MESSAGES: note: no edit offered: the access at line [[@LINE-2]] does not index 'tile' directly
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
}

__global__ void dynamicTile(float *out) {
  extern __shared__ float d[];
  out[threadIdx.x] = d[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 'd'
  // CHECK-MESSAGES: note: no layout fix offered: 'd' is an extern (dynamic) array and the launches in this file do not pass one constant size
}

int main(int argc, char **) {
  throughPointer<<<1, 32>>>(nullptr);
  dynamicTile<<<1, 32, argc * 4096>>>(nullptr);
}
// YAML: MainSourceFile:
// YAML: DiagnosticName: warpcheck-shared-bank-conflict
// YAML-NOT: Replacements: [{{.+}}]
