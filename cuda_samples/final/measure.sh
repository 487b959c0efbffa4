#!/usr/bin/env bash
# Measures cuda_samples/final/*.cu on a GPU machine for the final view's
# counts per iteration (ctest h100-final-iterations), in one call:
#   OUT/metrics.csv        raw ncu rows, one per launch (shared requests and
#                          wavefronts, the grid for the blocks)
#   OUT/source_sass.csv    SourceCounters per SASS instruction under each CUDA
#                          line (ncu --page source --print-source cuda,sass)
#   OUT/P_sass_gi.txt      nvdisasm -gi of the measured binary's cubin
#   OUT/env.txt, OUT/run.log
# Usage (repository root, on the GPU machine):
#   cuda_samples/final/measure.sh OUTDIR [PROGRAM...]   (default: tile_loops)
set -uo pipefail
Out=${1:?usage: measure.sh OUTDIR [PROGRAM...]}
shift
Dir=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Dir/../.." && pwd)
. "$Root/scripts/ncu-common.sh"
mkdir -p "$Out"
Programs=("$@")
[ ${#Programs[@]} -gt 0 ] || Programs=(tile_loops)
B=/tmp/final-build
mkdir -p "$B"
Flags="-arch=sm_90 -lineinfo -O3 -std=c++17"
Log=$Out/run.log
{
  ncu_env
  echo "nvcc_flags: $Flags"
  echo "ncu: every launch (metrics: raw; SourceCounters); program arguments: none (defaults)"
  for P in "${Programs[@]}"; do md5sum "$Dir/$P.cu"; done
} >"$Out/env.txt" 2>&1
Metrics=$(ncu_metrics "$Log" $NCU_SHARED)
for P in "${Programs[@]}"; do
  # shellcheck disable=SC2086
  nvcc $Flags -o "$B/$P" "$Dir/$P.cu" >>"$Log" 2>&1 || echo "BUILD FAILED: $P" >>"$Log"
  "$B/$P" >>"$Log" 2>&1 || echo "RUN FAILED: $P" >>"$Log"
  (cd "$B" && rm -f ./*.cubin && cuobjdump -xelf all "$B/$P" >/dev/null 2>&1)
  for C in "$B"/*.cubin; do nvdisasm -gi -c "$C"; done >"$Out/${P}_sass_gi.txt" 2>>"$Log"
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --timeout 180 \
    --page raw --metrics "$Metrics" "$B/$P"
  echo "metrics $P: ncu rc $? ($NCU_RESULTS launches)" >>"$Log"
  ncu_source_counters "$Log" "$B/$P" --timeout 180 "$B/$P"
  echo "source counters $P: ncu rc $?" >>"$Log"
  { echo "## program $P"; ncu_source_csv "$B/$P" cuda,sass 2>>"$Log"; } >>"$Out/source_sass.csv"
done
