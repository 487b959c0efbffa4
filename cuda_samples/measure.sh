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
. "$(dirname "$0")/../scripts/ncu-common.sh"
Out=${1:-${OUT:-measurements-out}}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-samples-build}
Log="$Out/run.log"
: > "$Log"

ncu_env > "$Out/env.txt" 2>&1

cmake -S cuda_samples -B "$Build" -G Ninja -DCMAKE_BUILD_TYPE=Release >>"$Log" 2>&1 &&
  cmake --build "$Build" >>"$Log" 2>&1 || { echo "build failed" | tee -a "$Log"; exit 1; }

Programs=$(sed -n '/^set(WARPCHECK_SAMPLES/,/^)/p' cuda_samples/CMakeLists.txt | sed '1d;$d' | tr -d ' ')

Metrics=$(ncu_metrics "$Log" $NCU_SHARED $NCU_SHARED_CONFLICTS)

: > "$Out/metrics.csv"
: > "$Out/source_sass.csv"
: > "$Out/sass.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --metrics "$Metrics" "$Build/$P"
  Rep="/tmp/$P-source"
  if ncu_source_counters "$Log" "$Rep" "$Build/$P"; then
    echo "## program $P" >>"$Out/source_sass.csv"
    ncu_source_csv "$Rep" cuda,sass >>"$Out/source_sass.csv" 2>>"$Log"
  fi
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
done
echo "done, status $Status" >>"$Log"
exit $Status
