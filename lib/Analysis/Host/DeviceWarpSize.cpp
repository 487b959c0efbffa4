//===--- DeviceWarpSize.cpp - The warp size the runtime reports -----------===//

#include "Host/DeviceWarpSize.h"
#include "BankModel.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace warpcheck {
namespace {

/// The warp size the CUDA runtime reports for every NVIDIA GPU: the model's.
constexpr int64_t DeviceWarpSize = WarpSize;

/// Whether Call is `cudaDeviceGetAttribute(&Var, cudaDevAttrWarpSize, dev)`
/// with Arg its first argument.
bool isWarpSizeAttributeQuery(const CallExpr *Call, const Expr *Arg) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->getName() != "cudaDeviceGetAttribute" ||
      Call->getNumArgs() < 2 || Call->getArg(0)->IgnoreParenImpCasts() != Arg)
    return false;
  const auto *Attr =
      dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
  return Attr && Attr->getDecl()->getName() == "cudaDevAttrWarpSize";
}

/// The cudaDeviceGetAttribute call whose first argument is Addr, in S.
const CallExpr *queryTaking(const Expr *Addr, const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs()) {
    const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CStyleCastExpr>(Arg))
      Arg = C->getSubExpr()->IgnoreParenImpCasts();
    if (Arg == Addr &&
        isWarpSizeAttributeQuery(Call, Call->getArg(0)->IgnoreParenImpCasts()))
      return Call;
  }
  for (const Stmt *Child : S->children())
    if (const CallExpr *Found = queryTaking(Addr, Child))
      return Found;
  return nullptr;
}

/// Whether Call runs whenever Body does: not under a condition or in a loop
/// (the condition of an `if` runs, and so does the body of a `do`, as in
/// CUDA_CHECK's `do { ... } while (0)`).
bool runsUnconditionally(const CallExpr *Call, const Stmt *Body) {
  std::vector<const Stmt *> Path;
  if (!pathTo(Body, Call, Path))
    return false;
  for (size_t K = 0; K + 1 < Path.size(); ++K) {
    const Stmt *Outer = Path[K], *Inner = Path[K + 1];
    bool Runs = true;
    if (const auto *If = dyn_cast<IfStmt>(Outer))
      Runs = Inner == If->getCond() || Inner == If->getInit();
    else if (const auto *BO = dyn_cast<BinaryOperator>(Outer))
      Runs = !BO->isLogicalOp() || Inner == BO->getLHS();
    else if (isa<ForStmt, WhileStmt, CXXForRangeStmt, SwitchStmt,
                 AbstractConditionalOperator, LambdaExpr>(Outer))
      Runs = false;
    if (!Runs)
      return false;
  }
  return true;
}

/// Whether the only changes to the local integer Var in Body hand its
/// address to cudaDeviceGetAttribute(&Var, cudaDevAttrWarpSize, dev), and
/// one such call runs unconditionally before Use: Var then holds the
/// device's warp size at Use.
bool onlyWarpSizeAttribute(const VarDecl *Var, const Stmt *Body,
                           const Expr *Use, const SourceManager &SM) {
  bool QueriedBefore = false;
  for (const VariableUse &U : changingUses(Var, Body)) {
    const auto *Addr = dyn_cast<UnaryOperator>(U.At);
    if (U.Kind != UseKind::AddressTaken || U.Member || !Addr ||
        Addr->getOpcode() != UO_AddrOf)
      return false;
    const CallExpr *Call = queryTaking(Addr, Body);
    if (!Call)
      return false;
    if (runsUnconditionally(Call, Body) &&
        SM.isBeforeInTranslationUnit(Call->getBeginLoc(), Use->getBeginLoc()))
      QueriedBefore = true;
  }
  return QueriedBefore;
}

} // namespace

/// The device's warp size where E reads it from the CUDA runtime: the
/// `warpSize` member of a cudaDeviceProp (filled by cudaGetDeviceProperties)
/// or a local integer that only cudaDeviceGetAttribute(&v,
/// cudaDevAttrWarpSize, dev) writes. It is 32 on every NVIDIA GPU; Via says
/// so. nullopt for anything else.
std::optional<int64_t> deviceWarpSize(const Expr *E, const ASTContext &Ctx,
                                      std::string &Via) {
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *Member = dyn_cast<MemberExpr>(S)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Field->getName() != "warpSize" ||
        Field->getParent()->getName() != "cudaDeviceProp")
      return std::nullopt;
    std::string Text = sourceText(Member, Ctx);
    Via = "'" + (Text.empty() ? std::string("warpSize") : Text) +
          "' (cudaDeviceProp::warpSize) is " + std::to_string(DeviceWarpSize) +
          " on every NVIDIA GPU";
    return DeviceWarpSize;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(S);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
      !Var->getType()->isIntegerType())
    return std::nullopt;
  const FunctionDecl *Function = enclosingFunction(Var);
  if (!Function || !Function->getBody())
    return std::nullopt;
  if (!onlyWarpSizeAttribute(Var, Function->getBody(), Ref,
                             Ctx.getSourceManager()))
    return std::nullopt;
  Via = "'" + Var->getNameAsString() +
        "' is the warp size cudaDeviceGetAttribute gives, " +
        std::to_string(DeviceWarpSize) + " on every NVIDIA GPU";
  return DeviceWarpSize;
}

} // namespace warpcheck
