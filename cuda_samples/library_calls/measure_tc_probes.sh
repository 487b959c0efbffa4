#!/usr/bin/env bash
# Measures the tensor-core copy and matrix probes (issue 27) on the GPU, one
# measure_ptx_probe.sh run each, into OUTDIR/h100-<program>/, and packs them
# into OUTDIR/tc-probes.tar.gz (the device's way back takes few files).
# The cp.async.cg campaign also gets the SourceCounters section (per SASS
# instruction) for a few launches: stride 1, 2 and 3 chunks, the 4-chunk
# tile at pitch 80, the 8-chunk tile at pitch 144, five active lanes by
# branch and by zero fill (launch indices of cp_async_cg_probe's manifest).
# Usage (GPU machine, repository root): measure_tc_probes.sh OUTDIR [PROGRAM...]
# (the programs: all when none is named; cp_async_cg_probe gets the
# SourceCounters launches above).
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
Out=$1
mkdir -p "$Out"
shift
Progs=${*:-stmatrix_ptx tma_mbarrier pipeline_copies cp_async_cg_probe cp_async_cg_src}
for P in $Progs; do
  Launches=""
  [ "$P" = cp_async_cg_probe ] && Launches="0 2 4 56 86 132 217"
  SOURCE_LAUNCHES=$Launches bash "$Here/measure_ptx_probe.sh" "$P" \
    "$Out/h100-${P//_/-}" || echo "$P failed"
done
tar -C "$Out" -czf "$Out/tc-probes.tar.gz" $(cd "$Out" && ls -d h100-*)
