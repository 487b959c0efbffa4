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
# PROGRAMS="soundness_wrap" measures only those programs.
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Out=${1:-${OUT:-soundness-out}}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-soundness-build}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
Programs=${PROGRAMS:-"soundness soundness_lanes soundness_access soundness_objects soundness_members soundness_wrap soundness_flow soundness_writes soundness_host soundness_values soundness_erows soundness_driver"}

ncu_env > "$Out/env.txt" 2>&1

# -lcuda and the cubin: soundness_driver loads its kernels by name.
for P in $Programs; do
  { nvcc -arch=sm_90 -lineinfo -std=c++17 -o "$Build/$P" "$Dir/$P.cu" -lcuda &&
    nvcc -arch=sm_90 -lineinfo -std=c++17 -cubin -o "$Build/$P.cubin" \
      "$Dir/$P.cu"; } >"$Build/$P.build.log" 2>&1 &
done
wait
for P in $Programs; do
  cat "$Build/$P.build.log" >>"$Log"
  [ -x "$Build/$P" ] || { echo "$P: build failed" | tee -a "$Log"; exit 1; }
done

Metrics=$(ncu_metrics "$Log" $NCU_SHARED)

: > "$Out/metrics.csv"
: > "$Out/sass.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --metrics "$Metrics" "$Build/$P"
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
done
echo "done, status $Status" >>"$Log"
exit $Status
