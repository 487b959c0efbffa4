//===--- ParseFailures.h - Kernels clang did not fully parse -----*- C++ -*-===//
//
// A kernel whose body did not parse is not analyzed; a kernel that calls a
// function whose body did not parse is analyzed around it. Either way the
// user gets a note saying which code was left out and why.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_PARSEFAILURES_H
#define WARPCHECK_CHECKS_PARSEFAILURES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <string>
#include "KernelAnalysis.h"

#include <vector>

namespace warpcheck {

/// True when the kernel itself is not analyzed: no body, an invalid
/// declaration, or a body that did not parse.
bool kernelDidNotParse(const clang::FunctionDecl *Kernel);

/// The notes ("file:line:col: note: ...") for a kernel skipped because its
/// body did not parse, or for the functions it calls (transitively) whose
/// bodies did not parse.
std::vector<std::string> parseFailureNotes(const clang::FunctionDecl *Kernel,
                                           clang::ASTContext &Context);

} // namespace warpcheck

#endif
