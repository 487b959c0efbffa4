# lit configuration for warpcheck's end-to-end tests: annotated .cu files
# whose CHECK-MESSAGES lines sit next to the code they describe.
import os
import sys

import lit.formats

config.name = "warpcheck"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

warpcheck = lit_config.params.get("warpcheck")
if not warpcheck:
    lit_config.fatal("pass --param warpcheck=PATH/TO/warpcheck")
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-19/bin")
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "CUDA_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Every diagnostic must be annotated: anything else fails the test.
config.substitutions.append(
    ("%check-messages",
     "FileCheck %s -check-prefix=CHECK-MESSAGES "
     "-implicit-check-not='{{warning|error}}:'"))
config.substitutions.append(("%warpcheck", warpcheck))
config.substitutions.append(("%python", sys.executable))
