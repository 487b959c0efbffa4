//===--- LocalArrayAnalysis.cpp - Per-thread arrays: registers or local ---===//

#include "LocalArrayAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang;

namespace warpcheck {

const char *localArrayStatusName(LocalArrayStatus S) {
  switch (S) {
  case LocalArrayStatus::Registers:
    return "registers";
  case LocalArrayStatus::Local:
    return "local";
  case LocalArrayStatus::Unknown:
    return "unknown";
  }
  return "unknown";
}

namespace {

std::string sourceOf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R =
      SM.getExpansionRange(CharSourceRange::getTokenRange(E->getSourceRange()));
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  return Text;
}

/// The index expression of an access: `a[i]` gives `i`; a member of a
/// struct element gives the subscript underneath.
const Expr *indexOf(const Expr *Site) {
  const Expr *E = Site->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return AS->getIdx();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref) {
        E = UO->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
    return nullptr;
  }
}

/// True when the access subscripts a one-dimensional array of one element
/// directly (`q[j]` of `float4 q[1]`, or `s.q[j]`): any index other than 0
/// is out of bounds, so NVVM takes it as 0 and keeps no depot (measured:
/// one_lane, one_loop and one_float_lane of the calibration kernels).
bool subscriptsOneElement(const Expr *Site, const ASTContext &Ctx) {
  if (!Site)
    return false;
  const Expr *E = Site->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E))
    E = ME->getBase()->IgnoreParenImpCasts();
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
  if (!AS)
    return false;
  const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
  // Through `s.q`, not `p->q` (the object behind a pointer is not local).
  while (const auto *ME = dyn_cast_or_null<MemberExpr>(Base))
    Base = ME->isArrow() ? nullptr : ME->getBase()->IgnoreParenImpCasts();
  if (!Base || !isa<DeclRefExpr>(Base))
    return false;
  const auto *AT = Ctx.getAsConstantArrayType(
      AS->getBase()->IgnoreParenImpCasts()->getType());
  return AT && AT->getSize() == 1 && !AT->getElementType()->isArrayType();
}

/// The function a constant callee expression designates: a constexpr (or
/// const, or reference) variable with a constant initializer, a
/// constexpr function's result, a template argument.
const FunctionDecl *constantCallee(const Expr *Callee, ASTContext &Ctx) {
  const Expr *E = Callee->IgnoreParenImpCasts();
  APValue Value;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      return F;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || isa<ParmVarDecl>(V) || !V->getInit() ||
        V->getInit()->isValueDependent() ||
        !(V->isConstexpr() || V->getType().isConstQualified() ||
          V->getType()->isReferenceType()))
      return nullptr;
    const APValue *A = V->evaluateValue();
    if (!A)
      return nullptr;
    Value = *A;
  } else {
    Expr::EvalResult R;
    if (E->isValueDependent() ||
        !(E->isGLValue() ? E->EvaluateAsLValue(R, Ctx)
                         : E->EvaluateAsRValue(R, Ctx)) ||
        R.HasSideEffects)
      return nullptr;
    Value = R.Val;
  }
  if (!Value.isLValue() || Value.isNullPointer() ||
      !Value.getLValueOffset().isZero())
    return nullptr;
  return dyn_cast_if_present<FunctionDecl>(
      Value.getLValueBase().dyn_cast<const ValueDecl *>());
}

/// The callee of a call through a constant function pointer or reference
/// that Site (an argument) is passed to, when nvcc inlines it: it is not
/// __noinline__ and has a body (measured: cfp_var, cfp_targ, cfp_ref,
/// cfp_static keep no depot; their __noinline__ forms keep one).
const FunctionDecl *inlinedConstantCallee(const Expr *Site, ASTContext &Ctx) {
  if (!Site)
    return nullptr;
  const Stmt *Child = Site;
  const CallExpr *Call = nullptr;
  for (unsigned Depth = 0; Depth < 6 && !Call; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.size() != 1 || !Parents[0].get<Expr>())
      return nullptr;
    const Expr *P = Parents[0].get<Expr>();
    Call = dyn_cast<CallExpr>(P);
    Child = P;
  }
  if (!Call || Call->getDirectCallee() ||
      llvm::none_of(Call->arguments(), [&](const Expr *Arg) {
        return Arg->IgnoreParenImpCasts() == Site->IgnoreParenImpCasts() ||
               Arg == Site;
      }))
    return nullptr;
  const FunctionDecl *F = constantCallee(Call->getCallee(), Ctx);
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || Def->hasAttr<NoInlineAttr>() ||
      F->hasAttr<NoInlineAttr>() || Def->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  return Def;
}

unsigned lineOf(const Stmt *S, const SourceManager &SM) {
  return SM.getPresumedLineNumber(SM.getExpansionLoc(S->getBeginLoc()));
}

std::string causeText(const CompileTime &CT) {
  switch (CT.Why) {
  case CompileTime::Cause::Thread:
    return "the index depends on '" + CT.What + "'";
  case CompileTime::Cause::Launch:
    return "the index depends on '" + CT.What +
           "', which the compiler does not know";
  case CompileTime::Cause::Parameter:
    return "the index depends on kernel parameter '" + CT.What + "'";
  case CompileTime::Cause::Memory:
    return "the index depends on " + CT.What;
  case CompileTime::Cause::Call:
    return "the index depends on " + CT.What;
  case CompileTime::Cause::Condition:
    return "the index is chosen by '" + CT.What +
           "', which is not known at compile time";
  case CompileTime::Cause::Loop:
  case CompileTime::Cause::None:
    break;
  }
  return "the index is not known at compile time";
}

/// Bytes of one element of the array, or of the array member of a struct
/// (the smallest when there are several).
uint64_t elementBytes(QualType T, const ASTContext &Ctx) {
  if (T->isArrayType())
    return Ctx.getTypeSizeInChars(Ctx.getBaseElementType(T)).getQuantity();
  uint64_t Min = 0;
  if (const auto *RD = T->getAsRecordDecl())
    for (const FieldDecl *F : RD->fields())
      if (F->getType()->isArrayType()) {
        uint64_t B = elementBytes(F->getType(), Ctx);
        Min = Min ? std::min(Min, B) : B;
      }
  return Min ? Min : Ctx.getTypeSizeInChars(T).getQuantity();
}

/// Bytes of the array itself, or of the array members of a struct.
uint64_t arrayBytes(QualType T, const ASTContext &Ctx) {
  if (T->isArrayType())
    return Ctx.getTypeSizeInChars(T).getQuantity();
  uint64_t Sum = 0;
  if (const auto *RD = T->getAsRecordDecl())
    for (const FieldDecl *F : RD->fields())
      if (F->getType()->isArrayType())
        Sum += Ctx.getTypeSizeInChars(F->getType()).getQuantity();
  return Sum ? Sum : Ctx.getTypeSizeInChars(T).getQuantity();
}

/// Words of scalar locals of F declared before Site and used after it:
/// values that stay in registers while the array is accessed there.
uint64_t liveWordsAcross(const Expr *Site, const FunctionDecl *F,
                         const ASTContext &Ctx) {
  if (!F || !F->getBody())
    return 0;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(Site->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(Site->getEndLoc());
  std::map<const VarDecl *, bool> UsedAfter;
  std::vector<const Stmt *> Work = {F->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
            (VD->getType()->isArithmeticType() ||
             VD->getType()->isPointerType()) &&
            SM.isBeforeInTranslationUnit(SM.getExpansionLoc(VD->getLocation()),
                                         Begin)) {
          bool After = SM.isBeforeInTranslationUnit(
              End, SM.getExpansionLoc(DRE->getLocation()));
          UsedAfter[VD] |= After;
        }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  uint64_t Words = 0;
  for (const auto &[VD, After] : UsedAfter)
    if (After)
      Words += (Ctx.getTypeSizeInChars(VD->getType()).getQuantity() + 3) / 4;
  return Words;
}

/// True when the offsets seen repeat with a period of 2, 4 or 8: an
/// unroll by that factor would make the index constant.
bool periodic(const std::vector<int64_t> &Offsets) {
  if (Offsets.size() < 4)
    return false;
  for (size_t P : {1, 2, 4, 8}) {
    if (Offsets.size() <= P)
      break;
    bool Ok = true;
    for (size_t I = 0; I + P < Offsets.size() && Ok; ++I)
      Ok = Offsets[I] == Offsets[I + P];
    if (Ok)
      return true;
  }
  return false;
}

/// A load in a loop the compiler keeps that reads the array's elements one
/// after the other, each once, where every store to the array has a
/// compile-time index: NVVM can fuse the loops and forward the values
/// (store-to-load forwarding), which warpcheck does not model.
bool forwardable(const LocalArrayAccess &Load, const KernelAnalysis &Interp,
                 uint64_t ElementBytes) {
  const std::vector<LocalArrayAccess> &All = Interp.localArrayAccesses();
  if (Load.Offsets.size() < 4 || !ElementBytes)
    return false;
  for (size_t I = 1; I < Load.Offsets.size(); ++I)
    if (Load.Offsets[I] != Load.Offsets[I - 1] + int64_t(ElementBytes))
      return false;
  bool Stored = false;
  for (const LocalArrayAccess &A : All) {
    if (A.Object != Load.Object)
      continue;
    if (A.Escape)
      return false;
    if (A.IsStore) {
      if (A.Index.hard())
        return false;
      for (const Stmt *L : A.Index.Loops)
        if (!Interp.loopUnrolling(L).Unrolled)
          return false;
      Stored = true;
    } else if (A.Site != Load.Site) {
      return false;
    }
  }
  return Stored;
}

/// Only arrays, and structs holding them, are per-thread arrays.
bool holdsArray(QualType T) {
  bool HasArray = T->isArrayType();
  if (const auto *RD = T->getAsRecordDecl())
    for (const FieldDecl *F : RD->fields())
      HasArray |= F->getType()->isArrayType();
  return HasArray && !T->isIncompleteType();
}

/// Where one access says the array lives, and why.
struct AccessVerdict {
  LocalArrayStatus Status = LocalArrayStatus::Registers;
  std::string Reason, Fix;
  std::vector<std::pair<SourceLocation, std::string>> Notes;
};

/// An access whose index the compiler does not know (IndexText, Index when
/// it is a subscript): local memory.
AccessVerdict judgeUnknownIndex(const LocalArrayAccess &A, const Expr *Index,
                                const std::string &IndexText,
                                const KernelAnalysis &Interp,
                                ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  AccessVerdict AV;
  AV.Status = LocalArrayStatus::Local;
  if (Index && Index->isIntegerConstantExpr(Ctx))
    AV.Reason = "it is reached through a pointer whose offset is not known "
                "at compile time";
  else
    AV.Reason = "index '" + IndexText + "' is not known at compile time";
  std::string Cause = causeText(A.Index);
  // Point at an unrolled loop around it, as the compiler sees it.
  const Stmt *Unrolled = nullptr;
  for (const Stmt *L : A.EnclosingLoops)
    if (L && Interp.loopUnrolling(L).Unrolled &&
        Interp.loopUnrolling(L).TripCount)
      Unrolled = L;
  if (Unrolled)
    AV.Notes.push_back({SM.getExpansionLoc(Unrolled->getBeginLoc()),
                        "loop at line " +
                            std::to_string(lineOf(Unrolled, SM)) +
                            " has a constant trip count and would be "
                            "unrolled; " +
                            Cause});
  else
    AV.Notes.push_back({SM.getExpansionLoc(A.Site->getBeginLoc()), Cause});
  uint64_t Elements = 0;
  QualType ArrayType = A.Object->getType();
  if (const auto *AS =
          dyn_cast<ArraySubscriptExpr>(A.Site->IgnoreParenImpCasts()))
    ArrayType = AS->getBase()->IgnoreParenImpCasts()->getType();
  if (const auto *AT = Ctx.getAsConstantArrayType(ArrayType))
    Elements = AT->getSize().getZExtValue();
  if (A.Index.Why == CompileTime::Cause::Parameter)
    AV.Fix = "make '" + A.Index.What +
             "' a template parameter, or select the element with constant "
             "indices";
  else if (Elements && Elements <= 16)
    AV.Fix = "select the element with constant indices (a switch, or a "
             "chain of selects over the " +
             std::to_string(Elements) + " elements)";
  else
    AV.Fix = "keep the array in shared memory, or restructure the loop so "
             "every index is a constant after unrolling";
  return AV;
}

/// An access whose index is known only if every loop it depends on is
/// unrolled: the first loop kept decides. V learns whether the compiler may
/// forward the stored values instead.
AccessVerdict judgeLoopIndex(const LocalArrayAccess &A,
                             const std::string &IndexText,
                             const KernelAnalysis &Interp,
                             const SourceManager &SM, LocalArrayVerdict &V) {
  AccessVerdict AV;
  for (const Stmt *L : A.Index.Loops) {
    LoopUnrolling U = Interp.loopUnrolling(L);
    if (U.Unrolled)
      continue;
    std::string Loop = "loop at line " + std::to_string(lineOf(L, SM));
    if (U.OverBudget && periodic(A.Offsets)) {
      AV.Status = LocalArrayStatus::Unknown;
      AV.Reason = "index '" + IndexText + "' depends on the counter of the " +
                  Loop + ", which the compiler may unroll only partially";
      AV.Notes.push_back({SM.getExpansionLoc(L->getBeginLoc()),
                          Loop + ": " + U.Reason +
                              "; the index repeats every few iterations, "
                              "so partial unrolling may make it constant"});
      AV.Fix = "add #pragma unroll to the loop";
      continue;
    }
    if (!A.IsStore && U.TripCount && U.OverBudget &&
        forwardable(A, Interp, V.ElementBytes)) {
      // NVVM may fuse the loop with the code that stored the elements
      // and forward each value (calibration: char[512] and short[1024]
      // kept no depot, char[1024] kept one).
      AV.Status = LocalArrayStatus::Unknown;
      V.MayForward = true;
      AV.Reason = "index '" + IndexText + "' depends on the counter of the " +
                  Loop + ", which the compiler does not unroll, but it reads "
                  "the elements in the order they were stored at constant "
                  "indices: the compiler may forward the stored values and "
                  "keep no array";
      AV.Notes.push_back({SM.getExpansionLoc(L->getBeginLoc()),
                          Loop + ": " + U.Reason});
      AV.Fix = "add #pragma unroll to the loop at line " +
               std::to_string(lineOf(L, SM));
      continue;
    }
    AV.Status = LocalArrayStatus::Local;
    AV.Reason = "index '" + IndexText + "' depends on the counter of the " +
                Loop + ", which the compiler does not unroll";
    AV.Notes.push_back(
        {SM.getExpansionLoc(L->getBeginLoc()), Loop + ": " + U.Reason});
    AV.Fix = U.TripCount ? "add #pragma unroll to the loop at line " +
                               std::to_string(lineOf(L, SM))
                         : "give the loop a constant trip count, or keep "
                           "the array in shared memory";
    break;
  }
  return AV;
}

/// A dynamic access kept in local memory, and the reads of the array: what
/// ptxas needs to decide whether it promotes the depot (predictFinalCode).
void noteDynamicUse(LocalArrayVerdict &V, const LocalArrayAccess &A,
                    LocalArrayStatus Status, const std::string &IndexText,
                    bool Inlined, const KernelAnalysis &Interp,
                    ASTContext &Ctx) {
  // Loops around the access the compiler keeps as loops.
  const Stmt *KeptLoop = nullptr;
  for (const Stmt *L : A.EnclosingLoops)
    if (L && !Interp.loopUnrolling(L).Unrolled)
      KeptLoop = L;
  V.Escapes |= A.Escape && !Inlined;
  if (Status == LocalArrayStatus::Local && !A.Escape) {
    ++V.DynamicSites;
    bool Varying = A.Index.Why == CompileTime::Cause::Loop;
    for (const Stmt *L : A.Index.Loops)
      Varying |= !Interp.loopUnrolling(L).Unrolled;
    if (KeptLoop && Varying) {
      V.DynamicVaryingInKeptLoop = true;
      (A.IsStore ? V.DynamicStoreInKeptLoop : V.DynamicLoadInKeptLoop) =
          true;
      (A.IsStore ? V.KeptLoopStoreIndices : V.KeptLoopLoadIndices)
          .insert(IndexText);
    } else if (KeptLoop)
      V.DynamicInvariantInKeptLoop = true;
    if (!KeptLoop)
      V.LiveWordsAcross = std::max(
          V.LiveWordsAcross, liveWordsAcross(A.Site, A.Function, Ctx));
  }
  if (!A.IsStore && !A.Escape) {
    if (A.Offsets.empty() || A.Offsets.size() >= 64)
      V.ReadsUncounted = true;
    V.ReadOffsets.insert(A.Offsets.begin(), A.Offsets.end());
  }
}

/// The array's address passed to a call through a constant function
/// pointer that nvcc inlines (F): no escape, but the callee's accesses were
/// not followed, so how it indexes the array is not known.
AccessVerdict judgeInlinedEscape(const LocalArrayAccess &A,
                                 const FunctionDecl *F,
                                 const SourceManager &SM) {
  AccessVerdict AV;
  AV.Status = LocalArrayStatus::Unknown;
  AV.Reason = "its address is passed to '" + F->getNameAsString() +
              "' through a constant function pointer, which nvcc inlines, "
              "but warpcheck did not follow the call to see how it indexes "
              "the array";
  AV.Notes.push_back({SM.getExpansionLoc(A.Site->getBeginLoc()),
                      "the call through a constant function pointer is "
                      "inlined: the array does not escape"});
  AV.Fix = "call '" + F->getNameAsString() + "' directly";
  return AV;
}

/// -G keeps every array local; otherwise constant indices, but more words
/// read than a thread has registers: spilled. Reads of a few elements of a
/// large array are not (the others are dead).
void judgeBuild(LocalArrayVerdict &V, const LocalArrayOptions &Options) {
  if (Options.DeviceDebug) {
    // -G: no unrolling, no promotion; every array is in the depot.
    V.Status = LocalArrayStatus::Local;
    V.Reason = "the kernel is built for device debugging (nvcc -G), which "
               "keeps every per-thread array in local memory";
    V.Fix = "build without -G to measure performance";
    return;
  }
  uint64_t WordsRead = V.ReadsUncounted
                           ? V.Bytes / 4
                           : V.ReadOffsets.size() *
                                 std::max<uint64_t>(1, V.ElementBytes / 4);
  if (V.Status != LocalArrayStatus::Local && !V.MayForward &&
      V.Bytes > RegisterFileBytes && WordsRead * 4 > RegisterFileBytes)
    V.LikelySpilled = true;
}

} // namespace

std::vector<LocalArrayVerdict> judgeLocalArrays(const KernelAnalysis &Interp,
                                                ASTContext &Ctx,
                                                LocalArrayOptions Options) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<LocalArrayVerdict> Result;
  std::map<const VarDecl *, size_t> ByArray;

  for (const LocalArrayAccess &A : Interp.localArrayAccesses()) {
    QualType T = A.Object->getType();
    if (!holdsArray(T))
      continue;
    auto It = ByArray.find(A.Object);
    if (It == ByArray.end()) {
      It = ByArray.emplace(A.Object, Result.size()).first;
      LocalArrayVerdict V;
      V.Array = A.Object;
      V.Function = A.Function;
      V.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
      V.ElementBytes = elementBytes(T, Ctx);
      V.ArrayBytes = arrayBytes(T, Ctx);
      Result.push_back(V);
    }
    LocalArrayVerdict &V = Result[It->second];

    const Expr *Index = indexOf(A.Site);
    std::string IndexText =
        Index ? sourceOf(Index, Ctx) : sourceOf(A.Site, Ctx);
    AccessVerdict AV;
    const FunctionDecl *Inlined =
        A.Escape ? inlinedConstantCallee(A.Site, Ctx) : nullptr;
    if (Inlined) {
      AV = judgeInlinedEscape(A, Inlined, SM);
    } else if (A.Escape) {
      AV.Status = LocalArrayStatus::Local;
      AV.Reason = "its address escapes to code that is not inlined";
      AV.Fix = "pass the elements by value, or make the callee __forceinline__";
    } else if (subscriptsOneElement(A.Site, Ctx)) {
      // Registers: an index into one element can only be 0.
    } else if (A.Index.hard()) {
      AV = judgeUnknownIndex(A, Index, IndexText, Interp, Ctx);
    } else {
      AV = judgeLoopIndex(A, IndexText, Interp, SM, V);
    }
    noteDynamicUse(V, A, AV.Status, IndexText, Inlined, Interp, Ctx);
    // The first local access decides the message; unknown only if none is.
    bool Better = (AV.Status == LocalArrayStatus::Local &&
                   V.Status != LocalArrayStatus::Local) ||
                  (AV.Status == LocalArrayStatus::Unknown &&
                   V.Status == LocalArrayStatus::Registers);
    if (Better) {
      V.Status = AV.Status;
      V.Reason = AV.Reason;
      V.Site = A.Site;
      V.Notes = AV.Notes;
      V.Fix = AV.Fix;
    }
  }

  for (LocalArrayVerdict &V : Result)
    judgeBuild(V, Options);
  predictFinalCode(Result, Options);
  for (LocalArrayVerdict &V : Result)
    V.PtxasKeepsDepot = V.Status == LocalArrayStatus::Local &&
                        V.Final == LocalArrayStatus::Local;
  return Result;
}

namespace {
/// Why ptxas keeps this array's depot on its own account; empty if it may
/// promote it.
std::string keepsOnItsOwn(const LocalArrayVerdict &V) {
  if (V.Escapes)
    return "its address is passed to a call, which needs it in memory";
  if (V.ElementBytes != 4)
    return "its elements are " + std::to_string(V.ElementBytes) + " byte" +
           (V.ElementBytes == 1 ? "" : "s") +
           " wide, and ptxas moves only depots of 4-byte elements to "
           "registers";
  bool ReadModifyWrite =
      llvm::any_of(V.KeptLoopStoreIndices, [&](const std::string &I) {
        return V.KeptLoopLoadIndices.count(I);
      });
  if (ReadModifyWrite && V.ArrayBytes > PtxasLoopReadWriteLimitBytes)
    return "it is read and written with an index that changes in a loop the "
           "compiler keeps, and ptxas moves such depots to registers only up "
           "to " +
           std::to_string(PtxasLoopReadWriteLimitBytes) + " bytes";
  bool StoreAndLoad = V.DynamicStoreInKeptLoop && V.DynamicLoadInKeptLoop;
  if (StoreAndLoad && !ReadModifyWrite &&
      V.ArrayBytes > PtxasLoopStoreLoadLimitBytes)
    return "it is written at one index and read at others that change in a "
           "loop the compiler keeps, and ptxas moves such depots to registers "
           "only up to " +
           std::to_string(PtxasLoopStoreLoadLimitBytes) + " bytes";
  if (V.DynamicVaryingInKeptLoop && (ReadModifyWrite || !StoreAndLoad) &&
      V.ArrayBytes > PtxasLoopVaryingLimitBytes)
    return "its index changes in a loop the compiler keeps, and ptxas moves "
           "such depots to registers only up to " +
           std::to_string(PtxasLoopVaryingLimitBytes) + " bytes";
  if (V.DynamicInvariantInKeptLoop &&
      V.ArrayBytes > PtxasLoopInvariantLimitBytes)
    return "it is accessed dynamically in a loop the compiler keeps, and "
           "ptxas moves such depots to registers only up to " +
           std::to_string(PtxasLoopInvariantLimitBytes) + " bytes";
  if (V.ArrayBytes > PtxasPromotionLimitBytes)
    return "ptxas moves only depots of up to " +
           std::to_string(PtxasPromotionLimitBytes) + " bytes to registers";
  return "";
}

uint64_t words(uint64_t Bytes) { return (Bytes + 3) / 4; }
} // namespace

void predictFinalCode(std::vector<LocalArrayVerdict> &Kernel,
                      const LocalArrayOptions &Options) {
  // Arrays without a depot, and spilled ones, first; and the kernel's
  // frame: whether ptxas keeps one depot, and the register demand.
  std::string KeptBy; // the first depot ptxas keeps, and why
  std::string KeptWhy;
  uint64_t DepotWords = 0, RegisterWords = 0, LiveWords = 0;
  unsigned DynamicSites = 0;
  for (LocalArrayVerdict &V : Kernel) {
    V.FinalReason.clear();
    if (V.LikelySpilled) {
      V.Final = LocalArrayStatus::Local;
      V.FinalReason = "it needs more registers than a thread has";
      continue;
    }
    switch (V.Status) {
    case LocalArrayStatus::Registers:
      V.Final = LocalArrayStatus::Registers;
      RegisterWords += words(V.Bytes);
      continue;
    case LocalArrayStatus::Unknown:
      V.Final = LocalArrayStatus::Unknown;
      V.FinalReason = "whether the PTX has a depot is not known";
      continue;
    case LocalArrayStatus::Local:
      break;
    }
    DepotWords += words(V.Bytes);
    DynamicSites += V.DynamicSites;
    LiveWords = std::max(LiveWords, V.LiveWordsAcross);
    if (Options.DeviceDebug) {
      V.Final = LocalArrayStatus::Local;
      V.FinalReason = "ptxas does not optimize a -G build";
      continue;
    }
    std::string Why = keepsOnItsOwn(V);
    if (!Why.empty() && KeptBy.empty()) {
      KeptBy = V.Array->getNameAsString();
      KeptWhy = Why;
    }
  }
  if (Options.DeviceDebug)
    return;
  // Each dynamic access selects among the whole frame's words.
  // Each dynamic access selects among the whole frame's words; values
  // live across the accesses compete with the frame for registers.
  uint64_t FrameDemand =
      DepotWords * std::max(1u, DynamicSites) + RegisterWords;
  uint64_t Pressure = DepotWords + LiveWords;
  for (LocalArrayVerdict &V : Kernel) {
    if (V.Status != LocalArrayStatus::Local || V.LikelySpilled)
      continue;
    std::string Why = keepsOnItsOwn(V);
    V.Final = LocalArrayStatus::Local;
    if (!Why.empty()) {
      V.FinalReason = Why;
    } else if (!KeptBy.empty()) {
      V.FinalReason = "it shares the kernel's local frame with '" + KeptBy +
                      "', which ptxas keeps (" + KeptWhy + ")";
    } else if (FrameDemand > PtxasFrameDemandWords) {
      V.FinalReason =
          "promoting the kernel's frame would take about " +
          std::to_string(FrameDemand) + " words of registers (" +
          std::to_string(DepotWords) + "-word frame x " +
          std::to_string(std::max(1u, DynamicSites)) +
          " dynamic accesses + " + std::to_string(RegisterWords) +
          " in register arrays), over the " +
          std::to_string(PtxasFrameDemandWords) + " ptxas accepts";
    } else if (Pressure > PtxasPressureWords) {
      V.FinalReason = std::to_string(LiveWords) +
                      " words of values are live across the access besides "
                      "the " +
                      std::to_string(DepotWords) +
                      "-word frame, over the " +
                      std::to_string(PtxasPressureWords) +
                      " with which ptxas still promotes";
    } else {
      V.Final = LocalArrayStatus::Registers;
      V.FinalReason = "ptxas promotes the kernel's " +
                      std::to_string(DepotWords * 4) +
                      "-byte local frame of 4-byte elements to registers "
                      "(frame demand " +
                      std::to_string(FrameDemand) + " of at most " +
                      std::to_string(PtxasFrameDemandWords) + " words, " +
                      std::to_string(LiveWords) + " words live across)";
    }
  }
}

uint64_t predictedDepotBytes(const std::vector<LocalArrayVerdict> &Verdicts) {
  uint64_t Bytes = 0;
  for (const LocalArrayVerdict &V : Verdicts)
    if (V.Status == LocalArrayStatus::Local)
      Bytes += (V.Bytes + 3) / 4 * 4;
  return Bytes;
}

uint64_t predictedFrameBytes(const std::vector<LocalArrayVerdict> &Verdicts) {
  uint64_t Bytes = 0;
  for (const LocalArrayVerdict &V : Verdicts)
    if (V.Status == LocalArrayStatus::Local && V.PtxasKeepsDepot)
      Bytes += (V.Bytes + 3) / 4 * 4;
  return Bytes;
}

} // namespace warpcheck
