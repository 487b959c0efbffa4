//===--- BlockShape.cpp - Thread blocks and their warps -------------------===//

#include "BlockShape.h"

#include <cstdlib>
#include <vector>

namespace warpcheck {

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<Dim3> Dim3::parse(const std::string &Text) {
  std::vector<unsigned> Parts;
  size_t I = 0;
  while (I <= Text.size()) {
    size_t J = Text.find_first_of(",x", I);
    if (J == std::string::npos)
      J = Text.size();
    std::string Part = Text.substr(I, J - I);
    if (Part.empty() ||
        Part.find_first_not_of("0123456789") != std::string::npos ||
        Part.size() > 5)
      return std::nullopt;
    Parts.push_back(unsigned(std::strtoul(Part.c_str(), nullptr, 10)));
    I = J + 1;
  }
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  Dim3 D;
  D.X = Parts[0];
  if (Parts.size() > 1)
    D.Y = Parts[1];
  if (Parts.size() > 2)
    D.Z = Parts[2];
  if (D.X == 0 || D.Y == 0 || D.Z == 0 || D.Z > 64 ||
      uint64_t(D.X) * D.Y * D.Z > 1024)
    return std::nullopt;
  return D;
}

} // namespace warpcheck
