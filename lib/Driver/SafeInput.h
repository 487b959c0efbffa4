//===--- SafeInput.h - Everything read from untrusted input -----*- C++ -*-===//
//
// warpcheck runs unattended in CI and in editors on repositories it has never
// seen. Everything it reads from them goes through the headers below: files
// are refused unless they are regular files under a size limit, JSON and
// YAML under a nesting limit (BoundedInput.h), configuration files are
// validated key by key (ConfigValidation.h), compilation databases load with
// limits (CompilationDatabase.h), and compile commands lose the flags that
// would write files or load code (CompileCommand.h). Each refusal is one line
// that names the file and the limit (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SAFEINPUT_H
#define WARPCHECK_DRIVER_SAFEINPUT_H

#include "BoundedInput.h"
#include "CompilationDatabase.h"
#include "CompileCommand.h"
#include "ConfigValidation.h"

#endif
