//===--- CudaBuiltins.h - threadIdx, blockDim, atomics... ------*- C++ -*-===//
#ifndef WARPCHECK_ANALYSIS_CUDABUILTINS_H
#define WARPCHECK_ANALYSIS_CUDABUILTINS_H

#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace warpcheck {

/// The CUDA built-in index variables.
enum class BuiltinIndexKind { ThreadIdx, BlockIdx, BlockDim, GridDim };

struct BuiltinIndex {
  BuiltinIndexKind Kind;
  unsigned Dim; // 0, 1, 2 for x, y, z
};

/// Recognizes `threadIdx.x` and friends, as clang's CUDA headers declare
/// them (a property of a __cuda_builtin_*_t variable), in both the real
/// toolkit headers and warpcheck's built-in prelude.
std::optional<BuiltinIndex> matchBuiltinIndex(const clang::Expr *E);

/// "x", "y" or "z" when E is `Builtin.x` (Builtin "threadIdx", "blockDim",
/// ...) as a property of the headers' built-in variable or a plain member,
/// through parentheses, casts and pseudo-objects; "" otherwise. Host code
/// scans (BlockShapePolicy, ShapeFamily) use it where no engine value exists.
std::string builtinMember(const clang::Expr *E, llvm::StringRef Builtin);

/// "threadIdx.x".
std::string builtinIndexName(BuiltinIndex B);

/// True for atomicAdd, atomicCAS_block, ... : the first argument is the
/// address updated.
bool isAtomicFunctionName(llvm::StringRef Name);

/// True when a __shared__ variable declaration.
bool isSharedVariable(const clang::VarDecl *VD);

} // namespace warpcheck

#endif
