#!/usr/bin/env python3
"""Fills ggml-local-memory.py's ptxas cache with many compiles at once.

On a machine with more cores than the one warpcheck runs on (the GPU
machine: ptxas needs no GPU), run the compile database's own nvcc command
for each listed file, exactly as scripts/trials/ggml-local-memory.py does
(same command, same cache key), N at a time; then run that script where
warpcheck runs with --cache pointing at the filled folder.

  scripts/trials/ggml-ptxas-fill.py -p DB --cache DIR -j 14 FILE...
"""
import argparse
import concurrent.futures
import importlib.util
import os
import sys

Here = os.path.dirname(os.path.abspath(__file__))
Spec = importlib.util.spec_from_file_location(
    "ggml_local_memory", os.path.join(Here, "ggml-local-memory.py"))
Local = importlib.util.module_from_spec(Spec)
Spec.loader.exec_module(Local)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("-j", type=int, default=8)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    def one(path):
        entry = Local.database_entry(a.p, path)
        if entry is None:
            return path, "no entry"
        try:
            Local.run_ptxas(entry, a.cache, a.timeout)
            return path, "ok"
        except Exception as e:  # one failure must not stop the others
            return path, "failed: %s" % str(e)[:300]

    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        for path, status in pool.map(one, a.files):
            print(os.path.basename(path), status, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
