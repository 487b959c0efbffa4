//===--- ShapeFamily.h - The block shapes a kernel may run with -*- C++ -*-===//
//
// When nothing in the code fixes a kernel's block shape (no launch, or a
// launch with a run-time size), warpcheck does not pick one: it analyzes a
// small family of shapes consistent with the code and reports, per access,
// what holds across all of them: a range, never exact (the family is an
// assumption; a shape outside it is not covered). The family: 1-D blocks of
// 32 to 1024 threads (powers of two), or, when the kernel reads threadIdx.y
// or blockDim.y, common 2-D shapes; bounded by __launch_bounds__ and by the
// extents of the __shared__ arrays the kernel indexes with threadIdx
// directly on every path (an index past the array is not a shape the code
// can run with). docs/block-shapes.md
// describes it for users.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SHAPEFAMILY_H
#define WARPCHECK_ANALYSIS_SHAPEFAMILY_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// The most shapes of one family.
constexpr size_t MaxFamilyShapes = 10;

struct ShapeFamily {
  /// Every shape analyzed, the representative first.
  std::vector<Dim3> Shapes;
  /// "1-D blocks of 32, 64, 128 or 256 threads (at most 256: the index
  /// 'threadIdx.x' of 's' at f.cu:12)".
  std::string Assumed;
};

/// The family of shapes Kernel may run with. nullopt when the code reads
/// threadIdx.z or blockDim.z (no family is assumed in 3-D; WhyNot says so).
/// LaunchBound is the kernel's __launch_bounds__ maximum, when it has one.
std::optional<ShapeFamily> shapeFamily(const clang::FunctionDecl *Kernel,
                                       const clang::ASTContext &Ctx,
                                       std::optional<int64_t> LaunchBound,
                                       std::string &WhyNot);

/// Whether Kernel, or a function it calls, names a __shared__ variable:
/// without one, no access can differ from shape to shape.
bool namesSharedMemory(const clang::FunctionDecl *Kernel);

} // namespace warpcheck

#endif
