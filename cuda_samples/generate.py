#!/usr/bin/env python3
"""Generates a corpus that is not committed, and checks it against the
committed pin: the sha256 of every generated file, in sha256sum's format.

Corpora (NAME, its generator, its pin):
  local_calibration  local_calibration/gen_corpus.py: corpus_NN.cu,
                     host_NN.cu, kernels.tsv
                     pin local_calibration/corpus.sha256
  atomics            atomics/gen_atomics.py and gen_atomics_wide.py, with the
                     probe tags read from measurements/h100-atomics:
                     atomics.cu, atomics_wide.cu
                     pin atomics/atomics.sha256

The committed results (calibrate.sh's results/, the H100 measurements) were
made from the pinned corpus, so a generator that writes anything else fails
here (exit 1) until the corpus is re-measured and the pin rewritten with
--update. --unchecked only reports a difference (the measurement scripts,
which are what re-measures).
atomics.cu includes "../sample_check.cuh": build or analyze it with
-I cuda_samples/atomics.

Usage: generate.py [--update | --unchecked] NAME OUTDIR
"""
import argparse
import hashlib
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# The steps that remake each corpus and what to do before rewriting its pin.
CORPORA = {
    "local_calibration": {
        "pin": os.path.join(HERE, "local_calibration", "corpus.sha256"),
        "remeasure": "run cuda_samples/local_calibration/calibrate.sh (nvcc) "
                     "and measure.sh (on the H100), and commit "
                     "results/ and cuda_samples/measurements/h100-local "
                     "with it",
    },
    "atomics": {
        "pin": os.path.join(HERE, "atomics", "atomics.sha256"),
        "remeasure": "run cuda_samples/atomics/measure.sh on the H100 and "
                     "commit cuda_samples/measurements/h100-atomics with it "
                     "(the probe "
                     "tags are read from that measurement)",
    },
}


def generate(name, out, pinned):
    """Writes the corpus NAME into OUT, after removing the corpus files a
    previous run left there. A folder holding anything else (a source
    folder given by mistake) is refused, never emptied."""
    if os.path.isdir(out):
        foreign = sorted(f for f in os.listdir(out) if f not in pinned)
        if foreign:
            sys.exit(f"{out} holds files that are not part of the {name} "
                     f"corpus ({', '.join(foreign[:3])}"
                     f"{', ...' if len(foreign) > 3 else ''}): not "
                     f"touched; give a new or empty folder")
        for f in os.listdir(out):
            os.remove(os.path.join(out, f))
    os.makedirs(out, exist_ok=True)
    if name == "local_calibration":
        run([os.path.join(HERE, "local_calibration", "gen_corpus.py"), out],
            subprocess.DEVNULL)
        return
    truth = os.path.join(HERE, "measurements", "h100-atomics")
    for gen, target in (("gen_atomics.py", "atomics.cu"),
                        ("gen_atomics_wide.py", "atomics_wide.cu")):
        with open(os.path.join(out, target), "w") as f:
            run([os.path.join(HERE, "atomics", gen), "--truth", truth], f)


def run(cmd, stdout):
    """Runs a generator (a Python script); its messages only if it fails."""
    p = subprocess.run([sys.executable] + cmd, stdout=stdout,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode:
        sys.exit(f"{os.path.relpath(cmd[0], HERE)} failed "
                 f"({p.returncode}):\n{p.stderr}")


def digests(out):
    """{file name: sha256} of every file in OUT."""
    result = {}
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), "rb") as f:
            result[name] = hashlib.sha256(f.read()).hexdigest()
    return result


def read_pin(path):
    pin = {}
    if os.path.exists(path):
        for line in open(path):
            digest, name = line.rstrip("\n").split("  ", 1)
            pin[name] = digest
    return pin


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--update", action="store_true",
                      help="rewrite the pin from what was generated")
    mode.add_argument("--unchecked", action="store_true",
                      help="report a difference from the pin, exit 0")
    ap.add_argument("name", choices=sorted(CORPORA))
    ap.add_argument("out")
    args = ap.parse_args()
    corpus = CORPORA[args.name]
    generate(args.name, args.out, read_pin(corpus["pin"]))
    made = digests(args.out)
    pin_path = corpus["pin"]
    rel_pin = os.path.relpath(pin_path, os.path.dirname(HERE))
    if args.update:
        with open(pin_path, "w") as f:
            for name, digest in made.items():
                f.write(f"{digest}  {name}\n")
        print(f"{rel_pin}: {len(made)} files pinned")
        return 0
    pin = read_pin(pin_path)
    differ = sorted(n for n in set(made) | set(pin)
                    if made.get(n) != pin.get(n))
    if not differ:
        print(f"{args.name}: {len(made)} files generated in {args.out}, "
              f"as pinned by {rel_pin}")
        return 0
    what = ", ".join(
        f"{n} ({'new' if n not in pin else 'gone' if n not in made else 'changed'})"
        for n in differ[:8]) + (f" and {len(differ) - 8} more"
                                if len(differ) > 8 else "")
    message = (f"{args.name}: the generator now writes a different corpus "
               f"than the one measured (pinned by {rel_pin}): {what}.")
    if args.unchecked:
        print(f"note: {message} Measuring the new corpus.")
        return 0
    print(f"error: {message}\nThe committed results were made from the "
          f"pinned corpus. If the change is meant, re-measure: "
          f"{corpus['remeasure']}; then pin the new corpus with\n"
          f"  python3 cuda_samples/generate.py --update {args.name} "
          f"{args.out}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
