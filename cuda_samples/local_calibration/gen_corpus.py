#!/usr/bin/env python3
"""Generates the local-memory calibration corpus: kernels that each hold
one or more per-thread arrays, varied over size (8..1024 bytes), element
type, what indexes them (constants, lanes, parameters, loaded values,
selects, loop counters of unrolled, kept and run-time loops, dynamic stores,
escapes), struct members, several arrays per kernel, and register pressure
from other live values.

Writes corpus_NN.cu (about 60 kernels each), host_NN.cu (a program that
launches each kernel of corpus_NN.cu once, for measure.sh) and kernels.tsv
(kernel, arrays, factors) into the output directory. The kernels are compile-only for
calibrate.sh (ptxas, cuobjdump) and are also launched by measure.sh on the
GPU, so each one reads `in`, `idx` and the scalar parameters and writes
out[global thread id] only; every index stays in bounds.
Usage: gen_corpus.py OUTDIR
The corpus is not committed: cuda_samples/generate.py local_calibration
OUTDIR writes it and checks it against corpus.sha256.
"""
import os
import sys

TYPES = [("char", 1), ("short", 2), ("int", 4), ("float", 4), ("double", 8)]
SIZES = [8, 16, 32, 64, 128, 256, 512, 1024]
# What reads (or writes) the array, and how warpcheck should see it.
KINDS = ["const", "lane", "lane8", "param", "load", "select", "dynstore",
         "rtloop", "rtloop_lane", "lane_in_rtloop", "kept", "constloop",
         "escape"]


def use(kind, v, n, t):
    """Statements that read array v (n elements of t) into r."""
    m = n
    if kind == "const":
        return f"r += {v}[0] + {v}[{n - 1}];"
    if kind == "lane":
        return f"r += {v}[threadIdx.x % {m}u];"
    if kind == "lane8":
        return f"r += {v}[threadIdx.x % 8u % {m}u];"
    if kind == "param":
        return f"r += {v}[(unsigned)k % {m}u];"
    if kind == "load":
        return f"r += {v}[(unsigned)idx[threadIdx.x] % {m}u];"
    if kind == "select":
        return f"r += {v}[flag ? 1 : {min(2, n - 1)}];"
    if kind == "dynstore":
        return (f"{v}[threadIdx.x % {m}u] = ({t})k;\n"
                f"#pragma unroll\n  for (int j = 0; j < {n}; ++j) r += {v}[j];")
    if kind == "rtloop":
        return f"for (int j = 0; j < n; ++j) r += {v}[j % {m}];"
    if kind == "rtloop_lane":
        return f"for (int j = 0; j < n; ++j) r += {v}[(threadIdx.x + j) % {m}u];"
    if kind == "lane_in_rtloop":
        return (f"for (int j = 0; j < n; ++j) r += {v}[threadIdx.x % {m}u] * "
                f"({t})in[j];")
    if kind == "kept":
        return (f"#pragma unroll 1\n  for (int j = 0; j < {n}; ++j) "
                f"r += {v}[j];")
    if kind == "constloop":
        return f"for (int j = 0; j < {n}; ++j) r += {v}[j];"
    if kind == "escape":
        return f"r += pick({v}, k);"
    if kind == "rtloop_rmw":
        return (f"for (int j = 0; j < n; ++j) {v}[j % {m}] += ({t})in[j];\n"
                f"  r += {v}[0] + {v}[{n - 1}];")
    if kind == "kept_rmw":
        return (f"#pragma unroll 1\n  for (int j = 0; j < {n}; ++j) "
                f"{v}[j] += ({t})in[j];\n  r += {v}[0] + {v}[{n - 1}];")
    raise ValueError(kind)


def array_decl(v, t, n, struct):
    if struct:
        return f"struct {{ {t} w[{n}]; int tag; }} {v}s;\n  {v}s.tag = k;", f"{v}s.w"
    return f"{t} {v}[{n}];", v


def kernel(name, arrays, pressure):
    """arrays: list of (kind, type, elements, struct)."""
    lines = [f"__global__ void {name}(const float *in, float *out, "
             f"const int *idx, int n, int k, int flag) {{",
             "  float acc = 0;"]
    for i in range(pressure):
        lines.append(f"  float p{i} = in[threadIdx.x * {pressure} + {i}];")
    for a, (kind, t, n, struct) in enumerate(arrays):
        v = "abc"[a]
        decl, ref = array_decl(v, t, n, struct)
        lines.append("  " + decl)
        lines.append("#pragma unroll")
        lines.append(f"  for (int j = 0; j < {n}; ++j) {ref}[j] = "
                     f"({t})in[j * blockDim.x + threadIdx.x];")
        lines.append("  {")
        lines.append(f"  {t} r = 0;")
        lines.append("  " + use(kind, ref, n, t))
        lines.append("  acc += (float)r;")
        lines.append("  }")
    for i in range(pressure):
        lines.append(f"  acc = acc * p{i} + p{(i * 7 + 3) % pressure};")
    lines.append("  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;")
    lines.append("}")
    return "\n".join(lines)


def corpus():
    """(name, arrays, pressure, factors) for every kernel."""
    ks = []
    for t, s in TYPES:
        for size in SIZES:
            n = size // s
            if n < 2:
                continue
            for kind in KINDS:
                if kind == "select" and n < 3:
                    continue
                ks.append((f"{kind}_{t}_{size}", [(kind, t, n, False)], 0,
                           f"kind={kind} type={t} bytes={size}"))
    # Struct members.
    for size in SIZES:
        for kind in ["const", "lane", "param", "load", "select", "rtloop",
                     "dynstore", "kept"]:
            n = size // 4
            ks.append((f"struct_{kind}_{size}", [(kind, "float", n, True)], 0,
                       f"kind={kind} type=float bytes={size} struct"))
    # Register pressure from other live values.
    for pressure in [32, 96, 160]:
        for size in [16, 32, 64, 128, 256]:
            for kind in ["const", "lane", "param", "rtloop", "select"]:
                n = size // 4
                ks.append((f"press{pressure}_{kind}_{size}",
                           [(kind, "float", n, False)], pressure,
                           f"kind={kind} type=float bytes={size} "
                           f"pressure={pressure}"))
    # Several arrays per kernel.
    combos = [("lane", "const"), ("lane", "lane"), ("param", "rtloop"),
              ("const", "rtloop"), ("select", "load"), ("lane", "kept"),
              ("dynstore", "lane"), ("escape", "lane"), ("const", "const"),
              ("lane", "param", "select")]
    for combo in combos:
        for size in [16, 64, 256]:
            n = size // 4
            arrays = [(kd, "float", n, False) for kd in combo]
            ks.append((f"multi_{'_'.join(combo)}_{size}", arrays, 0,
                       f"kinds={','.join(combo)} type=float bytes={size}"))
    # Dynamic stores (read-modify-write) in kept loops; added after the
    # first measurement, so they come last and leave the earlier files as
    # they were.
    for kind in ["rtloop_rmw", "kept_rmw"]:
        for t in ["int", "float"]:
            for size in [8, 16, 32, 64, 128, 256]:
                ks.append((f"{kind}_{t}_{size}", [(kind, t, size // 4, False)],
                           0, f"kind={kind} type={t} bytes={size}"))
    return ks


PRELUDE = """// Generated by gen_corpus.py: local-memory calibration kernels.
template <class T> __noinline__ __device__ T pick(const T *a, int i) {
  return a[i & 1];
}
"""


HOST_BEGIN = """// Generated by gen_corpus.py: launches every kernel of corpus_%02d.cu.
#include "corpus_%02d.cu"
#include <cstdio>
#include <cstdlib>
static void check(const char *name) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::printf("%%s: %%s\\n", name, cudaGetErrorString(e));
    std::exit(1);
  }
}
int main() {
  const int N = 1 << 16;
  float *in, *out;
  int *idx;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&idx, N * sizeof(int));
  cudaMemset(in, 0, N * sizeof(float));
  cudaMemset(idx, 0, N * sizeof(int));
"""
HOST_END = """  std::printf("ok\\n");
  return 0;
}
"""


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    ks = corpus()
    per = 60
    with open(os.path.join(out, "kernels.tsv"), "w") as tsv:
        tsv.write("file\tkernel\tarrays\tfactors\n")
        for f in range((len(ks) + per - 1) // per):
            fname = f"corpus_{f:02d}.cu"
            with open(os.path.join(out, fname), "w") as cu:
                cu.write(PRELUDE)
                for name, arrays, pressure, factors in ks[f * per:(f + 1) * per]:
                    cu.write("\n" + kernel(name, arrays, pressure) + "\n")
                    tsv.write(f"{fname}\t{name}\t{len(arrays)}\t{factors}\n")
    # Host programs for measure.sh: each launches every kernel of its file
    # once, one warp, with in-bounds data, and checks the launches.
    for f in range((len(ks) + per - 1) // per):
        with open(os.path.join(out, f"host_{f:02d}.cu"), "w") as cu:
            cu.write(HOST_BEGIN % (f, f))
            for name, _, _, _ in ks[f * per:(f + 1) * per]:
                cu.write(f"  {name}<<<1, 32>>>(in, out, idx, 8, 3, 1);\n"
                         f"  check(\"{name}\");\n")
            cu.write(HOST_END)
    print(f"{len(ks)} kernels, "
          f"{sum(len(k[1]) for k in ks)} arrays in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
