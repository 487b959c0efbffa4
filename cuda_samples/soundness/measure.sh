#!/usr/bin/env bash
# Builds the soundness suite on a GPU machine, runs every program (each
# checks its own results), and records what the hardware did with shared
# memory:
#   metrics.csv  Nsight Compute per-kernel shared-memory requests and
#                wavefronts (raw `ncu --csv` output, every program)
#   sass.txt     cuobjdump -sass of every program: one probed shared
#                instruction per kernel, and its width
#   env.txt      GPU, driver, nvcc and ncu versions
#   run.log      build and run output
# Usage (repository root, on the GPU machine):
#   cuda_samples/soundness/measure.sh OUTDIR
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
Out=${1:-${OUT:-soundness-out}}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-soundness-build}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
Programs="soundness soundness_lanes soundness_access soundness_objects soundness_members"

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -n 2
  ncu --version | tail -n 1
} > "$Out/env.txt" 2>&1

for P in $Programs; do
  nvcc -arch=sm_90 -lineinfo -std=c++17 -o "$Build/$P" "$Dir/$P.cu" \
    >"$Build/$P.build.log" 2>&1 &
done
wait
for P in $Programs; do
  cat "$Build/$P.build.log" >>"$Log"
  [ -x "$Build/$P" ] || { echo "$P: build failed" | tee -a "$Log"; exit 1; }
done

# Keep only the metrics this ncu knows (an unknown name aborts ncu).
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

: > "$Out/metrics.csv"
: > "$Out/sass.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  echo "## program $P" >>"$Out/metrics.csv"
  ncu --csv --metrics "$Metrics" "$Build/$P" 2>>"$Log" | grep '^"' >>"$Out/metrics.csv"
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
done
echo "done, status $Status" >>"$Log"
exit $Status
