//===--- MemoryModel.cpp - Loads, stores and lvalues ------------------------===//
//
// Where an lvalue points (shared array, per-thread object, scalar variable,
// other memory) and what a load from it yields.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

Value Engine::load(const LValue &LV, QualType T, const Expr *Site) {
  switch (LV.K) {
  case LValue::Kind::Local:
    return readVariable(LV.Var);
  case LValue::Kind::Shared:
    record(Site, AccessKind::Load, T, LV);
    return loadedValue(LV, T, "'" + LV.Var->getNameAsString() + "'", Site);
  case LValue::Kind::Memory:
    return loadedValue(LV, T, "'" + LV.Region + "'", Site);
  case LValue::Kind::LocalObject:
    recordLocal(Site, LV.Var, false, false, LV.CT, &LV.Offset);
    return loadedValue(LV, T, "'" + LV.Var->getNameAsString() + "'", Site);
  case LValue::Kind::None:
    break;
  }
  Value R = T->isIntegralOrEnumerationType()
                ? opaqueInt("a value the analysis cannot follow")
                : unknown();
  addDeps(R.Deps, LV.Deps);
  return R;
}

/// A value loaded from memory: the same for every thread when every
/// thread reads one address, otherwise unknown per thread.
Value Engine::loadedValue(const LValue &LV, QualType T, const std::string &From, const Expr *Site) {
  Value R;
  if (!T->isIntegralOrEnumerationType()) {
    R = unknown("value loaded from " + From);
  } else if (isUniform(LV.Offset)) {
    R.K = Value::Kind::Int;
    R.L.assign(N, SymbolicInt::atom(Atoms.fresh(sourceText(Site))));
  } else {
    R = opaqueInt("value loaded from " + From);
  }
  R.CT.Why = CompileTime::Cause::Memory;
  R.CT.What = "a value loaded from " + From;
  return R;
}

bool Engine::isAggregateLocal(const VarDecl *V) {
  QualType T = V->getType();
  return !T->isReferenceType() && (T->isArrayType() || T->isRecordType()) &&
         (V->hasLocalStorage() || V->isStaticLocal()) && !isSharedVariable(V);
}

LValue Engine::lvalueOf(const Value &Ptr) {
  LValue R;
  if (Ptr.K != Value::Kind::Pointer) {
    R.Deps = Ptr.Deps;
    return R;
  }
  R.K = Ptr.Shared        ? LValue::Kind::Shared
        : Ptr.LocalObject ? LValue::Kind::LocalObject
                          : LValue::Kind::Memory;
  R.Var = Ptr.Shared ? Ptr.Shared : Ptr.LocalObject;
  R.Offset = Ptr.L;
  R.Region = Ptr.Region;
  R.Deps = Ptr.Deps;
  R.CT = Ptr.CT;
  return R;
}

Value Engine::pointerTo(const LValue &LV) {
  Value R;
  if (LV.K == LValue::Kind::Shared || LV.K == LValue::Kind::Memory ||
      LV.K == LValue::Kind::LocalObject) {
    R.K = Value::Kind::Pointer;
    R.Shared = LV.K == LValue::Kind::Shared ? LV.Var : nullptr;
    R.LocalObject = LV.K == LValue::Kind::LocalObject ? LV.Var : nullptr;
    R.L = LV.Offset;
    R.Region =
        LV.K == LValue::Kind::Memory ? LV.Region : LV.Var->getNameAsString();
    R.Deps = LV.Deps;
    R.CT = LV.CT;
  }
  return R;
}

void Engine::store(const LValue &LV, const Value &V, QualType T, const Expr *Site) {
  if (LV.K == LValue::Kind::Shared)
    record(Site, AccessKind::Store, T, LV);
  else if (LV.K == LValue::Kind::Local)
    assign(LV.Var, V);
  else if (LV.K == LValue::Kind::LocalObject)
    recordLocal(Site, LV.Var, true, false, LV.CT, &LV.Offset);
  // A pointer to a per-thread array written to memory escapes.
  if (LV.K != LValue::Kind::Local)
    noteEscape(V, Site);
}

} // namespace simt
} // namespace warpcheck
