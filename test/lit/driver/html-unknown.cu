// --format=html (issue 29): an access whose addresses are not known has
// its section, linked from the summary, and says why it has no bank map;
// the JSON says the same.
// RUN: %warpcheck --format=html %s -- > %t.html
// RUN: FileCheck %s < %t.html
// RUN: %warpcheck --format=json %s -- > %t.json
// RUN: %python %S/Inputs/check_json.py %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json

__global__ void gather(const int *idx, float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[idx[threadIdx.x]];
}
int main() { gather<<<1, 32>>>(nullptr, nullptr); }

// CHECK: <tr><td><a href="#[[ID:a[0-9a-f]+]]">{{.*}}html-unknown.cu:14</a></td><td>gather</td><td>32x1x1</td><td>s</td><td>{{[0-9]+}}</td><td>1</td><td>unknown</td></tr>
// CHECK: <section id="[[ID]]" class="access" data-status="unknown">
// CHECK-NEXT: <h2>{{.*}}html-unknown.cu:14:22: bank conflicts of load from &#39;s&#39; cannot be decided: {{.*}}</h2>
// CHECK-NEXT: <pre class="src">  out[threadIdx.x] = s[idx[threadIdx.x]];</pre>
// CHECK-NEXT: <p>kernel <code>gather</code>, load of 4 bytes to <code>s</code>, block 32x1x1</p>
// CHECK-NEXT: <p class="why">no lane map: the addresses are not known (they depend on value loaded from &#39;idx&#39;)</p>
// CHECK-NOT: <table class="map"
// CHECK: </section>

// JSON: "line": 14,
// JSON: "worst_request": {
// JSON-NEXT: "known": false,
// JSON-NEXT: "reason": "no lane map: the addresses are not known (they depend on value loaded from 'idx')"
