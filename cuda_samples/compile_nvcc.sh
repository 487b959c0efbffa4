#!/usr/bin/env bash
# Records what nvcc does with the local-memory samples: the PTX (with its
# __local_depot arrays) and ptxas's stack frames and spills, for sm_90.
# warpcheck's predictions are checked against these files in CI
# (test/lit/local-memory-verify.test). No GPU is needed.
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
