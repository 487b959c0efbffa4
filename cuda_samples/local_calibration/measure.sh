#!/usr/bin/env bash
# Builds the calibration corpus into programs (host_NN.cu launches every
# kernel of corpus_NN.cu once, one warp), runs them on the GPU and records
# the local-memory traffic of every kernel:
#   metrics.csv  Nsight Compute per kernel: local load/store sectors
#                (l1tex__t_sectors_pipe_lsu_mem_local_op_ld/st) and warp-level
#                local instructions executed (smsp__sass_inst_executed_op_local_ld/st),
#                raw `ncu --csv` output of every program
#   sass.tsv     LDL/STL instructions per kernel in `cuobjdump -sass` of the
#                binaries that ran
#   env.txt      GPU, driver, nvcc and ncu versions
#   run.log      build and run output
# Usage (on the GPU machine): measure.sh OUTDIR [SECONDS]
# SECONDS (default 240) bounds the whole run: programs not profiled by then
# are named in run.log, and what was measured stays.
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Out=${1:-${OUT:-local-out}}
Budget=${2:-240}
Start=$SECONDS
mkdir -p "$Out"
Build=${BUILD:-/tmp/warpcheck-local-build}
mkdir -p "$Build"
Log="$Out/run.log"
: > "$Log"
# The sources: the corpus cuda_samples/generate.py writes (a note in run.log
# when it differs from corpus.sha256, the corpus last measured).
Src="$Build/src"
python3 "$Dir/../generate.py" --unchecked local_calibration "$Src" >>"$Log" 2>&1 ||
  { echo "generate.py failed" | tee -a "$Log"; exit 1; }
Programs=$(cd "$Src" && ls host_*.cu | sed 's/\.cu$//')

ncu_env > "$Out/env.txt" 2>&1

Jobs=$(nproc)
for P in $Programs; do
  while [ "$(jobs -rp | wc -l)" -ge "$Jobs" ]; do sleep 0.2; done
  nvcc -arch=sm_90 -std=c++17 -o "$Build/$P" "$Src/$P.cu" \
    >"$Build/$P.build.log" 2>&1 &
done
wait
echo "built in $((SECONDS - Start)) s" >>"$Log"

Metrics=$(ncu_metrics "$Log" $NCU_LOCAL)

: > "$Out/metrics.csv"
printf 'kernel\tldl\tstl\n' > "$Out/sass.tsv"
Status=0
for P in $Programs; do
  cat "$Build/$P.build.log" >>"$Log"
  if [ ! -x "$Build/$P" ]; then echo "$P: build failed" >>"$Log"; Status=1; continue; fi
  Left=$((Budget - (SECONDS - Start)))
  if [ "$Left" -le 5 ]; then echo "$P: not profiled, out of time" >>"$Log"; Status=1; continue; fi
  echo "== $P" >>"$Log"
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: FAILED" >>"$Log"; Status=1; }
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --timeout "$Left" \
    --clock-control none --metrics "$Metrics" "$Build/$P"
  cuobjdump -sass "$Build/$P" | awk '
      /Function :/ { name = $3; ld[name] = 0; st[name] = 0; order[++n] = name }
      /[^A-Z]LDL[. ]/ { ld[name]++ }
      /[^A-Z]STL[. ]/ { st[name]++ }
      END { for (i = 1; i <= n; i++) print order[i] "\t" ld[order[i]] "\t" st[order[i]] }' \
    >>"$Out/sass.tsv"
  echo "$P profiled at $((SECONDS - Start)) s" >>"$Log"
done
echo "done in $((SECONDS - Start)) s, status $Status" >>"$Log"
exit $Status
