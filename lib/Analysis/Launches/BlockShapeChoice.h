//===--- BlockShapeChoice.h - A block shape and where it came from -*- C++
//-*-===//
//
// The block shapes a kernel is analyzed with come from the code or the
// options (a launch, a comment, --block-dim) or are assumed (a family of
// shapes, __launch_bounds__ alone, the default); an assumed shape never
// gives an exact answer. BlockShapePolicy.h chooses them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_BLOCKSHAPECHOICE_H
#define WARPCHECK_ANALYSIS_LAUNCHES_BLOCKSHAPECHOICE_H

#include "BlockShape.h"

#include <string>
#include <vector>

namespace warpcheck {

/// The block shape used for a kernel default when nothing else gives one.
constexpr Dim3 DefaultBlockDim{256, 1, 1};

/// One block shape to analyze a kernel with, and where it came from.
struct BlockShapeChoice {
  Dim3 Block;
  /// "option", "comment", "launch", "block-dim", "comparison", "family",
  /// "launch_bounds" or "default".
  std::string Source;
  /// Human-readable origin: "from launch at main.cu:88".
  std::string Description;
  /// For Source "family": every shape to analyze, Block first; what is
  /// reported must hold for all of them (ShapeFamily.h).
  std::vector<Dim3> Family = {};

  /// Whether nothing in the code or the options fixes the shape: it was
  /// assumed ("family", "default", "launch_bounds"). An access analyzed on
  /// an assumed shape is never exact (docs/block-shapes.md): a launch with
  /// another shape is not covered.
  bool assumed() const {
    return Source == "family" || Source == "default" ||
           Source == "launch_bounds";
  }
  /// Every shape analyzed: the family, or Block.
  std::vector<Dim3> analyzedShapes() const {
    return Family.empty() ? std::vector<Dim3>{Block} : Family;
  }
};

} // namespace warpcheck

#endif
