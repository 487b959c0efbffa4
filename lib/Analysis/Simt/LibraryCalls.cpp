//===--- LibraryCalls.cpp - Library calls modelled from measurements ------===//
//
// Library functions whose bodies warpcheck does not follow but whose
// shared-memory requests were measured on an H100 (sm_90, nvcc 13.0) by
// cuda_samples/library_calls/measure.sh (docs/bank-model.md, "Library
// calls"):
//  - nvcuda::wmma::load_matrix_sync and store_matrix_sync. CUDA leaves the
//    fragment's per-lane layout unspecified, but every lane passes the same
//    32-byte aligned pointer, so a call's requests and wavefronts depend on
//    the fragment type and on ldm alone: the measured table
//    WmmaMeasured.inc, by ldm bytes mod 128 (base offsets 0, 32, 64 and 96
//    past a 128-byte boundary measured alike).
//  - cuda::memcpy_async (one thread's copy) and
//    cooperative_groups::memcpy_async (a group's copy) into shared memory:
//    LDGSTS instructions, measured to write shared memory with the bank
//    rule of a store of the same width at the same addresses; the
//    addresses are the library's (cooperative groups: chunk rank + k * group
//    size, cooperative_groups/details/async.h).
//
//===----------------------------------------------------------------------===//

#include "BypassCopy.h"
#include "CooperativeGroups.h"
#include "Engine.h"
#include "Host/Mutation.h"
#include "Induction.h"
#include "InlinePtx.h"

#include "llvm/Support/FormatVariadic.h"

#include <numeric>

using namespace clang;

namespace warpcheck {
namespace simt {

namespace {

enum class WmmaOp { Load, Store };
enum class WmmaUse { MatrixA, MatrixB, Accumulator };
enum class WmmaElem { Half, BFloat16, TF32, Double, U8, S8, Float, Int };

/// One fragment type's measured cost per call (one warp).
struct WmmaRow {
  WmmaOp Op;
  WmmaUse Use;
  unsigned M, N, K;
  WmmaElem Elem;
  bool RowMajor;
  /// Warp-level shared-memory instructions per call (Nsight Compute's
  /// requests).
  unsigned Requests;
  const char *Instructions;
  /// Wavefronts per call for ldm bytes mod 128 = 0, 16, ..., 112.
  unsigned Wavefronts[8];
  unsigned Launches;
};

const WmmaRow WmmaTable[] = {
#include "WmmaMeasured.inc"
};

const char *WmmaSource =
    "measured on an H100: cuda_samples/library_calls/measurements";

bool inNamespace(const Decl *D, StringRef Name) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == Name)
        return true;
  return false;
}

unsigned elemBytes(WmmaElem E) {
  switch (E) {
  case WmmaElem::Half:
  case WmmaElem::BFloat16:
    return 2;
  case WmmaElem::U8:
  case WmmaElem::S8:
    return 1;
  case WmmaElem::Double:
    return 8;
  default:
    return 4;
  }
}

const char *elemName(WmmaElem E) {
  switch (E) {
  case WmmaElem::Half:
    return "half";
  case WmmaElem::BFloat16:
    return "bf16";
  case WmmaElem::TF32:
    return "tf32";
  case WmmaElem::Double:
    return "double";
  case WmmaElem::U8:
    return "u8";
  case WmmaElem::S8:
    return "s8";
  case WmmaElem::Float:
    return "float";
  case WmmaElem::Int:
    return "int";
  }
  return "?";
}

const char *useName(WmmaUse U) {
  return U == WmmaUse::MatrixA   ? "matrix_a"
         : U == WmmaUse::MatrixB ? "matrix_b"
                                 : "accumulator";
}

std::optional<WmmaElem> elemOf(QualType T) {
  T = T.getCanonicalType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Double:
      return WmmaElem::Double;
    case BuiltinType::Float:
      return WmmaElem::Float;
    case BuiltinType::Int:
      return WmmaElem::Int;
    case BuiltinType::SChar:
      return WmmaElem::S8;
    case BuiltinType::UChar:
      return WmmaElem::U8;
    default:
      return std::nullopt;
    }
  }
  if (const auto *RD = T->getAsCXXRecordDecl()) {
    StringRef Name = RD->getName();
    if (Name == "__half")
      return WmmaElem::Half;
    if (Name == "__nv_bfloat16")
      return WmmaElem::BFloat16;
    if (Name == "tf32" && inNamespace(RD, "precision"))
      return WmmaElem::TF32;
  }
  return std::nullopt;
}

/// An nvcuda::wmma::fragment type.
struct Fragment {
  WmmaUse Use = WmmaUse::MatrixA;
  unsigned M = 0, N = 0, K = 0;
  std::optional<WmmaElem> Elem;
  /// Its layout parameter (none for accumulators).
  std::optional<bool> RowMajor;
  std::string Name;
  /// Bytes of the matrix it holds.
  unsigned bytes() const {
    unsigned Rows = Use == WmmaUse::MatrixB ? K : M;
    unsigned Cols = Use == WmmaUse::MatrixA ? K : N;
    return Rows * Cols * (Elem ? elemBytes(*Elem) : 4);
  }
  /// The shortest legal ldm, in elements: the length of a row (row-major)
  /// or column (column-major) in memory.
  unsigned leading(bool Row) const {
    if (Use == WmmaUse::MatrixA)
      return Row ? K : M;
    if (Use == WmmaUse::MatrixB)
      return Row ? N : K;
    return Row ? N : M;
  }
};

std::optional<Fragment> fragmentOf(QualType T, const PrintingPolicy &PP) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "fragment" || !inNamespace(Spec, "wmma"))
    return std::nullopt;
  const TemplateArgumentList &A = Spec->getTemplateArgs();
  if (A.size() < 5 || A[0].getKind() != TemplateArgument::Type ||
      A[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  for (unsigned I = 1; I <= 3; ++I)
    if (A[I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
  Fragment F;
  const auto *UseDecl = A[0].getAsType()->getAsCXXRecordDecl();
  StringRef Use = UseDecl ? UseDecl->getName() : "";
  if (Use == "matrix_a")
    F.Use = WmmaUse::MatrixA;
  else if (Use == "matrix_b")
    F.Use = WmmaUse::MatrixB;
  else if (Use == "accumulator")
    F.Use = WmmaUse::Accumulator;
  else
    return std::nullopt;
  F.M = unsigned(A[1].getAsIntegral().getZExtValue());
  F.N = unsigned(A[2].getAsIntegral().getZExtValue());
  F.K = unsigned(A[3].getAsIntegral().getZExtValue());
  F.Elem = elemOf(A[4].getAsType());
  if (A.size() >= 6 && A[5].getKind() == TemplateArgument::Type)
    if (const auto *L = A[5].getAsType()->getAsCXXRecordDecl()) {
      if (L->getName() == "row_major")
        F.RowMajor = true;
      else if (L->getName() == "col_major")
        F.RowMajor = false;
    }
  F.Name = llvm::formatv("{0} {1}x{2}x{3} {4}", useName(F.Use), F.M, F.N,
                         F.K,
                         F.Elem ? elemName(*F.Elem)
                                : A[4].getAsType().getAsString(PP))
               .str();
  if (F.RowMajor)
    F.Name += *F.RowMajor ? " row_major" : " col_major";
  return F;
}

/// The value every live thread has, when it is one constant.
std::optional<int64_t> uniformConstant(Engine &En, const Value &V) {
  return En.uniformConstant(V);
}

/// The shared access site of a library call, created with its rule.
SharedAccessSite &siteFor(Engine &En, const Expr *Site, AccessKind Kind,
                          unsigned Width, const VarDecl *Var,
                          const std::string &Rule) {
  SharedAccessSite &S = En.siteFor(Site, Kind, Width, Var);
  if (S.Rule.empty())
    S.Rule = Rule;
  return S;
}

// ---- wmma --------------------------------------------------------------------

/// What a wmma call costs per warp, from the measured table and ldm.
struct WmmaCost {
  /// The table's rows for the fragment type (and memory layout, if known).
  std::vector<const WmmaRow *> Rows;
  /// The residues of ldm bytes mod 128 it may have.
  std::vector<unsigned> Residues;
  std::optional<int64_t> LdmBytes;
  /// Why the cost is not known (empty when it is); what a range depends on.
  std::string Unknown, Depends;
  unsigned Min = ~0u, Max = 0, Ideal = ~0u, Requests = 0;
  std::string Instructions;
};

/// The measured rows for fragment F under Load, in layout Row when known.
void matchRows(WmmaCost &C, const std::optional<Fragment> &F, bool Load,
               std::optional<bool> Row, QualType FragType,
               const std::string &Fn) {
  if (!F)
    C.Unknown = "the fragment type '" + FragType.getAsString() +
                "', which warpcheck does not recognize";
  else
    for (const WmmaRow &R : WmmaTable)
      if ((R.Op == WmmaOp::Load) == Load && R.Use == F->Use && R.M == F->M &&
          R.N == F->N && R.K == F->K && F->Elem && R.Elem == *F->Elem &&
          (!Row || R.RowMajor == *Row))
        C.Rows.push_back(&R);
  if (F && C.Unknown.empty() && C.Rows.empty())
    C.Unknown = "the cost of " + Fn + " on a " + F->Name +
                " fragment, which warpcheck has not measured";
}

/// The residues of ldm bytes mod 128 the call may have (wmma needs ldm a
/// multiple of 16 bytes), from its value Ldm at LdmArg; EB is the
/// element's bytes.
void ldmResidues(Engine &En, WmmaCost &C, const Fragment &F, const Value &Ldm,
                 const Expr *LdmArg, unsigned EB) {
  if (Ldm.K != Value::Kind::Int || !En.isUniform(Ldm.L)) {
    C.Unknown = "ldm '" + En.sourceText(LdmArg) +
                "', which differs between threads or is not followed";
    return;
  }
  const SymbolicInt &S = Ldm.L[En.firstLiveLane()];
  if (S.isConstant()) {
    C.LdmBytes = S.Const * int64_t(EB);
    if (*C.LdmBytes <= 0 || *C.LdmBytes % 16)
      C.Unknown = llvm::formatv("ldm of {0} bytes, not a positive multiple "
                                "of 16 as wmma requires",
                                *C.LdmBytes);
    else
      for (const WmmaRow *R : C.Rows)
        if (*C.LdmBytes < int64_t(F.leading(R->RowMajor) * EB))
          C.Unknown = llvm::formatv(
              "ldm of {0} bytes, shorter than a {1} of the matrix "
              "({2} bytes), which warpcheck has not measured",
              *C.LdmBytes, R->RowMajor ? "row" : "column",
              F.leading(R->RowMajor) * EB);
    C.Residues.push_back(unsigned(*C.LdmBytes % 128));
    return;
  }
  // ldm = c + sum(a_i * x_i): its bytes mod 128 step by the gcd of the
  // coefficients' bytes (all of them when it is not followed).
  int64_t G = 16;
  if (!S.Opaque) {
    G = 128;
    for (const auto &T : S.Terms)
      G = std::gcd(G, (T.second * int64_t(EB)) % 128);
    G = std::max<int64_t>(G, 1);
  }
  int64_t Const = S.Opaque ? 0 : S.Const * int64_t(EB);
  for (int64_t J = 0; J < 128; J += G) {
    int64_t Res = ((Const + J) % 128 + 128) % 128;
    if (Res % 16 == 0 &&
        std::find(C.Residues.begin(), C.Residues.end(), unsigned(Res)) ==
            C.Residues.end())
      C.Residues.push_back(unsigned(Res));
  }
  if (C.Residues.empty())
    C.Unknown = "ldm '" + En.sourceText(LdmArg) +
                "', which is never a multiple of 16 bytes";
  std::string What = "the value of ldm '" + En.sourceText(LdmArg) + "'";
  C.Depends = C.Depends.empty() ? What : C.Depends + " and " + What;
}

/// The wavefronts the rows give at the residues: the range, the ideal and
/// the instructions per warp (the most any call took when not measured).
void wavefrontRange(WmmaCost &C, const std::optional<Fragment> &F) {
  for (const WmmaRow *R : C.Rows) {
    unsigned RowIdeal = std::max(R->Requests, (F->bytes() + 127) / 128);
    C.Ideal = std::min(C.Ideal, RowIdeal);
    C.Requests = std::max(C.Requests, R->Requests);
    C.Instructions = R->Instructions;
    for (unsigned Res : C.Residues) {
      unsigned W = R->Wavefronts[Res / 16];
      if (W == 0)
        C.Unknown = "a residue of ldm that warpcheck has not measured";
      C.Min = std::min(C.Min, W);
      C.Max = std::max(C.Max, W);
    }
  }
  if (C.Rows.empty() || C.Residues.empty()) {
    C.Ideal = F ? std::max(1u, (F->bytes() + 127) / 128) : 1;
    C.Requests = 1;
    C.Max = 64; // the most any measured call took
    C.Min = C.Ideal;
  }
}

/// The rule the report gives for a measured call.
std::string wmmaRule(Engine &En, const WmmaCost &C, const Fragment &F,
                     std::optional<bool> Row, const std::string &Fn,
                     const Expr *LdmArg, unsigned EB) {
  std::string Ld =
      C.LdmBytes ? llvm::formatv("ldm {0} ({1} bytes, {2} mod 128)",
                                 *C.LdmBytes / EB, *C.LdmBytes,
                                 *C.LdmBytes % 128)
                       .str()
                 : "ldm '" + En.sourceText(LdmArg) + "'";
  std::string Frag = F.Name;
  if (!F.RowMajor && Row)
    Frag += *Row ? " mem_row_major" : " mem_col_major";
  return llvm::formatv("{0} of {1} {2} fragment with {3}: {4} x {5} per "
                       "warp, {6}{7} wavefronts ({8})",
                       Fn, F.Use == WmmaUse::Accumulator ? "an" : "a", Frag,
                       Ld, C.Requests, C.Instructions,
                       C.Min == C.Max ? "" : std::to_string(C.Min) + " to ",
                       C.Max, WmmaSource)
      .str();
}

/// One request per warp that runs the call, at site S.
void recordWmmaWarps(Engine &En, SharedAccessSite &S, const WmmaCost &C) {
  unsigned Instance = S.Summary.Instances++;
  if (En.UncountedLoops > 0)
    S.Summary.CountsExact = false;
  for (unsigned W = 0; W < En.Block.warps(); ++W) {
    bool Any = false, Partial = false;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned T = W * WarpSize + Lane;
      Activity A = T < En.N ? En.M.A[T] : Activity::Inactive;
      Any |= A != Activity::Inactive;
      Partial |= A != Activity::Active;
    }
    if (!Any)
      continue;
    RequestResult R;
    R.Ideal = C.Ideal;
    R.MinWavefronts = C.Min;
    R.MaxWavefronts = C.Max;
    R.Worst.Wavefronts = C.Max;
    R.Worst.Ideal = C.Ideal;
    R.Worst.Ways = (C.Max + C.Ideal - 1) / C.Ideal;
    R.Worst.Instructions = C.Requests;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      R.ActiveLanes.push_back(Lane);
    if (!C.Unknown.empty() || Partial) {
      // The worst any ldm gives this fragment type (64, the most any call
      // measured, when the type is not in the table).
      unsigned Worst = C.Rows.empty() ? 64 : 0;
      for (const WmmaRow *Row : C.Rows)
        for (unsigned Wf : Row->Wavefronts)
          Worst = std::max(Worst, Wf);
      R.Status = Verdict::Unknown;
      R.MinWavefronts = C.Ideal;
      R.MaxWavefronts = R.Worst.Wavefronts = std::max(Worst, C.Ideal);
      R.DependsOn.push_back(
          !C.Unknown.empty()
              ? C.Unknown
              : "the threads of warp " + std::to_string(W) +
                    " that run it (wmma needs all 32 lanes of a warp)");
      if (C.Unknown.empty())
        R.DependsOn.insert(R.DependsOn.end(), En.M.Deps.begin(),
                           En.M.Deps.end());
    } else if (C.Min != C.Max || !C.Depends.empty()) {
      R.Status = C.Min == C.Max ? Verdict::Exact : Verdict::Range;
      if (C.Min != C.Max)
        R.DependsOn.push_back(C.Depends);
    }
    S.Summary.add(R, W, Instance);
    if (++En.WarpRequests > En.Limits.MaxWarpRequests) {
      S.Summary.Truncated = true;
      En.stop("more than " + std::to_string(En.Limits.MaxWarpRequests) +
              " warp requests");
      break;
    }
  }
}

Value wmmaCall(Engine &En, const CallExpr *E, bool Load) {
  // load_matrix_sync(frag, ptr, ldm[, layout]);
  // store_matrix_sync(ptr, frag, ldm, layout).
  const unsigned FragArg = Load ? 0 : 1, PtrArg = Load ? 1 : 0;
  if (E->getNumArgs() < 3)
    return Value();
  std::string Fn = Load ? "'nvcuda::wmma::load_matrix_sync'"
                        : "'nvcuda::wmma::store_matrix_sync'";
  std::optional<Fragment> F = fragmentOf(E->getArg(FragArg)->getType(),
                                         En.Ctx.getPrintingPolicy());
  Value P = En.eval(E->getArg(PtrArg));
  // The fragment is registers: written by a load, read by a store.
  En.evalOpaqueArgument(E->getArg(FragArg));
  Value Ldm = En.eval(E->getArg(2));
  std::optional<bool> Row = F ? F->RowMajor : std::nullopt;
  WmmaCost C;
  if (E->getNumArgs() >= 4) {
    std::optional<int64_t> L = uniformConstant(En, En.eval(E->getArg(3)));
    // layout_t: mem_row_major = 0, mem_col_major = 1.
    if (L && (*L == 0 || *L == 1))
      Row = *L == 0;
    else
      C.Depends = "the memory layout '" + En.sourceText(E->getArg(3)) + "'";
  }
  if (P.K != Value::Kind::Pointer || !P.Shared || En.Stopped || !En.anyLive())
    return Value(); // not shared memory: nothing to judge
  LValue LV = En.lvalueOf(P);
  // The fragment's per-lane addresses are not known: a layout fix cannot
  // be searched for this array.
  if (En.CaptureLimit && LV.Var) {
    En.CaptureOverflow.insert(LV.Var);
    En.Captured.erase(LV.Var);
  }
  matchRows(C, F, Load, Row, E->getArg(FragArg)->getType(), Fn);
  unsigned EB = F && F->Elem ? elemBytes(*F->Elem) : 1;
  if (C.Unknown.empty())
    ldmResidues(En, C, *F, Ldm, E->getArg(2), EB);
  wavefrontRange(C, F);
  unsigned Width = F ? F->bytes() / (32 * std::max(1u, C.Requests)) : 4;
  while (Width > 1 && !isPowerOfTwoWidth(Width))
    --Width;
  Width = std::clamp(Width, 1u, 16u);
  std::string Rule;
  if (F && !C.Rows.empty())
    Rule = wmmaRule(En, C, *F, Row, Fn, E->getArg(2), EB);
  SharedAccessSite &S = siteFor(En, E, Load ? AccessKind::Load
                                            : AccessKind::Store,
                                Width, LV.Var, Rule);
  recordWmmaWarps(En, S, C);
  return Value();
}

// ---- memcpy_async --------------------------------------------------------------

/// The byte count of a copy's size argument: an aligned_size_t<A>{n} (Align
/// set to A) or a plain integer (Align left as it is).
std::optional<int64_t> copyBytes(Engine &En, const Expr *Arg, unsigned &Align,
                                 bool &Aligned) {
  QualType T = Arg->getType().getNonReferenceType();
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "aligned_size_t") {
    if (!T->isIntegralOrEnumerationType())
      return std::nullopt;
    return uniformConstant(En, En.eval(Arg));
  }
  const TemplateArgumentList &A = Spec->getTemplateArgs();
  if (A.size() < 1 || A[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  Align = unsigned(A[0].getAsIntegral().getZExtValue());
  Aligned = true;
  // The expression that constructed it: through a variable's initializer,
  // temporaries, casts and copies.
  const Expr *X = Arg;
  for (unsigned Depth = 0; X && Depth < 8; ++Depth) {
    X = X->IgnoreImplicit()->IgnoreParens();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
      const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
      X = VD && VD->getType().isConstQualified() ? VD->getInit() : nullptr;
    } else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(X)) {
      X = Cast->getSubExpr();
    } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(X)) {
      if (Construct->getNumArgs() != 1)
        return std::nullopt;
      const Expr *Only = Construct->getArg(0);
      if (Only->getType()->getAsCXXRecordDecl() == Spec)
        X = Only; // a copy
      else
        return uniformConstant(En, En.eval(Only));
    } else if (const auto *List = dyn_cast<InitListExpr>(X)) {
      if (List->getNumInits() != 1)
        return std::nullopt;
      const Expr *Only = List->getInit(0);
      if (Only->getType()->getAsCXXRecordDecl() == Spec)
        X = Only;
      else
        return uniformConstant(En, En.eval(Only));
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

const char *CopyRule =
    "LDGSTS writes shared memory with the bank rule of a store of the same "
    "width at the same addresses (measured on an H100 for 4- and 8-byte "
    "copies; the cuda::barrier form is a bulk copy on sm_90): "
    "cuda_samples/library_calls/measurements";

/// The library's 16-byte chunks compile to LDGSTS.E.BYPASS.128, as
/// cp.async.cg does (SASS of cuda_samples/library_calls/pipeline_copies.cu
/// and memcpy_async.cu): BypassCopyWhy.
std::string bypassWhy() {
  return "16-byte chunks: " + std::string(BypassCopyWhy) + " through this call";
}

/// Whether a cuda::memcpy_async synchronizes with a cuda::barrier (its last
/// argument), not a pipeline.
bool isBarrierCopy(const CallExpr *E) {
  if (E->getNumArgs() < 4)
    return false;
  QualType T = E->getArg(E->getNumArgs() - 1)->getType().getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName().contains("barrier");
}

/// cuda::memcpy_async(dst, src, size, pipeline or barrier): this thread
/// copies size bytes in chunks of the alignment it promises (16 at most).
Value threadCopy(Engine &En, const CallExpr *E) {
  std::string Fn = "'cuda::memcpy_async'";
  Value P = En.eval(E->getArg(0));
  Value Src = En.eval(E->getArg(1));
  // The pipeline or barrier argument: its arrive (an mbarrier operation on a
  // shared cuda::barrier) measured no LSU wavefronts.
  QualType Dst = E->getArg(0)->getType();
  unsigned Align = 1;
  if (Dst->isPointerType() && !Dst->getPointeeType()->isVoidType() &&
      !Dst->getPointeeType()->isIncompleteType())
    Align = unsigned(
        En.Ctx.getTypeAlignInChars(Dst->getPointeeType()).getQuantity());
  bool Aligned = false;
  std::optional<int64_t> Bytes = copyBytes(En, E->getArg(2), Align, Aligned);
  if (P.K != Value::Kind::Pointer || !P.Shared || En.Stopped)
    return Value();
  LValue LV = En.lvalueOf(P);
  unsigned Width = std::min(Align, 16u);
  std::string Why;
  if (Width < 4)
    Why = "the copy width the library picks at run time from the pointers' "
          "alignment (" + Fn + " with " + std::to_string(Align) +
          "-byte alignment promised)";
  else if (!Bytes)
    Why = "the size of the copy '" + En.sourceText(E->getArg(2)) + "'";
  else if (*Bytes <= 0 || *Bytes % Width || *Bytes / Width > 64)
    Why = "a copy of " + std::to_string(*Bytes) + " bytes in " +
          std::to_string(Width) + "-byte chunks, which warpcheck does not "
          "model";
  else if (Width == 16 && isBarrierCopy(E))
    Why = Fn + " of 16 bytes with a cuda::barrier: a bulk copy "
               "(cp.async.bulk) on sm_90, whose shared-memory writes Nsight "
               "Compute does not count";
  else if (Width == 16 && *Bytes != 16)
    Why = Fn + " in " + bypassWhy();
  if (!Why.empty()) {
    En.recordUnknown(E, AccessKind::Store, LV.Var, Width < 4 ? 4 : Width,
                     Why);
    return Value();
  }
  if (Width == 16) {
    En.recordBypassCopy(E, LV, &Src, Fn);
    return Value();
  }
  siteFor(En, E, AccessKind::Store, Width, LV.Var,
          llvm::formatv("{0} of {1} bytes per thread in {2}-byte chunks: {3}",
                        Fn, *Bytes, Width, CopyRule)
              .str());
  for (int64_t Off = 0; Off < *Bytes; Off += Width)
    En.recordOne(E, AccessKind::Store, Width, LV, uint64_t(Off), nullptr);
  return Value();
}

/// cooperative_groups::memcpy_async(group, dst, src, size): the group's
/// threads copy size bytes in chunks of the promised alignment (16 at
/// most): chunk i by the thread of rank i mod the group size; a tile's last
/// partial round has ranks past the remainder repeat its last chunk.
Value groupCopy(Engine &En, const CallExpr *E, unsigned First) {
  std::string Fn = "'cooperative_groups::memcpy_async'";
  const Expr *GroupArg = E->getArg(First);
  Value P = En.eval(E->getArg(First + 1));
  Value Src = En.eval(E->getArg(First + 2));
  QualType Dst = E->getArg(First + 1)->getType();
  unsigned Align = 1;
  if (Dst->isPointerType() && !Dst->getPointeeType()->isVoidType() &&
      !Dst->getPointeeType()->isIncompleteType())
    Align = unsigned(
        En.Ctx.getTypeAlignInChars(Dst->getPointeeType()).getQuantity());
  bool Aligned = false;
  std::optional<int64_t> Bytes =
      copyBytes(En, E->getArg(First + 3), Align, Aligned);
  if (P.K != Value::Kind::Pointer || !P.Shared || En.Stopped)
    return Value();
  LValue LV = En.lvalueOf(P);
  // The group: the block, or a static tile.
  const CXXRecordDecl *RD =
      GroupArg->getType().getNonReferenceType()->getAsCXXRecordDecl();
  unsigned G = groupSize(RD, En.N);
  bool Tile = RD && RD->getName() == "thread_block_tile" && G > 1;
  if (Tile && (G > WarpSize || (G & (G - 1))))
    G = 0;
  unsigned Width = std::min(Align, 16u);
  std::string Why;
  if (Src.K == Value::Kind::Pointer && Src.Shared)
    Why = "a copy from shared memory, which " + Fn +
          " makes with loads and stores warpcheck does not model";
  else if (G == 0)
    Why = "the group '" + En.sourceText(GroupArg) + "' of " + Fn;
  else if (Width < 4)
    Why = "the copy width the library picks at run time from the pointers' "
          "alignment (" + Fn + " with no aligned_size_t and " +
          std::to_string(Align) + "-byte elements)";
  else if (!Bytes)
    Why = "the size of the copy '" + En.sourceText(E->getArg(First + 3)) +
          "'";
  else if (*Bytes <= 0 || *Bytes % Width ||
           *Bytes / Width > int64_t(G) * 256)
    Why = "a copy of " + std::to_string(*Bytes) + " bytes in " +
          std::to_string(Width) + "-byte chunks, which warpcheck does not "
          "model";
  else if (Width == 16)
    Why = Fn + " in " + bypassWhy();
  if (!Why.empty()) {
    En.recordUnknown(E, AccessKind::Store, LV.Var, Width < 4 ? 4 : Width,
                     Why);
    return Value();
  }
  siteFor(En, E, AccessKind::Store, Width, LV.Var,
          llvm::formatv("{0} of {1} bytes by groups of {2} threads in "
                        "{3}-byte chunks (chunk i by rank i mod {2}): {4}",
                        Fn, *Bytes, G, Width, CopyRule)
              .str());
  uint64_t Count = uint64_t(*Bytes) / Width;
  uint64_t Full = Tile ? Count & ~uint64_t(G - 1) : Count;
  uint64_t Rest = Tile ? Count & (G - 1) : 0;
  Mask Saved = En.M;
  auto Round = [&](auto ChunkOf) {
    LValue At = LV;
    for (unsigned T = 0; T < En.N; ++T) {
      std::optional<uint64_t> Chunk = ChunkOf(T % G);
      if (!Chunk)
        En.M.A[T] = Activity::Inactive;
      else if (En.M.A[T] != Activity::Inactive)
        At.Offset[T] = sym::add(At.Offset[T],
                                SymbolicInt::constant(int64_t(*Chunk * Width)));
    }
    En.recordOne(E, AccessKind::Store, Width, At, 0, nullptr);
    En.M = Saved;
  };
  for (uint64_t Base = 0; Base < Full; Base += G)
    Round([&](unsigned Rank) -> std::optional<uint64_t> {
      if (Base + Rank < Full)
        return Base + Rank;
      return std::nullopt;
    });
  if (Rest)
    Round([&](unsigned Rank) -> std::optional<uint64_t> {
      return Full + std::min<uint64_t>(Rank, Rest - 1);
    });
  return Value();
}

/// __pipeline_memcpy_async(dst, src, size_and_align, zfill): this thread
/// copies 4, 8 or 16 bytes (cuda_pipeline_primitives.h): LDGSTS.E and
/// .E.64, measured with the store rule, or LDGSTS.E.BYPASS.128
/// (cuda_samples/library_calls/measurements/h100-pipeline-copies).
Value primitiveCopy(Engine &En, const CallExpr *E) {
  std::string Fn = "'__pipeline_memcpy_async'";
  Value P = En.eval(E->getArg(0));
  Value Src = En.eval(E->getArg(1));
  std::optional<int64_t> Size = uniformConstant(En, En.eval(E->getArg(2)));
  std::optional<int64_t> Zfill = int64_t(0);
  if (E->getNumArgs() > 3)
    Zfill = uniformConstant(En, En.eval(E->getArg(3)));
  if (P.K != Value::Kind::Pointer || !P.Shared || En.Stopped)
    return Value();
  LValue LV = En.lvalueOf(P);
  unsigned Width =
      Size && (*Size == 4 || *Size == 8 || *Size == 16) ? unsigned(*Size) : 0;
  std::string Why;
  if (!Width)
    Why = "the size of the copy '" + En.sourceText(E->getArg(2)) + "'";
  else if (!Zfill || *Zfill != 0)
    Why = Fn + " with a zero fill (LDGSTS .ZFILL), whose bank rule is not "
               "measured";
  if (!Why.empty()) {
    En.recordUnknown(E, AccessKind::Store, LV.Var, Width ? Width : 4, Why);
    return Value();
  }
  if (Width == 16) {
    En.recordBypassCopy(E, LV, &Src, Fn);
    return Value();
  }
  siteFor(En, E, AccessKind::Store, Width, LV.Var,
          llvm::formatv("{0} of {1} bytes: LDGSTS writes shared memory with "
                        "the bank rule of a store of the same width at the "
                        "same addresses (measured on an H100: "
                        "cuda_samples/library_calls/measurements/"
                        "h100-pipeline-copies)",
                        Fn, Width)
              .str());
  En.recordOne(E, AccessKind::Store, Width, LV, 0, nullptr);
  return Value();
}

/// The mbarrier primitives (cuda_awbarrier_primitives.h) and the pipeline's
/// arrive on one: SYNCS instructions, measured to make no shared-memory
/// load or store request (h100-tma-mbarrier). Their arguments are
/// evaluated; the token or flag they return is not known.
std::optional<Value> mbarrierCall(Engine &En, StringRef Name,
                                  const CallExpr *E) {
  if (!Name.starts_with("__mbarrier_") && Name != "__pipeline_arrive_on")
    return std::nullopt;
  for (const Expr *Arg : E->arguments())
    En.eval(Arg);
  if (E->getType()->isVoidType())
    return Value();
  if (E->getType()->isIntegralOrEnumerationType())
    return En.opaqueInt("result of '" + Name.str() + "'");
  return En.unknown("result of '" + Name.str() + "'");
}

} // namespace

void Engine::recordBypassCopy(const Expr *Site, const LValue &LV,
                              const Value *Src, const std::string &Fn) {
  // Every lane's shared offset and global offset must be constants; the
  // bases are known only up to their alignment.
  bool Known = LV.Var && Src && Src->K == Value::Kind::Pointer && !Src->Shared;
  for (unsigned T = 0; Known && T < N; ++T)
    Known = M.A[T] == Activity::Inactive ||
            (M.A[T] == Activity::Active && LV.Offset[T].isConstant() &&
             Src->L[T].isConstant() && LV.Offset[T].Const % 16 == 0 &&
             Src->L[T].Const % 16 == 0);
  if (!Known) {
    recordUnknown(Site, AccessKind::Store, LV.Var, 16,
                  Fn + ": " + BypassCopyWhy);
    return;
  }
  // Per warp: its lanes and the rule's range over the bases' alignments.
  uint64_t SharedStep =
      std::clamp<uint64_t>(sharedBaseAlignment(LV.Var), 16, 128);
  std::vector<std::pair<std::vector<unsigned>, std::pair<unsigned, unsigned>>>
      Warps;
  for (unsigned W = 0; W < Block.warps(); ++W) {
    std::vector<std::pair<int64_t, int64_t>> Lanes;
    std::vector<unsigned> Active;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      if (unsigned T = W * WarpSize + Lane;
          T < N && M.A[T] != Activity::Inactive) {
        Lanes.push_back({LV.Offset[T].Const, Src->L[T].Const});
        Active.push_back(Lane);
      }
    auto Range = bypassCopyRange(Lanes, SharedStep);
    if (!Range) {
      recordUnknown(Site, AccessKind::Store, LV.Var, 16,
                    Fn + ": " + BypassCopyLinesWhy);
      return;
    }
    Warps.push_back({std::move(Active), *Range});
  }
  SharedAccessSite &S = simt::siteFor(
      *this, Site, AccessKind::Store, 16, LV.Var,
      Fn + " of 16 bytes (LDGSTS.E.BYPASS.128): the measured rule of "
           "16-byte L1-bypassing copies, which counts units of one global "
           "and one shared 32-byte sector per shared line "
           "(cuda_samples/library_calls/measurements/"
           "h100-cp-async-cg-probe, docs/bank-model.md)");
  unsigned Instance = S.Summary.Instances++;
  if (UncountedLoops > 0 || M.Conditional)
    S.Summary.CountsExact = false;
  for (unsigned W = 0; W < Warps.size(); ++W) {
    RequestResult R;
    R.ActiveLanes = Warps[W].first;
    auto [Min, Max] = Warps[W].second;
    if (R.ActiveLanes.empty())
      continue;
    R.Ideal = unsigned((R.ActiveLanes.size() * 16 + 127) / 128);
    R.MinWavefronts = Min;
    R.MaxWavefronts = Max;
    R.Status = Min == Max ? Verdict::Exact : Verdict::Range;
    if (Min != Max)
      R.DependsOn.push_back("the address of the global source '" + Src->Region +
                            "' mod 128");
    R.Worst.Wavefronts = Max;
    R.Worst.Ideal = R.Ideal;
    R.Worst.Ways = (Max + R.Ideal - 1) / R.Ideal;
    R.Worst.Instructions = 1;
    S.Summary.add(R, W, Instance);
    if (++WarpRequests > Limits.MaxWarpRequests) {
      S.Summary.Truncated = true;
      stop("more than " + std::to_string(Limits.MaxWarpRequests) +
           " warp requests");
      break;
    }
  }
}

std::optional<Value> Engine::evalLibraryCall(const FunctionDecl *Callee,
                                             const CallExpr *E) {
  if (!Callee->getIdentifier())
    return std::nullopt;
  StringRef Name = Callee->getName();
  if ((Name == "load_matrix_sync" || Name == "store_matrix_sync") &&
      inNamespace(Callee, "wmma"))
    return wmmaCall(*this, E, Name == "load_matrix_sync");
  if (Name == "__pipeline_memcpy_async" && E->getNumArgs() >= 3)
    return primitiveCopy(*this, E);
  if (auto R = mbarrierCall(*this, Name, E))
    return R;
  if (Name != "memcpy_async")
    return std::nullopt;
  if (inNamespace(Callee, "cooperative_groups") && E->getNumArgs() == 4)
    return groupCopy(*this, E, 0);
  // cuda::memcpy_async(dst, src, size, pipeline or barrier); its group
  // form (five arguments) is not modelled.
  if (inNamespace(Callee, "cuda") && E->getNumArgs() == 4 &&
      E->getArg(0)->getType()->isPointerType())
    return threadCopy(*this, E);
  return std::nullopt;
}

// ---- cooperative groups: which group ----------------------------------------

unsigned groupSize(const CXXRecordDecl *Class, unsigned N) {
  if (!Class)
    return 0;
  if (Class->getName() == "thread_block")
    return N;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Class);
  if (Spec && Class->getName() == "thread_block_tile" &&
      Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
    return unsigned(Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue());
  return 0;
}

unsigned erasedGroupSize(const Expr *Object, const Frame &F, unsigned N) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(varOf(Object));
  if (!P || !F.Call || P->getDeclContext() != F.FD ||
      P->getFunctionScopeIndex() >= F.Call->getNumArgs() ||
      P->getType()->isReferenceType() || !F.FD->getBody() ||
      mayChange(P, F.FD->getBody()))
    return 0;
  // The argument through the conversion: `thread_group(block)` copies the
  // block through its base class.
  const Expr *Arg = F.Call->getArg(P->getFunctionScopeIndex());
  while (true) {
    Arg = Arg->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Arg))
      Arg = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Arg))
      Arg = BT->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
             CE && CE->getNumArgs() == 1 &&
             CE->getConstructor()->isCopyOrMoveConstructor())
      Arg = CE->getArg(0);
    else
      break;
  }
  return groupSize(Arg->getType()->getAsCXXRecordDecl(), N);
}

} // namespace simt
} // namespace warpcheck
