#!/usr/bin/env python3
"""--fix on many files at -j 8 that share a header with a conflicted array
(issue 11, "Done when"):

1. Every file and the shared header are edited exactly once: each one ends
   up as the same file fixed alone ends up (the reference run), and
   warpcheck says "applied" once per file and once for the header, not once
   per file that includes it.
2. The fixes hold: the fixed files analyze without a bank conflict, and a
   second --fix changes nothing.
3. Every edited file compiles with nvcc (skipped, with a message, without
   nvcc).
4. A concurrent edit is detected: a fake nvcc given to --verify-ptx (run
   after a file was read, before the fixes are written) edits the shared
   header once and one of the files; both are left alone with an error,
   every other file is fixed, and the exit status is 1.

Exit status 0 when every check holds; the first failure is printed.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

HEADER = """#pragma once
// Shared by every file: a 32x32 tile read down a column, a 32-way conflict.
__device__ inline float columnSum(const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = in[threadIdx.x];
  __syncthreads();
  return tile[0][threadIdx.x] + tile[threadIdx.x][0];
}
"""

SOURCE = """#include "common.cuh"
__global__ void kernel{n}(const float *in, float *out) {{
  __shared__ float s{n}[32][32];
  s{n}[threadIdx.x][0] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s{n}[threadIdx.x][0] + columnSum(in);
}}
int main() {{ kernel{n}<<<1, 32>>>(nullptr, nullptr); }}
"""

# The fake nvcc of check 4: the first call appends to the header, the call
# for the victim file appends to that file; it compiles nothing.
FAKE_NVCC = """#!/bin/sh
for a in "$@"; do last="$a"; done
case "$*" in *--ptx*) ;; *) exit 1 ;; esac
if mkdir "{dir}/.header-edited" 2>/dev/null; then
  printf '// edited meanwhile\\n' >> "{dir}/common.cuh"
fi
case "$last" in *{victim}) printf '// edited meanwhile\\n' >> "$last" ;; esac
exit 1
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def name(n):
    return "f%02d.cu" % n


def generate(directory, count):
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    with open(os.path.join(directory, "common.cuh"), "w") as f:
        f.write(HEADER)
    for n in range(count):
        with open(os.path.join(directory, name(n)), "w") as f:
            f.write(SOURCE.format(n="%02d" % n))


def read(directory, file):
    with open(os.path.join(directory, file)) as f:
        return f.read()


def warpcheck(args, directory, files, extra=()):
    command = [args.warpcheck, "--cuda-prelude", "--header-filter=common\\.cuh"]
    command += list(extra) + files + ["--"]
    return subprocess.run(command, cwd=directory, capture_output=True,
                          text=True, timeout=1800)


def applied(stderr):
    """File name -> how many 'applied' lines name it."""
    counts = {}
    for line in stderr.splitlines():
        m = re.match(r"warpcheck: applied \d+ fix(?:es)? to (\S+)", line)
        if m:
            base = os.path.basename(m.group(1))
            counts[base] = counts.get(base, 0) + 1
    return counts


def expected_file(reference, n):
    return reference.replace("00", "%02d" % n)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--nvcc", default=shutil.which("nvcc") or
                        "/usr/local/cuda/bin/nvcc")
    parser.add_argument("--work", required=True)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=8)
    args = parser.parse_args()
    args.warpcheck = os.path.abspath(args.warpcheck)
    args.work = os.path.abspath(args.work)
    files = [name(n) for n in range(args.files)]
    jobs = ["-j", str(args.jobs)]

    # The reference: file 0 fixed alone.
    ref = os.path.join(args.work, "reference")
    generate(ref, 1)
    run = warpcheck(args, ref, [name(0)], ["--fix"])
    check(run.returncode == 0, "reference run: exit %d\n%s" %
          (run.returncode, run.stderr))
    check(applied(run.stderr) == {"common.cuh": 1, name(0): 1},
          "reference run: expected one edit of f00.cu and of common.cuh:\n" +
          run.stderr)
    ref_header, ref_file = read(ref, "common.cuh"), read(ref, name(0))
    check(ref_header != HEADER and ref_file != SOURCE.format(n="00"),
          "reference run: the files were not changed")

    # 1. All files at once.
    many = os.path.join(args.work, "many")
    generate(many, args.files)
    run = warpcheck(args, many, files, jobs + ["--fix"])
    check(run.returncode == 0, "--fix -j %d: exit %d\n%s" %
          (args.jobs, run.returncode, run.stderr))
    counts = applied(run.stderr)
    expected_counts = {f: 1 for f in files}
    expected_counts["common.cuh"] = 1
    check(counts == expected_counts,
          "--fix -j %d: each file and the header must be edited once; "
          "'applied' lines per file: %s" % (args.jobs, counts))
    check(read(many, "common.cuh") == ref_header,
          "the shared header differs from the header fixed once:\n" +
          read(many, "common.cuh"))
    for n, f in enumerate(files):
        check(read(many, f) == expected_file(ref_file, n),
              "%s differs from the file fixed once:\n%s" % (f, read(many, f)))
    print("fixed %d files and their shared header, each edited once" %
          args.files)

    # 2. The fixes hold, and nothing is left to fix.
    run = warpcheck(args, many, files, jobs + ["--fix"])
    check(run.returncode == 0 and "bank conflict" not in run.stderr and
          not applied(run.stderr),
          "a second --fix still finds conflicts or edits:\n" + run.stderr)
    print("a second --fix finds no conflict and edits nothing")

    # 3. Every edited file compiles with nvcc.
    if not os.path.exists(args.nvcc):
        print("nvcc not found (%s): SKIPPED the compile check of the edited "
              "files" % args.nvcc)
    else:
        def compile_one(f):
            return f, subprocess.run(
                [args.nvcc, "-c", "-o", os.devnull, f], cwd=many,
                capture_output=True, text=True, timeout=600)
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            for f, r in pool.map(compile_one, files):
                check(r.returncode == 0, "nvcc rejects the edited %s:\n%s" %
                      (f, r.stderr))
        print("nvcc compiles all %d edited files" % args.files)

    # 4. A concurrent edit.
    victim = name(args.files // 2)
    edited = os.path.join(args.work, "edited")
    generate(edited, args.files)
    fake = os.path.join(args.work, "fake-nvcc.sh")
    with open(fake, "w") as f:
        f.write(FAKE_NVCC.format(dir=edited, victim=victim))
    os.chmod(fake, 0o755)
    run = warpcheck(args, edited, files,
                    jobs + ["--fix", "--verify-ptx", "--nvcc=" + fake])
    check(run.returncode == 1, "concurrent edit: exit %d, not 1\n%s" %
          (run.returncode, run.stderr))
    for f in ("common.cuh", victim):
        check(re.search(re.escape(f) + r": error: the file changed while it "
                        r"was analyzed; its fixes were not applied",
                        run.stderr),
              "concurrent edit of %s not reported:\n%s" % (f, run.stderr))
    meanwhile = "// edited meanwhile\n"
    check(read(edited, "common.cuh") == HEADER + meanwhile,
          "the header edited meanwhile was changed by --fix:\n" +
          read(edited, "common.cuh"))
    check(read(edited, victim) == SOURCE.format(n=victim[1:3]) + meanwhile,
          "the file edited meanwhile was changed by --fix:\n" +
          read(edited, victim))
    counts = applied(run.stderr)
    for n, f in enumerate(files):
        if f == victim:
            check(f not in counts, "%s edited meanwhile got fixes" % f)
            continue
        check(counts.get(f) == 1 and
              read(edited, f) == expected_file(ref_file, n),
              "%s not fixed once beside the concurrent edits" % f)
    print("concurrent edits of the header and of %s detected; those two "
          "left alone, the other %d files fixed" % (victim, args.files - 1))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as e:
        print("FAIL: %s" % e)
        sys.exit(1)
