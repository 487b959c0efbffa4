// --format=github: one GitHub Actions workflow command per finding, with
// the file relative to the working directory, the line and column, the
// check as title, and the notes after the message on lines of their own
// (%0A); '%' in the text is escaped as %25. A remark is a notice; a warning
// made an error by --warnings-as-errors is an error, and fails the run.
// RUN: cd %S && %warpcheck --format=github github-annotations.cu -- > %t.txt
// RUN: FileCheck %s --match-full-lines < %t.txt
// RUN: not %warpcheck --format=github --warnings-as-errors='warpcheck-shared-*' %s -- 2> %t.err | FileCheck %s --check-prefix=ERR
// RUN: FileCheck %s --check-prefix=ERR-COUNT < %t.err
// RUN: not %warpcheck --format=gitlab %s -- 2>&1 | FileCheck %s --check-prefix=UNKNOWN

__global__ void k(float *out) {
  __shared__ float tile[32][32];
  float a[4] = {1, 2, 3, 4};
  tile[threadIdx.x][0] = a[threadIdx.x % 4];
  out[threadIdx.x] = tile[0][threadIdx.x];
}
int main() { k<<<1, 32>>>(nullptr); }

// CHECK: ::warning file=github-annotations.cu,line=15,col=3,title=warpcheck-shared-bank-conflict::32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal%0Agithub-annotations.cu:15:3: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words%0Agithub-annotations.cu:15:3: note: in 'k', block 32x1x1 (from launch at github-annotations.cu:18)%0Agithub-annotations.cu:13:20: note: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)%0Agithub-annotations.cu:13:20: note: or pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
// CHECK-NEXT: ::notice file=github-annotations.cu,line=15,col=26,title=warpcheck-local-memory-array::'a' (16 bytes) is in a local depot in PTX, since index 'threadIdx.x %25 4' is not known at compile time, but ptxas will keep it in registers: {{.*}}
// CHECK-NOT: {{.}}

// ERR: ::error file={{.*}}github-annotations.cu,line=15,col=3,title=warpcheck-shared-bank-conflict::32-way bank conflict
// ERR-NEXT: ::notice file={{.*}}github-annotations.cu,line=15,col=26,title=warpcheck-local-memory-array::
// ERR-COUNT: 1 warning treated as error

// UNKNOWN: warpcheck: error: unknown --format 'gitlab' (text, json, sarif, github, html)
