#!/usr/bin/env python3
"""Mutated .cu files through the whole analysis, at release speed.

libFuzzer's analysis target (scripts/fuzz.sh analysis) runs every input
through clang and every check with sanitizer and coverage instrumentation,
about 0.5 inputs a second on this machine: far from the 10^4 files of issue
11 in a session. This script makes the files the way libFuzzer mutates
(bytes flipped, inserted, erased, copied, CUDA tokens inserted, two files
spliced), from the same seeds (cuda_samples/*.cu, test/lit/**/*.cu and the
corpus libFuzzer grew, if any), and feeds them to the release build's
replay-analysis (the same LLVMFuzzerTestOneInput: analyzeOne with every
check and every report format) in batches, with a 30 s limit per input (a
hang, as libFuzzer's -timeout). A crash or a hang stops with the input kept
in OUT/failed/.

  scripts/fuzz-mutants.py [--count 10000] [--seed 1] [--out DIR]
                          [--replay build/bin/replay-analysis] [--batch 250]
"""
import argparse
import glob
import os
import random
import shutil
import subprocess
import sys
import time

TOKENS = [b"__shared__ ", b"__global__ ", b"__device__ ", b"threadIdx.x",
          b"threadIdx.y", b"blockDim.x", b"blockIdx.x", b"__syncthreads();",
          b"<<<", b">>>", b"#pragma unroll\n", b"for (int i = 0; i < n; ++i)",
          b"[32][33]", b"[0]", b"extern ", b"float4", b"double", b"atomicAdd(",
          b"__shfl_xor_sync(0xffffffff, ", b"asm volatile(\"ld.shared.u32",
          b"template <int N>", b"#include <cooperative_groups.h>\n", b"?:",
          b"(", b")", b"{", b"}", b";", b"*", b"&", b"%", b"/ 0", b"<< 31",
          b"-1", b"4294967295", b"dim3(", b"__launch_bounds__(1024)",
          b"cudaLaunchKernel(", b"static_cast<int>(", b"sizeof(", b"\\\n",
          b"#define X(a) a a\n", b"/*", b"*/", b"//", b"\"", b"'"]


def mutate(data, other, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(8)
        n = len(data)
        if op == 0 and n:  # flip a bit
            i = rng.randrange(n)
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1:  # insert a random byte
            data.insert(rng.randint(0, n), rng.randrange(256))
        elif op == 2 and n:  # erase a range
            i = rng.randrange(n)
            del data[i:i + rng.randint(1, 64)]
        elif op == 3 and n:  # copy a range elsewhere
            i = rng.randrange(n)
            chunk = data[i:i + rng.randint(1, 128)]
            j = rng.randint(0, n)
            data[j:j] = chunk
        elif op == 4:  # insert a CUDA token
            j = rng.randint(0, n)
            data[j:j] = rng.choice(TOKENS)
        elif op == 5 and n:  # replace a number with an extreme one
            i = rng.randrange(n)
            while i < n and not chr(data[i]).isdigit():
                i += 1
            if i < n:
                data[i:i + 1] = rng.choice([b"0", b"1", b"31", b"33",
                                            b"1024", b"65536", b"2147483647"])
        elif op == 6 and other:  # splice with another seed
            i = rng.randint(0, n)
            j = rng.randint(0, len(other))
            data = data[:i] + bytearray(other[j:])
        elif op == 7 and n:  # duplicate a line many times (unrolled code)
            lines = bytes(data).split(b"\n")
            k = rng.randrange(len(lines))
            lines[k:k + 1] = [lines[k]] * rng.randint(2, 50)
            data = bytearray(b"\n".join(lines))
    return bytes(data[:4096])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/fuzz-mutants")
    ap.add_argument("--replay", default="build/bin/replay-analysis")
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--timeout", type=int, default=30)
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    seeds = sorted(glob.glob("cuda_samples/*.cu"))
    seeds += sorted(p for p in glob.glob("test/lit/**/*.cu", recursive=True)
                    if "/Output/" not in p and "/Inputs/" not in p)
    for corpus in ("build-fuzz-undefined/fuzz/corpus/analysis",
                   "build-fuzz/fuzz/corpus/analysis"):
        seeds += sorted(glob.glob(corpus + "/*"))
    texts = [open(p, "rb").read() for p in seeds]
    rng = random.Random(args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, "failed"))
    start = time.time()
    done = 0
    slowest = (0.0, "")
    env = dict(os.environ)
    while done < args.count:
        batch = os.path.join(args.out, "batch")
        shutil.rmtree(batch, ignore_errors=True)
        os.makedirs(batch)
        for k in range(min(args.batch, args.count - done)):
            data = mutate(rng.choice(texts), rng.choice(texts), rng)
            with open(os.path.join(batch, "m%06d.cu" % (done + k)), "wb") as f:
                f.write(data)
        n = len(os.listdir(batch))
        r = subprocess.run([args.replay, "--timeout=%d" % args.timeout, batch],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env)
        out = r.stdout.decode(errors="replace")
        if r.returncode != 0 or "no crash" not in out:
            err = r.stderr.decode(errors="replace").splitlines()
            last = [l for l in err if l.startswith("replay: ")]
            culprit = last[-1].split("replay: ", 1)[1] if last else "?"
            print("FAILED (exit %d) on %s" % (r.returncode, culprit))
            print("\n".join(err[-20:]))
            if os.path.exists(culprit.split(" ")[-1]):
                shutil.copy(culprit.split(" ")[-1],
                            os.path.join(args.out, "failed"))
            sys.exit(1)
        secs = float(out.split("slowest ")[1].split(" s")[0])
        if secs > slowest[0]:
            slowest = (secs, out.split("(")[-1].rstrip(")\n"))
            shutil.copy(slowest[1], os.path.join(args.out, "slowest.cu"))
        done += n
        print("%d inputs, %.0f s, slowest %.2f s" %
              (done, time.time() - start, slowest[0]), flush=True)
    print("mutated .cu files through the whole analysis: %d, seeds %d, "
          "%.0f s, 0 crashes, 0 hangs (limit %d s), slowest %.2f s"
          % (done, len(seeds), time.time() - start, args.timeout, slowest[0]))


if __name__ == "__main__":
    main()
