"""Runs the README's clang-tidy route exactly as written (the lines of its
"Using it" block that write the translated compile commands and run
clang-tidy-19 with the plugin), in a folder with build/compile_commands.json
holding an nvcc command for src/transpose.cu. Only the paths of the built
tool, plugin and clang-tidy are put in.

  readme_route.py README WARPCHECK PLUGIN CLANG_TIDY SAMPLE WORK
"""
import json
import os
import re
import shutil
import subprocess
import sys

readme, warpcheck, plugin, clang_tidy, sample, work = sys.argv[1:7]
text = open(readme).read()
block = re.search(r"## Using it\n+```\n(.*?)```", text, re.S).group(1)
commands = []
for line in block.replace("\\\n", " ").splitlines():
    line = line.split("  #")[0].strip()
    if "--write-compile-commands" in line or line.startswith("clang-tidy"):
        commands.append(line)
assert len(commands) == 2, commands

os.makedirs(os.path.join(work, "src"))
os.makedirs(os.path.join(work, "build"))
shutil.copy(sample, os.path.join(work, "src", "transpose.cu"))
shutil.copy(os.path.join(os.path.dirname(sample), "sample_check.cuh"),
            os.path.join(work, "src"))
with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
    json.dump([{"directory": work, "file": "src/transpose.cu",
                "command": "nvcc -arch=sm_80 -O3 -c src/transpose.cu -o transpose.o"}], f)

status = 0
for c in commands:
    c = c.replace("build/lib/libWarpcheckTidyPlugin.so", plugin)
    c = re.sub(r"^warpcheck ", warpcheck + " ", c)
    c = re.sub(r"^clang-tidy-19 ", clang_tidy + " ", c)
    print("$ " + c, flush=True)
    p = subprocess.run(c, shell=True, cwd=work, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    print(p.stdout, end="", flush=True)
    status |= p.returncode
sys.exit(status)
