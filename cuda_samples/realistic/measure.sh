#!/usr/bin/env bash
# Builds the realistic corpus on a GPU machine, runs every program (each
# checks its own results), and records what the hardware did with shared
# memory, per kernel and per source line:
#   metrics.csv      Nsight Compute per-kernel shared-memory requests and
#                    wavefronts (raw `ncu --csv` output, every program)
#   source_sass.csv  per-SASS-instruction SourceCounters under the CUDA line
#                    (raw `ncu --page source --csv --print-source cuda,sass`)
#   sass.txt         cuobjdump -sass of every program (access widths)
#   env.txt          GPU, driver, nvcc and ncu versions, md5 of the sources
#   run.log          build and run output, seconds per step
# Every kernel is launched exactly once, so every Nsight Compute result is
# one kernel (blocks_data's table loop launches two different kernels).
# Usage (repository root, on the GPU machine):
#   cuda_samples/realistic/measure.sh OUTDIR
# Time: about 1 s per launch for the metrics and a few seconds per launch
# for SourceCounters; a step that would pass BUDGET seconds (default 540)
# is skipped and logged, so what was measured still comes back.
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Out=${1:-${OUT:-realistic-out}}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-realistic-build}
Budget=${BUDGET:-540}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
# PROGRAMS measures a subset (a program added later: its sections are
# appended to the committed files).
Programs=${PROGRAMS:-"loops params cg_vector blocks_data mixed host_values runtime_block"}
# blocks_data takes its block size from argv; it is measured with 128, not
# its default 256 (the size a tool assumes when it finds none).
# runtime_block (issue 22) is measured with 512, a shape of the family
# warpcheck assumes but not its representative (256).
argsOf() { case $1 in blocks_data) echo 128 ;; runtime_block) echo 512 ;; esac; }
Flags="-arch=sm_90 -lineinfo -std=c++17"

{
  ncu_env
  echo "nvcc_flags: $Flags"
  (cd "$Dir" && md5sum *.cu *.cuh)
} > "$Out/env.txt" 2>&1

for P in $Programs; do
  nvcc $Flags -o "$Build/$P" "$Dir/$P.cu" >"$Build/$P.build.log" 2>&1 &
done
wait
for P in $Programs; do
  cat "$Build/$P.build.log" >>"$Log"
  [ -x "$Build/$P" ] || { echo "$P: build failed" | tee -a "$Log"; exit 1; }
done
echo "built at ${SECONDS}s" >>"$Log"

Metrics=$(ncu_metrics "$Log" $NCU_SHARED)

: > "$Out/metrics.csv"
: > "$Out/source_sass.csv"
: > "$Out/sass.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" $(argsOf $P) >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --metrics "$Metrics" "$Build/$P" $(argsOf $P)
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
  echo "$P: run, metrics and sass done at ${SECONDS}s" >>"$Log"
done

for P in $Programs; do
  Left=$((Budget - SECONDS))
  if [ "$Left" -lt 20 ]; then
    echo "$P: SourceCounters skipped (${SECONDS}s of the ${Budget}s budget used)" >>"$Log"
    Status=1
    continue
  fi
  Rep="$Build/$P-source"
  if ncu_source_counters "$Log" "$Rep" --timeout "$Left" "$Build/$P" $(argsOf $P); then
    echo "## program $P" >>"$Out/source_sass.csv"
    ncu_source_csv "$Rep" cuda,sass >>"$Out/source_sass.csv" 2>>"$Log"
    echo "$P: SourceCounters done at ${SECONDS}s" >>"$Log"
  else
    echo "$P: SourceCounters failed or timed out at ${SECONDS}s" >>"$Log"
    Status=1
  fi
done
echo "done, status $Status, ${SECONDS}s" >>"$Log"
exit $Status
