#!/usr/bin/env bash
# Measures llm.c's dev/cuda programs per source line on the GPU (issue 25):
# builds each with its Makefile's flags plus -lineinfo, runs it once under
# Nsight Compute with the SourceCounters section for the kernels named by
# KERNELS (first launch of each), and writes what
# test/measurements/compare_measurements.py --level line reads:
#   metrics.csv      per-kernel shared-memory requests and wavefronts
#   source_sass.csv  per-SASS-instruction SourceCounters under the CUDA line
#   env.txt, run.log
# llm.c's code is not part of this repository: copy dev/cuda/<program>.cu
# and common.h into LLMC (an ignored folder, e.g. trials-src/llmc) first.
# Usage (repository root, on the GPU machine):
#   LLMC=trials-src/llmc scripts/trials/llmc-measure.sh OUTDIR
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
. "$Here/../ncu-common.sh"
Out=${1:?usage: llmc-measure.sh OUTDIR}
Src=${LLMC:?set LLMC to the folder with llm.c dev/cuda sources}
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-llmc-build}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
# program:argument:kernel regex (the first launch of each matching kernel)
Runs=${RUNS:-"attention_forward:2:attention_forward_kernel2"}
Flags="-O3 --use_fast_math -std=c++17 -arch=sm_90 -lineinfo"
{ ncu_env; echo "nvcc_flags: $Flags"; (cd "$Src" && md5sum ./*.cu ./*.h); } \
  > "$Out/env.txt" 2>&1
Metrics=$(ncu_metrics "$Log" $NCU_SHARED)
: > "$Out/metrics.csv"
: > "$Out/source_sass.csv"
Status=0
for R in $Runs; do
  IFS=: read -r P Arg Kernels <<<"$R"
  nvcc $Flags -I"$Src" -o "$Build/$P" "$Src/$P.cu" -lcublas -lcublasLt \
    >>"$Log" 2>&1 || { echo "$P: build failed" >>"$Log"; Status=1; continue; }
  echo "$P: built at ${SECONDS}s" >>"$Log"
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --timeout 240 \
    -k "regex:$Kernels" -c 1 --metrics "$Metrics" "$Build/$P" "$Arg" ||
    Status=1
  Rep="$Build/$P-source"
  if ncu_source_counters "$Log" "$Rep" --timeout 240 -k "regex:$Kernels" \
    -c 1 "$Build/$P" "$Arg"; then
    echo "## program $P" >>"$Out/source_sass.csv"
    # llm.c's code is not committed: its source text is blanked.
    ncu_source_csv "$Rep" cuda,sass 2>>"$Log" |
      python3 "$Here/strip-source-text.py" >>"$Out/source_sass.csv"
  else
    echo "$P: SourceCounters failed or timed out" >>"$Log"
    Status=1
  fi
  echo "$P: done at ${SECONDS}s" >>"$Log"
done
echo "done, status $Status, ${SECONDS}s" >>"$Log"
exit $Status
