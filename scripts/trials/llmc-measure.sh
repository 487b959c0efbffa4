#!/usr/bin/env bash
# Measures llm.c's dev/cuda programs per source line on the GPU (issue 25):
# builds each with its Makefile's flags plus -lineinfo, runs each kernel
# version (argv[1]) once under Nsight Compute with the SourceCounters
# section and the shared-memory metrics for the kernel named by the run
# (its first launch: the first block size of the program's loop), and
# writes what test/measurements/compare_measurements.py --level line reads:
#   metrics.csv      per-kernel shared-memory requests and wavefronts
#   source_sass.csv  per-SASS-instruction SourceCounters under the CUDA line
#   env.txt, run.log
# Each run's rows follow a line "## program PROGRAM ARG KERNEL" in both
# CSVs (scripts/trials/llmc-score.py splits them there). A program that
# fails to build or a run that fails is logged and skipped; the others go on.
# llm.c's code is not part of this repository: copy dev/cuda/<program>.cu
# and common.h into LLMC (an ignored folder, e.g. trials-src/llmc) first.
# Usage (repository root, on the GPU machine):
#   LLMC=trials-src/llmc scripts/trials/llmc-measure.sh OUTDIR
# RUNS="program:arg:kernel ..." picks runs (default: every version of every
# program with a shared-memory kernel, below); JOBS builds in parallel;
# NCU_TIMEOUT bounds each ncu call (seconds); BUILD_ONLY=1 only builds.
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
. "$Here/../ncu-common.sh"
Out=${1:?usage: llmc-measure.sh OUTDIR}
Src=${LLMC:?set LLMC to the folder with llm.c dev/cuda sources}
Src=$(cd "$Src" && pwd)
mkdir -p "$Out"
Out=$(cd "$Out" && pwd)
Build=${BUILD:-/tmp/warpcheck-llmc-build}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
Limit=${NCU_TIMEOUT:-240}
# program:argument:kernel. The kernel is a function name (template
# arguments and parameters aside); its first launch is measured. Every
# kernel of dev/cuda whose source touches shared memory (a __shared__
# variable, common.h's blockReduce), under each version that launches it;
# attention_forward 2 last (its kernel takes 235 ms a launch).
# Skipped: nccl_all_reduce (MPI and NCCL); attention_forward 10 (cuDNN,
# not compiled without ENABLE_CUDNN); programs with no shared memory.
Default="
attention_backward:6:softmax_autoregressive_backward_kernel6
attention_backward:7:softmax_autoregressive_backward_kernel7
attention_backward:8:softmax_autoregressive_backward_kernel8
classifier_fused:2:fused_classifier_kernel2
classifier_fused:3:fused_classifier_kernel3
classifier_fused:4:fused_classifier_kernel4
classifier_fused:5:fused_classifier_kernel5
fused_residual_forward:5:fused_residual_forward_kernel5
fused_residual_forward:6:fused_residual_forward_kernel6
global_norm:1:norm_kernel1
global_norm:3:norm_kernel3
global_norm:4:norm_kernel4
global_norm:4:global_norm_aggregate_kernel
layernorm_backward:2:layernorm_backward_kernel2
layernorm_backward:3:layernorm_backward_kernel3
layernorm_backward:4:layernorm_backward_kernel4
layernorm_backward:5:layernorm_backward_kernel5
layernorm_backward:6:layernorm_backward_kernel6
layernorm_backward:7:layernorm_backward_kernel7
layernorm_backward:8:layernorm_backward_kernel8
layernorm_backward:9:layernorm_backward_kernel9
layernorm_backward:10:layernorm_backward_kernel10
layernorm_forward:2:mean_kernel
layernorm_forward:2:rstd_kernel
layernorm_forward:5:layernorm_forward_kernel5
layernorm_forward:6:layernorm_forward_kernel6
matmul_backward:1:matmul_backward_bias_kernel_faster
matmul_backward_bias:1:matmul_backward_bias_kernel1
matmul_backward_bias:3:matmul_backward_bias_kernel3
matmul_backward_bias:4:matmul_backward_bias_kernel4
matmul_backward_bias:7:matmul_backward_bias_kernel7
matmul_backward_bias:8:matmul_backward_bias_kernel8
matmul_backward_bias:9:matmul_backward_bias_kernel9
matmul_forward:4:matmul_forward_kernel4
softmax_forward:2:softmax_forward_kernel2
softmax_forward:4:softmax_forward_kernel4
softmax_forward:7:softmax_forward_kernel7
trimat_forward:4:trimul_global
attention_forward:3:softmax_forward_kernel4
attention_forward:2:attention_forward_kernel2
"
Runs=${RUNS:-$Default}
# The Makefile's: -O3 --use_fast_math, -lcublas -lcublasLt -std=c++17,
# -Xcompiler -fopenmp for matmul_forward and matmul_backward; for sm_90.
Flags="-O3 --use_fast_math -std=c++17 -arch=sm_90 -lineinfo"
{ ncu_env; echo "nvcc_flags: $Flags -lcublas -lcublasLt" \
    "(-Xcompiler -fopenmp: matmul_forward, matmul_backward)";
  echo "ncu: --section SourceCounters --import-source yes --metrics" \
    "(below) -k regex:^KERNEL -c 1 --kill yes";
  (cd "$Src" && md5sum ./*.cu ./*.h); } > "$Out/env.txt" 2>&1
Metrics=$(ncu_metrics "$Log" $NCU_SHARED)
# Asks ncu to end the program once its launch is profiled (where this ncu
# has --kill). ncu 2025.3.1 on the H100 let the programs run to their end
# all the same (validation and benchmark loops, unprofiled): -c 1 keeps
# the measurement to the first launch either way.
Kill=()
ncu --help 2>/dev/null | grep -q -- '--kill' && Kill=(--kill yes)
echo "ncu stop after the launch: ${Kill[*]:-(not available)}" >>"$Log"
: > "$Out/metrics.csv"
: > "$Out/source_sass.csv"
Status=0

build() {
  local p=$1 extra=""
  case $p in matmul_forward|matmul_backward) extra="-Xcompiler -fopenmp" ;; esac
  # shellcheck disable=SC2086  # the flags are words
  nvcc $Flags $extra -I"$Src" -o "$Build/$p" "$Src/$p.cu" -lcublas -lcublasLt \
    > "$Build/$p.build.log" 2>&1
}

# Every program once, JOBS at a time.
Programs=$(for R in $Runs; do echo "${R%%:*}"; done | awk '!seen[$0]++')
Jobs=${JOBS:-8}
for P in $Programs; do
  while [ "$(jobs -rp | wc -l)" -ge "$Jobs" ]; do wait -n; done
  build "$P" &
done
wait
for P in $Programs; do
  if [ -x "$Build/$P" ]; then
    echo "$P: built" >>"$Log"
  else
    { echo "$P: build failed"; cat "$Build/$P.build.log"; } >>"$Log"
    Status=1
  fi
done
echo "builds done at ${SECONDS}s" >>"$Log"
[ -n "${BUILD_ONLY:-}" ] && exit $Status

for R in $Runs; do
  IFS=: read -r P Arg Kernel <<<"$R"
  [ -x "$Build/$P" ] || continue
  Header="## program $P $Arg $Kernel"
  Rep="$Build/$P-$Arg-$Kernel"
  # The function name, then template arguments or parameters if any
  # (kernel1 must not match kernel10).
  Filter="regex:^$Kernel([<(].*)?\$"
  echo "$Header: start at ${SECONDS}s" >>"$Log"
  rm -f "$Rep.ncu-rep"
  timeout -k 10 "$Limit" ncu --section SourceCounters --import-source yes \
    --metrics "$Metrics" -k "$Filter" -c 1 ${Kill[@]+"${Kill[@]}"} -f -o "$Rep" \
    "$Build/$P" "$Arg" >>"$Log" 2>&1
  echo "$P $Arg $Kernel: ncu exit $?" >>"$Log"
  if [ ! -s "$Rep.ncu-rep" ]; then
    echo "$P $Arg $Kernel: no report (not launched, failed or timed out)" >>"$Log"
    Status=1
    continue
  fi
  # The metrics as `ncu --csv --metrics` prints them (details page, the
  # section "Command line profiler metrics").
  Rows=$(ncu -i "$Rep.ncu-rep" --csv --page details 2>>"$Log" |
    grep '^"' | awk -F'","' 'NR == 1 || $12 == "Command line profiler metrics"')
  if [ "$(grep -c '^"[0-9]' <<<"$Rows")" -gt 0 ]; then
    { echo "$Header"; echo "$Rows"; } >>"$Out/metrics.csv"
  else
    # This ncu prints them elsewhere: measure them again, on their own.
    echo "$P $Arg $Kernel: metrics not in the report's details, measured alone" >>"$Log"
    ncu_rows "$Out/metrics.csv" "$Log" "$Header" --timeout "$Limit" \
      -k "$Filter" -c 1 ${Kill[@]+"${Kill[@]}"} --metrics "$Metrics" "$Build/$P" "$Arg" ||
      true
    [ "${NCU_RESULTS:-0}" -gt 0 ] || Status=1
  fi
  echo "$Header" >>"$Out/source_sass.csv"
  # llm.c's code is not committed: its source text is blanked.
  ncu_source_csv "$Rep" cuda,sass 2>>"$Log" |
    python3 "$Here/strip-source-text.py" >>"$Out/source_sass.csv" ||
    Status=1
  echo "$P $Arg $Kernel: done at ${SECONDS}s" >>"$Log"
done
echo "done, status $Status, ${SECONDS}s" >>"$Log"
exit $Status
