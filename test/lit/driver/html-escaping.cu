// --format=html (issue 29): text from the source and from diagnostics is
// escaped ('<', '&', '>', quotes): the source line, the kernel's template
// arguments, the messages.
// RUN: %warpcheck --format=html %s -- > %t.html
// RUN: FileCheck %s < %t.html
// RUN: FileCheck %s --check-prefix=RAW < %t.html

template <int N> __global__ void k(float *out) {
  __shared__ float t[32][32];
  out[0] = t[threadIdx.x][0]; // a<b && c>"d" </pre><script>x</script>
}
int main() { k<4><<<1, 32>>>(nullptr); }

// CHECK: <td>k&lt;4&gt;</td><td>32x1x1</td><td>t</td>
// CHECK: <pre class="src">  out[0] = t[threadIdx.x][0]; // a&lt;b &amp;&amp; c&gt;&quot;d&quot; &lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;</pre>
// CHECK-NEXT: <p>kernel <code>k&lt;4&gt;</code>, load of 4 bytes to <code>t</code>, block 32x1x1</p>
// RAW-NOT: <script>
// RAW-NOT: a<b
