//===--- MemoryModel.cpp - Loads, stores, lvalues and per-thread objects --===//
//
// Where an lvalue points (a __shared__ array, a per-thread object, a scalar
// variable, other memory), what a load from it yields, and what a store
// changes. Per-thread objects (aggregate locals, and scalar locals whose
// address was taken) are followed cell by cell for every thread; a write
// the engine cannot place makes what it may touch unknown (a "havoc"), and
// a read of bytes nobody wrote in a way the engine followed is unknown.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

namespace {

bool isLaneKind(const Value &V) {
  return V.K == Value::Kind::Int || V.K == Value::Kind::Pointer;
}

bool sameTarget(const Value &A, const Value &B) {
  return A.K == B.K &&
         (A.K != Value::Kind::Pointer ||
          (A.Shared == B.Shared && A.LocalObject == B.LocalObject &&
           A.Region == B.Region));
}

} // namespace

// ---- lvalues ----------------------------------------------------------------

bool Engine::isAggregateLocal(const VarDecl *V) {
  QualType T = V->getType();
  return !T->isReferenceType() && (T->isArrayType() || T->isRecordType()) &&
         V->hasLocalStorage() && !isSharedVariable(V);
}

bool Engine::isObjectVar(const VarDecl *V) const {
  return isAggregateLocal(V) || ObjectScalars.count(V);
}

LValue Engine::objectLValue(const VarDecl *V) const {
  LValue R;
  R.K = LValue::Kind::LocalObject;
  R.Var = V;
  R.Offset.assign(N, SymbolicInt::constant(0));
  return R;
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
  if (LV.K == LValue::Kind::Local) {
    // The address of a scalar the engine followed by value: from now on it
    // is a per-thread object, so writes through the pointer reach it.
    promoteToObject(LV.Var);
    LValue Obj = objectLValue(LV.Var);
    return pointerTo(Obj);
  }
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
    if (R.LocalObject)
      objectOf(R.LocalObject).Exposed = true;
    return R;
  }
  R = unknown("the address of an object warpcheck does not follow");
  addDeps(R.Deps, LV.Deps);
  return R;
}

// ---- loads and stores -------------------------------------------------------

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
    if (isAggregateLocal(LV.Var))
      recordLocal(Site, LV.Var, false, false, LV.CT, &LV.Offset);
    return loadObject(LV, T, Site);
  case LValue::Kind::None:
    reportLostAddress(Site, AccessKind::Load, T);
    break;
  }
  Value R = T->isIntegralOrEnumerationType()
                ? opaqueInt("a value the analysis cannot follow")
                : unknown("a value the analysis cannot follow");
  addDeps(R.Deps, LV.Deps);
  return R;
}

/// A value loaded from memory other than a per-thread object: the same for
/// every thread of a warp when every thread reads one address (one load
/// instruction reads one value), otherwise unknown per thread.
Value Engine::loadedValue(const LValue &LV, QualType T, const std::string &From,
                          const Expr *Site) {
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

void Engine::store(const LValue &LV, const Value &V, QualType T,
                   const Expr *Site) {
  switch (LV.K) {
  case LValue::Kind::Shared:
    record(Site, AccessKind::Store, T, LV);
    break;
  case LValue::Kind::Local:
    assign(LV.Var, V);
    return;
  case LValue::Kind::LocalObject:
    if (isAggregateLocal(LV.Var))
      recordLocal(Site, LV.Var, true, false, LV.CT, &LV.Offset);
    storeObject(LV, V, T);
    break;
  case LValue::Kind::Memory:
    break;
  case LValue::Kind::None:
    reportLostAddress(Site, AccessKind::Store, T);
    // A write through a pointer the engine lost: it may land in any
    // per-thread object whose address was taken.
    havocExposed("a write through a pointer warpcheck does not follow (" +
                 sourceText(Site) + ")");
    break;
  }
  // A pointer to a per-thread object written to memory escapes.
  if (LV.K != LValue::Kind::LocalObject)
    noteEscape(V, Site);
}

void Engine::reportLostAddress(const Expr *Site, AccessKind Kind,
                               QualType T) {
  // Library code reaches __shared__ storage through the pointers and
  // references it was handed, and so does user code once a pointer to it
  // sits in an object: an address lost there may be to shared memory,
  // reported unknown (at the user's call), never dropped.
  if (!Site)
    return;
  bool InLibrary = SM.isInSystemHeader(SM.getExpansionLoc(Site->getBeginLoc()));
  if (InLibrary ? !followsLibraryCode(frame().FD) : !SharedHeldByObjects)
    return;
  uint64_t Width = T.isNull() || T->isIncompleteType() ? 4 : sizeOf(T);
  recordUnknown(Site, Kind, nullptr, Width,
                InLibrary ? "an address in library code warpcheck does not "
                            "follow"
                          : "an address warpcheck does not follow, which may "
                            "be one of the __shared__ pointers objects hold");
}

// ---- per-thread objects -----------------------------------------------------

ThreadObject &Engine::objectOf(const VarDecl *V) {
  auto It = Objects.find(V);
  if (It != Objects.end())
    return It->second;
  ThreadObject &O = Objects[V];
  if (isa<ParmVarDecl>(V) && V->getDeclContext() == Kernel) {
    // A kernel parameter passed by value: every thread gets the same copy.
    O.UniformContent = true;
    addDep(O.Deps, "kernel parameter '" + V->getNameAsString() + "'");
  } else {
    addDep(O.Deps, "the contents of '" + V->getNameAsString() + "'");
  }
  return O;
}

void Engine::promoteToObject(const VarDecl *V) {
  if (ObjectScalars.count(V))
    return;
  Value Cur = readVariable(V);
  ObjectScalars.insert(V);
  frame().Env.erase(V);
  ThreadObject &O = Objects[V];
  O = ThreadObject();
  addDep(O.Deps, "the contents of '" + V->getNameAsString() + "'");
  uint64_t Size = sizeOf(V->getType().getNonReferenceType());
  if (Size == 0)
    return;
  ObjectCell &C = O.Cells[0];
  C.Size = Size;
  C.V = Cur;
  if (isLaneKind(Cur) && C.V.L.size() != N)
    C.V.L.assign(N, SymbolicInt::opaque());
}

void Engine::invalidateLane(ThreadObject &O, int64_t Off, uint64_t Size,
                            unsigned T, const ObjectCell *Keep) {
  auto It = O.Cells.upper_bound(Off);
  if (It != O.Cells.begin())
    --It;
  for (; It != O.Cells.end() && It->first < Off + int64_t(Size); ++It) {
    ObjectCell &C = It->second;
    if (&C == Keep || It->first + int64_t(C.Size) <= Off)
      continue;
    if (isLaneKind(C.V))
      C.V.L[T] = SymbolicInt::opaque();
  }
}

void Engine::writeLane(ThreadObject &O, int64_t Off, uint64_t Size,
                       const Value &V, unsigned T, bool Join) {
  SharedHeldByObjects |= V.K == Value::Kind::Pointer && V.Shared;
  ObjectCell *Cell = nullptr;
  auto It = O.Cells.find(Off);
  if (It != O.Cells.end())
    Cell = &It->second;
  // A cell of another size or kind at the same offset: replace it when no
  // other thread holds a value in it, otherwise this thread's bytes become
  // unknown.
  auto OthersHold = [&](const ObjectCell &C) {
    if (!isLaneKind(C.V))
      return false;
    for (unsigned U = 0; U < N; ++U)
      if (U != T && !C.V.L[U].Opaque)
        return true;
    return false;
  };
  if (Cell && (Cell->Size != Size || !sameTarget(Cell->V, V))) {
    if (OthersHold(*Cell)) {
      invalidateLane(O, Off, Size, T, nullptr);
      return;
    }
    O.Cells.erase(It);
    Cell = nullptr;
  }
  invalidateLane(O, Off, Size, T, Cell);
  if (!Cell) {
    Cell = &O.Cells[Off];
    Cell->Size = Size;
    Cell->V = V;
    Cell->V.Deps = O.Deps;
    addDeps(Cell->V.Deps, V.Deps);
    if (isLaneKind(V))
      Cell->V.L.assign(N, SymbolicInt::opaque());
  }
  if (!isLaneKind(V))
    return;
  const SymbolicInt &New = V.L[T];
  if (Join && Cell->V.L[T] != New)
    Cell->V.L[T] = SymbolicInt::opaque();
  else
    Cell->V.L[T] = New;
  Cell->V.CT.merge(V.CT);
  if (Join)
    addDeps(Cell->V.Deps, M.Deps);
  addDeps(Cell->V.Deps, V.Deps);
}

void Engine::havocLane(ThreadObject &O, unsigned T) {
  for (auto &[Off, C] : O.Cells)
    if (isLaneKind(C.V))
      C.V.L[T] = SymbolicInt::opaque();
}

void Engine::havocObject(const VarDecl *V, const std::string &Why) {
  ThreadObject &O = objectOf(V);
  addDep(O.Deps, Why);
  for (auto &[Off, C] : O.Cells)
    addDep(C.V.Deps, Why);
  for (unsigned T = 0; T < N; ++T)
    if (laneLive(T))
      havocLane(O, T);
}

void Engine::havocExposed(const std::string &Why) {
  for (auto &[V, O] : Objects)
    if (O.Exposed)
      havocObject(V, Why);
}

void Engine::havocEscaped(const std::string &Why) {
  for (auto &[V, O] : Objects)
    if (O.Escaped)
      havocObject(V, Why);
}

Value Engine::loadObject(const LValue &LV, QualType T, const Expr *Site) {
  ThreadObject &O = objectOf(LV.Var);
  uint64_t Size = sizeOf(T);
  bool IsInt = T->isIntegralOrEnumerationType();
  if (!IsInt && !T->isPointerType()) {
    Value R = unknown("the contents of '" + LV.Var->getNameAsString() + "'");
    R.CT.Why = CompileTime::Cause::Memory;
    R.CT.What = "the contents of '" + LV.Var->getNameAsString() + "'";
    return R;
  }
  Value R;
  R.K = IsInt ? Value::Kind::Int : Value::Kind::Pointer;
  R.L.assign(N, SymbolicInt::opaque());
  bool Missing = false, HaveTarget = false;
  for (unsigned U = 0; U < N; ++U) {
    if (!laneLive(U))
      continue;
    auto Off = LV.Offset[U].asConstant();
    const ObjectCell *Cell = nullptr;
    if (Off) {
      auto It = O.Cells.find(*Off);
      if (It != O.Cells.end() && It->second.Size == Size &&
          It->second.V.K == R.K)
        Cell = &It->second;
      if (!Cell && O.UniformContent && IsInt && Site &&
          !O.Cells.count(*Off)) {
        // A by-value kernel parameter: the same unknown in every thread.
        ObjectCell &C = O.Cells[*Off];
        C.Size = Size;
        C.V.K = Value::Kind::Int;
        C.V.L.assign(N, SymbolicInt::atom(Atoms.named(sourceText(Site))));
        C.V.CT.Why = CompileTime::Cause::Parameter;
        C.V.CT.What = sourceText(Site);
        Cell = &C;
      }
    }
    if (!Cell) {
      Missing = true;
      continue;
    }
    if (R.K == Value::Kind::Pointer) {
      if (!HaveTarget) {
        R.Shared = Cell->V.Shared;
        R.LocalObject = Cell->V.LocalObject;
        R.Region = Cell->V.Region;
        HaveTarget = true;
      } else if (!sameTarget(R, Cell->V)) {
        Missing = true;
        continue;
      }
    }
    R.L[U] = Cell->V.L[U];
    if (R.L[U].Opaque)
      Missing = true;
    R.CT.merge(Cell->V.CT);
    addDeps(R.Deps, Cell->V.Deps);
  }
  if (Missing) {
    addDeps(R.Deps, O.Deps);
    addDeps(R.Deps, LV.Deps);
    if (!R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Memory;
      R.CT.What = "the contents of '" + LV.Var->getNameAsString() + "'";
    }
  }
  if (R.K == Value::Kind::Pointer && !HaveTarget)
    return unknown("a pointer read from '" + LV.Var->getNameAsString() + "'");
  if (R.K == Value::Kind::Int)
    fitToType(R, T);
  return R;
}

void Engine::storeObject(const LValue &LV, const Value &V, QualType T) {
  ThreadObject &O = objectOf(LV.Var);
  uint64_t Size = sizeOf(T);
  if (Size == 0 || T->isRecordType() || T->isArrayType()) {
    // Whole-aggregate stores come through copyIntoObject; anything else
    // is not followed.
    havocObject(LV.Var, "a write to '" + LV.Var->getNameAsString() +
                            "' warpcheck does not follow");
    return;
  }
  for (unsigned U = 0; U < N; ++U) {
    if (!laneLive(U))
      continue;
    auto Off = LV.Offset[U].asConstant();
    if (!Off) {
      // Written at an offset the engine does not know: any of its bytes.
      havocLane(O, U);
      addDeps(O.Deps, LV.Deps);
      addDep(O.Deps, "'" + LV.Var->getNameAsString() +
                         "' written at an index warpcheck does not know");
      continue;
    }
    bool Join = M.Conditional || M.A[U] == Activity::Maybe;
    writeLane(O, *Off, Size, V, U, Join);
  }
}

void Engine::copyIntoObject(const LValue &Dst, const LValue &Src,
                            uint64_t Size, const std::string &Why) {
  ThreadObject &D = objectOf(Dst.Var);
  ThreadObject *S = Src.K == LValue::Kind::LocalObject ? &objectOf(Src.Var)
                                                       : nullptr;
  // Copy the source cells first: source and destination may be one object.
  std::vector<std::pair<int64_t, ObjectCell>> SrcCells;
  if (S)
    for (auto &[Off, C] : S->Cells)
      SrcCells.push_back({Off, C});
  addDep(D.Deps, Why);
  for (unsigned U = 0; U < N; ++U) {
    if (!laneLive(U))
      continue;
    auto DOff = Dst.Offset[U].asConstant();
    if (!DOff) {
      havocLane(D, U);
      continue;
    }
    // The old bytes are replaced (or, for a thread that may not run here,
    // joined with the new ones: unknown either way unless rewritten).
    bool Join = M.Conditional || M.A[U] == Activity::Maybe;
    for (auto &[Off, C] : D.Cells)
      if (Off >= *DOff && Off < *DOff + int64_t(Size))
        addDep(C.V.Deps, Why);
    invalidateLane(D, *DOff, Size, U, nullptr);
    std::optional<int64_t> SOff;
    if (S)
      SOff = Src.Offset[U].asConstant();
    if (!SOff)
      continue;
    for (auto &[Off, C] : SrcCells)
      if (Off >= *SOff && Off + int64_t(C.Size) <= *SOff + int64_t(Size))
        writeLane(D, *DOff + (Off - *SOff), C.Size, C.V, U, Join);
  }
}

/// Walks an initializer list of a per-thread object at byte offset Base.
void Engine::initObjectList(const VarDecl *V, int64_t Base, QualType T,
                            const InitListExpr *ILE) {
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    QualType Elem = AT->getElementType();
    uint64_t ElemSize = sizeOf(Elem);
    uint64_t Count = AT->getSize().getZExtValue();
    for (uint64_t I = 0; I < Count && I < 4096 && ElemSize; ++I) {
      const Expr *Init = I < ILE->getNumInits() ? ILE->getInit(unsigned(I))
                                                : ILE->getArrayFiller();
      if (!Init)
        break;
      initObjectAt(V, Base + int64_t(I * ElemSize), Elem, Init);
    }
    return;
  }
  const auto *RD = T->getAsRecordDecl();
  if (!RD || RD->isInvalidDecl())
    return;
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
  if (RD->isUnion()) {
    if (const FieldDecl *F = ILE->getInitializedFieldInUnion())
      if (ILE->getNumInits() == 1 && !F->isBitField())
        initObjectAt(V, Base, F->getType(), ILE->getInit(0));
    return;
  }
  unsigned I = 0;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
    I = CXX->getNumBases(); // base-class initializers come first
  for (const FieldDecl *F : RD->fields()) {
    if (F->isUnnamedBitField())
      continue;
    if (I >= ILE->getNumInits())
      break;
    const Expr *Init = ILE->getInit(I++);
    if (F->isBitField()) {
      eval(Init);
      continue;
    }
    int64_t Off =
        Base + int64_t(Layout.getFieldOffset(F->getFieldIndex()) / 8);
    initObjectAt(V, Off, F->getType(), Init);
  }
}

void Engine::initObjectAt(const VarDecl *V, int64_t Off, QualType T,
                          const Expr *Init) {
  Init = Init->IgnoreParens();
  if (const auto *ILE = dyn_cast<InitListExpr>(Init)) {
    if (!T->isRecordType() && !T->isArrayType() && ILE->getNumInits() == 1)
      return initObjectAt(V, Off, T, ILE->getInit(0));
    if (T->isRecordType() || T->isArrayType())
      return initObjectList(V, Off, T, ILE);
  }
  if (T->isRecordType() || T->isArrayType()) {
    // A nested aggregate initialized some other way (a copy, a call).
    LValue Dst;
    Dst.K = LValue::Kind::LocalObject;
    Dst.Var = V;
    Dst.Offset.assign(N, SymbolicInt::constant(Off));
    initAggregate(Dst, T, Init);
    return;
  }
  Value Val = isa<ImplicitValueInitExpr>(Init) ? zeroOf(T) : eval(Init);
  if (Val.K == Value::Kind::Int)
    fitToType(Val, T);
  ThreadObject &O = objectOf(V);
  for (unsigned U = 0; U < N; ++U)
    if (laneLive(U))
      writeLane(O, Off, sizeOf(T), Val, U, false);
}

void Engine::initAggregate(const LValue &Dst, QualType T, const Expr *Init) {
  uint64_t Size = sizeOf(T);
  const Expr *E = Init;
  while (true) {
    E = E->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *IC = dyn_cast<CastExpr>(E);
             IC && (isa<ImplicitCastExpr>(IC) ||
                    isa<CXXFunctionalCastExpr>(IC)) &&
             (IC->getCastKind() == CK_NoOp ||
              IC->getCastKind() == CK_ConstructorConversion))
      E = IC->getSubExpr(); // `T(storage)`: a constructor call
    else
      break;
  }
  std::string Name = Dst.Var->getNameAsString();
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    // Bytes the list does not name are zero: start from zero-filled
    // scalars where the list is complete, otherwise from unknown.
    auto Off = Dst.Offset[0].asConstant();
    if (Off)
      initObjectList(Dst.Var, *Off, T, ILE);
    return;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // A copy the user wrote may change what it copies: followed.
    if (Construct->getNumArgs() == 1 && Ctor &&
        Ctor->isCopyOrMoveConstructor() && Ctor->isUserProvided() &&
        followConstructor(Dst, Construct))
      return;
    if (Construct->getNumArgs() == 1 && Ctor &&
        Ctor->isCopyOrMoveConstructor()) {
      const Expr *Arg = Construct->getArg(0);
      LValue Src = evalLValue(Arg);
      if (Src.K == LValue::Kind::Shared)
        record(Arg, AccessKind::Load, Arg->getType(), Src);
      std::string From = Src.K == LValue::Kind::LocalObject
                             ? "a copy of '" + Src.Var->getNameAsString() + "'"
                         : Src.K == LValue::Kind::Shared ||
                                 Src.K == LValue::Kind::Memory
                             ? "'" + Name + "' loaded from memory (" +
                                   sourceText(Arg) + ")"
                             : "'" + Name + "' copied from " + sourceText(Arg);
      copyIntoObject(Dst, Src, Size, From);
      return;
    }
    if (Ctor && !Ctor->isTrivial() && followConstructor(Dst, Construct))
      return;
    std::string Why =
        Construct->getNumArgs() == 0 && Ctor && Ctor->isTrivial()
            ? "uninitialized '" + Name + "'"
            : "'" + Name + "' set by a constructor warpcheck does not follow";
    reportUnfollowedConstructor(Construct, Why);
    LValue None;
    copyIntoObject(Dst, None, Size, Why);
    return;
  }
  // Any other source (a call returning the aggregate, a load): evaluate it
  // for its accesses; the bytes are unknown.
  Value V = eval(E);
  (void)V;
  LValue None;
  copyIntoObject(Dst, None, Size,
                 "'" + Name + "' set from " + sourceText(E));
}

void Engine::declareObject(const VarDecl *V) {
  ThreadObject &O = Objects[V];
  bool Exposed = O.Exposed;
  O = ThreadObject();
  // A pointer kept from an earlier iteration still names this storage.
  O.Exposed = Exposed;
  std::string Name = V->getNameAsString();
  const Expr *Init = V->getInit();
  QualType T = V->getType();
  if (!Init) {
    addDep(O.Deps, "uninitialized '" + Name + "'");
    return;
  }
  addDep(O.Deps, "the contents of '" + Name + "'");
  LValue Dst = objectLValue(V);
  if (T->isRecordType() || T->isArrayType()) {
    initAggregate(Dst, T, Init);
    return;
  }
  initObjectAt(V, 0, T, Init);
}

void Engine::havocRange(const VarDecl *V, int64_t Off, uint64_t Size,
                        const std::string &Why) {
  ThreadObject &O = objectOf(V);
  auto It = O.Cells.upper_bound(Off);
  if (It != O.Cells.begin())
    --It;
  for (; It != O.Cells.end() && It->first < Off + int64_t(Size); ++It) {
    ObjectCell &C = It->second;
    if (It->first + int64_t(C.Size) <= Off)
      continue;
    addDep(C.V.Deps, Why);
    if (!isLaneKind(C.V))
      continue;
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T))
        C.V.L[T] = SymbolicInt::opaque();
  }
}

void Engine::havocThrough(const Value &Target, const RootWrites &W,
                          const std::string &Why) {
  if (Target.K != Value::Kind::Pointer) {
    havocExposed(Why); // a pointer the engine does not know
    return;
  }
  if (!Target.LocalObject)
    return; // shared or other memory: no per-thread object
  // Where it points, when every live thread agrees on a constant.
  std::optional<int64_t> Base;
  bool Same = true;
  for (unsigned T = 0; T < N && Same; ++T) {
    if (!laneLive(T))
      continue;
    std::optional<int64_t> C = Target.L[T].asConstant();
    Same = C && (!Base || *Base == *C);
    Base = C;
  }
  if (W.Whole || !Same || !Base) {
    havocObject(Target.LocalObject, Why);
    return;
  }
  for (const auto &[Off, Size] : W.Ranges)
    havocRange(Target.LocalObject, *Base + Off, Size, Why);
}

void Engine::havocObjectsWrittenIn(const Stmt *S, const std::string &Why) {
  if (!S)
    return;
  // Only the bytes the statement (and what it calls) may write are
  // forgotten: WrittenRegions.h.
  const WriteSet &W = ObjectWrites.writesIn(S);
  if (W.Unresolved || W.Asm)
    havocExposed(Why);
  if (W.Calls)
    havocEscaped(Why);
  for (const auto &[V, Written] : W.Vars) {
    if (Written.empty())
      continue;
    if (isObjectVar(V)) {
      Value Whole;
      Whole.K = Value::Kind::Pointer;
      Whole.LocalObject = V;
      Whole.L.assign(N, SymbolicInt::constant(0));
      havocThrough(Whole, Written, Why);
      continue;
    }
    QualType T = V->getType();
    if (!T->isPointerType() && !T->isReferenceType())
      continue; // a scalar (modifiedIn's) or a shared or global variable
    auto It = frame().Env.find(V);
    if (It != frame().Env.end())
      havocThrough(It->second, Written, Why);
    else if (!V->hasGlobalStorage() &&
             !(isa<ParmVarDecl>(V) && V->getDeclContext() == Kernel))
      havocExposed(Why); // kernel parameters and globals point elsewhere
  }
  if (!W.This.empty())
    havocThrough(frame().This, W.This, Why);
}

} // namespace simt
} // namespace warpcheck
