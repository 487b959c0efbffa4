#!/usr/bin/env bash
# On a GPU machine: builds the samples as written and with warpcheck's fixes
# applied (the patches cuda_samples/fixed/{auto,pad}/*.patch, made by
# make_fixed.sh, applied into /tmp/warpcheck-fixes/fixed), runs every
# program (each checks its own results, so a fix that changed a result
# fails here), and profiles all three with Nsight Compute: shared-memory
# wavefronts and requests per kernel, and kernel time.
#   fixes_metrics.csv  raw `ncu --csv`, one "## VARIANT PROGRAM" block each
#   fixes_run.log      build and run output
# Usage (repository root): cuda_samples/verify_fixes.sh OUTDIR
set -uo pipefail
. "$(dirname "$0")/../scripts/ncu-common.sh"
Out=${1:-${OUT:-fixes-out}}
mkdir -p "$Out"
Bin=/tmp/warpcheck-fixes
mkdir -p "$Bin"
Log="$Out/fixes_run.log"
: > "$Log"
: > "$Out/fixes_metrics.csv"
Samples="bank_vec64 bank_vec128 bank_rules shared_tile transpose algorithms"
cuda_samples/make_fixed.sh --apply "$Bin/fixed" >>"$Log" 2>&1 ||
  { echo "the fixed samples could not be made" | tee -a "$Log"; exit 1; }
Metrics=$(ncu_sum $NCU_SHARED $NCU_TIME)
Status=0
for Variant in original auto pad; do
  Dir=cuda_samples
  [ "$Variant" = original ] || Dir=$Bin/fixed/$Variant
  for S in $Samples; do
    Exe="$Bin/$Variant-$S"
    if ! nvcc -arch=sm_90 -lineinfo -std=c++17 -I"$Dir" -o "$Exe" "$Dir/$S.cu" >>"$Log" 2>&1; then
      echo "$Variant $S: BUILD FAILED" | tee -a "$Log"; Status=1; continue
    fi
    echo "== $Variant $S" >>"$Log"
    "$Exe" >>"$Log" 2>&1 || { echo "$Variant $S: RESULT CHECK FAILED" >>"$Log"; Status=1; }
    ncu_rows "$Out/fixes_metrics.csv" "$Log" "## $Variant $S" --metrics "$Metrics" "$Exe"
  done
done
echo "done, status $Status" >>"$Log"
exit $Status
