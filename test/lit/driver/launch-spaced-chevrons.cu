// nvcc accepts a launch with spaced chevrons (`k << <g, b >> > (p)`, as
// Visual Studio formats it); clang lexes a launch only from `<<<`/`>>>`.
// warpcheck gives clang the chevrons joined, so the launch's shape is used
// (not an assumed family) and no syntax error is reported; the columns of
// what follows on the line are those of the file.
// RUN: %warpcheck %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warpcheck --format=json %s -- | FileCheck %s -check-prefix=JSON

__global__ void strided(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK: :[[@LINE-2]]:3: note: in 'strided', block 64x1x1 (from launch at launch-spaced-chevrons.cu:[[@LINE+9]])
  out[threadIdx.x] = s[threadIdx.x];
}

template <class T> struct Box {};
// Not a launch: a template argument list after operator<<.
template <class T> int operator<<(Box<T>, int) { return 0; }
template int operator<< <int>(Box<int>, int);

void run(int *p) { strided << <1, 64 >> > (p); }
// JSON: "block_dim_source": "launch",
