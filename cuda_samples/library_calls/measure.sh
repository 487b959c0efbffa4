#!/usr/bin/env bash
# Measures the shared-memory requests and wavefronts of the library calls
# warpcheck models (wmma load/store_matrix_sync, memcpy_async) on the GPU:
# builds the programs gen_wmma.py writes and memcpy_async.cu for sm_90,
# dumps their SASS, and profiles every launch with plain `ncu --metrics`,
# until a time budget runs out (launches are ordered by priority).
# Usage: measure.sh OUTDIR [SECONDS]   (run on the GPU machine)
# ONLY="prog ..." measures only those programs (all are still built and
# dumped), FROM=N starts at launch N of each (to continue a run).
# Output: OUTDIR/raw.csv (ncu CSV per chunk, each after a "#chunk PROGRAM LO
# HI" line), OUTDIR/manifest.txt (the same chunks' launch lines, in launch
# order: ncu's ID within a chunk is the line's position), OUTDIR/sass.txt,
# OUTDIR/log.txt.
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
. "$Here/../../scripts/ncu-common.sh"
Out=$1
Budget=${2:-540}
Start=$(date +%s)
mkdir -p "$Out"
Work=$(mktemp -d)
exec > >(tee -a "$Out/log.txt") 2>&1
nvidia-smi -L; ncu --version | tail -1; nvcc --version | tail -1
python3 "$Here/gen_wmma.py" "$Work"
cp "$Here/memcpy_async.cu" "$Work/"
echo "memcpy_async 1000" > "$Work/order.txt"
cat "$Work/groups.txt" >> "$Work/order.txt"
From=${FROM:-0}
cd "$Work"
Pids=()
for P in $(cut -d' ' -f1 order.txt); do
  nvcc -arch=sm_90 -std=c++17 -O3 -o "$P" "$P.cu" > "$P.build.log" 2>&1 &
  Pids+=($!)
done
# Not a bare `wait`: it would also wait for the tee above.
wait "${Pids[@]}"
for P in $(cut -d' ' -f1 order.txt); do
  [ -x "$P" ] || { echo "build of $P failed:"; head -20 "$P.build.log"; }
done
echo "built in $(( $(date +%s) - Start )) s"
ncu --query-metrics > query.txt 2>&1
Names=$(awk '{print $1}' query.txt)
Metrics=$(NCU_KNOWN=$Names ncu_metrics /dev/null $NCU_INST_SHARED_LD $NCU_INST_SHARED_ST \
  ${NCU_INST_OP}ldsm ${NCU_INST_OP}stsm ${NCU_INST_OP}generic_ld ${NCU_INST_OP}generic_st \
  $NCU_WAVES_SHARED_LD $NCU_WAVES_SHARED_ST $NCU_WAVES_SHARED)
[ -n "$Metrics" ] || Metrics=$(ncu_sum $NCU_INST_SHARED_LD $NCU_INST_SHARED_ST \
  $NCU_WAVES_SHARED_LD $NCU_WAVES_SHARED_ST)
Extra=$(grep -E '^(smsp|l1tex)__[a-z_]*(ldgsts|shared_atom|op_atom|mem_shared_cmd|ublkcp|tma|bulk)[a-z_]*$' <<<"$Names" | head -24 | sed 's/$/.sum/' | paste -sd,)
echo "metrics: $Metrics"; echo "memcpy extra metrics: $Extra"
for P in $(cut -d' ' -f1 order.txt); do
  echo "=== $P" >> "$Out/sass.txt"
  cuobjdump -sass "$P" | grep -E 'Function :|LDS|STS|LDSM|STSM|LDGSTS|ATOMS|SYNCS|BAR' >> "$Out/sass.txt"
done
echo "sass dumped at $(( $(date +%s) - Start )) s"
Chunk=400
for Round in $(seq 0 30); do
  Any=0
  while read -r P Count; do
    if [ -n "${ONLY:-}" ] && ! grep -qw "$P" <<<"$ONLY"; then continue; fi
    Lo=$(( From + Round * Chunk )); Hi=$(( Lo + Chunk ))
    [ "$Lo" -ge "$Count" ] && continue
    Any=1
    Now=$(( $(date +%s) - Start ))
    if [ "$Now" -ge "$Budget" ]; then echo "budget spent at round $Round ($P $Lo)"; break 2; fi
    M=$Metrics
    [ "$P" = memcpy_async ] && M="$Metrics${Extra:+,$Extra}"
    timeout $(( Budget + 40 - Now )) ncu --metrics "$M" --csv --print-units base \
      --log-file ncu.csv ./"$P" "$Lo" "$Hi" > man.txt 2> ncu.err
    Rc=$?
    echo "$P $Lo $Hi rc=$Rc at $(( $(date +%s) - Start )) s"
    [ "$Rc" -eq 0 ] || tail -3 ncu.err man.txt
    { echo "#chunk $P $Lo $Hi rc=$Rc"; cat ncu.csv; } >> "$Out/raw.csv"
    { echo "#chunk $P $Lo $Hi rc=$Rc"; cat man.txt; } >> "$Out/manifest.txt"
  done < order.txt
  [ "$Any" = 1 ] || break
done
echo "done at $(( $(date +%s) - Start )) s"
python3 "$Here/join.py" "$Out" > "$Out/table.txt"
gzip -9 "$Out/raw.csv" "$Out/manifest.txt"
wc -l "$Out/table.txt"
