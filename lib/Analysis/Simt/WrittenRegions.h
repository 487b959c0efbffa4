//===--- WrittenRegions.h - What code may write in per-thread objects -----===//
//
// Before a loop's generic iteration the engine forgets what earlier
// iterations wrote. Forgetting a whole object for one written member loses
// the members the loop never touches (a column's shared-buffer offset beside
// the pixels it reloads), so this finds, without running anything, the bytes
// a statement may write through each variable it names, following the calls
// it makes into their bodies. Every answer over-approximates: an address
// that escapes, a callee without a body, a write through a pointer the code
// loaded make the region the whole object or "unresolved" (any exposed one).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_WRITTENREGIONS_H
#define WARPCHECK_ANALYSIS_SIMT_WRITTENREGIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <memory>
#include <utility>

namespace warpcheck {
namespace simt {

/// The bytes written where one root points: byte ranges from that point, or
/// anywhere in the object.
struct RootWrites {
  bool Whole = false;
  llvm::SmallVector<std::pair<int64_t, uint64_t>, 4> Ranges; // offset, size

  void add(int64_t Off, uint64_t Size);
  /// Another root's writes seen From bytes further on.
  void addShifted(const RootWrites &W, int64_t From);
  bool empty() const { return !Whole && Ranges.empty(); }
};

/// What a statement may write, by the root of each written lvalue: a
/// variable (an object itself, or the object a pointer or reference
/// variable designates) or `this`.
struct WriteSet {
  std::map<const clang::VarDecl *, RootWrites> Vars;
  RootWrites This;
  /// A write through an address the code computed or loaded, or through a
  /// pointer it rebinds: any object whose address was taken.
  bool Unresolved = false;
  /// It calls a function (one not followed may write escaped objects).
  bool Calls = false;
  /// It runs inline assembly.
  bool Asm = false;
};

class WrittenRegions {
public:
  explicit WrittenRegions(clang::ASTContext &Ctx);
  ~WrittenRegions();
  /// What S may write (cached per statement).
  const WriteSet &writesIn(const clang::Stmt *S);

  /// What a function's returned reference or pointer designates.
  struct Returned {
    enum Kind { Unresolved, Elsewhere, This, Param } K = Unresolved;
    unsigned Index = 0; ///< Param
    /// Within [Off, Off + Size) of where the root points, when Precise.
    bool Precise = false;
    int64_t Off = 0;
    uint64_t Size = 0;
  };
  /// What a call of FD may write through each parameter and `this`.
  struct Summary {
    Returned Returns;
    std::vector<RootWrites> Params;
    RootWrites This;
    bool Unresolved = false;
  };
  const Summary &summaryOf(const clang::FunctionDecl *FD, unsigned Depth);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<WriteSet>> Statements;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Summary>>
      Summaries;
  friend class RegionWalker;
};

} // namespace simt
} // namespace warpcheck

#endif
