//===--- KernelArguments.cpp - Kernel parameters fixed by their launches -===//

#include "KernelArguments.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SaveAndRestore.h"

#include <map>
#include <memory>

using namespace clang;

namespace warpcheck {
namespace {

/// Whether V is assigned, incremented or has its address taken in S.
bool modifiedIn(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  auto Names = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Names(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Names(UO->getSubExpr()))
      return true;
  // Bound to a non-const reference: may be changed through it.
  if (const auto *VD = dyn_cast<DeclStmt>(S))
    for (const Decl *D : VD->decls())
      if (const auto *R = dyn_cast<VarDecl>(D))
        if (R->getType()->isReferenceType() &&
            !R->getType().getNonReferenceType().isConstQualified() &&
            R->getInit() && Names(R->getInit()))
          return true;
  for (const Stmt *C : S->children())
    if (modifiedIn(C, V))
      return true;
  return false;
}

/// Where each host function is called from, and which functions have their
/// address taken (those may be called with anything).
struct CallIndex : RecursiveASTVisitor<CallIndex> {
  struct Site {
    const CallExpr *Call;
    const FunctionDecl *Caller;
  };
  llvm::DenseMap<const FunctionDecl *, std::vector<Site>> Calls;
  llvm::DenseSet<const FunctionDecl *> AddressTaken;
  llvm::SmallPtrSet<const Expr *, 16> Callees;
  const FunctionDecl *Caller = nullptr;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseFunctionDecl(FD);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(FD);
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || isa<CXXOperatorCallExpr>(Call))
      return true;
    Callees.insert(Call->getCallee()->IgnoreParenImpCasts());
    if (const auto *M = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens()))
      Callees.insert(M);
    Calls[F->getCanonicalDecl()].push_back({Call, Caller});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!Callees.count(Ref))
        AddressTaken.insert(F->getCanonicalDecl());
    return true;
  }
};

/// Integer values the host code fixes at compile time: constant
/// expressions, locals initialized once and never changed (`int Pitch =
/// ~0x3f & (4 * (Width + 2) + 0x3f);` with `int Width = 80;`), and
/// parameters of host functions, followed through every call in the file
/// (`launch(4, 32)` and `launch(2, 16)` both pass `Cols / Rows == 8`).
/// Arithmetic follows C++: a signed overflow, a division by zero or an
/// out-of-range shift is not a value.
class HostConstants {
public:
  explicit HostConstants(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The one value E has in function In over every chain of calls reaching
  /// In, or none when it has no value or several.
  std::optional<int64_t> value(const Expr *E, const FunctionDecl *In) {
    Chain C;
    C.Functions.push_back(In);
    unsigned Budget = MaxChains;
    std::optional<int64_t> Common;
    if (!values(E, C, Budget, Common))
      return std::nullopt;
    return Common;
  }

private:
  /// Functions from the one holding the expression outwards; Sites[K] is
  /// the call of Functions[K] made in Functions[K + 1]. The outermost
  /// function's parameters are not bound.
  struct Chain {
    llvm::SmallVector<const FunctionDecl *, 4> Functions;
    llvm::SmallVector<const CallExpr *, 4> Sites;
  };
  static constexpr unsigned MaxChainLength = 4;
  static constexpr unsigned MaxChains = 64;

  /// Evaluates E along C, and along every call of the outermost function
  /// when E needs its parameters; every value must be the same (Common).
  bool values(const Expr *E, Chain &C, unsigned &Budget,
              std::optional<int64_t> &Common) {
    if (Budget == 0)
      return false;
    --Budget;
    Unbound = nullptr;
    if (std::optional<int64_t> V = eval(E, C, 0, 0)) {
      if (Common && *Common != *V)
        return false;
      Common = V;
      return true;
    }
    const FunctionDecl *Outer = C.Functions.back();
    if (Unbound != Outer || C.Functions.size() >= MaxChainLength)
      return false;
    const CallIndex &Index = calls();
    const FunctionDecl *Canon = Outer->getCanonicalDecl();
    auto It = Index.Calls.find(Canon);
    if (It == Index.Calls.end() || Index.AddressTaken.count(Canon) ||
        Outer->hasAttr<CUDAGlobalAttr>() || Outer->isMain())
      return false;
    if (const auto *M = dyn_cast<CXXMethodDecl>(Outer); M && M->isVirtual())
      return false;
    for (const CallIndex::Site &S : It->second) {
      if (!S.Caller)
        return false;
      C.Sites.push_back(S.Call);
      C.Functions.push_back(S.Caller);
      bool Ok = values(E, C, Budget, Common);
      C.Sites.pop_back();
      C.Functions.pop_back();
      if (!Ok)
        return false;
    }
    return true;
  }

  /// The frame of C that F is, if any.
  std::optional<unsigned> frameOf(const FunctionDecl *F, const Chain &C,
                                  unsigned From) {
    for (unsigned K = From; K < C.Functions.size(); ++K)
      if (C.Functions[K]->getCanonicalDecl() == F->getCanonicalDecl())
        return K;
    return std::nullopt;
  }

  /// E's value in frame From of C.
  std::optional<int64_t> eval(const Expr *E, const Chain &C, unsigned From,
                              unsigned Depth) {
    if (!E || Depth > MaxDepth || E->isValueDependent() ||
        !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
      return R.Val.getInt().getExtValue();
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      CastKind K = Cast->getCastKind();
      if (K != CK_IntegralCast && K != CK_NoOp && K != CK_LValueToRValue &&
          K != CK_IntegralToBoolean)
        return std::nullopt;
      std::optional<int64_t> V = eval(Cast->getSubExpr(), C, From, Depth + 1);
      if (!V)
        return std::nullopt;
      if (K == CK_IntegralToBoolean)
        return int64_t(*V != 0);
      return convert(*V, Cast->getType());
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return variable(Ref, C, From, Depth);
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      std::optional<int64_t> V = eval(U->getSubExpr(), C, From, Depth + 1);
      if (!V)
        return std::nullopt;
      switch (U->getOpcode()) {
      case UO_Plus:
        return V;
      case UO_Minus:
        return arith(0, *V, BO_Sub, U->getType());
      case UO_Not:
        return convert(~*V, U->getType());
      case UO_LNot:
        return int64_t(*V == 0);
      default:
        return std::nullopt;
      }
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAssignmentOp() || B->isCommaOp())
        return std::nullopt;
      std::optional<int64_t> L = eval(B->getLHS(), C, From, Depth + 1);
      std::optional<int64_t> R = eval(B->getRHS(), C, From, Depth + 1);
      if (!L || !R)
        return std::nullopt;
      return arith(*L, *R, B->getOpcode(), B->getLHS()->getType());
    }
    if (const auto *Q = dyn_cast<ConditionalOperator>(E)) {
      std::optional<int64_t> Cond = eval(Q->getCond(), C, From, Depth + 1);
      if (!Cond)
        return std::nullopt;
      return eval(*Cond ? Q->getTrueExpr() : Q->getFalseExpr(), C, From,
                  Depth + 1);
    }
    return std::nullopt;
  }

private:
  static constexpr unsigned MaxDepth = 24;

  /// V as a value of integer type T: wrapped for unsigned types (and, as in
  /// C++20, for conversions to signed ones).
  std::optional<int64_t> convert(int64_t V, QualType T) {
    if (T->isBooleanType())
      return int64_t(V != 0);
    unsigned Width = Ctx.getIntWidth(T);
    if (Width == 0 || Width > 64)
      return std::nullopt;
    if (Width == 64)
      return V;
    uint64_t Bits = uint64_t(V) & ((uint64_t(1) << Width) - 1);
    if (T->isSignedIntegerOrEnumerationType() &&
        (Bits >> (Width - 1)) != 0)
      return int64_t(Bits | ~((uint64_t(1) << Width) - 1));
    return int64_t(Bits);
  }

  /// L op R computed in the (already promoted) operand type T.
  std::optional<int64_t> arith(int64_t L, int64_t R, BinaryOperatorKind Op,
                               QualType T) {
    if (BinaryOperator::isComparisonOp(Op) || BinaryOperator::isLogicalOp(Op)) {
      bool Unsigned = T->isUnsignedIntegerOrEnumerationType() &&
                      Ctx.getIntWidth(T) == 64;
      uint64_t UL = uint64_t(L), UR = uint64_t(R);
      switch (Op) {
      case BO_LT: return int64_t(Unsigned ? UL < UR : L < R);
      case BO_GT: return int64_t(Unsigned ? UL > UR : L > R);
      case BO_LE: return int64_t(Unsigned ? UL <= UR : L <= R);
      case BO_GE: return int64_t(Unsigned ? UL >= UR : L >= R);
      case BO_EQ: return int64_t(L == R);
      case BO_NE: return int64_t(L != R);
      case BO_LAnd: return int64_t(L && R);
      case BO_LOr: return int64_t(L || R);
      default: return std::nullopt;
      }
    }
    bool Signed = T->isSignedIntegerOrEnumerationType();
    unsigned Width = Ctx.getIntWidth(T);
    if (Width == 0 || Width > 64)
      return std::nullopt;
    int64_t Out = 0;
    switch (Op) {
    case BO_Add:
      if (__builtin_add_overflow(L, R, &Out) && Signed)
        return std::nullopt;
      Out = int64_t(uint64_t(L) + uint64_t(R));
      break;
    case BO_Sub:
      if (__builtin_sub_overflow(L, R, &Out) && Signed)
        return std::nullopt;
      Out = int64_t(uint64_t(L) - uint64_t(R));
      break;
    case BO_Mul:
      if (__builtin_mul_overflow(L, R, &Out) && Signed)
        return std::nullopt;
      Out = int64_t(uint64_t(L) * uint64_t(R));
      break;
    case BO_Div:
    case BO_Rem:
      if (R == 0)
        return std::nullopt;
      if (Signed) {
        if (L == INT64_MIN && R == -1)
          return std::nullopt;
        Out = Op == BO_Div ? L / R : L % R;
      } else {
        Out = int64_t(Op == BO_Div ? uint64_t(L) / uint64_t(R)
                                   : uint64_t(L) % uint64_t(R));
      }
      break;
    case BO_And: Out = L & R; break;
    case BO_Or: Out = L | R; break;
    case BO_Xor: Out = L ^ R; break;
    case BO_Shl:
    case BO_Shr:
      if (R < 0 || R >= int64_t(Width) || (Signed && Op == BO_Shl && L < 0))
        return std::nullopt;
      if (Op == BO_Shr) {
        Out = Signed ? L >> R : int64_t(uint64_t(L) >> R);
        break;
      }
      Out = int64_t(uint64_t(L) << R);
      if (Signed && (Out >> R) != L)
        return std::nullopt;
      break;
    default:
      return std::nullopt;
    }
    // A signed result that does not fit the type overflowed: no value.
    std::optional<int64_t> Fitted = convert(Out, T);
    if (Signed && Fitted && *Fitted != Out)
      return std::nullopt;
    return Fitted;
  }

  std::optional<int64_t> variable(const DeclRefExpr *Ref, const Chain &C,
                                  unsigned From, unsigned Depth) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || V->getType()->isReferenceType() ||
        V->getType().isVolatileQualified())
      return std::nullopt;
    // The variable's own function: a lambda may name its enclosing locals.
    const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (!Owner || !Owner->getBody() || Owner->hasAttr<CUDAGlobalAttr>() ||
        Owner->hasAttr<CUDADeviceAttr>() || modifiedIn(Owner->getBody(), V))
      return std::nullopt;
    std::optional<unsigned> K = frameOf(Owner, C, From);
    if (!K)
      return std::nullopt;
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      if (*K + 1 >= C.Functions.size()) {
        Unbound = Owner; // the outermost function: try each of its calls
        return std::nullopt;
      }
      const CallExpr *Site = C.Sites[*K];
      unsigned I = P->getFunctionScopeIndex();
      if (I >= Site->getNumArgs() || isa<CXXDefaultArgExpr>(Site->getArg(I)))
        return std::nullopt;
      std::optional<int64_t> Arg = eval(Site->getArg(I), C, *K + 1, Depth + 1);
      return Arg ? convert(*Arg, P->getType()) : std::nullopt;
    }
    if (!V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit())
      return std::nullopt;
    std::optional<int64_t> Init = eval(V->getInit(), C, *K, Depth + 1);
    return Init ? convert(*Init, V->getType()) : std::nullopt;
  }

  const CallIndex &calls() {
    if (!Index) {
      Index = std::make_unique<CallIndex>();
      const SourceManager &SM = Ctx.getSourceManager();
      for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
          Index->TraverseDecl(D);
    }
    return *Index;
  }

  ASTContext &Ctx;
  std::unique_ptr<CallIndex> Index;
  /// Set by eval when it needed a parameter of the outermost function.
  const FunctionDecl *Unbound = nullptr;
};

/// The launches of every kernel, in one walk of the translation unit.
class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  /// What the walk saw of one kernel's launches.
  struct Launches {
    std::vector<LaunchedArgument> Arguments;
    llvm::SmallSet<unsigned, 4> Varies;
    unsigned Count = 0;
    std::string First;
  };

  explicit LaunchFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseFunctionDecl(FD);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(FD);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    Launches &K = ByKernel[Callee->getCanonicalDecl()];
    K.Arguments.resize(Callee->getNumParams());
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      LaunchCallees.insert(Ref);
    ++K.Count;
    if (K.First.empty()) {
      const SourceManager &SM = Ctx.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
      if (P.isValid())
        K.First = llvm::formatv("{0}:{1}",
                                llvm::sys::path::filename(P.getFilename()),
                                P.getLine());
    }
    for (unsigned I = 0; I < K.Arguments.size(); ++I) {
      if (I >= Call->getNumArgs()) {
        K.Varies.insert(I);
        continue;
      }
      std::optional<int64_t> V =
          Caller ? Host.value(Call->getArg(I), Caller) : std::nullopt;
      if (!V || (K.Arguments[I].Value && *K.Arguments[I].Value != *V))
        K.Varies.insert(I);
      else
        K.Arguments[I].Value = V;
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    // Visited after the launch that names it (pre-order), so a launch's own
    // callee is already known.
    if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!LaunchCallees.count(Ref))
        AddressTaken.insert(FD->getCanonicalDecl());
    return true;
  }

  ASTContext &Ctx;
  HostConstants Host{Ctx};
  const FunctionDecl *Caller = nullptr;
  std::map<const FunctionDecl *, Launches> ByKernel;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> LaunchCallees;
  llvm::DenseSet<const FunctionDecl *> AddressTaken;
};

} // namespace

TranslationUnitLaunches::TranslationUnitLaunches(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  // Launches are in the main file; the headers are not walked (cost).
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  for (auto &[Kernel, K] : Finder.ByKernel) {
    bool Taken = Finder.AddressTaken.contains(Kernel);
    for (unsigned I = 0; I < K.Arguments.size(); ++I) {
      LaunchedArgument &A = K.Arguments[I];
      if (K.Varies.count(I) || Taken)
        A.Value.reset();
      A.FirstLaunch = K.First;
      A.Launches = K.Count;
    }
    ByKernel[Kernel] = std::move(K.Arguments);
  }
}

std::vector<LaunchedArgument>
TranslationUnitLaunches::of(const FunctionDecl *Kernel) const {
  auto It = ByKernel.find(Kernel->getCanonicalDecl());
  if (It != ByKernel.end())
    return It->second;
  // Never launched in the file: nothing fixed.
  return std::vector<LaunchedArgument>(Kernel->getNumParams());
}

std::vector<LaunchedArgument> launchedArguments(const FunctionDecl *Kernel,
                                                ASTContext &Ctx) {
  return TranslationUnitLaunches(Ctx).of(Kernel);
}

} // namespace warpcheck
