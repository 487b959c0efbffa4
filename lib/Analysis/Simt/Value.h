//===--- Value.h - Lane values and lvalues --------------------------*- C++ -*-===//
//
// A Value holds what every thread of the block computes for one expression
// (one SymbolicInt per thread), or a pointer (a region and a per-thread byte
// offset), or nothing known. An LValue says where an object lives.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_VALUE_H
#define WARPCHECK_ANALYSIS_SIMT_VALUE_H

#include "KernelAnalysisTypes.h"
#include "RequestAnalysis.h"
#include "LaneArithmetic.h"
#include "LaneVector.h"
#include "SymbolicInt.h"

#include "clang/AST/Decl.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace warpcheck {
namespace simt {

using Lanes = LaneVector;

/// A value of every thread of the block.
struct Value {
  enum class Kind { Int, Pointer, Unknown };
  Kind K = Kind::Unknown;
  /// Int: the value. Pointer: the byte offset into the pointee region.
  Lanes L;
  /// Pointer: the __shared__ variable pointed into (nullptr: other memory).
  const clang::VarDecl *Shared = nullptr;
  /// Pointer: the per-thread array or struct pointed into.
  const clang::VarDecl *LocalObject = nullptr;
  /// Pointer: a name for the memory pointed to, for explanations.
  std::string Region;
  /// What opaque lanes depend on.
  std::vector<std::string> Deps;
  /// Whether the compiler knows the value: why not, and the loops whose
  /// unrolling it depends on.
  CompileTime CT;
};

/// An object designated by an lvalue expression.
struct LValue {
  /// Shared: __shared__ storage. Local: a scalar local variable, whose
  /// value the interpreter follows. LocalObject: a per-thread array or
  /// struct (registers or local memory). Memory: anything else.
  enum class Kind { Shared, Local, LocalObject, Memory, None };
  Kind K = Kind::None;
  /// Shared, LocalObject: the variable; Local: the variable.
  const clang::VarDecl *Var = nullptr;
  /// Shared, LocalObject and Memory: the byte offset of every thread.
  Lanes Offset;
  std::string Region;
  std::vector<std::string> Deps;
  /// LocalObject: whether the compiler knows the offset.
  CompileTime CT;
};

/// One cell of a per-thread object: what each thread last stored at one
/// byte offset, with the access size. An Int or Pointer value keeps its
/// lanes (an opaque lane: that thread's content is unknown); any other kind
/// (a float, say) only marks the bytes as holding something else.
struct ObjectCell {
  uint64_t Size = 0;
  Value V;
};

/// The contents of one per-thread object: an aggregate local (array, struct,
/// union, vector type) or a scalar local whose address was taken. A byte
/// range without a cell holds something unknown (filled from memory, by a
/// call not followed, never written); Deps says why.
struct ThreadObject {
  std::map<int64_t, ObjectCell> Cells;
  std::vector<std::string> Deps;
  /// The same, unknown content in every thread (a kernel parameter passed
  /// by value): a read of an unwritten cell is one warp-uniform unknown.
  bool UniformContent = false;
  /// A pointer to it was made: writes the engine cannot resolve may land in
  /// it.
  bool Exposed = false;
  /// Its address left the code the engine follows (stored to memory, held
  /// by a lambda, passed to a call not followed): any call not followed may
  /// write it.
  bool Escaped = false;
};

inline void addDeps(std::vector<std::string> &To,
                    const std::vector<std::string> &From) {
  for (const auto &N : From)
    if (std::find(To.begin(), To.end(), N) == To.end())
      To.push_back(N);
}

inline void addDep(std::vector<std::string> &To, const std::string &N) {
  if (std::find(To.begin(), To.end(), N) == To.end())
    To.push_back(N);
}

} // namespace simt
} // namespace warpcheck

#endif
