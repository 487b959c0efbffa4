#!/usr/bin/env bash
# Measures cuda_samples/atomics/atomics.cu on a GPU machine (issue 22):
#   env.txt      GPU, driver, nvcc and ncu versions, md5 of the source
#   run.log      build, the program's own result check, ncu's progress
#   metrics.csv  raw `ncu --csv` per kernel: shared ld/st/atom instructions
#                and wavefronts (one launch per kernel)
#   sass.txt     cuobjdump -sass of the program
#   forms.txt    per kernel, its ATOMS / REDUX / POPC / VOTE / MATCH SASS
#                instructions (what the compiler made of the atomic)
# Usage (repository root, on the GPU machine):
#   cuda_samples/atomics/measure.sh OUTDIR
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
Out=${1:-${OUT:-atomics-out}}
Build=${BUILD:-/tmp/warpcheck-atomics-build}
mkdir -p "$Out" "$Build"
Log="$Out/run.log"
: >"$Log"

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -n 2
  ncu --version | tail -n 1
  echo "source: $(md5sum "$Dir/atomics.cu" | cut -d' ' -f1) atomics.cu"
  echo "build: nvcc -arch=sm_90 -lineinfo -std=c++17 (default -O3)"
} >"$Out/env.txt" 2>&1

nvcc -arch=sm_90 -lineinfo -std=c++17 -o "$Build/atomics" "$Dir/atomics.cu" \
  >>"$Log" 2>&1 || { echo "build failed" | tee -a "$Log"; exit 1; }
cuobjdump -sass "$Build/atomics" >"$Out/sass.txt" 2>>"$Log"
awk '/Function :/ {f = $3}
     /\/\*[0-9a-f]+\*\// && /(ATOMS|REDUX|POPC|VOTE|MATCH|ATOM|RED)/ {
       line = $0; sub(/^ *\/\*[0-9a-f]+\*\/ */, "", line); sub(/ *;.*$/, "", line)
       print f ": " line }' "$Out/sass.txt" >"$Out/forms.txt"

echo "== result check (no profiler)" >>"$Log"
Status=0
"$Build/atomics" >>"$Log" 2>&1 || { echo "RESULT CHECK FAILED" >>"$Log"; Status=1; }

Wanted="smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st
smsp__sass_inst_executed_op_shared_atom l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom"
Known=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
Metrics=""
for M in $Wanted; do
  if grep -qx "$M" <<<"$Known"; then Metrics="$Metrics,$M.sum"; else echo "metric not available: $M" >>"$Log"; fi
done
Metrics=${Metrics#,}
echo "metrics: $Metrics" >>"$Log"
T0=$(date +%s)
ncu --csv --metrics "$Metrics" "$Build/atomics" 2>>"$Log" | grep '^"' >"$Out/metrics.csv"
echo "ncu: $(($(date +%s) - T0)) s, $(grep -c op_shared_atom "$Out/metrics.csv") atom rows" >>"$Log"
echo "done, status $Status" >>"$Log"
exit $Status
