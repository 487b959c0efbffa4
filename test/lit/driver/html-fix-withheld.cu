// --format=html (issue 29): a layout fix the driver withholds (the padded
// array breaks a static_assert, so the edited source does not compile) has
// no map after it; the section and the JSON say why.
// RUN: %warpcheck --cuda-prelude --fix-style=pad --format=html %s -- > %t.html
// RUN: FileCheck %s < %t.html
// RUN: %warpcheck --cuda-prelude --fix-style=pad --format=json %s -- > %t.json
// RUN: %python %S/Inputs/check_json.py %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json

__global__ void k(float *out) {
  __shared__ float t[32][32];
  static_assert(sizeof(t) == 4096, "pinned");
  out[threadIdx.x] = t[threadIdx.x][0];
}
int main() { k<<<1, 32>>>(nullptr); }

// CHECK: <div class="before"><table class="map" data-wavefronts="32">
// CHECK-NOT: <div class="after">
// CHECK: <p class="why">no lane map after the fix: layout fix withheld: the edited source does not compile</p>

// JSON: "worst_request": {
// JSON-NEXT: "after_fix_reason": "no lane map after the fix: layout fix withheld: the edited source does not compile",
// JSON-NEXT: "known": true,
