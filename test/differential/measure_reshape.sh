#!/usr/bin/env bash
# Measures the reshape corpus (issue 26) and cuda-samples' matrixMul on a GPU
# machine, in one call:
#   OUT/                 measure.sh's files for the corpus: gen_reshape.py,
#                        seed 26, the 1000 candidates' preselected ids
#                        (cuda_samples/measurements/h100-reshape/ids.txt),
#                        8 programs; sass_gi.txt.gz is the measured build's
#                        full `nvdisasm -gi` listing
#   OUT/matrixmul/       matrixMul (cuda-samples c94ff36, block 32):
#                        metrics.csv (raw ncu, first launch), source_sass.csv
#                        (SourceCounters per SASS instruction under its CUDA
#                        line), matrixMul_sass_gi.txt (nvdisasm -gi of the
#                        measured binary), env.txt, run.log
# The ids were made here without a GPU:
#   test/differential/gen_reshape.py --seed 26 --count 1000 --programs 8 \
#     --out DIR --preselect cuda_samples/measurements/h100-reshape/ids.txt
# Usage (repository root, on the GPU machine):
#   CUDA_SAMPLES_DIR=/path/to/cuda-samples test/differential/measure_reshape.sh OUTDIR
# matrixMul is read from that checkout (not committed; without it only the
# corpus is measured) and its source page is written with the source text
# blanked (scripts/trials/strip-source-text.py).
set -uo pipefail
Out=${1:-${OUT:-reshape-out}}
Dir=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Dir/../.." && pwd)
Data=$Root/cuda_samples/measurements/h100-reshape
. "$Root/scripts/ncu-common.sh"
mkdir -p "$Out/matrixmul"

SEED=26 COUNT=1000 PROGRAMS=8 CHUNK=1000 GEN=gen_reshape.py IDS="$Data/ids.txt" \
  GI=1 BUILD=/tmp/reshape-build "$Dir/measure.sh" "$Out" "${DEADLINE:-360}"
Status=$?

[ -n "${CUDA_SAMPLES_DIR:-}" ] || exit $Status
MM=$CUDA_SAMPLES_DIR/Samples/0_Introduction/matrixMul
M=$Out/matrixmul
B=/tmp/matrixmul-build
mkdir -p "$B"
Flags="-arch=sm_90 -lineinfo -O3 -std=c++17"
{
  ncu_env
  echo "nvcc_flags: $Flags -I Common"
  echo "ncu: --launch-count 1 -k regex:MatrixMul (metrics: raw; SourceCounters)"
  md5sum "$MM/matrixMul.cu"
} >"$M/env.txt" 2>&1
# shellcheck disable=SC2086
nvcc $Flags -I "$CUDA_SAMPLES_DIR/Common" -o "$B/matrixMul" \
  "$MM/matrixMul.cu" >>"$M/run.log" 2>&1 || echo "BUILD FAILED" >>"$M/run.log"
"$B/matrixMul" >>"$M/run.log" 2>&1 || echo "RESULT CHECK FAILED" >>"$M/run.log"
(cd "$B" && cuobjdump -xelf all "$B/matrixMul" >/dev/null 2>&1)
for C in "$B"/*.cubin; do nvdisasm -gi -c "$C"; done >"$M/matrixMul_sass_gi.txt" 2>>"$M/run.log"
Metrics=$(ncu_metrics "$M/run.log" $NCU_SHARED)
ncu_rows "$M/metrics.csv" "$M/run.log" "## program matrixMul" --timeout 120 \
  --page raw --metrics "$Metrics" -k regex:MatrixMul --launch-count 1 "$B/matrixMul"
echo "metrics: ncu rc $?" >>"$M/run.log"
ncu_source_counters "$M/run.log" "$B/mm" --timeout 120 -k regex:MatrixMul \
  --launch-count 1 "$B/matrixMul"
echo "source counters: ncu rc $?" >>"$M/run.log"
ncu_source_csv "$B/mm" cuda,sass 2>>"$M/run.log" |
  python3 "$Root/scripts/trials/strip-source-text.py" >"$M/source_sass.csv"
exit $Status
