//===--- InlinePtx.cpp - Shared-memory instructions in inline PTX ---------===//
//
// A small reader of PTX instruction text: enough to find the memory
// instructions that may touch shared memory, their widths and their address
// operands. Anything that mentions shared memory and is not understood is
// returned as undecoded, for the engine to report as unknown.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warpcheck {
namespace simt {

namespace {

/// Bytes of one element of a PTX type suffix (0: not a type).
unsigned typeBytes(StringRef T) {
  if (T == "b8" || T == "u8" || T == "s8")
    return 1;
  if (T == "b16" || T == "u16" || T == "s16" || T == "f16" || T == "bf16")
    return 2;
  if (T == "b32" || T == "u32" || T == "s32" || T == "f32" ||
      T == "f16x2" || T == "bf16x2" || T == "tf32")
    return 4;
  if (T == "b64" || T == "u64" || T == "s64" || T == "f64")
    return 8;
  if (T == "b128")
    return 16;
  return 0;
}

bool isStateSpace(StringRef P) {
  return P.starts_with("shared") || P == "global" || P == "local" ||
         P == "const" || P == "param" || P.starts_with("param::") ||
         P == "tex";
}

/// Splits operands at top-level commas (not inside [] or {}).
SmallVector<StringRef, 6> splitOperands(StringRef S) {
  SmallVector<StringRef, 6> Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '[' || C == '{')
      ++Depth;
    else if (C == ']' || C == '}')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Out.push_back(S.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  if (!S.trim().empty())
    Out.push_back(S.drop_front(Start).trim());
  return Out;
}

std::optional<int64_t> integer(StringRef S) {
  S = S.trim();
  bool Neg = S.consume_front("-");
  int64_t V = 0;
  if (S.getAsInteger(0, V))
    return std::nullopt;
  return Neg ? -V : V;
}

/// `[%N]`, `[%N+imm]`, `[%N - imm]`: sets the operand and offset.
void parseAddress(StringRef Op, PtxAccess &A) {
  Op = Op.trim();
  if (!Op.consume_front("[") || !Op.consume_back("]"))
    return;
  Op = Op.trim();
  if (!Op.consume_front("%"))
    return;
  size_t Digits = 0;
  while (Digits < Op.size() && isDigit(Op[Digits]))
    ++Digits;
  if (Digits == 0)
    return;
  unsigned N = 0;
  if (Op.take_front(Digits).getAsInteger(10, N))
    return;
  StringRef Rest = Op.drop_front(Digits).trim();
  int64_t Offset = 0;
  if (!Rest.empty()) {
    bool Minus = Rest.starts_with("-");
    if (!Rest.consume_front("+") && !Rest.consume_front("-"))
      return;
    auto V = integer(Rest);
    if (!V)
      return;
    Offset = Minus ? -*V : *V;
  }
  A.AddressOperand = N;
  A.AddressOffset = Offset;
}

/// `[%N]`: the operand N.
std::optional<unsigned> sourceOperand(StringRef Op) {
  Op = Op.trim();
  if (!Op.consume_front("[") || !Op.consume_back("]"))
    return std::nullopt;
  Op = Op.trim();
  unsigned N = 0;
  if (!Op.consume_front("%") || Op.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

std::string atomicFunctionOf(StringRef Op) {
  static const std::pair<const char *, const char *> Map[] = {
      {"add", "atomicAdd"}, {"exch", "atomicExch"}, {"min", "atomicMin"},
      {"max", "atomicMax"}, {"inc", "atomicInc"},   {"dec", "atomicDec"},
      {"cas", "atomicCAS"}, {"and", "atomicAnd"},   {"or", "atomicOr"},
      {"xor", "atomicXor"}};
  for (auto &[P, F] : Map)
    if (Op == P)
      return F;
  return "";
}

/// What an opcode's suffixes say (`ld.shared.v4.f32`: shared, 4 x 4 bytes).
struct Suffixes {
  unsigned Vector = 1, Elem = 0;
  bool Shared = false, OtherSpace = false;
  /// The first suffix naming an atomic operation (`add`).
  std::string AtomOp;
};

Suffixes readSuffixes(ArrayRef<StringRef> Parts) {
  Suffixes X;
  for (StringRef P : Parts.drop_front()) {
    if (P.starts_with("shared"))
      X.Shared = true;
    else if (isStateSpace(P))
      X.OtherSpace = true;
    else if (P == "v2" || P == "v4" || P == "v8")
      X.Vector = P[1] - '0';
    else if (unsigned B = typeBytes(P))
      X.Elem = B;
    else if (X.AtomOp.empty() && !atomicFunctionOf(P).empty())
      X.AtomOp = P.str();
  }
  return X;
}

/// ld, ldu, st, atom and red: the index of the address operand; nullopt
/// when the state space is not shared.
std::optional<unsigned> decodeLoadStore(StringRef Base,
                                        ArrayRef<StringRef> Parts,
                                        const Suffixes &X,
                                        ArrayRef<StringRef> Operands,
                                        PtxAccess &A) {
  if (X.OtherSpace && !X.Shared)
    return std::nullopt; // global, local, ...: not shared memory
  A.ExplicitShared = X.Shared;
  A.Kind = Base == "st"                    ? AccessKind::Store
           : Base == "atom" || Base == "red" ? AccessKind::Atomic
                                             : AccessKind::Load;
  unsigned AddressIndex =
      Base == "ld" || Base == "ldu" || Base == "atom" ? 1 : 0;
  A.WidthBytes = X.Elem * X.Vector;
  if (A.Kind == AccessKind::Atomic) {
    A.AtomicFunction = atomicFunctionOf(X.AtomOp);
    A.ResultUnused = Base == "red";
    StringRef TypePart = Parts.back();
    A.AtomicFloat = TypePart.starts_with("f") || TypePart.starts_with("bf");
    if (AddressIndex + 1 < Operands.size())
      A.AtomicImmediate = integer(Operands[AddressIndex + 1]);
  }
  return AddressIndex;
}

/// ldmatrix and stmatrix: the index of the address operand.
unsigned decodeMatrix(StringRef Base, StringRef Opcode,
                      ArrayRef<StringRef> Parts, PtxAccess &A) {
  A.Kind = Base == "ldmatrix" ? AccessKind::Load : AccessKind::Store;
  A.WidthBytes = 16; // each thread names one 16-byte row
  // ldmatrix.m8n8.b16 (LDSM.16.M88/MT88 .x1/.x2/.x4) measured the 16-byte
  // load rule over the lanes whose row addresses it uses, .trans or not
  // (cuda_samples/library_calls/measurements/h100-ldmatrix-ptx);
  // stmatrix.m8n8.b16 (STSM) measured the same wavefronts, which the 16-byte
  // store rule gives over rows at distinct addresses (h100-stmatrix-ptx).
  unsigned Matrices = llvm::is_contained(Parts, "x4")   ? 4
                      : llvm::is_contained(Parts, "x2") ? 2
                      : llvm::is_contained(Parts, "x1") ? 1
                                                        : 0;
  if (Matrices && llvm::is_contained(Parts, "m8n8") &&
      llvm::is_contained(Parts, "b16")) {
    A.AddressLanes = 8 * Matrices;
    A.DistinctRows = Base == "stmatrix";
  } else
    A.Unmeasured = "no measured bank rule for " + Opcode.str();
  return Base == "ldmatrix" ? 1 : 0;
}

/// cp.async with a shared state space: the index of the address operand.
unsigned decodeCpAsync(ArrayRef<StringRef> Parts, ArrayRef<StringRef> Operands,
                       PtxAccess &A) {
  // The state spaces are written destination first.
  StringRef First;
  for (StringRef P : Parts.drop_front())
    if (isStateSpace(P)) {
      First = P;
      break;
    }
  bool SharedDestination = First.starts_with("shared");
  A.Kind = SharedDestination ? AccessKind::Store : AccessKind::Load;
  A.WidthBytes = 16;
  if (Operands.size() > 2) {
    StringRef Size = Operands[2].trim();
    unsigned N = 0;
    if (auto Literal = integer(Size); Literal && *Literal > 0 &&
                                      *Literal <= 16)
      A.WidthBytes = unsigned(*Literal);
    else if (Size.consume_front("%") && !Size.getAsInteger(10, N))
      A.SizeOperand = N;
  }
  bool Bypass = llvm::is_contained(Parts, "cg");
  // cp.async.ca compiles to LDGSTS.E, .E.64 or .E.128, whose writes
  // measured the bank rule of a store of the same width
  // (cuda_samples/library_calls/measurements/h100-cp-async-ptx). The .cg
  // form (LDGSTS.E.BYPASS.128) follows no rule found (BypassCopyWhy).
  // A src-size operand (zero fill) is not modelled: a partial fill
  // measured otherwise (h100-pipeline-copies, zfill=1).
  if (Bypass && SharedDestination && A.WidthBytes == 16 && !A.SizeOperand &&
      Operands.size() == 3) {
    A.Bypass = true;
    if (Operands.size() > 1)
      A.SourceOperand = sourceOperand(Operands[1]);
  } else if (Bypass) {
    A.Unmeasured = "no measured bank rule for cp.async.cg with a size or "
                   "src-size operand (a partial zero fill measured "
                   "otherwise)";
  } else if (!SharedDestination)
    A.Unmeasured = "no measured bank rule for cp.async from shared memory";
  return SharedDestination ? 0 : 1;
}

void decodeInstruction(StringRef Text, size_t Pos, PtxDecoding &D) {
  size_t Lead = Text.size() - Text.ltrim().size();
  Text = Text.trim();
  Pos += Lead;
  if (Text.empty())
    return;
  // A label `L1:` (not the `::` of a state space).
  size_t Colon = Text.find(':');
  if (Colon != StringRef::npos && Colon + 1 < Text.size() &&
      Text[Colon + 1] != ':' &&
      Text.take_front(Colon).find_first_of(" \t.[") == StringRef::npos) {
    D.HasControlFlow = true;
    size_t Skip = Colon + 1;
    decodeInstruction(Text.drop_front(Skip), Pos + Skip, D);
    return;
  }
  bool Predicated = false;
  if (Text.starts_with("@")) {
    Predicated = true;
    size_t Space = Text.find_first_of(" \t");
    if (Space == StringRef::npos)
      return;
    size_t Skip = Text.find_first_not_of(" \t", Space);
    Pos += Skip;
    Text = Text.drop_front(Skip);
  }
  bool MentionsShared = Text.contains(".shared") ||
                        Text.starts_with("ldmatrix") ||
                        Text.starts_with("stmatrix");
  size_t Space = Text.find_first_of(" \t\n");
  StringRef Opcode = Text.take_front(Space);
  StringRef Rest = Space == StringRef::npos ? "" : Text.drop_front(Space);
  auto Undecoded = [&] {
    if (MentionsShared && D.Undecoded.empty()) {
      D.Undecoded = Opcode.str();
      D.UndecodedPosition = Pos;
    }
  };
  if (Opcode.starts_with(".")) {
    // A directive: a `.shared` variable of the asm's own is accessed by
    // name, which the engine cannot follow.
    Undecoded();
    return;
  }
  SmallVector<StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  StringRef Base = Parts[0];
  if (Base == "bra" || Base == "brx" || Base == "call" || Base == "ret")
    D.HasControlFlow = true;
  // Address conversions and tests touch no memory.
  if (Base == "cvta" || Base == "isspacep" || Base == "mapa" ||
      Base == "mov" || Base == "fence" || Base == "membar")
    return;
  auto Operands = splitOperands(Rest);
  PtxAccess A;
  A.Opcode = Opcode.str();
  A.Position = Pos;
  A.Predicated = Predicated;
  Suffixes X = readSuffixes(Parts);
  std::optional<unsigned> AddressIndex;
  if (Base == "ld" || Base == "ldu" || Base == "st" || Base == "atom" ||
      Base == "red") {
    AddressIndex = decodeLoadStore(Base, Parts, X, Operands, A);
    if (!AddressIndex)
      return;
  } else if (Base == "ldmatrix" || Base == "stmatrix") {
    AddressIndex = decodeMatrix(Base, Opcode, Parts, A);
  } else if (Base == "mbarrier" ||
             (Base == "cp" && Parts.size() > 2 && Parts[1] == "async" &&
              Parts[2] == "mbarrier")) {
    // mbarrier operations (SYNCS.* in SASS) and cp.async.mbarrier.arrive:
    // measured to make no shared-memory load or store request
    // (cuda_samples/library_calls/measurements/h100-tma-mbarrier).
    return;
  } else if (Base == "cp" && Parts.size() > 2 && Parts[1] == "async" &&
             Parts[2] == "bulk") {
    // cp.async.bulk[.tensor] (UBLKCP, UTMALDG): the tensor memory
    // accelerator writes shared memory outside the LSU requests (measured:
    // no shared load or store wavefront, h100-tma-mbarrier).
    D.BulkCopies.push_back(
        {Opcode.str(), Pos, Parts.size() > 3 && Parts[3] == "tensor"});
    return;
  } else if (Base == "cp" && Parts.size() > 1 && Parts[1] == "async" &&
             X.Shared) {
    AddressIndex = decodeCpAsync(Parts, Operands, A);
  } else {
    Undecoded();
    return;
  }
  if (*AddressIndex < Operands.size())
    parseAddress(Operands[*AddressIndex], A);
  D.Accesses.push_back(std::move(A));
}

} // namespace

const char *const BypassCopyWhy =
    "a 16-byte L1-bypassing copy (LDGSTS.E.BYPASS.128), whose measured "
    "wavefronts depend on its global source addresses as well as its shared "
    "ones (docs/bank-model.md), and these are not followed";

const char *const BypassCopyLinesWhy =
    "a 16-byte L1-bypassing copy (LDGSTS.E.BYPASS.128) whose lanes writing "
    "one shared 128-byte line may read different global 128-byte lines, "
    "where the measured rule does not hold (docs/bank-model.md)";

PtxDecoding decodeInlinePtx(StringRef Text) {
  PtxDecoding D;
  // Comments become blanks, so positions stay those of the text.
  std::string T = Text.str();
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I] == '/' && T[I + 1] == '/') {
      while (I < T.size() && T[I] != '\n')
        T[I++] = ' ';
    } else if (T[I] == '/' && T[I + 1] == '*') {
      size_t End = T.find("*/", I + 2);
      End = End == std::string::npos ? T.size() : End + 2;
      for (size_t J = I; J < End; ++J)
        T[J] = ' ';
    }
  }
  size_t Start = 0;
  for (size_t I = 0; I <= T.size(); ++I) {
    if (I < T.size() && T[I] != ';' && T[I] != '{' && T[I] != '}' &&
        T[I] != '\n')
      continue;
    // Braces group ldmatrix's destination registers: only a brace at the
    // start of an instruction opens a scope.
    if (I < T.size() && (T[I] == '{' || T[I] == '}') &&
        !StringRef(T).slice(Start, I).trim().empty())
      continue;
    if (I < T.size() && T[I] == '\n' &&
        !StringRef(T).slice(Start, I).trim().ends_with(":"))
      continue; // one instruction may span lines
    decodeInstruction(StringRef(T).slice(Start, I), Start, D);
    Start = I + 1;
  }
  return D;
}

} // namespace simt
} // namespace warpcheck
