#!/usr/bin/env bash
# Builds the CUB corpus on a GPU machine, runs every program (each checks its
# own results), and records what the hardware did with shared memory inside
# the CUB primitives, per kernel, per SASS instruction and per source line:
#   metrics.csv          Nsight Compute per-kernel shared-memory requests and
#                        wavefronts (raw `ncu --csv --metrics` output)
#   source_cuda_sass.csv.gz  SourceCounters per SASS instruction under every
#                        CUDA line it is attributed to (raw `ncu --page source
#                        --csv --print-source cuda,sass`; CUB's lines are
#                        header lines, cub/block/*.cuh)
#   source_sass.csv.gz   the same counters, each instruction once, in address
#                        order (`--print-source sass`)
#   lineinfo.txt.gz      nvdisasm of every program's cubin with the line table
#                        and its inlined-at chain (-gi): header line -> user line
#   sass.txt.gz          cuobjdump -sass of every program (access widths)
#   env.txt              GPU, driver, nvcc, ncu versions; md5 of the sources
#   run.log              build and run output, seconds per step
# Every kernel is launched exactly once, so every Nsight Compute result is
# one kernel. Usage (repository root, on the GPU machine):
#   cuda_samples/cub/measure.sh OUTDIR
# Time on an H100: about 1 s per launch for the metrics and about 1 s per
# launch for SourceCounters; a step that would pass BUDGET seconds (default
# 420) is skipped and logged, so what was measured still comes back.
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Out=${1:-${OUT:-cub-out}}
mkdir -p "$Out"
Out=$(cd "$Out" && pwd)
Build=${BUILD:-/tmp/warpcheck-cub-build}
Budget=${BUDGET:-420}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
Programs="exchange collectives"
Flags="-arch=sm_90 -lineinfo -std=c++17"

{
  ncu_env
  echo "nvcc_flags: $Flags"
  echo "cub: $(grep -h '#define CUB_VERSION ' "$(dirname "$(command -v nvcc)")"/../include/cccl/cub/version.cuh "$(dirname "$(command -v nvcc)")"/../include/cub/version.cuh 2>/dev/null | head -n 1)"
  (cd "$Dir" && md5sum *.cu *.cuh ../realistic/realistic.cuh ../sample_check.cuh)
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
: > "$Build/source_cuda_sass.csv"
: > "$Build/source_sass.csv"
: > "$Build/sass.txt"
: > "$Build/lineinfo.txt"
Status=0
for P in $Programs; do
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED its result check" >>"$Log"; Status=1; }
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --metrics "$Metrics" "$Build/$P"
  echo "## program $P" >>"$Build/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Build/sass.txt" 2>>"$Log"
  # The line table with the inlined-at chain, from the cubin itself.
  rm -rf "$Build/$P.elf" && mkdir -p "$Build/$P.elf"
  (cd "$Build/$P.elf" && cuobjdump -xelf all "../$P" >/dev/null 2>>"$Log")
  for C in "$Build/$P.elf"/*.cubin; do
    [ -f "$C" ] || continue
    echo "## program $P cubin $(basename "$C")" >>"$Build/lineinfo.txt"
    nvdisasm -gi -c "$C" >>"$Build/lineinfo.txt" 2>>"$Log" ||
      { echo "## nvdisasm -gi failed, -g instead" >>"$Build/lineinfo.txt";
        nvdisasm -g -c "$C" >>"$Build/lineinfo.txt" 2>>"$Log"; }
  done
  echo "$P: run, metrics, sass and line table done at ${SECONDS}s" >>"$Log"
done

for P in $Programs; do
  Left=$((Budget - SECONDS))
  if [ "$Left" -lt 20 ]; then
    echo "$P: SourceCounters skipped (${SECONDS}s of the ${Budget}s budget used)" >>"$Log"
    Status=1
    continue
  fi
  Rep="$Build/$P-source"
  if ncu_source_counters "$Log" "$Rep" --timeout "$Left" "$Build/$P"; then
    echo "## program $P" >>"$Build/source_cuda_sass.csv"
    ncu_source_csv "$Rep" cuda,sass >>"$Build/source_cuda_sass.csv" 2>>"$Log"
    echo "## program $P" >>"$Build/source_sass.csv"
    ncu_source_csv "$Rep" sass >>"$Build/source_sass.csv" 2>>"$Log"
    echo "$P: SourceCounters done at ${SECONDS}s" >>"$Log"
  else
    echo "$P: SourceCounters failed or timed out at ${SECONDS}s" >>"$Log"
    Status=1
  fi
done
for F in source_cuda_sass.csv source_sass.csv sass.txt lineinfo.txt; do
  gzip -9 -n -c "$Build/$F" >"$Out/$F.gz"
done
ncu --help 2>&1 | grep -i -A3 'print-source\|inline' >>"$Log"
echo "done, status $Status, ${SECONDS}s" >>"$Log"
exit $Status
