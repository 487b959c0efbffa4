//===--- OutParameters.h - What a function hands back through pointers ----===//
//
// `initCUDA(argc, argv, &matrixMul, &block_size)` (cuda-samples'
// matrixMulDrv) picks a kernel and its block size together: a loop over a
// table of kernel names stops at the first one a device query allows and
// stores both through pointer parameters. Each value alone is a set; only
// the pairs say which kernel runs with which size. handedBack runs the
// function's body way by way, as a reader would, and gives one tuple of the
// values stored through its pointer parameters per way that returns.
//
// The run is sound by construction: what it does not model is unknown,
// never a made-up value. A condition it cannot decide (a device query, a
// call's result, whether a lookup gave null) takes both ways. A local
// whose address a call receives is unknown from then on; a local whose
// address goes anywhere else, a reference, or one a lambda names is never
// known. A parameter other than a pointer only stored through (`*p = v`)
// is unknown in every tuple. A statement it does not model (switch, goto,
// try, range-for, a side effect in a short-circuited operand, a store to a
// left side it cannot place, operands whose order C++ leaves open and
// that see each other's changes) ends the whole run without an answer. A
// call of exit, abort or a [[noreturn]] function ends its way; a way a
// call ends without saying so (a throw) is one more tuple the run gives,
// never one fewer.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_OUTPARAMETERS_H
#define WARPCHECK_ANALYSIS_HOST_OUTPARAMETERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// A value a way through the function gives: an integer, a kernel name
/// looked up by cuModuleGetFunction, a null pointer, or unknown.
struct PathValue {
  enum KindT { Unknown, Int, Name, Null } Kind = Unknown;
  int64_t I = 0;
  std::string S;

  static PathValue integer(int64_t V) { return {Int, V, {}}; }
  static PathValue name(std::string N) { return {Name, 0, std::move(N)}; }
  static PathValue null() { return {Null, 0, {}}; }
  bool operator==(const PathValue &O) const {
    return Kind == O.Kind && I == O.I && S == O.S;
  }
};

/// What one way through the function leaves behind its pointer
/// parameters: the last value stored through each (`*p = v`); a parameter
/// no store of the way reaches is absent.
struct HandedBack {
  std::map<const clang::ParmVarDecl *, PathValue> Stored;
};

/// Every distinct tuple F's ways hand back, or nullopt (WhyNot says why)
/// when F has no body, its body holds what the run does not model, or the
/// run exceeds its budget (64 ways at once, 64 iterations per loop).
std::optional<std::vector<HandedBack>> handedBack(const clang::FunctionDecl *F,
                                                  const clang::ASTContext &Ctx,
                                                  std::string &WhyNot);

} // namespace warpcheck

#endif
