"""Writes a compile_commands.json in DIR with one nvcc command per value
flag (the value a separate argument, as CMake and hand-written databases
give it), each for its own copy of good.cu (hostile-nvcc-options.test)."""
import json
import shutil
import sys

d, good = sys.argv[1], sys.argv[2]
flags = ["-optf tile.opts", "--library-path padded.cu", "--run-args X",
         "--split-compile 4", "--machine 64", "-Werror all-warnings",
         "-Werror padded.cu", "-m 64", "-ftemplate-depth 64",
         "--compress-mode size", "-MF padded.cu", "-e padded.cu",
         "--sanitize memcheck", "-time padded.cu", "-opt-info inline",
         "--dependency-target-name padded.cu", "-ldir padded.cu"]
entries = []
for i, flag in enumerate(flags):
    name = "f%02d.cu" % i
    shutil.copy(good, "%s/%s" % (d, name))
    entries.append({"directory": d, "file": name,
                    "command": "/usr/local/cuda/bin/nvcc %s -c %s" % (flag, name)})
json.dump(entries, open(d + "/compile_commands.json", "w"), indent=1)
open(d + "/tile.opts", "w").write("-DTILE=32\n")
