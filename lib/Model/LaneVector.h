//===--- LaneVector.h - One symbolic integer per thread ---------*- C++ -*-===//
//
// The values of the N threads of a block, one SymbolicInt each. Most values
// in a kernel are the same in every thread (constants, kernel parameters,
// blockIdx, loop counters): those are stored once, and combining two of them
// costs one operation instead of N. Reading a lane never copies; writing a
// lane of a uniform vector expands it to N values first, so code written
// lane by lane stays correct and only the fast paths below need to know.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_LANEVECTOR_H
#define WARPCHECK_MODEL_LANEVECTOR_H

#include "SymbolicInt.h"

#include <cassert>
#include <cstddef>
#include <iterator>
#include <vector>

namespace warpcheck {

class LaneVector {
public:
  LaneVector() = default;
  LaneVector(size_t N, const SymbolicInt &V) { assign(N, V); }

  /// N threads, all holding V (stored once).
  void assign(size_t N, const SymbolicInt &V) {
    Size = N;
    Data.clear();
    if (N)
      Data.push_back(V);
    Uniform = true;
  }
  size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  /// Every thread holds the same value (stored once).
  bool isUniform() const { return Uniform; }

  const SymbolicInt &operator[](size_t I) const {
    assert(I < Size && "lane out of range");
    return Uniform ? Data[0] : Data[I];
  }
  SymbolicInt &operator[](size_t I) {
    assert(I < Size && "lane out of range");
    expand();
    return Data[I];
  }
  /// Resizes to N lanes; new lanes hold 0.
  void resize(size_t N) {
    expand();
    Data.resize(N);
    Size = N;
    Uniform = N <= 1;
  }

  /// Applies F to every distinct stored value: once for a uniform vector.
  /// F must not depend on the lane.
  template <typename Fn> void transform(Fn F) {
    for (SymbolicInt &V : Data)
      V = F(V);
  }

  /// Iteration over the N lanes (a uniform vector repeats its value).
  class const_iterator {
  public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = SymbolicInt;
    using difference_type = std::ptrdiff_t;
    using pointer = const SymbolicInt *;
    using reference = const SymbolicInt &;
    const_iterator(const LaneVector *V, size_t I) : V(V), I(I) {}
    reference operator*() const { return (*V)[I]; }
    pointer operator->() const { return &(*V)[I]; }
    const_iterator &operator++() {
      ++I;
      return *this;
    }
    bool operator==(const const_iterator &O) const { return I == O.I; }
    bool operator!=(const const_iterator &O) const { return I != O.I; }

  private:
    const LaneVector *V;
    size_t I;
  };
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_iterator(this, Size); }
  /// Mutable iteration expands a uniform vector.
  std::vector<SymbolicInt>::iterator begin() {
    expand();
    return Data.begin();
  }
  std::vector<SymbolicInt>::iterator end() {
    expand();
    return Data.end();
  }

  bool operator==(const LaneVector &O) const {
    if (Size != O.Size)
      return false;
    if (Uniform && O.Uniform)
      return Size == 0 || Data[0] == O.Data[0];
    for (size_t I = 0; I < Size; ++I)
      if ((*this)[I] != O[I])
        return false;
    return true;
  }
  bool operator!=(const LaneVector &O) const { return !(*this == O); }

private:
  void expand() {
    if (!Uniform || Size <= 1)
      return;
    SymbolicInt V = Data[0];
    Data.assign(Size, V);
    Uniform = false;
  }

  std::vector<SymbolicInt> Data;
  size_t Size = 0;
  bool Uniform = false;
};

} // namespace warpcheck

#endif
