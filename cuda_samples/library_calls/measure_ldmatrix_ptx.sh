#!/usr/bin/env bash
# Measures ldmatrix (ldmatrix_ptx.cu) on the GPU: every launch profiled with
# plain `ncu --metrics` (the shared-memory request and wavefront counters,
# and every ldsm counter this ncu has).
# Usage (GPU machine, repository root): measure_ldmatrix_ptx.sh OUTDIR
# Output: OUTDIR/raw.csv (ncu CSV, one row per launch and metric),
# OUTDIR/manifest.txt (the program's launch lines, in launch order: ncu's ID
# is the line's position), OUTDIR/sass.txt, OUTDIR/query.txt, OUTDIR/log.txt.
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
Out=$1
mkdir -p "$Out"
Work=$(mktemp -d)
exec > >(tee -a "$Out/log.txt") 2>&1
nvidia-smi -L; ncu --version | tail -1; nvcc --version | tail -1
nvcc -arch=sm_90 -std=c++17 -O3 -o "$Work/ldmatrix_ptx" "$Here/ldmatrix_ptx.cu" || exit 1
cuobjdump -sass "$Work/ldmatrix_ptx" |
  grep -E 'Function :|LDS|STS|LDSM' > "$Out/sass.txt"
ncu --query-metrics > "$Out/query.txt" 2>&1
Names=$(awk '{print $1}' "$Out/query.txt")
Base="smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st
smsp__sass_inst_executed_op_ldsm l1tex__data_pipe_lsu_wavefronts_mem_shared
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st"
Metrics=""
for M in $Base; do grep -qx "$M" <<<"$Names" && Metrics="$Metrics,$M.sum"; done
Extra=$(grep -E '^(smsp|l1tex)__[a-z_]*ldsm[a-z_]*$' <<<"$Names" | grep -v -x -F "$Base" | sed 's/$/.sum/' | paste -sd,)
Metrics="${Metrics#,}${Extra:+,$Extra}"
echo "metrics: $Metrics"
ncu --metrics "$Metrics" --csv --print-units base --log-file "$Out/raw.csv" \
  "$Work/ldmatrix_ptx" > "$Out/manifest.txt"
echo "ncu rc=$?"
tail -1 "$Out/manifest.txt"
