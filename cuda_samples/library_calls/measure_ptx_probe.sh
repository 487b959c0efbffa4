#!/usr/bin/env bash
# Measures one of the inline-PTX probe programs (cp_async_ptx.cu,
# ldmatrix_ptx.cu, stmatrix_ptx.cu, cp_async_cg_probe.cu,
# pipeline_copies.cu, tma_mbarrier.cu) on the GPU: every launch profiled
# with plain `ncu --metrics` (the shared-memory request and wavefront
# counters, and the counters this ncu has for the probed instruction:
# ldgsts, ldsm, stsm, or tma; the names come from
# `ncu --query-metrics --chip gh100`, which lists the smsp__sass_l1tex_*
# wavefront counters the plain query leaves out).
# Usage (GPU machine, repository root):
#   measure_ptx_probe.sh PROGRAM OUTDIR
# Output: OUTDIR/raw.csv (ncu CSV, one row per launch and metric),
# OUTDIR/manifest.txt (the program's launch lines, in launch order: ncu's ID
# is the line's position), OUTDIR/sass.txt, OUTDIR/query.txt, OUTDIR/log.txt.
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
. "$Here/../../scripts/ncu-common.sh"
Prog=$1
Out=$2
Flags="-arch=sm_90"
# Extra: the counters beyond the base set, a grep -E pattern over the names
# (the copy campaigns take a short list: hundreds of launches).
Bypass=smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts
Short="^(${Bypass}(_cache_access|_cache_bypass)?|l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts|smsp__sass_inst_executed_op_ldgsts(_cache_access|_cache_bypass)?|smsp__sass_data_bytes_mem_shared_op_ldgsts(_cache_access|_cache_bypass)?)\$"
case $Prog in
  cp_async_ptx) Op=ldgsts; Sass='LDGSTS|LDGDEPBAR|DEPBAR' ;;
  ldmatrix_ptx) Op=ldsm; Sass='LDSM' ;;
  stmatrix_ptx) Op=stsm; Sass='STSM' ;;
  cp_async_cg_probe|cp_async_cg_src|pipeline_copies) Op=ldgsts; Sass='LDGSTS|LDGDEPBAR|DEPBAR'
    Extra_re=$Short ;;
  tma_mbarrier) Op=tma; Sass='UTMA|UBLKCP|SYNCS|ATOMS|LDS|STS'
    Flags="-arch=sm_90 -lcuda"
    Extra_re="^(smsp|l1tex)__[a-z_]*(tma|bulk|mbar|data_bank_writes|data_bank_reads|op_shared_atom)[a-z_]*\$" ;;
  *) echo "unknown program $Prog" >&2; exit 2 ;;
esac
Extra_re=${Extra_re:-"^(smsp|l1tex)__[a-z_]*${Op}[a-z_]*\$"}
mkdir -p "$Out"
Work=$(mktemp -d)
exec > >(tee -a "$Out/log.txt") 2>&1
nvidia-smi -L; ncu --version | tail -1; nvcc --version | tail -1
# shellcheck disable=SC2086  # Flags holds several words
nvcc $Flags -std=c++17 -O3 -lineinfo -o "$Work/$Prog" "$Here/$Prog.cu" || exit 1
cuobjdump -sass "$Work/$Prog" |
  grep -E "Function :|LDS|STS|$Sass" > "$Out/sass.txt"
ncu --query-metrics --chip gh100 > "$Out/query.txt" 2>&1
Names=$(awk '{print $1}' "$Out/query.txt")
Base="$NCU_INST_SHARED_LD $NCU_INST_SHARED_ST
$NCU_INST_OP$Op $NCU_WAVES_SHARED
$NCU_WAVES_SHARED_LD $NCU_WAVES_SHARED_ST
$NCU_CONFLICTS_SHARED_LD $NCU_CONFLICTS_SHARED_ST"
# The known shared-memory names only: all 5,000 overflow one environment
# variable (grep: "Argument list too long").
Known=$(grep -E '^(smsp|l1tex)__' <<<"$Names" | grep -E 'shared|ldgsts|ldsm|stsm')
Metrics=$(NCU_KNOWN=$Known ncu_metrics /dev/null $Base)
Extra=$(grep -E "$Extra_re" <<<"$Names" | grep -v -x -F "$Base" | sed 's/$/.sum/' | paste -sd,)
Metrics="$Metrics${Extra:+,$Extra}"
echo "metrics: $Metrics"
ncu --metrics "$Metrics" --csv --print-units base --log-file "$Out/raw.csv" \
  "$Work/$Prog" > "$Out/manifest.txt"
echo "ncu rc=$?"
tail -1 "$Out/manifest.txt"
# Per SASS instruction and source line (SourceCounters) for the launches
# named in SOURCE_LAUNCHES (0-based launch indices, blank-separated).
for K in ${SOURCE_LAUNCHES:-}; do
  ncu_source_counters "$Out/log.txt" "$Work/src$K" --launch-skip "$K" \
    --launch-count 1 "$Work/$Prog" > /dev/null
  ncu_source_csv "$Work/src$K" sass > "$Out/source-$K.csv"
done
