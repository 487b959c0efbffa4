#!/usr/bin/env bash
# Records what nvcc did with ggml_patterns.cu for sm_90 (-O3, as ggml's
# build): results/ggml_patterns.ptx (the PTX: --ptx-file), .ptxas.txt
# (ptxas -v: frames and spills) and .sass-local.txt (cuobjdump -sass, the
# function headers and LDL/STL lines), as cuda_samples/compile_nvcc.sh does
# for local_memory.cu. No GPU is needed.
set -euo pipefail
cd "$(dirname "$0")"
Nvcc=${NVCC:-nvcc}
Cuobjdump=${CUOBJDUMP:-cuobjdump}
Tmp=$(mktemp -d)
trap 'rm -rf "$Tmp"' EXIT
mkdir -p results
"$Nvcc" --version | tail -n 2 > results/nvcc-version.txt
"$Nvcc" -arch=sm_90 -O3 -std=c++17 --ptx ggml_patterns.cu -o results/ggml_patterns.ptx
"$Nvcc" -arch=sm_90 -O3 -std=c++17 -c -Xptxas -v ggml_patterns.cu \
  -o "$Tmp/ggml_patterns.o" 2> results/ggml_patterns.ptxas.txt
# cuobjdump needs nvdisasm beside it; without it, no SASS file is written
# and the lit test compares the PTX and ptxas only.
if command -v "$Cuobjdump" > /dev/null; then
  "$Cuobjdump" -sass "$Tmp/ggml_patterns.o" |
    grep -E 'Function :|[^A-Z](LDL|STL)[. ]' > results/ggml_patterns.sass-local.txt
fi
