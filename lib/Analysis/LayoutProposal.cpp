//===--- LayoutProposal.cpp - Which layout fix an array gets --------------===//

#include "LayoutProposal.h"

#include "Host/HostSyntax.h"
#include "LayoutFix.h"

#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace clang;

namespace warpcheck {

void collectArrayRequests(const KernelAnalysis &Interp,
                          ArrayRequestMap &Arrays) {
  // Assumed shapes (a family, the default): a fix would have to serve the
  // shape the code is launched with, which is not known, and its proof
  // re-analyzes one shape; none is offered.
  // Runs with each launched value of a parameter: a fix would have to be
  // searched over all of their requests at once; none is offered.
  if (!Interp.shapeMembers().empty()) {
    for (const SharedAccessSite &Site : Interp.sites())
      if (Site.Variable) {
        ArrayRequests &A = Arrays[Site.Variable];
        if (!llvm::is_contained(A.Sites, Site.Site))
          A.Sites.push_back(Site.Site);
        A.Complete = false;
        if (Interp.splitParameters().empty())
          A.ShapeUnknown = true;
        else if (A.SplitParameter.empty())
          A.SplitParameter = Interp.splitParameters().front();
      }
    return;
  }
  std::set<const VarDecl *> Seen;
  std::shared_ptr<const AtomTable> Atoms;
  // An access to an array the engine could not tell may be to any of them:
  // no fix can claim to serve every access.
  bool Unplaced = false;
  for (const SharedAccessSite &Site : Interp.sites()) {
    if (!Site.Variable) {
      Unplaced = true;
      continue;
    }
    ArrayRequests &A = Arrays[Site.Variable];
    if (Site.HeaderSite && !A.Library)
      A.Library = Site.HeaderFunction;
    if (!llvm::is_contained(A.Sites, Site.Site))
      A.Sites.push_back(Site.Site);
    // A 16-byte L1-bypassing copy (LibraryCalls.cpp, recordBypassCopy) is
    // judged by a rule of global addresses too, which no layout search
    // applies: no fix can claim to serve it.
    if (llvm::StringRef(Site.Rule).contains("(LDGSTS.E.BYPASS.128)"))
      A.Complete = false;
    if (!Seen.insert(Site.Variable).second)
      continue;
    const auto *Captured = Interp.capturedRequests(Site.Variable);
    if (!Captured || Site.Summary.Truncated) {
      A.Complete = false;
      continue;
    }
    if (A.PastBudget.empty())
      A.PastBudget = Interp.capturedPastBudget(Site.Variable);
    if (!Atoms)
      Atoms = std::make_shared<const AtomTable>(Interp.atoms());
    A.Tables.push_back(Atoms);
    A.Groups.push_back({Atoms.get(), *Captured, &Interp.bankRules()});
  }
  if (Unplaced)
    for (auto &Entry : Arrays)
      Entry.second.Complete = false;
}

std::optional<FixStyle> parseFixStyle(llvm::StringRef Text) {
  if (Text == "auto")
    return FixStyle::Auto;
  if (Text == "pad")
    return FixStyle::Pad;
  if (Text == "swizzle")
    return FixStyle::Swizzle;
  if (Text == "none")
    return FixStyle::None;
  return std::nullopt;
}

namespace {

/// The shape of the array the layouts are searched for, or why there is
/// none.
struct Target {
  std::optional<ArrayGeometry> G;
  /// An extern array: G's size is what every launch passes, and the
  /// launches' size arguments grow with a padding.
  bool Extern = false;
  std::vector<const Expr *> LaunchArgs;
  /// The note when G is nullopt.
  std::string WhyNot;
};

/// An extern (dynamic) array's shape, from the size every launch in the
/// file passes; or an array of structs, which no fix changes.
Target unsizedTarget(const VarDecl *Array,
                     const std::vector<LaunchIndex::DynamicShared> &Launches,
                     const ASTContext &Ctx) {
  Target T;
  std::string Var = Array->getNameAsString();
  const auto *IAT = Ctx.getAsIncompleteArrayType(Array->getType());
  QualType Inner = Array->getType();
  while (const ArrayType *AT = Ctx.getAsArrayType(Inner))
    Inner = AT->getElementType();
  if (!IAT && Inner->isRecordType()) {
    // The accesses are to arrays inside a struct: the layout fixes pad or
    // swizzle a plain array, not a member of one.
    T.WhyNot = "no layout fix offered: '" + Var + "' is " +
               (Ctx.getAsArrayType(Array->getType()) ? "an array of structs"
                                                     : "a struct") +
               " ('" + Inner.getUnqualifiedType().getAsString() +
               "'); warpcheck pads or swizzles only plain arrays, not an "
               "array that is a member of a struct";
    return T;
  }
  std::optional<uint64_t> Bytes;
  bool Agree = IAT != nullptr;
  for (const LaunchIndex::DynamicShared &L : Launches) {
    if (!L.Bytes || (Bytes && *Bytes != *L.Bytes))
      Agree = false;
    else
      Bytes = L.Bytes;
    if (L.Arg)
      T.LaunchArgs.push_back(L.Arg);
  }
  uint64_t Elem =
      IAT && !IAT->getElementType()->isIncompleteType()
          ? Ctx.getTypeSizeInChars(IAT->getElementType()).getQuantity()
          : 0;
  if (!Agree || !Bytes || Elem == 0 || *Bytes < Elem) {
    T.WhyNot = llvm::formatv("no layout fix offered: '{0}' is an extern "
                             "(dynamic) array and the launches in this file "
                             "do not pass one constant size",
                             Var);
    return T;
  }
  T.G = ArrayGeometry{{*Bytes / Elem}, Elem};
  T.Extern = true;
  return T;
}

/// The layouts scored on every request of the array.
struct Candidates {
  LayoutScore Original;
  std::optional<LayoutScore> Pad, Swizzle;

  bool useful(const std::optional<LayoutScore> &S) const {
    return S && S->Decided && S->TotalWavefronts < Original.TotalWavefronts;
  }
  bool usefulPad() const { return useful(Pad); }
  bool usefulSwizzle() const { return useful(Swizzle); }
};

Candidates scoreCandidates(const VarDecl *Array, const ArrayGeometry &G,
                           const ArrayRequests &Requests, unsigned MaxPad,
                           const ASTContext &Ctx) {
  // Every candidate is scored on every request: merge the repeats once.
  std::vector<RequestGroup> Groups = mergeRepeats(Requests.Groups);
  Candidates C{scoreLayout(Layout(), G, Groups), bestPadding(G, Groups, MaxPad),
               bestSwizzle(G, Groups)};
  // Rows of any length: seed 001's column XOR; preferred when it does at
  // least as well and the flat swizzle cannot be written as an index.
  if (std::optional<LayoutScore> Row = bestRowXor(G, Groups))
    if (!C.Swizzle || Row->TotalWavefronts < C.Swizzle->TotalWavefronts ||
        (Row->TotalWavefronts == C.Swizzle->TotalWavefronts &&
         swizzleEdit(Array, C.Swizzle->L, G, Requests.Sites, Ctx)
             .Hints.empty()))
      C.Swizzle = Row;
  return C;
}

/// A padding or swizzle was tried and could not be judged.
bool undecidedLayout(const Candidates &C) {
  return (C.Pad && !C.Pad->Decided) || (C.Swizzle && !C.Swizzle->Decided);
}

/// "makes all 3 accesses conflict-free", "cuts the wavefronts of its
/// access from 64 to 40".
std::string effectOf(const LayoutScore &S, const Candidates &C, size_t Sites) {
  std::string All = Sites == 1 ? "its access"
                               : llvm::formatv("all {0} accesses", Sites).str();
  if (S.conflictFree())
    return llvm::formatv("makes {0} conflict-free", All).str();
  return llvm::formatv("cuts the wavefronts of {0} from {1} to {2}", All,
                       C.Original.TotalWavefronts, S.TotalWavefronts)
      .str();
}

/// "pad rows of 32 elements by 1: 'float t[1056]' (i becomes i + i / 32)
/// makes ... (+128 bytes)".
std::string padNote(const LayoutScore &Pad, const LayoutEdit &Edit,
                    const Target &T, const std::string &Effect) {
  const Layout &L = Pad.L;
  std::string Elements = L.Pad == 1 ? "element" : "elements";
  std::string Rows, Index;
  if (L.RowElems) {
    Rows = llvm::formatv("pad rows of {0} elements by {1}", L.RowElems, L.Pad);
    Index = L.Pad == 1
                ? llvm::formatv("i becomes i + i / {0}", L.RowElems).str()
                : llvm::formatv("i becomes i + i / {0} * {1}", L.RowElems,
                                L.Pad)
                      .str();
  } else {
    Rows = llvm::formatv("pad each row by {0} {1}", L.Pad, Elements);
  }
  // "'int t[32][33]' (index ...)", or for an extern array, how the
  // launches change.
  std::string How;
  if (T.Extern)
    How = llvm::formatv(" ({0}; {1})", Edit.Summary, Index);
  else if (Index.empty())
    How = llvm::formatv(": '{0}'", Edit.Summary);
  else
    How = llvm::formatv(": '{0}' ({1})", Edit.Summary, Index);
  return llvm::formatv("{0}{1} {2} (+{3} bytes)", Rows, How, Effect,
                       L.extraBytes(*T.G));
}

/// "pad 'tile' to 'float tile[32][33]' (rows of 32 + 1)"; for an extern
/// array, what the launches pass.
std::string padTitle(const std::string &Var, const LayoutScore &Pad,
                     const Target &T, const LayoutEdit &Edit) {
  if (T.Extern)
    return llvm::formatv("pad '{0}': {1}", Var, Edit.Summary).str();
  uint64_t Row = Pad.L.RowElems ? Pad.L.RowElems : T.G->Dims.back();
  return llvm::formatv("pad '{0}' to '{1}' (rows of {2} + {3})", Var,
                       Edit.Summary, Row, Pad.L.Pad)
      .str();
}

/// "swizzle 'tile': index [r][c ^ r]".
std::string swizzleTitle(const std::string &Var, const LayoutEdit &Edit) {
  return llvm::formatv("swizzle '{0}': index {1}", Var, Edit.Summary).str();
}

/// Whether the swizzle becomes the edit: fewest wavefronts, then least
/// memory; in auto, the other one when the preferred one cannot be written.
bool chooseSwizzle(const Candidates &C, const LayoutEdit &PadEdit,
                   const LayoutEdit &SwizzleEdit, FixStyle Style) {
  bool UseSwizzle;
  if (Style == FixStyle::Pad)
    UseSwizzle = false;
  else if (Style == FixStyle::Swizzle)
    UseSwizzle = true;
  else
    UseSwizzle = C.usefulSwizzle() &&
                 (!C.usefulPad() ||
                  C.Swizzle->TotalWavefronts < C.Pad->TotalWavefronts ||
                  (C.Swizzle->TotalWavefronts == C.Pad->TotalWavefronts &&
                   !SwizzleEdit.Hints.empty()));
  if (Style == FixStyle::Auto &&
      (UseSwizzle ? SwizzleEdit : PadEdit).Hints.empty() &&
      C.useful(UseSwizzle ? C.Pad : C.Swizzle) &&
      !(UseSwizzle ? PadEdit : SwizzleEdit).Hints.empty())
    UseSwizzle = !UseSwizzle;
  return UseSwizzle;
}

/// With the layouts scored: the notes of those that help, or why none
/// does, and the edit of the one chosen.
void decide(const VarDecl *Array, const ArrayRequests &Requests,
            const Target &T, const Candidates &C,
            const LayoutProposalOptions &Options, const ASTContext &Ctx,
            LayoutProposal &P) {
  const ArrayGeometry &G = *T.G;
  LayoutEdit PadFix, SwzFix;
  std::string PadText, SwzText;
  if (C.usefulPad()) {
    PadFix = padEdit(Array, C.Pad->L.Pad, Requests.Sites, Ctx,
                     C.Pad->L.RowElems, T.Extern ? &G : nullptr, T.LaunchArgs);
    PadText =
        padNote(*C.Pad, PadFix, T, effectOf(*C.Pad, C, Requests.Sites.size()));
  }
  if (C.usefulSwizzle()) {
    SwzFix = swizzleEdit(Array, C.Swizzle->L, G, Requests.Sites, Ctx);
    SwzText = llvm::formatv("swizzle: {0} (index {1}) {2} (+0 bytes)",
                            C.Swizzle->L.name(), SwzFix.Summary,
                            effectOf(*C.Swizzle, C, Requests.Sites.size()));
  }
  // The layout --fix applies is listed first and says so; the other one
  // follows as the alternative (issue 29).
  bool SwizzleFirst = false;
  if (C.usefulPad() || C.usefulSwizzle()) {
    SwizzleFirst = chooseSwizzle(C, PadFix, SwzFix, Options.Style);
    const LayoutEdit &Chosen = SwizzleFirst ? SwzFix : PadFix;
    std::string &ChosenText = SwizzleFirst ? SwzText : PadText;
    if (!ChosenText.empty() && !Chosen.Hints.empty())
      ChosenText += AppliedByFix;
    // Neither is applied: the order is padding, then swizzle.
    if (ChosenText.empty() || Chosen.Hints.empty())
      SwizzleFirst = false;
  }
  std::string &FirstText = SwizzleFirst ? SwzText : PadText;
  std::string &SecondText = SwizzleFirst ? PadText : SwzText;
  if (!FirstText.empty())
    P.Notes.push_back(FirstText);
  if (!SecondText.empty())
    P.Notes.push_back((FirstText.empty() ? "" : "or ") + SecondText);
  std::string Var = Array->getNameAsString();
  if (!C.usefulPad() && !C.usefulSwizzle()) {
    if (!C.Original.Decided && !(C.Pad && C.Pad->Decided) &&
        !(C.Swizzle && C.Swizzle->Decided))
      // Undecided is not "no layout reduces": a padding may well help, but
      // nothing can be proven about requests whose addresses are not known.
      P.Notes.push_back(llvm::formatv(
          "no layout fix offered: the wavefronts of '{0}' cannot be decided "
          "under any padding or swizzle (its addresses depend on values "
          "warpcheck does not follow)",
          Var));
    else if (undecidedLayout(C))
      // Some layout could not be judged: perhaps it would help.
      P.Notes.push_back(llvm::formatv(
          "no layout fix offered: the wavefronts of '{0}' under a padding or "
          "swizzle cannot be decided ({1})",
          Var,
          Requests.PastBudget.empty()
              ? "its addresses depend on values warpcheck does not follow"
              : Requests.PastBudget +
                    ", and one symbolic iteration stood for the rest"));
    else
      P.Notes.push_back(llvm::formatv("no padding up to {0} and no XOR "
                                      "swizzle reduces the wavefronts of '{1}'",
                                      Options.MaxPad, Var));
    return;
  }
  bool UseSwizzle = chooseSwizzle(C, PadFix, SwzFix, Options.Style);
  const LayoutEdit &Chosen = UseSwizzle ? SwzFix : PadFix;
  const std::optional<LayoutScore> &Score = UseSwizzle ? C.Swizzle : C.Pad;
  if (!C.useful(Score))
    return;
  if (Chosen.Hints.empty()) {
    P.Notes.push_back("no edit offered: " + Chosen.Reason);
    return;
  }
  P.Chosen =
      UseSwizzle ? LayoutProposal::Fix::Swizzle : LayoutProposal::Fix::Pad;
  P.Edit = Chosen.Hints;
  P.Layout = Score->L.name();
  P.TotalWavefronts = Score->TotalWavefronts;
  P.Title =
      UseSwizzle ? swizzleTitle(Var, SwzFix) : padTitle(Var, *C.Pad, T, PadFix);
  // The other layout, when it helps and can be written: an editor offers
  // both.
  const LayoutEdit &Other = UseSwizzle ? PadFix : SwzFix;
  const std::optional<LayoutScore> &OtherScore = UseSwizzle ? C.Pad : C.Swizzle;
  if (C.useful(OtherScore) && !Other.Hints.empty())
    P.Alternative = LayoutOption{UseSwizzle ? padTitle(Var, *C.Pad, T, PadFix)
                                            : swizzleTitle(Var, SwzFix),
                                 Other.Hints, OtherScore->L.name(),
                                 OtherScore->TotalWavefronts};
  P.ChosenLayout = Score->L;
  P.Geometry = G;
}

} // namespace

LayoutProposal
proposeLayout(const VarDecl *Array, const ArrayRequests &Requests,
              const std::vector<LaunchIndex::DynamicShared> &Launches,
              const LayoutProposalOptions &Options, const ASTContext &Ctx) {
  LayoutProposal P;
  std::string Var = Array->getNameAsString();
  if (Requests.Library) {
    P.Notes.push_back(llvm::formatv(
        "no layout fix offered: '{0}' is laid out and indexed by library "
        "code ('{1}'); another algorithm, type or number of items per "
        "thread changes its pattern",
        Var, displayName(Requests.Library, Ctx)));
    return P;
  }
  Target T;
  T.G = geometryOf(Array, Ctx);
  if (!T.G)
    T = unsizedTarget(Array, Launches, Ctx);
  if (!T.G)
    P.Notes.push_back(T.WhyNot);
  else if (Requests.ShapeUnknown)
    P.Notes.push_back("no layout fix offered: the block shape of the kernel "
                      "is not known (the shapes analyzed were assumed)");
  else if (!Requests.SplitParameter.empty())
    P.Notes.push_back(llvm::formatv(
        "no layout fix offered: the kernel ran once per value the launches "
        "pass to '{0}', and a fix is searched for one run",
        Requests.SplitParameter));
  else if (!Requests.Complete || Requests.Groups.empty())
    P.Notes.push_back(llvm::formatv("no layout fix offered: not every access "
                                    "to '{0}' could be followed",
                                    Var));
  else
    decide(Array, Requests, T,
           scoreCandidates(Array, *T.G, Requests, Options.MaxPad, Ctx), Options,
           Ctx, P);
  return P;
}

} // namespace warpcheck
