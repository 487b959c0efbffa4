#!/usr/bin/env bash
# Measures the generated differential kernels (test/differential/gen.py) on a
# GPU machine, in one call of at most about 9 minutes:
#   env.txt            GPU, driver, nvcc and ncu versions; generator version,
#                      seed, count, programs and the sources' md5 sums
#   metrics.csv.gz     raw `ncu --csv --page raw` output, one row per kernel
#                      launch (per-kernel shared-memory requests and wavefronts
#                      of loads, stores and atomics), in chunks headed
#                      "## program P ids LO HI"
#   sass_lines.txt.gz  every shared-memory SASS instruction of every kernel
#                      with the source line it comes from (nvdisasm -g)
#   run.log            build, result check (every kernel ran to its end) and
#                      ncu progress with timings
# Usage (repository root, on the GPU machine):
#   test/differential/measure.sh [OUTDIR] [DEADLINE_S]
# The kernels are generated here with python3 (SEED, COUNT, PROGRAMS; GEN
# names the generator, default gen.py; IDS a file of the kernel ids to
# render, for gen_reshape.py's preselected corpus), or taken from SRC (a
# folder the generator wrote). GI=1 also writes sass_gi.txt.gz: the full
# `nvdisasm -gi` listing of the measured build (for --sass-file). ncu chunks that would start after
# DEADLINE_S seconds (default 480) are skipped and listed in run.log.
set -uo pipefail
Start=$(date +%s)
Out=${1:-${OUT:-differential-out}}
Deadline=${2:-480}
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Seed=${SEED:-12}
Count=${COUNT:-3200}
Programs=${PROGRAMS:-8}
Gen=${GEN:-gen.py}
Ids=${IDS:-}
Build=${BUILD:-/tmp/differential-build}
mkdir -p "$Out" "$Build"
Log="$Out/run.log"
: >"$Log"
since() { echo "$(($(date +%s) - Start)) s"; }

Src=${SRC:-}
if [ -z "$Src" ]; then
  Src="$Build/src"
  python3 "$Dir/$Gen" --seed "$Seed" --count "$Count" --programs "$Programs" \
    --out "$Src" ${Ids:+--ids "$Ids"} >>"$Log" 2>&1 ||
    { echo "$Gen failed" | tee -a "$Log"; exit 1; }
fi
Version=$(sed -n 's/^GENERATOR_VERSION = "\(.*\)"/\1/p' "$Dir/$Gen")
{
  ncu_env --labelled
  echo "generator: $Gen"
  echo "generator_version: $Version"
  [ -n "$Ids" ] && echo "ids: $(tr '\n' ' ' <"$Ids")"
  echo "seed: $Seed"
  echo "count: $Count"
  echo "programs: $Programs"
  echo "nvcc_flags: -arch=sm_90 -lineinfo -O3 -std=c++17"
  (cd "$Src" && md5sum diff_*.cu diff_common.cuh | sed 's/^/md5: /')
} >"$Out/env.txt" 2>&1

# Build every program at once (16 cores).
for ((P = 0; P < Programs; ++P)); do
  N=$(printf "%02d" "$P")
  nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -o "$Build/diff_$N" "$Src/diff_$N.cu" \
    >"$Build/diff_$N.build.log" 2>&1 &
done
wait
for ((P = 0; P < Programs; ++P)); do
  N=$(printf "%02d" "$P")
  cat "$Build/diff_$N.build.log" >>"$Log"
  [ -x "$Build/diff_$N" ] || echo "diff_$N: BUILD FAILED" >>"$Log"
done
echo "built: $(since)" >>"$Log"

# Result check without the profiler: every kernel writes its magic word.
Status=0
for ((P = 0; P < Programs; ++P)); do
  N=$(printf "%02d" "$P")
  [ -x "$Build/diff_$N" ] || { Status=1; continue; }
  timeout 60 "$Build/diff_$N" >>"$Log" 2>&1 || { echo "diff_$N: RESULT CHECK FAILED" >>"$Log"; Status=1; }
done
echo "checked: $(since)" >>"$Log"

# SASS with line info, in the background (CPU only).
(
  for ((P = 0; P < Programs; ++P)); do
    N=$(printf "%02d" "$P")
    D="$Build/cubin_$N"
    mkdir -p "$D"
    (cd "$D" && cuobjdump -xelf all "$Build/diff_$N" >/dev/null 2>&1)
    for C in "$D"/*.cubin; do
      echo "## program $N $(basename "$C")"
      nvdisasm -g -c "$C" 2>&1 | awk '/\.text\./ || /\/\/##/ || /(LDSM|LDS|STS|ATOMS)/'
      if [ "${GI:-0}" = 1 ]; then
        { echo "## program $N $(basename "$C")"; nvdisasm -gi -c "$C"; } >>"$Out/sass_gi.txt" 2>&1
      fi
    done
  done >"$Out/sass_lines.txt"
  gzip -f "$Out/sass_lines.txt"
  [ -f "$Out/sass_gi.txt" ] && gzip -f "$Out/sass_gi.txt"
) 2>>"$Log" &
SassPid=$!

Metrics=$(ncu_metrics "$Log" $NCU_SHARED)

# Chunks of ids, every program per chunk, so that a deadline leaves a
# uniform subset (ids below some bound) measured.
: >"$Out/metrics.csv"
Chunk=${CHUNK:-800}
Lo=0
while [ "$Lo" -lt "$Count" ]; do
  Hi=$((Lo + Chunk))
  for ((P = 0; P < Programs; ++P)); do
    N=$(printf "%02d" "$P")
    Left=$((Deadline - ($(date +%s) - Start)))
    if [ "$Left" -lt 15 ]; then
      echo "deadline: program $N ids $Lo..$((Hi - 1)) not measured" >>"$Log"
      Status=3
      continue
    fi
    T0=$(date +%s)
    ncu_rows "$Out/metrics.csv" "$Log" "## program $N ids $Lo $Hi" --timeout "$Left" \
      --page raw --metrics "$Metrics" --cache-control none --clock-control none \
      "$Build/diff_$N" "$Lo" "$Hi"
    Rc=$?
    echo "program $N ids $Lo..$Hi: ncu rc $Rc, $(($(date +%s) - T0)) s, $NCU_RESULTS launches" >>"$Log"
    [ "$Rc" -ne 0 ] && Status=4
  done
  Lo=$Hi
done
gzip -f "$Out/metrics.csv"
wait "$SassPid"
echo "done, status $Status, $(since)" >>"$Log"
exit $Status
