//===--- ShapeFamily.cpp - The block shapes a kernel may run with ---------===//

#include "Launches/ShapeFamily.h"
#include "CudaBuiltins.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace warpcheck {

namespace {
/// The highest dimension (0 x, 1 y, 2 z) of threadIdx or blockDim that S,
/// or a function it calls, reads.
void usedDimensions(const Stmt *S, std::set<const FunctionDecl *> &Seen,
                    unsigned &Highest) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    for (StringRef Builtin : {"threadIdx", "blockDim"}) {
      std::string M = builtinMember(E, Builtin);
      if (!M.empty())
        Highest = std::max<unsigned>(Highest, M[0] - 'x');
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *Callee = Call->getDirectCallee()) {
        const FunctionDecl *Def = nullptr;
        if (Callee->hasBody(Def) && Seen.size() < 256 &&
            Seen.insert(Def).second)
          usedDimensions(Def->getBody(), Seen, Highest);
      }
  }
  for (const Stmt *Child : S->children())
    usedDimensions(Child, Seen, Highest);
}

/// Whether S may leave the kernel or jump: what follows it is then
/// conditional.
bool mayExit(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, CXXThrowExpr, AsmStmt, IndirectGotoStmt>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      if (Callee->isNoReturn() || Callee->getName() == "__trap")
        return true;
  for (const Stmt *Child : S->children())
    if (mayExit(Child))
      return true;
  return false;
}

/// Visits what S evaluates on every path (not the arms of conditions or
/// loop bodies); false once a statement that may leave the kernel was met.
template <typename F> bool everyPath(const Stmt *S, F &Visit) {
  if (!S)
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body()) {
      if (mayExit(Child))
        return false;
      if (!everyPath(Child, Visit))
        return false;
    }
    return true;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return everyPath(If->getCond(), Visit);
  if (const auto *For = dyn_cast<ForStmt>(S))
    return everyPath(For->getInit(), Visit);
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt, LambdaExpr,
          BinaryConditionalOperator>(S))
    return true;
  if (const auto *Cond = dyn_cast<ConditionalOperator>(S))
    return everyPath(Cond->getCond(), Visit);
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
    return everyPath(BO->getLHS(), Visit);
  Visit(S);
  for (const Stmt *Child : S->children())
    if (!everyPath(Child, Visit))
      return false;
  return true;
}

/// Upper bounds on blockDim from the code, and where each comes from.
struct Limits {
  unsigned Dim[3] = {1024, 1024, 64};
  unsigned Threads = 1024;
  std::vector<std::string> Why;
};

/// Bounds from `s[threadIdx.x]` (or a variable initialized with it and only
/// read) on a __shared__ array of constant extent, evaluated on every path.
void indexBounds(const FunctionDecl *Kernel, const ASTContext &Ctx,
                 Limits &Out) {
  const Stmt *Body = Kernel->getBody();
  std::map<const VarDecl *, int> ThreadVars; // -1: not one
  auto ThreadDim = [&](const Expr *Idx) -> int {
    std::string M = builtinMember(Idx, "threadIdx");
    if (!M.empty())
      return M[0] - 'x';
    const VarDecl *VD = variableOf(Idx);
    if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit())
      return -1;
    auto [It, New] = ThreadVars.emplace(VD, -1);
    if (New) {
      std::string M = builtinMember(VD->getInit(), "threadIdx");
      if (!M.empty() && !mayChange(VD, Body))
        It->second = M[0] - 'x';
    }
    return It->second;
  };
  auto Visit = [&](const Stmt *S) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(S);
    if (!ASE)
      return;
    std::vector<const Expr *> Indices;
    const Expr *E = ASE;
    while (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      Indices.push_back(A->getIdx());
      E = A->getBase()->IgnoreParenImpCasts();
    }
    std::reverse(Indices.begin(), Indices.end());
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !VD->hasAttr<CUDASharedAttr>())
      return;
    QualType T = VD->getType();
    for (const Expr *Idx : Indices) {
      const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(T);
      if (!CAT)
        return;
      uint64_t Extent = CAT->getSize().getZExtValue();
      T = CAT->getElementType();
      int D = ThreadDim(Idx);
      if (D < 0 || Extent == 0 || Extent >= Out.Dim[D])
        continue;
      Out.Dim[D] = unsigned(Extent);
      Out.Why.push_back(
          std::string(1, char('x' + D)) + " at most " + std::to_string(Extent) +
          ": an index of '" + VD->getNameAsString() + "' at " +
          locationText(Idx->getBeginLoc(), Ctx.getSourceManager()));
    }
  };
  everyPath(Body, Visit);
}

std::string joinShapes(const std::vector<Dim3> &Shapes, bool OneD) {
  std::string Out;
  for (size_t I = 0; I < Shapes.size(); ++I) {
    Out += I == 0 ? "" : I + 1 == Shapes.size() ? " or " : ", ";
    Out +=
        OneD ? std::to_string(Shapes[I].X)
             : std::to_string(Shapes[I].X) + "x" + std::to_string(Shapes[I].Y);
  }
  return Out;
}
} // namespace

std::optional<ShapeFamily> shapeFamily(const FunctionDecl *Kernel,
                                       const ASTContext &Ctx,
                                       std::optional<int64_t> LaunchBound,
                                       std::string &WhyNot) {
  if (!Kernel->getBody()) {
    WhyNot = "the kernel has no body";
    return std::nullopt;
  }
  std::set<const FunctionDecl *> Seen{Kernel};
  unsigned Highest = 0;
  usedDimensions(Kernel->getBody(), Seen, Highest);
  if (Highest >= 2) {
    WhyNot = "the kernel reads threadIdx.z or blockDim.z";
    return std::nullopt;
  }
  Limits L;
  if (LaunchBound && *LaunchBound > 0 && *LaunchBound < 1024) {
    L.Threads = unsigned(*LaunchBound);
    L.Why.push_back("at most " + std::to_string(*LaunchBound) +
                    " threads: __launch_bounds__(" +
                    std::to_string(*LaunchBound) + ")");
  }
  indexBounds(Kernel, Ctx, L);
  ShapeFamily F;
  bool OneD = Highest == 0;
  if (OneD) {
    unsigned Max = std::min(L.Dim[0], L.Threads);
    for (unsigned X : {32u, 64u, 128u, 256u, 512u, 1024u})
      if (X <= Max)
        F.Shapes.push_back({X, 1, 1});
    if (Max < 1024 && (F.Shapes.empty() || F.Shapes.back().X != Max))
      F.Shapes.push_back({Max, 1, 1});
  } else {
    // Square tiles, and a warp per row (`dim3(32, nwarps)`, as ggml and
    // most reductions launch), with as many rows as the launch bounds allow.
    std::vector<Dim3> Candidates{{16, 16, 1}, {8, 8, 1},   {16, 8, 1},
                                 {32, 2, 1},  {32, 4, 1},  {32, 8, 1},
                                 {32, 16, 1}, {32, 32, 1}, {64, 4, 1}};
    if (L.Threads % 32 == 0 && L.Threads / 32 > 1 &&
        !llvm::is_contained(Candidates, Dim3{32, L.Threads / 32, 1}))
      Candidates.push_back({32, L.Threads / 32, 1});
    for (Dim3 D : Candidates)
      if (D.X <= L.Dim[0] && D.Y <= L.Dim[1] && D.threads() <= L.Threads)
        F.Shapes.push_back(D);
    if (F.Shapes.empty()) {
      unsigned X = std::min({L.Dim[0], 32u, L.Threads});
      unsigned Y = std::max(1u, std::min(L.Dim[1], L.Threads / X));
      F.Shapes.push_back({X, Y, 1});
    }
  }
  // The representative (the shape the note names) is the one closest to
  // 256 threads, the most common block.
  auto Distance = [](const Dim3 &D) {
    return D.threads() > 256 ? D.threads() - 256 : 256 - D.threads();
  };
  auto Rep = std::min_element(
      F.Shapes.begin(), F.Shapes.end(),
      [&](const Dim3 &A, const Dim3 &B) { return Distance(A) < Distance(B); });
  std::vector<Dim3> Listed = F.Shapes;
  std::rotate(F.Shapes.begin(), Rep, Rep + 1);
  if (F.Shapes.size() > MaxFamilyShapes)
    F.Shapes.resize(MaxFamilyShapes);
  F.Assumed = (OneD ? "1-D blocks of " : "blocks of ") +
              joinShapes(Listed, OneD) + " threads";
  if (!OneD)
    L.Why.insert(L.Why.begin(), "2-D: the kernel reads threadIdx.y or "
                                "blockDim.y");
  if (!L.Why.empty()) {
    F.Assumed += " (";
    for (size_t I = 0; I < L.Why.size(); ++I)
      F.Assumed += (I ? "; " : "") + L.Why[I];
    F.Assumed += ")";
  }
  return F;
}

namespace {
bool namesShared(const Stmt *S, std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->hasAttr<CUDASharedAttr>())
      return true;
  // A callee (a function, a constructor with its member initializers) that
  // does; past the bound, or through a pointer, assume it does.
  const FunctionDecl *Callee = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    Callee = Call->getDirectCallee();
    if (!Callee && !isa<CUDAKernelCallExpr>(Call))
      return true;
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
    Callee = Construct->getConstructor();
  }
  if (Callee) {
    const FunctionDecl *Def = nullptr;
    if (Callee->hasBody(Def) && Seen.insert(Def).second) {
      if (Seen.size() > 256 || namesShared(Def->getBody(), Seen))
        return true;
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
        for (const CXXCtorInitializer *Init : Ctor->inits())
          if (namesShared(Init->getInit(), Seen))
            return true;
    }
  }
  for (const Stmt *Child : S->children())
    if (namesShared(Child, Seen))
      return true;
  return false;
}
} // namespace

bool namesSharedMemory(const FunctionDecl *Kernel) {
  std::set<const FunctionDecl *> Seen{Kernel};
  return namesShared(Kernel->getBody(), Seen);
}

} // namespace warpcheck
