# shellcheck shell=bash disable=SC2034  # the variables are for the scripts that source it
# What the measurement scripts that run Nsight Compute share: the metric
# names (spelled here and in no other script), the "keep only the metrics
# this ncu knows" filter, env.txt's version lines, and the per-program ncu
# calls whose CSV rows go into metrics.csv. Sourced, never run:
#   . "$Dir/../../scripts/ncu-common.sh"
# It defines variables and functions only; the caller's shell options
# (set -uo pipefail) stay as they are.

# Shared memory per kernel: warp-level instructions (requests) and
# wavefronts of loads, stores and atomics.
NCU_INST_SHARED_LD=smsp__sass_inst_executed_op_shared_ld
NCU_INST_SHARED_ST=smsp__sass_inst_executed_op_shared_st
NCU_INST_SHARED_ATOM=smsp__sass_inst_executed_op_shared_atom
NCU_WAVES_SHARED_LD=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld
NCU_WAVES_SHARED_ST=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st
NCU_WAVES_SHARED_ATOM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom
# Every shared-memory wavefront, whatever the instruction.
NCU_WAVES_SHARED=l1tex__data_pipe_lsu_wavefronts_mem_shared
# Bank conflicts (wavefronts beyond the ideal) of loads, stores and atomics.
NCU_CONFLICTS_SHARED_LD=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld
NCU_CONFLICTS_SHARED_ST=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st
NCU_CONFLICTS_SHARED_ATOM=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom
# Local memory: load/store sectors and warp-level instructions.
NCU_SECTORS_LOCAL_LD=l1tex__t_sectors_pipe_lsu_mem_local_op_ld
NCU_SECTORS_LOCAL_ST=l1tex__t_sectors_pipe_lsu_mem_local_op_st
NCU_INST_LOCAL_LD=smsp__sass_inst_executed_op_local_ld
NCU_INST_LOCAL_ST=smsp__sass_inst_executed_op_local_st
# Kernel time.
NCU_TIME=gpu__time_duration
# Warp-level instructions of another SASS operation (ldsm, stsm, ldgsts,
# generic_ld, ...): "$NCU_INST_OP$Op".
NCU_INST_OP=smsp__sass_inst_executed_op_

# The sets the scripts measure, in the order they pass them to ncu.
NCU_SHARED="$NCU_INST_SHARED_LD $NCU_INST_SHARED_ST $NCU_INST_SHARED_ATOM
$NCU_WAVES_SHARED_LD $NCU_WAVES_SHARED_ST $NCU_WAVES_SHARED_ATOM"
NCU_SHARED_CONFLICTS="$NCU_CONFLICTS_SHARED_LD $NCU_CONFLICTS_SHARED_ST
$NCU_CONFLICTS_SHARED_ATOM $NCU_WAVES_SHARED"
NCU_LOCAL="$NCU_SECTORS_LOCAL_LD $NCU_SECTORS_LOCAL_ST
$NCU_INST_LOCAL_LD $NCU_INST_LOCAL_ST"

# ncu_env [--labelled]
# The lines env.txt starts with: the date (UTC), the GPU (name, driver, max
# SM clock), nvcc's and ncu's versions; --labelled puts "gpu: ", "nvcc: "
# and "ncu: " before them, one line each.
ncu_env() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if [ "${1:-}" = --labelled ]; then
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader)"
    echo "nvcc: $(nvcc --version | tail -n 2 | tr '\n' ' ')"
    echo "ncu: $(ncu --version | tail -n 1)"
  else
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
    nvcc --version | tail -n 2
    ncu --version | tail -n 1
  fi
}

# ncu_metrics LOG NAME...
# Prints the NAMEs this ncu knows (an unknown name aborts ncu), as ncu's
# --metrics wants them: NAME.sum, comma-separated, in the order given.
# Appends "metric not available: NAME" for each one left out, then
# "metrics: LIST", to LOG (/dev/null: say nothing). The known names are
# NCU_KNOWN's (one a line) when set, else `ncu --query-metrics`'s.
ncu_metrics() {
  local log=$1 known list="" m
  shift
  if [ -n "${NCU_KNOWN:-}" ]; then
    known=$NCU_KNOWN
  else
    known=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
  fi
  for m in "$@"; do
    if grep -qx "$m" <<<"$known"; then
      list="$list,$m.sum"
    else
      echo "metric not available: $m" >>"$log"
    fi
  done
  list=${list#,}
  echo "metrics: $list" >>"$log"
  echo "$list"
}

# ncu_sum NAME...
# NAME.sum, comma-separated, unfiltered.
ncu_sum() {
  local list="" m
  for m in "$@"; do list="$list,$m.sum"; done
  echo "${list#,}"
}

# ncu_rows CSV LOG HEADER [--timeout SECONDS] NCU_ARGS...
# Appends HEADER (the "## program P" line) and the CSV rows (the lines that
# start with a double quote) of `ncu --csv NCU_ARGS...` to CSV, ncu's
# messages to LOG. Returns ncu's exit status (timeout's: 124 when it ran
# out); NCU_RESULTS is then the number of result rows it gave (rows that
# start with a digit in quotes: one per launch with --page raw).
ncu_rows() {
  local csv=$1 log=$2 header=$3
  shift 3
  local limit=()
  if [ "${1:-}" = --timeout ]; then
    limit=(timeout "$2")
    shift 2
  fi
  echo "$header" >>"$csv"
  NCU_RESULTS=$(${limit[@]+"${limit[@]}"} ncu --csv "$@" 2>>"$log" |
    grep '^"' | tee -a "$csv" | grep -c '^"[0-9]'
    exit "${PIPESTATUS[0]}")
}

# ncu_source_counters LOG REPORT [--timeout SECONDS] PROGRAM [ARGS...]
# Profiles PROGRAM's launches with the SourceCounters section (with the
# CUDA source) into REPORT.ncu-rep, ncu's output to LOG; returns its status.
ncu_source_counters() {
  local log=$1 report=$2
  shift 2
  local limit=()
  if [ "${1:-}" = --timeout ]; then
    limit=(timeout "$2")
    shift 2
  fi
  ${limit[@]+"${limit[@]}"} ncu --section SourceCounters --import-source yes \
    -f -o "$report" "$@" >>"$log" 2>&1
}

# ncu_source_csv REPORT PRINT
# Prints REPORT.ncu-rep's source page as CSV, per SASS instruction
# (PRINT: sass) or per instruction under each CUDA line (cuda,sass).
ncu_source_csv() {
  ncu -i "$1.ncu-rep" --page source --csv --print-source "$2"
}
