// --format=html (issue 29): a 32-way transpose read's section, linked from
// the summary, with its bank map (lane L reads word 32 L, all on bank 0,
// served in wavefront L; 32 distinct words on bank 0, none elsewhere) and
// the map after the proposed padding (lane L on word 33 L, bank L, one
// wavefront). The JSON lists the same lanes' words.
// RUN: %warpcheck --fix-style=pad --format=html %s -- > %t.html
// RUN: FileCheck %s < %t.html
// RUN: %warpcheck --fix-style=pad --format=json %s -- > %t.json
// RUN: %python %S/Inputs/check_json.py %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json

__global__ void t(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
int main() { t<<<1, dim3(32, 32)>>>(nullptr); }

// CHECK: <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
// CHECK: <p>1 access with a bank conflict or an unknown count in 1 file.
// CHECK: <tr><td><a href="#[[ID:a[0-9a-f]+]]">{{.*}}html-bank-map.cu:16</a></td><td>t</td><td>32x32x1</td><td>tile</td><td>32</td><td>1</td><td>exact</td></tr>
// CHECK: <section id="[[ID]]" class="access" data-status="exact">
// CHECK-NEXT: <h2>{{.*}}html-bank-map.cu:16:22: 32-way bank conflict on load from &#39;tile&#39;: 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]</h2>
// CHECK-NEXT: <pre class="src">  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];</pre>
// CHECK: <div class="before"><table class="map" data-wavefronts="32"><caption>warp 0: 32 wavefronts</caption>
// CHECK: <tr data-lane="0"><th>0</th><td class="w">0</td><td class="c0">0</td><td></td>
// CHECK-NEXT: <tr data-lane="1"><th>1</th><td class="w">32</td><td class="c1">1</td><td></td>
// CHECK: <tr data-lane="31"><th>31</th><td class="w">992</td><td class="c15">31</td><td></td>
// CHECK-NEXT: </tbody>
// CHECK-NEXT: <tfoot><tr><th colspan="2">words</th><td>32</td><td>0</td><td>0</td>
// CHECK: <div class="after"><table class="map" data-wavefronts="1"><caption>after pad 1: 1 wavefronts</caption>
// CHECK: <tr data-lane="1"><th>1</th><td class="w">33</td><td></td><td class="c0">0</td><td></td>
// CHECK: <tr data-lane="31"><th>31</th><td class="w">1023</td>{{(<td></td>){31}<td class="c0">0</td></tr>}}
// CHECK-NEXT: </tbody>
// CHECK-NEXT: <tfoot><tr><th colspan="2">words</th>{{(<td>1</td>){32}</tr>}}</tfoot></table>
// CHECK: <li>html-bank-map.cu:13:20: pad each row by 1 element: &#39;float tile[32][33]&#39; makes all 2 accesses conflict-free (+128 bytes) (applied by --fix)</li>
// CHECK: </section>
// CHECK-NOT: <section
// CHECK: </body></html>

// JSON: "line": 16,
// JSON: "worst_request": {
// JSON-NEXT: "after_fix": {
// JSON-NEXT: "lanes": [
// JSON-NEXT: 0,
// JSON-NEXT: 33,
// JSON-NEXT: 66,
// JSON: "layout": "pad 1",
// JSON-NEXT: "wavefronts": 1
// JSON-NEXT: },
// JSON-NEXT: "known": true,
// JSON-NEXT: "lanes": [
// JSON-NEXT: 0,
// JSON-NEXT: 32,
// JSON-NEXT: 64,
// JSON: 992
// JSON-NEXT: ],
// JSON-NEXT: "warp": 0,
// JSON-NEXT: "wavefronts": 32,
// JSON-NEXT: "width_bytes": 4
