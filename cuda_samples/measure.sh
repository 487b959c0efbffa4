#!/usr/bin/env bash
# Builds cuda_samples/ on a GPU machine, runs every program (each checks its
# own results), and records what the hardware did with shared memory:
#   metrics.csv      Nsight Compute per-kernel shared-memory requests and
#                    wavefronts (raw `ncu --csv` output, every program)
#   source_sass.csv  per-SASS-instruction SourceCounters with the CUDA line
#   sass.txt         cuobjdump -sass of every program (access widths)
#   env.txt          GPU, driver, nvcc and ncu versions
#   run.log          build and run output
# Usage (repository root, on the GPU machine): cuda_samples/measure.sh OUTDIR
set -uo pipefail
Out=${1:-${OUT:-measurements-out}}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-samples-build}
Log="$Out/run.log"
: > "$Log"

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -n 2
  ncu --version | tail -n 1
} > "$Out/env.txt" 2>&1

cmake -S cuda_samples -B "$Build" -G Ninja -DCMAKE_BUILD_TYPE=Release >>"$Log" 2>&1 &&
  cmake --build "$Build" >>"$Log" 2>&1 || { echo "build failed" | tee -a "$Log"; exit 1; }

Programs=$(sed -n '/^set(WARPCHECK_SAMPLES/,/^)/p' cuda_samples/CMakeLists.txt | sed '1d;$d' | tr -d ' ')

# Keep only the metrics this ncu knows (an unknown name aborts ncu).
Wanted="smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st
smsp__sass_inst_executed_op_shared_atom l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom l1tex__data_pipe_lsu_wavefronts_mem_shared"
Known=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
Metrics=""
for M in $Wanted; do
  if grep -qx "$M" <<<"$Known"; then Metrics="$Metrics,$M.sum"; else echo "metric not available: $M" >>"$Log"; fi
done
Metrics=${Metrics#,}
echo "metrics: $Metrics" >>"$Log"

: > "$Out/metrics.csv"
: > "$Out/source_sass.csv"
: > "$Out/sass.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  echo "## program $P" >>"$Out/metrics.csv"
  ncu --csv --metrics "$Metrics" "$Build/$P" 2>>"$Log" | grep '^"' >>"$Out/metrics.csv"
  Rep="/tmp/$P-source"
  if ncu --section SourceCounters --import-source yes -f -o "$Rep" "$Build/$P" >>"$Log" 2>&1; then
    echo "## program $P" >>"$Out/source_sass.csv"
    ncu -i "$Rep.ncu-rep" --page source --csv --print-source cuda,sass >>"$Out/source_sass.csv" 2>>"$Log"
  fi
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
done
echo "done, status $Status" >>"$Log"
exit $Status
