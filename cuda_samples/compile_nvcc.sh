#!/usr/bin/env bash
# Records what nvcc does with the local-memory samples: the PTX (with its
# __local_depot arrays) and ptxas's stack frames and spills, for sm_90.
# warpcheck's predictions are checked against these files in CI
# (test/lit/checkers/warpcheck-local-memory-array/local-memory-verify.test). No GPU is needed. With cuobjdump (and
# nvdisasm) on PATH it also records the LDL/STL instructions of each kernel's
# SASS (*.sass-local.txt: the function headers and local-memory lines of
# `cuobjdump -sass`, what --sass-file reads).
# Usage (repository root): cuda_samples/compile_nvcc.sh [OUTDIR]
set -euo pipefail
Out=${1:-cuda_samples/measurements/nvcc}
Nvcc=${NVCC:-nvcc}
mkdir -p "$Out"
"$Nvcc" --version | tail -n 2 > "$Out/nvcc-version.txt"
"$Nvcc" -arch=sm_90 -std=c++17 --ptx cuda_samples/local_memory.cu -o "$Out/local_memory.ptx"
"$Nvcc" -arch=sm_90 -std=c++17 -c -Xptxas -v cuda_samples/local_memory.cu \
  -o /tmp/warpcheck-local_memory.o 2> "$Out/local_memory.ptxas.txt"
"$Nvcc" -arch=sm_90 -std=c++17 --ptx cuda_samples/calibration/local_memory_limits.cu \
  -o "$Out/local_memory_limits.ptx"
"$Nvcc" -arch=sm_90 -std=c++17 -c -Xptxas -v cuda_samples/calibration/local_memory_limits.cu \
  -o /tmp/warpcheck-local_memory_limits.o 2> "$Out/local_memory_limits.ptxas.txt"
if command -v "${CUOBJDUMP:-cuobjdump}" >/dev/null; then
  for f in local_memory local_memory_limits; do
    "${CUOBJDUMP:-cuobjdump}" -sass "/tmp/warpcheck-$f.o" |
      grep -E 'Function :|[^A-Z](LDL|STL)[. ]' > "$Out/$f.sass-local.txt"
  done
fi
