#!/usr/bin/env bash
# Measures one of the inline-PTX probe programs (cp_async_ptx.cu,
# ldmatrix_ptx.cu) on the GPU: every launch profiled with plain
# `ncu --metrics` (the shared-memory request and wavefront counters, and
# every counter this ncu has for the probed instruction: ldgsts or ldsm).
# Usage (GPU machine, repository root):
#   measure_ptx_probe.sh cp_async_ptx|ldmatrix_ptx OUTDIR
# Output: OUTDIR/raw.csv (ncu CSV, one row per launch and metric),
# OUTDIR/manifest.txt (the program's launch lines, in launch order: ncu's ID
# is the line's position), OUTDIR/sass.txt, OUTDIR/query.txt, OUTDIR/log.txt.
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
. "$Here/../../scripts/ncu-common.sh"
Prog=$1
Out=$2
case $Prog in
  cp_async_ptx) Op=ldgsts; Sass='LDGSTS|LDGDEPBAR|DEPBAR' ;;
  ldmatrix_ptx) Op=ldsm; Sass='LDSM' ;;
  *) echo "unknown program $Prog" >&2; exit 2 ;;
esac
mkdir -p "$Out"
Work=$(mktemp -d)
exec > >(tee -a "$Out/log.txt") 2>&1
nvidia-smi -L; ncu --version | tail -1; nvcc --version | tail -1
nvcc -arch=sm_90 -std=c++17 -O3 -o "$Work/$Prog" "$Here/$Prog.cu" || exit 1
cuobjdump -sass "$Work/$Prog" |
  grep -E "Function :|LDS|STS|$Sass" > "$Out/sass.txt"
ncu --query-metrics > "$Out/query.txt" 2>&1
Names=$(awk '{print $1}' "$Out/query.txt")
Base="$NCU_INST_SHARED_LD $NCU_INST_SHARED_ST
$NCU_INST_OP$Op $NCU_WAVES_SHARED
$NCU_WAVES_SHARED_LD $NCU_WAVES_SHARED_ST
$NCU_CONFLICTS_SHARED_LD $NCU_CONFLICTS_SHARED_ST"
Metrics=$(NCU_KNOWN=$Names ncu_metrics /dev/null $Base)
Extra=$(grep -E "^(smsp|l1tex)__[a-z_]*${Op}[a-z_]*\$" <<<"$Names" | grep -v -x -F "$Base" | sed 's/$/.sum/' | paste -sd,)
Metrics="$Metrics${Extra:+,$Extra}"
echo "metrics: $Metrics"
ncu --metrics "$Metrics" --csv --print-units base --log-file "$Out/raw.csv" \
  "$Work/$Prog" > "$Out/manifest.txt"
echo "ncu rc=$?"
tail -1 "$Out/manifest.txt"
