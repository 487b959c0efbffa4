//===--- BlockShape.h - Thread blocks and their warps ----------*- C++ -*-===//
#ifndef WARPCHECK_MODEL_BLOCKSHAPE_H
#define WARPCHECK_MODEL_BLOCKSHAPE_H

#include <optional>
#include <string>

namespace warpcheck {

/// A thread-block shape. Threads are numbered x + y*X + z*X*Y and each warp
/// takes 32 consecutive numbers, so with a 16x16 block a warp spans two rows.
struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  unsigned threads() const { return X * Y * Z; }
  unsigned warps() const { return (threads() + 31) / 32; }
  /// The coordinates of linear thread id Id.
  Dim3 coordinatesOf(unsigned Id) const {
    return Dim3{Id % X, (Id / X) % Y, Id / (X * Y)};
  }
  bool operator==(const Dim3 &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
  bool operator!=(const Dim3 &O) const { return !(*this == O); }
  bool operator<(const Dim3 &O) const {
    return X != O.X ? X < O.X : Y != O.Y ? Y < O.Y : Z < O.Z;
  }
  /// "32x16x1".
  std::string str() const;
  /// Parses "X[,Y[,Z]]" or "XxYxZ"; nullopt when malformed, zero or above
  /// 1024 threads.
  static std::optional<Dim3> parse(const std::string &Text);
};

} // namespace warpcheck

#endif
