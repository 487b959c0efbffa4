//===--- InterpretAsm.cpp - Inline assembly -------------------------------===//
//
// asm statements: the PTX text read by InlinePtx.h, each shared-memory
// instruction recorded as an access at its operands' addresses (ld/st,
// atom, cp.async, ldmatrix), everything else an opaque result.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "InlinePtx.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::execAsm(const AsmStmt *S) {
  std::vector<Value> Inputs;
  for (unsigned I = 0; I < S->getNumInputs(); ++I) {
    Inputs.push_back(eval(S->getInputExpr(I)));
    noteEscape(Inputs.back(), S->getInputExpr(I));
  }
  std::string Text;
  if (const auto *G = dyn_cast<GCCAsmStmt>(S)) {
    Text = G->getAsmString()->getString().str();
    recordAsmAccesses(G, Inputs);
  }
  // Another block's shared memory (mapa, shared::cluster): its threads may
  // write this block's too.
  if (StringRef(Text).contains("mapa") || StringRef(Text).contains("cluster"))
    RemoteShared = true;
  bool Clobbers = false;
  for (unsigned I = 0; I < S->getNumClobbers(); ++I)
    Clobbers |= S->getClobber(I) == "memory";
  for (StringRef Op : {"st.", "atom.", "red.", "cp.", "stmatrix", "mbarrier"})
    Clobbers |= StringRef(Text).contains(Op);
  if (Clobbers) {
    havocExposed("inline assembly that may write memory");
    havocEscaped("inline assembly that may write memory");
  }
  // One instruction reading a special register: `mov.u32 %0, %%laneid;`.
  llvm::SmallVector<StringRef, 4> Parts;
  StringRef Body = StringRef(Text).trim();
  Body.consume_back(";");
  std::string Special;
  if (S->getNumOutputs() == 1 && Body.starts_with("mov.") &&
      !Body.contains(';')) {
    auto Comma = Body.split(',');
    StringRef Src = Comma.second.trim();
    if (Src.consume_front("%%") || Src.consume_front("%"))
      Special = Src.str();
  }
  for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
    const Expr *Out = S->getOutputExpr(I);
    QualType T = Out->getType();
    Value V = specialRegister(Special, S);
    if (V.K != Value::Kind::Int)
      V = T->isIntegralOrEnumerationType()
              ? opaqueInt("output of inline assembly at line " +
                          std::to_string(lineOf(S)))
              : unknown("output of inline assembly");
    else
      fitToType(V, T);
    store(evalLValue(Out), V, T, Out);
  }
}

const Expr *Engine::asmSite(const GCCAsmStmt *S, size_t Pos) {
  auto [It, New] = AsmSites.try_emplace({S, Pos}, nullptr);
  if (!New)
    return It->second;
  // Point at the instruction inside the asm string where clang can say
  // where that is.
  SourceLocation Loc = S->getAsmLoc();
  const StringLiteral *Str = S->getAsmString();
  if (Str && Str->isOrdinary() && Pos < Str->getLength() &&
      !Str->getBeginLoc().isMacroID())
    Loc = Str->getLocationOfByte(unsigned(Pos), SM, Ctx.getLangOpts(),
                                 Ctx.getTargetInfo());
  It->second = IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), Ctx.IntTy, Loc);
  return It->second;
}

void Engine::recordAsmAccesses(const GCCAsmStmt *S,
                               const std::vector<Value> &Inputs) {
  PtxDecoding D = decodeInlinePtx(S->getAsmString()->getString());
  // Loops in the asm (labels, branches): its accesses run any number of
  // times.
  if (D.HasControlFlow)
    ++UncountedLoops;
  for (const PtxAccess &A : D.Accesses)
    recordPtxAccess(S, A, Inputs);
  if (!D.Undecoded.empty()) {
    // Something that names shared memory and is not decoded: reported, at
    // the array when the asm is given exactly one followed shared address.
    const VarDecl *Var = nullptr;
    for (const Value &V : Inputs) {
      const VarDecl *Seen = nullptr;
      if (V.K == Value::Kind::Pointer && V.Shared)
        Seen = V.Shared;
      else
        sharedWindowAddress(V, &Seen);
      if (Seen && Var && Seen != Var) {
        Var = nullptr;
        break;
      }
      if (Seen)
        Var = Seen;
    }
    recordUnknown(asmSite(S, D.UndecodedPosition), AccessKind::Load, Var, 4,
                  "inline PTX: '" + D.Undecoded + "' is not decoded");
  }
  if (D.HasControlFlow)
    --UncountedLoops;
}

namespace {

/// Where an inline PTX access goes: the array and each thread's offset in
/// it, as far as its address operand is followed.
struct PtxAddress {
  const VarDecl *Var = nullptr;
  std::optional<Lanes> Offsets;
  std::vector<std::string> Deps;
};

PtxAddress ptxAddress(Engine &En, const PtxAccess &A, const Value *Addr) {
  PtxAddress P;
  if (!Addr)
    return P;
  P.Deps = Addr->Deps;
  if (A.ExplicitShared) {
    if (auto W = En.sharedWindowAddress(*Addr, &P.Var))
      P.Offsets = std::move(W->second);
    else if (Addr->K == Value::Kind::Pointer && Addr->Shared)
      P.Var = Addr->Shared; // a generic pointer given as a shared address
  } else if (Addr->K == Value::Kind::Pointer && Addr->Shared) {
    // A generic address that points into shared memory.
    P.Var = Addr->Shared;
    P.Offsets = Addr->L;
  }
  return P;
}

/// Whether two rows one warp names may share an address: rows are apart
/// only where their offsets differ by a constant other than zero.
bool rowsMayRepeat(const Mask &M, const Lanes &Offsets, unsigned Lanes,
                   unsigned Threads) {
  for (unsigned Warp = 0; Warp < Threads; Warp += WarpSize) {
    std::vector<const SymbolicInt *> Rows;
    for (unsigned T = Warp; T < std::min(Warp + Lanes, Threads); ++T)
      if (M.A[T] != Activity::Inactive)
        Rows.push_back(&Offsets[T]);
    for (size_t I = 0; I < Rows.size(); ++I)
      for (size_t J = I + 1; J < Rows.size(); ++J) {
        std::optional<int64_t> D = sym::sub(*Rows[I], *Rows[J]).asConstant();
        if (!D || *D == 0)
          return true;
      }
  }
  return false;
}

} // namespace

void Engine::recordPtxAccess(const GCCAsmStmt *S, const PtxAccess &A,
                             const std::vector<Value> &Inputs) {
  unsigned Outputs = S->getNumOutputs();
  const Expr *Site = asmSite(S, A.Position);
  const Value *Addr = nullptr;
  if (A.AddressOperand && *A.AddressOperand >= Outputs &&
      *A.AddressOperand - Outputs < Inputs.size())
    Addr = &Inputs[*A.AddressOperand - Outputs];
  PtxAddress P = ptxAddress(*this, A, Addr);
  // A generic access through memory not known to be shared: as a C++
  // access through such a pointer, not a shared access.
  if (!A.ExplicitShared && !P.Var)
    return;
  Mask Saved = M;
  // ldmatrix .x1/.x2: the other lanes' addresses are not read.
  if (A.AddressLanes < WarpSize)
    for (unsigned T = 0; T < N; ++T)
      if (T % WarpSize >= A.AddressLanes)
        M.A[T] = Activity::Inactive;
  if (A.Predicated) {
    for (Activity &Act : M.A)
      if (Act == Activity::Active)
        Act = Activity::Maybe;
    addDep(M.Deps, "the predicate of '" + A.Opcode + "' in inline PTX");
  }
  unsigned Width = A.WidthBytes;
  std::string Why;
  // cp.async's size given as an operand: the value the engine has for it.
  if (A.SizeOperand) {
    std::optional<int64_t> C;
    if (*A.SizeOperand >= Outputs && *A.SizeOperand - Outputs < Inputs.size())
      C = uniformConstant(Inputs[*A.SizeOperand - Outputs]);
    Width = C && (*C == 4 || *C == 8 || *C == 16) ? unsigned(*C) : 0;
  }
  if (A.SizeOperand && !Width && A.Unmeasured.empty())
    Why = "inline PTX: the size of '" + A.Opcode + "' is not known";
  else if (!A.Unmeasured.empty())
    Why = "inline PTX: " + A.Unmeasured;
  else if (Width == 0 || (Width > 16 ? Width % 16 != 0
                                     : !isPowerOfTwoWidth(Width)))
    Why = "inline PTX: the width of '" + A.Opcode + "' is not decoded";
  else if (!P.Offsets)
    Why = "inline PTX: address not followed ('" + A.Opcode + "')";
  else if (A.DistinctRows && rowsMayRepeat(M, *P.Offsets, A.AddressLanes, N))
    Why = "inline PTX: '" + A.Opcode + "' may write two rows at one address, "
          "which is not measured (its rule holds for distinct rows)";
  if (!Why.empty()) {
    recordUnknown(Site, A.Kind, P.Var, Width ? std::min(Width, 16u) : 4, Why);
    M = Saved;
    return;
  }
  LValue LV;
  LV.K = LValue::Kind::Shared;
  LV.Var = P.Var;
  LV.Offset = std::move(*P.Offsets);
  for (auto &O : LV.Offset)
    if (!O.Opaque)
      O = sym::add(O, SymbolicInt::constant(A.AddressOffset));
  LV.Deps = P.Deps;
  AtomicOp Op;
  if (A.Kind == AccessKind::Atomic) {
    Op.Function = A.AtomicFunction.empty() ? A.Opcode : A.AtomicFunction;
    Op.ResultUnused = A.ResultUnused;
    if (!A.AtomicFunction.empty())
      Op.Form = atomicForm(A.AtomicFunction, Width, A.AtomicFloat,
                           A.ResultUnused ? AtomicResult::Unused
                                          : AtomicResult::Used,
                           A.AtomicImmediate);
  }
  // cp.async.cg of 16 bytes: the measured rule of L1-bypassing copies,
  // from the source operand's addresses too.
  if (A.Bypass && Width == 16) {
    const Value *Src = nullptr;
    if (A.SourceOperand && *A.SourceOperand >= Outputs &&
        *A.SourceOperand - Outputs < Inputs.size())
      Src = &Inputs[*A.SourceOperand - Outputs];
    recordBypassCopy(Site, LV, Src, "inline PTX '" + A.Opcode + "'");
    M = Saved;
    return;
  }
  // Wider than one access (ld.shared.v4.f64): 16-byte parts.
  unsigned Chunk = std::min(Width, 16u);
  for (unsigned Part = 0; Part < Width; Part += Chunk)
    recordOne(Site, A.Kind, Chunk, LV, Part,
              A.Kind == AccessKind::Atomic ? &Op : nullptr);
  M = Saved;
}

} // namespace simt
} // namespace warpcheck
