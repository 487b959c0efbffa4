//===--- SimtEngineTest.cpp - Unit tests of the SIMT engine ---------------===//
//
// Each test parses a small CUDA source with clang (device side only, no CUDA
// toolkit: warpcheck's built-in prelude), runs KernelAnalysis on one kernel
// and one block shape, and checks what the engine recorded at each
// __shared__ access site (verdict, wavefronts, what an unknown depends on,
// instances) or at each per-thread array access.
//
//===----------------------------------------------------------------------===//

#include "KernelAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace warpcheck;

namespace {

/// Declarations the prelude leaves to the CUDA headers; the tests declare
/// them the way the toolkit does.
const char *WarpDeclarations = R"cuda(
__device__ int __shfl_sync(unsigned mask, int var, int srcLane, int width = 32);
__device__ int __shfl_up_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int var, int laneMask, int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ unsigned __activemask();
)cuda";

/// One kernel parsed and analyzed for one block shape.
class Analyzed {
public:
  Analyzed(const std::string &Code, const std::string &KernelName, Dim3 Block,
           InterpreterLimits Limits = {}) {
    std::vector<std::string> Args = {
        "-x",
        "cuda",
        "--cuda-device-only",
        "--cuda-gpu-arch=sm_90",
        "-nocudainc",
        "-nocudalib",
        "-resource-dir=" WARPCHECK_TEST_RESOURCE_DIR,
        "-Wno-unknown-cuda-version",
        "-std=c++17",
        "-include",
        WARPCHECK_TEST_PRELUDE};
    AST = tooling::buildASTFromCodeWithArgs(
        std::string(WarpDeclarations) + Code, Args, "kernel.cu");
    if (!AST) {
      ADD_FAILURE() << "the source does not parse";
      return;
    }
    if (AST->getDiagnostics().hasErrorOccurred()) {
      ADD_FAILURE() << "the source has errors";
      return;
    }
    ASTContext &Ctx = AST->getASTContext();
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getNameAsString() == KernelName && FD->hasBody())
          Kernel = FD;
    if (!Kernel) {
      ADD_FAILURE() << "no kernel named " << KernelName;
      return;
    }
    KA = std::make_unique<KernelAnalysis>(Ctx, Kernel, Block, Limits);
    KA->run();
  }

  bool ok() const { return KA != nullptr; }
  const KernelAnalysis &analysis() const { return *KA; }

  std::string text(const Stmt *S) const {
    const SourceManager &SM = AST->getSourceManager();
    CharSourceRange R = CharSourceRange::getTokenRange(S->getSourceRange());
    return Lexer::getSourceText(R, SM, AST->getLangOpts()).str();
  }

  /// Every site, as "kind text", for failure messages.
  std::string listSites() const {
    std::string Out;
    if (!KA)
      return Out;
    for (const SharedAccessSite &S : KA->sites())
      Out += std::string(accessKindName(S.Kind)) + " `" + text(S.Site) + "`; ";
    return Out;
  }

  /// The shared access site of kind K whose expression reads Text.
  const AccessSummary &site(AccessKind K, const std::string &Text) const {
    static const AccessSummary Missing;
    if (KA)
      for (const SharedAccessSite &S : KA->sites())
        if (S.Kind == K && text(S.Site) == Text)
          return S.Summary;
    ADD_FAILURE() << "no " << accessKindName(K) << " site `" << Text
                  << "`; sites: " << listSites();
    return Missing;
  }
  const AccessSummary &load(const std::string &Text) const {
    return site(AccessKind::Load, Text);
  }
  const AccessSummary &store(const std::string &Text) const {
    return site(AccessKind::Store, Text);
  }
  const AccessSummary &atomic(const std::string &Text) const {
    return site(AccessKind::Atomic, Text);
  }

  /// The per-thread array access of the given direction at Text.
  const LocalArrayAccess *local(const std::string &Text, bool IsStore) const {
    if (KA)
      for (const LocalArrayAccess &A : KA->localArrayAccesses())
        if (A.IsStore == IsStore && text(A.Site) == Text)
          return &A;
    return nullptr;
  }

private:
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Kernel = nullptr;
  std::unique_ptr<KernelAnalysis> KA;
};

/// Whether some DependsOn entry of S (or of its worst request) mentions
/// Fragment.
bool dependsOn(const AccessSummary &S, const std::string &Fragment) {
  for (const auto *List : {&S.DependsOn, &S.Worst.DependsOn})
    for (const std::string &D : *List)
      if (D.find(Fragment) != std::string::npos)
        return true;
  return false;
}

std::string deps(const AccessSummary &S) {
  std::string Out;
  for (const std::string &D : S.DependsOn)
    Out += "[" + D + "] ";
  return Out;
}

#define EXPECT_EXACT(S, W)                                                     \
  do {                                                                         \
    EXPECT_EQ((S).Status, Verdict::Exact) << deps(S);                          \
    EXPECT_EQ((S).wavefronts(), unsigned(W));                                  \
  } while (0)

#define EXPECT_NOT_EXACT(S)                                                    \
  EXPECT_NE((S).Status, Verdict::Exact)                                        \
      << "exact with " << (S).wavefronts() << " wavefronts"

#define EXPECT_EXACT_OR_NOT_EXACT_AT(S, W)                                     \
  do {                                                                         \
    if ((S).Status == Verdict::Exact)                                          \
      EXPECT_EQ((S).wavefronts(), unsigned(W)) << "a wrong exact count";       \
  } while (0)

const Dim3 OneWarp{32, 1, 1};

// ---- values and arithmetic (InterpretExpr.cpp, ValueBuilder.cpp) ----------

TEST(SimtValues, LaneIdIndexIsExactAndConflictFree) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[32];
  out[0] = s[threadIdx.x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[threadIdx.x]");
  EXPECT_EXACT(S, 1);
  EXPECT_EQ(S.Instances, 1u);
  EXPECT_EQ(S.Requests, 1u);
  EXPECT_TRUE(S.CountsExact);
}

TEST(SimtValues, StrideOfTwoWordsIsTwoWay) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[64];
  out[0] = s[threadIdx.x * 2];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[threadIdx.x * 2]"), 2);
}

TEST(SimtValues, TwoDimensionalBlockWarpSpansTwoRows) {
  // 16x16 block: warp 0 holds rows y = 0 and 1. Row-major is conflict-free;
  // the transposed read puts 8 distinct words on each of banks y and 16+y.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int t[16][16];
  out[0] = t[threadIdx.y][threadIdx.x];
  out[1] = t[threadIdx.x][threadIdx.y];
})cuda",
             "k", Dim3{16, 16, 1});
  ASSERT_TRUE(A.ok());
  const AccessSummary &Rows = A.load("t[threadIdx.y][threadIdx.x]");
  EXPECT_EXACT(Rows, 1);
  EXPECT_EQ(Rows.Requests, 8u);
  EXPECT_EXACT(A.load("t[threadIdx.x][threadIdx.y]"), 8);
}

TEST(SimtValues, DivisionAndRemainderOfLaneId) {
  // Word (l / 8) * 32 + l % 8: four distinct words on each of banks 0..7.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[128];
  out[0] = s[(threadIdx.x / 8) * 32 + threadIdx.x % 8];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[(threadIdx.x / 8) * 32 + threadIdx.x % 8]"), 4);
}

TEST(SimtValues, ShiftsAndBitOperationsOfLaneId) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[256];
  out[0] = s[(threadIdx.x & 7) << 5];
  out[1] = s[threadIdx.x ^ 1];
  out[2] = s[(threadIdx.x >> 1) | 64];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  // Eight distinct words, all on bank 0.
  EXPECT_EXACT(A.load("s[(threadIdx.x & 7) << 5]"), 8);
  EXPECT_EXACT(A.load("s[threadIdx.x ^ 1]"), 1);
  // Pairs of lanes share a word: a broadcast, no conflict.
  EXPECT_EXACT(A.load("s[(threadIdx.x >> 1) | 64]"), 1);
}

TEST(SimtValues, TruncationToUnsignedCharWrapsLaneValues) {
  // c = 16 * l mod 256: lanes l and l + 16 share a word, so 16 distinct words
  // on banks 0 and 16 (8 each) instead of 32 (16 each) without the wrap.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[512];
  unsigned char c = threadIdx.x * 16;
  out[0] = s[c];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[c]"), 8);
}

TEST(SimtValues, TruncationOfSymbolicValueIsNeverWrongExact) {
  // c = (n + 16 l) mod 256 for any n: 8 wavefronts. Without the wrap it
  // would be 16; an engine that cannot wrap a symbolic value must not be
  // exact.
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  __shared__ int s[256];
  unsigned char c = n + threadIdx.x * 16;
  out[0] = s[c];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[c]"), 8);
}

TEST(SimtValues, UnsignedSubtractionWrapsBelowZero) {
  // threadIdx.x - 1u wraps for lane 0 to 4294967295 > 100: lane 0 reads word
  // 33, on bank 1 with lane 1's word 1.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[64];
  out[0] = s[threadIdx.x - 1u > 100u ? 33 : threadIdx.x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[threadIdx.x - 1u > 100u ? 33 : threadIdx.x]"), 2);
}

TEST(SimtValues, WarpUniformUnknownShiftStaysExact) {
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  out[0] = s[threadIdx.x + n];
  out[1] = s[threadIdx.x * n];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[threadIdx.x + n]"), 1);
  const AccessSummary &Scaled = A.load("s[threadIdx.x * n]");
  EXPECT_NOT_EXACT(Scaled);
  EXPECT_TRUE(dependsOn(Scaled, "n")) << deps(Scaled);
}

TEST(SimtValues, SecondWarpSeesItsOwnLaneIds) {
  // 64 threads: warp 1 has threadIdx.x = 32..63, the same banks as warp 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[128];
  out[0] = s[threadIdx.x * 2];
  if (threadIdx.x >= 32)
    out[1] = s[threadIdx.x * 32];
})cuda",
             "k", Dim3{64, 1, 1});
  ASSERT_TRUE(A.ok());
  const AccessSummary &Both = A.load("s[threadIdx.x * 2]");
  EXPECT_EXACT(Both, 2);
  EXPECT_EQ(Both.Requests, 2u);
  const AccessSummary &Second = A.load("s[threadIdx.x * 32]");
  EXPECT_EXACT(Second, 32);
  EXPECT_EQ(Second.Requests, 1u);
  EXPECT_EQ(Second.WorstWarp, 1u);
}

// ---- activity masks (ActivityMask.cpp, InterpretControlFlow.cpp) ----------

TEST(SimtMasks, IfElseOnLaneIdSplitsTheWarp) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024], b[1024];
  if (threadIdx.x < 8)
    a[threadIdx.x * 32] = 1;
  else
    b[threadIdx.x * 32] = 2;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  // Every active lane on bank 0 with its own word: one wavefront per lane.
  EXPECT_EXACT(A.store("a[threadIdx.x * 32]"), 8);
  EXPECT_EXACT(A.store("b[threadIdx.x * 32]"), 24);
}

TEST(SimtMasks, EarlyReturnRemovesLanesForTheRest) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024];
  if (threadIdx.x % 4 != 0)
    return;
  a[threadIdx.x * 32] = 1;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("a[threadIdx.x * 32]"), 8);
}

TEST(SimtMasks, BreakOnLaneIdLeavesTheLoopForThoseLanesOnly) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024], b[1024];
  for (int i = 0; i < 4; ++i) {
    if (threadIdx.x >= 32 - 8 * i)
      break;
    a[threadIdx.x * 32] = i;
  }
  b[threadIdx.x * 32] = 0;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &In = A.store("a[threadIdx.x * 32]");
  EXPECT_EQ(In.Instances, 4u);
  EXPECT_EQ(In.Status, Verdict::Exact);
  EXPECT_EQ(In.wavefronts(), 32u);
  // 32 + 24 + 16 + 8 lanes, one wavefront each.
  EXPECT_EQ(In.TotalMaxWavefronts, 80u);
  EXPECT_EXACT(A.store("b[threadIdx.x * 32]"), 32);
}

TEST(SimtMasks, ContinueSkipsTheRestOfOneIteration) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024], b[1024];
  for (int i = 0; i < 2; ++i) {
    a[threadIdx.x * 32] = i;
    if (threadIdx.x >= 16 * (i + 1))
      continue;
    b[threadIdx.x * 32] = i;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &Before = A.store("a[threadIdx.x * 32]");
  EXPECT_EQ(Before.Instances, 2u);
  EXPECT_EQ(Before.TotalMaxWavefronts, 64u);
  const AccessSummary &After = A.store("b[threadIdx.x * 32]");
  EXPECT_EQ(After.Instances, 2u);
  EXPECT_EQ(After.Status, Verdict::Exact);
  EXPECT_EQ(After.TotalMaxWavefronts, 16u + 32u);
}

TEST(SimtMasks, SwitchOnLaneIdWithFallthroughAndDefault) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024], b[1024], c[1024], d[1024];
  switch (threadIdx.x / 8) {
  case 0:
    a[threadIdx.x * 32] = 0;
  case 1:
    b[threadIdx.x * 32] = 1;
    break;
  case 2:
    break;
  default:
    c[threadIdx.x * 32] = 2;
  }
  d[threadIdx.x * 32] = 3;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("a[threadIdx.x * 32]"), 8);
  EXPECT_EXACT(A.store("b[threadIdx.x * 32]"), 16); // lanes 0..15
  EXPECT_EXACT(A.store("c[threadIdx.x * 32]"), 8);  // lanes 24..31
  EXPECT_EXACT(A.store("d[threadIdx.x * 32]"), 32);
}

TEST(SimtMasks, SwitchOnDataIsNotExact) {
  Analyzed A(R"cuda(
__global__ void k(const int *data) {
  __shared__ int a[1024];
  switch (data[threadIdx.x]) {
  case 0:
    a[threadIdx.x * 32] = 0;
    break;
  default:
    break;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("a[threadIdx.x * 32]");
  EXPECT_NOT_EXACT(S);
  EXPECT_FALSE(S.CountsExact);
  EXPECT_EQ(S.Worst.MaxWavefronts, 32u);
}

TEST(SimtMasks, ConditionOnDataGivesARangeOverTheMaybeLanes) {
  Analyzed A(R"cuda(
__global__ void k(const int *data) {
  __shared__ int a[1024];
  if (threadIdx.x < 16 || data[threadIdx.x] > 0)
    a[threadIdx.x * 32] = 0;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("a[threadIdx.x * 32]");
  EXPECT_EQ(S.Status, Verdict::Range) << deps(S);
  EXPECT_EQ(S.Worst.MinWavefronts, 16u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 32u);
}

TEST(SimtMasks, EarlyReturnOnDataMakesLaterCountsInexact) {
  Analyzed A(R"cuda(
__global__ void k(const int *data) {
  __shared__ int a[1024];
  if (data[threadIdx.x] == 0)
    return;
  a[threadIdx.x * 32] = 0;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("a[threadIdx.x * 32]");
  EXPECT_NOT_EXACT(S);
  EXPECT_FALSE(S.CountsExact);
}

TEST(SimtMasks, CountsPerIterationOfALoopWithARunTimeTripCount) {
  // One symbolic iteration of the tile loop: its requests are one
  // iteration's; the inner loop is counted.
  Analyzed A(R"cuda(
__global__ void k(float *out, int tiles) {
  __shared__ float s[32][32];
  float acc = 0;
  for (int t = 0; t < tiles; ++t) {
    for (int k = 0; k < 4; ++k)
      acc += s[threadIdx.x][k];
    for (int p = 0; p < 2; ++p)
      for (int i = 0; i < tiles; ++i)
        acc += s[i][threadIdx.x];
  }
  for (int i = 0; i < tiles; ++i) {
    if (out[i] < 0)
      break;
    acc += s[threadIdx.x][i];
  }
  out[threadIdx.x] = acc;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &Tile = A.load("s[threadIdx.x][k]");
  EXPECT_FALSE(Tile.CountsExact);
  EXPECT_NE(Tile.PerIterationLine, 0u);
  EXPECT_EQ(Tile.Requests, 4u);
  // Inside two symbolic loops, the inner one entered twice: no.
  EXPECT_EQ(A.load("s[i][threadIdx.x]").PerIterationLine, 0u);
  // Under a branch on data: no.
  EXPECT_EQ(A.load("s[threadIdx.x][i]").PerIterationLine, 0u);
}

TEST(SimtMasks, NoCountsPerIterationWhereIterationsDiffer) {
  // An arm of an `if` no thread decides runs in some iterations only; a
  // warp that leaves early runs fewer iterations (review of the change).
  Analyzed A(R"cuda(
__global__ void k(float *out, int n, int m) {
  __shared__ float s[64][64];
  float acc = 0;
  for (int i = 0; i < n; ++i)
    if (i == m)
      acc += s[i][threadIdx.x];
  for (int j = 0; j < n; ++j) {
    acc += s[threadIdx.x][j];
    if (j == threadIdx.x / 32)
      break;
  }
  for (int t = 0; t < n; ++t)
    acc += s[t][threadIdx.x + 1];
  out[threadIdx.x] = acc;
})cuda",
             "k", Dim3{64, 1, 1});
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[i][threadIdx.x]").PerIterationLine, 0u);
  EXPECT_EQ(A.load("s[threadIdx.x][j]").PerIterationLine, 0u);
  EXPECT_NE(A.load("s[t][threadIdx.x + 1]").PerIterationLine, 0u);
}

// ---- per-thread objects (MemoryModel.cpp, Environment.cpp) ----------------

TEST(SimtObjects, StructLoadedFromGlobalMemoryMemberIndexIsUnknown) {
  Analyzed A(R"cuda(
struct P { int a, b; };
__global__ void k(const P *params, int *out) {
  __shared__ int s[1024];
  P p = params[threadIdx.x];
  out[0] = s[p.a];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[p.a]").Status, Verdict::Unknown);
}

TEST(SimtObjects, LocalArrayWrittenAtLaneIndexReadAtConstantIndex) {
  // a[1] is l for lanes 1, 5, ..., 29 and 0 elsewhere: 9 distinct words on
  // bank 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int a[4] = {0, 0, 0, 0};
  a[threadIdx.x % 4] = threadIdx.x;
  out[0] = s[a[1] * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[a[1] * 32]"), 9);
}

TEST(SimtObjects, WriteThroughPointerToLocalReachesIt) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = 0;
  int *p = &x;
  *p = threadIdx.x * 4;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[x]"), 4);
}

TEST(SimtObjects, OutParameterOfDeviceFunction) {
  Analyzed A(R"cuda(
__device__ void lane2(int *o) { *o = threadIdx.x * 2; }
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x;
  lane2(&x);
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[x]"), 2);
}

TEST(SimtObjects, MemcpyIntoStructIsUnknown) {
  Analyzed A(R"cuda(
struct P { int a, b; };
__global__ void k(const P *params, int *out) {
  __shared__ int s[1024];
  P p;
  p.a = threadIdx.x;
  memcpy(&p, &params[threadIdx.x], sizeof p);
  out[0] = s[p.a];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[p.a]").Status, Verdict::Unknown);
}

TEST(SimtObjects, UnionPunningIsUnknown) {
  Analyzed A(R"cuda(
union U { float f; int i; };
__global__ void k(const float *data, int *out) {
  __shared__ int s[1024];
  U u;
  u.i = threadIdx.x * 32;
  u.f = data[threadIdx.x];
  out[0] = s[u.i & 1023];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[u.i & 1023]");
  EXPECT_EQ(S.Status, Verdict::Unknown) << S.wavefronts();
}

TEST(SimtObjects, PointerSelectedPerThreadBetweenTwoLocals) {
  // Odd lanes read x = l (banks 1, 3, ...), even lanes y = 32 l (16 words
  // on bank 0): 16 wavefronts, if the engine follows the pointer.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = threadIdx.x, y = threadIdx.x * 32;
  int *p = (threadIdx.x & 1) ? &x : &y;
  out[0] = s[*p];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[*p]"), 16);
}

TEST(SimtObjects, WriteThroughPointerSelectedPerThread) {
  // Each thread writes only the local its pointer selects: the other keeps
  // its value. x = l * 32 for odd lanes, 0 for even lanes: 17 words on bank
  // 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = 0, y = 0;
  int *p = (threadIdx.x & 1) ? &x : &y;
  *p = threadIdx.x * 32;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[x]"), 17);
}

TEST(SimtObjects, ArrayWrittenInRuntimeTripCountLoopIsNotThePreLoopValue) {
  // Before the loop a[0] is 0 (one word for all); after n > 0 iterations it
  // is 32 l (32 wavefronts).
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  int a[2] = {0, 0};
  for (int i = 0; i < n; ++i)
    a[i & 1] = threadIdx.x * 32;
  out[0] = s[a[0]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[a[0]]"));
}

TEST(SimtObjects, KernelStructParameterIsWarpUniform) {
  Analyzed A(R"cuda(
struct P { int offset, stride; };
__global__ void k(P p, int *out) {
  __shared__ int s[1024];
  out[0] = s[p.offset + threadIdx.x];
  p.stride = threadIdx.x * 32;
  out[1] = s[p.stride];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[p.offset + threadIdx.x]"), 1);
  EXPECT_EXACT(A.load("s[p.stride]"), 32);
}

TEST(SimtObjects, LocalArrayAccessesRecordWhatTheCompilerKnows) {
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  int a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = i;
  a[threadIdx.x % 8] = 1;
  out[0] = a[3];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const LocalArrayAccess *InLoop = A.local("a[i]", true);
  ASSERT_NE(InLoop, nullptr);
  EXPECT_FALSE(InLoop->Index.hard());
  ASSERT_EQ(InLoop->EnclosingLoops.size(), 1u);
  LoopUnrolling U = A.analysis().loopUnrolling(InLoop->EnclosingLoops[0]);
  EXPECT_TRUE(U.Unrolled) << U.Reason;
  EXPECT_EQ(U.TripCount, std::optional<uint64_t>(8));
  const LocalArrayAccess *ByLane = A.local("a[threadIdx.x % 8]", true);
  ASSERT_NE(ByLane, nullptr);
  EXPECT_EQ(ByLane->Index.Why, CompileTime::Cause::Thread);
  const LocalArrayAccess *Constant = A.local("a[3]", false);
  ASSERT_NE(Constant, nullptr);
  EXPECT_FALSE(Constant->Index.hard());
}

TEST(SimtObjects, LocalArrayPassedToAnUnfollowedCallEscapes) {
  Analyzed A(R"cuda(
__device__ void fill(int *p);
__global__ void k(int *out) {
  __shared__ int s[1024];
  int a[4] = {0, 0, 0, 0};
  a[0] = threadIdx.x;
  fill(a);
  out[0] = s[a[0]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  bool Escaped = false;
  for (const LocalArrayAccess &L : A.analysis().localArrayAccesses())
    Escaped |= L.Escape;
  EXPECT_TRUE(Escaped);
  // fill may have written a[0].
  EXPECT_EQ(A.load("s[a[0]]").Status, Verdict::Unknown);
}

// ---- calls (InterpretCallAndReturn.cpp) -----------------------------------

TEST(SimtCalls, InlinedDeviceFunctionComputesTheIndex) {
  Analyzed A(R"cuda(
__device__ int twice(int l) { return l * 2; }
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = s[twice(threadIdx.x)];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[twice(threadIdx.x)]"), 2);
}

TEST(SimtCalls, AccessInsideCalleeIsRecordedPerCall) {
  Analyzed A(R"cuda(
__shared__ int g[1024];
__device__ void put(int i) { g[i] = 0; }
__global__ void k(int *out) {
  put(threadIdx.x);
  put(threadIdx.x * 4);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("g[i]");
  EXPECT_EQ(S.Instances, 2u);
  EXPECT_EQ(S.Status, Verdict::Exact);
  EXPECT_EQ(S.wavefronts(), 4u);
  EXPECT_EQ(S.TotalMaxWavefronts, 5u);
}

TEST(SimtCalls, ReferenceParameterWritesTheCallersVariable) {
  Analyzed A(R"cuda(
__device__ void scale(int &r, int v) { r = v * 4; }
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = 0;
  scale(x, threadIdx.x);
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[x]"), 4);
}

TEST(SimtCalls, RecursionIsUnknown) {
  Analyzed A(R"cuda(
__device__ int depth(int n) { return n <= 0 ? 0 : depth(n - 1) + 1; }
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = s[depth(threadIdx.x) * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[depth(threadIdx.x) * 32]");
  EXPECT_EQ(S.Status, Verdict::Unknown);
  EXPECT_TRUE(dependsOn(S, "depth")) << deps(S);
}

TEST(SimtCalls, FunctionWithoutBodyIsUnknownEvenWithUniformArguments) {
  // Its body may read threadIdx itself.
  Analyzed A(R"cuda(
__device__ int opaque(int);
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = s[opaque(0)];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[opaque(0)]");
  EXPECT_EQ(S.Status, Verdict::Unknown);
  EXPECT_TRUE(dependsOn(S, "opaque")) << deps(S);
}

TEST(SimtCalls, MemberFunctionOfUserStruct) {
  Analyzed A(R"cuda(
struct Tile {
  int stride;
  __device__ int at(int r, int c) const { return r * stride + c; }
  __device__ void widen() { stride += 1; }
};
__global__ void k(int *out) {
  __shared__ int s[2048];
  Tile t{32};
  out[0] = s[t.at(threadIdx.x, 0)];
  t.widen();
  out[1] = s[t.at(threadIdx.x, 1)];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[t.at(threadIdx.x, 0)]"), 32);
  EXPECT_EXACT(A.load("s[t.at(threadIdx.x, 1)]"), 1);
}

// ---- CUDA built-ins (CudaIntrinsics.cpp) ----------------------------------

TEST(SimtBuiltins, ShflSyncWithWidthBroadcastsEachSegmentsFirstLane) {
  // v = 8 * (l / 8): four distinct words on bank 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int v = __shfl_sync(0xffffffffu, threadIdx.x, 0, 8);
  out[0] = s[v * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[v * 32]"), 4);
}

TEST(SimtBuiltins, ShflXorSyncCannotReachALaterSegment) {
  // Width 16: lanes 0..15 would read a later segment and keep their own
  // value; lanes 16..31 read l - 16. 16 distinct words on bank 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024], t[1024];
  int v = __shfl_xor_sync(0xffffffffu, threadIdx.x, 16, 16);
  out[0] = s[v * 32];
  int w = __shfl_xor_sync(0xffffffffu, threadIdx.x, 16);
  out[1] = t[w * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[v * 32]"), 16);
  EXPECT_EXACT(A.load("t[w * 32]"), 32);
}

TEST(SimtBuiltins, ShflUpSyncKeepsTheFirstLanesOfEachSegment) {
  // Width 8, delta 4: lanes 0..3 of each segment keep l, lanes 4..7 read
  // l - 4: 16 distinct values.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int v = __shfl_up_sync(0xffffffffu, threadIdx.x, 4, 8);
  out[0] = s[v * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[v * 32]"), 16);
}

TEST(SimtBuiltins, ShflDownSyncKeepsTheLastLanes) {
  // Delta 16: lanes 0..15 read l + 16, lanes 16..31 keep l: 16 values.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int v = __shfl_down_sync(0xffffffffu, threadIdx.x, 16);
  out[0] = s[v * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[v * 32]"), 16);
}

TEST(SimtBuiltins, ShflFromADataDecidedLaneIsUnknown) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  int v = __shfl_sync(0xffffffffu, threadIdx.x * 32, data[threadIdx.x]);
  out[0] = s[v];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[v]").Status, Verdict::Unknown);
}

TEST(SimtBuiltins, BallotSyncOfALanePredicate) {
  // 0xf: popc 4, stride 4: four words on each of 8 banks.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  unsigned b = __ballot_sync(0xffffffffu, threadIdx.x < 4);
  out[0] = s[threadIdx.x * __popc(b)];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[threadIdx.x * __popc(b)]"), 4);
}

TEST(SimtBuiltins, BallotSyncOfDataIsNotExact) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  unsigned b = __ballot_sync(0xffffffffu, data[threadIdx.x] > 0);
  out[0] = s[threadIdx.x * __popc(b)];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[threadIdx.x * __popc(b)]"));
}

TEST(SimtBuiltins, ActivemaskInsideALaneBranch) {
  // Lanes 0..7 active: popc 8, words 8 l on banks 0, 8, 16, 24, 2 each.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  if (threadIdx.x < 8) {
    unsigned m = __activemask();
    s[threadIdx.x * __popc(m)] = 0;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("s[threadIdx.x * __popc(m)]"), 2);
}

TEST(SimtBuiltins, InlineAsmLaneIdIsTheLaneId) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  out[0] = s[l * 2];
})cuda",
             "k", Dim3{64, 1, 1});
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[l * 2]");
  EXPECT_EXACT(S, 2);
  EXPECT_EQ(S.Requests, 2u);
}

TEST(SimtBuiltins, InlineAsmOutputOfDataIsUnknown) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  int v;
  asm("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(data + threadIdx.x));
  out[0] = s[v];
  int w;
  asm("mov.u32 %0, %1;" : "=r"(w) : "r"(data[threadIdx.x]));
  out[1] = s[w + 1];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[v]").Status, Verdict::Unknown);
  EXPECT_EQ(A.load("s[w + 1]").Status, Verdict::Unknown);
}

// ---- atomics and access widths (InterpretCallAndReturn.cpp, ----------------
// ---- AccessRecorder.cpp) ---------------------------------------------------

TEST(SimtAtomics, WarpUniformWideStoresTakeOnePassPerHalfOrQuarterWarp) {
  // Measured on the H100: a warp-uniform 8-byte store takes 2 wavefronts,
  // a 16-byte one 4; the same loads are one.
  Analyzed A(R"cuda(
__global__ void k(unsigned long long *out) {
  __shared__ unsigned long long d[32];
  __shared__ float4 f[32];
  d[0] = 1;
  f[0] = make_float4(1, 2, 3, 4);
  out[0] = d[1];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("d[0]"), 2);
  EXPECT_EXACT(A.store("f[0]"), 4);
  EXPECT_EXACT(A.load("d[1]"), 1);
}

TEST(SimtAtomics, AtomicFormReachesTheRequest) {
  // atomicAdd(p, 1) is ATOMS.POPC.INC: lanes on one word share it. Any other
  // operand is ATOMS.ADD: one wavefront per lane on that bank. atomicCAS
  // costs twice a native atomic.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int c[32];
  __shared__ unsigned u[64];
  atomicAdd(&c[0], 1);
  atomicAdd(&c[threadIdx.x % 2 * 32 / 32], (int)threadIdx.x);
  atomicCAS(&u[threadIdx.x], 0u, 1u);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.atomic("atomicAdd(&c[0], 1)"), 1);
  // Lanes on two words of one bank (c[0], c[1]: banks 0, 1): 16 each.
  EXPECT_EXACT(A.atomic("atomicAdd(&c[threadIdx.x % 2 * 32 / 32], "
                        "(int)threadIdx.x)"),
               16);
  EXPECT_EXACT(A.atomic("atomicCAS(&u[threadIdx.x], 0u, 1u)"), 2);
}

TEST(SimtAtomics, WarpUniformAtomicIsCombinedOnlyWhereTheCompilerProvesIt) {
  // An add/min/max/and/or/xor at an address built from constants, kernel
  // parameters and uniform loop counters, result unused: the compiler
  // combines the warp's atomics (REDUX, one ATOMS): 1 wavefront. The same
  // address reached through a value the compiler cannot prove uniform (a
  // per-thread computation, a reference) may or may not be combined: a
  // range. A used atomicMin is never combined: lane by lane (H100:
  // min_s32_used_const0 in cuda_samples/measurements/h100-atomics, 32).
  Analyzed A(R"cuda(
__global__ void k(int p, int *out) {
  __shared__ int c[64];
  atomicMax(&c[p + 1], (int)threadIdx.x);
  for (int j = 0; j < 2; ++j)
    atomicOr(&c[j * 4], 1 << threadIdx.x);
  int w = int(threadIdx.x) / 32;
  atomicAdd(&c[w], 3);
  int v = 0;
  int &r = v;
  r = 5;
  atomicXor(&c[v], 1);
  out[0] = atomicMin(&c[2], (int)threadIdx.x);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.atomic("atomicMax(&c[p + 1], (int)threadIdx.x)"), 1);
  EXPECT_EXACT(A.atomic("atomicOr(&c[j * 4], 1 << threadIdx.x)"), 1);
  for (const char *Text : {"atomicAdd(&c[w], 3)", "atomicXor(&c[v], 1)"}) {
    const AccessSummary &S = A.atomic(Text);
    EXPECT_EQ(S.Status, Verdict::Range) << Text;
    EXPECT_EQ(S.Worst.MinWavefronts, 1u) << Text;
    EXPECT_EQ(S.Worst.MaxWavefronts, 32u) << Text;
  }
  EXPECT_EXACT(A.atomic("atomicMin(&c[2], (int)threadIdx.x)"), 32);
}

TEST(SimtLoads, ConstantAddressLoadUnderABranchMayRunInEveryThread) {
  // A 16-byte load of one constant address under a branch: the compiler may
  // hoist it, and then both half-warps take their pass (H100: differential
  // kernel k1814).
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int4 s[64];
  if (threadIdx.x < 16) {
    int4 v = s[3];
    out[threadIdx.x] = v.x + v.w;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[3]");
  EXPECT_EQ(S.Status, Verdict::Range);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 2u);
}

TEST(SimtLoads, OnlyStaticSharedArrayStartsAtABankRow) {
  // Bytes 0 and 131: words 0 and 32 (bank 0, 2 wavefronts) when the array
  // starts at a multiple of 128 bytes, as the compiler places a kernel's only
  // static __shared__ variable (19 differential kernels on the H100); with
  // two arrays a char array's start is only 1-aligned: 1 or 2.
  Analyzed One(R"cuda(
__global__ void k(char *out) {
  __shared__ char s[256];
  out[threadIdx.x] = s[threadIdx.x % 2 ? 131 : 0];
})cuda",
               "k", OneWarp);
  ASSERT_TRUE(One.ok());
  EXPECT_EXACT(One.load("s[threadIdx.x % 2 ? 131 : 0]"), 2);
  Analyzed Two(R"cuda(
__global__ void k(char *out) {
  __shared__ char t[3];
  __shared__ char s[256];
  t[threadIdx.x % 3] = 1;
  out[threadIdx.x] = s[threadIdx.x % 2 ? 131 : 0];
})cuda",
               "k", OneWarp);
  ASSERT_TRUE(Two.ok());
  const AccessSummary &S = Two.load("s[threadIdx.x % 2 ? 131 : 0]");
  EXPECT_EQ(S.Status, Verdict::Range);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 2u);
}

TEST(SimtAtomics, UnmeasuredAtomicIsNotPredicted) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ unsigned c[32];
  atomicDec(&c[threadIdx.x], 7u);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.atomic("atomicDec(&c[threadIdx.x], 7u)");
  EXPECT_EQ(S.Status, Verdict::Unknown);
  EXPECT_TRUE(dependsOn(S, "not measured")) << deps(S);
}

TEST(SimtAtomics, AtomicResultIsPerThreadUnknown) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int c[32], s[1024];
  int slot = atomicAdd(&c[0], 1);
  out[0] = s[slot];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[slot]").Status, Verdict::Unknown);
}

// ---- loops (InterpretControlFlow.cpp, LoopPolicy.cpp) ---------------------

TEST(SimtLoops, ConstantTripCountRunsEveryInstance) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  for (int i = 1; i <= 4; ++i)
    out[i] = s[threadIdx.x * i];
})cuda",
             "k", Dim3{64, 1, 1});
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[threadIdx.x * i]");
  EXPECT_EQ(S.Instances, 4u);
  EXPECT_EQ(S.Requests, 8u);
  EXPECT_TRUE(S.CountsExact);
  EXPECT_EXACT(S, 4);
  // Strides 1, 2, 3, 4: 1 + 2 + 1 + 4 wavefronts per warp.
  EXPECT_EQ(S.TotalMaxWavefronts, 2u * (1 + 2 + 1 + 4));
}

TEST(SimtLoops, RuntimeTripCountIsOneSymbolicIteration) {
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  __shared__ int s[4096];
  for (int i = 0; i < n; ++i)
    out[i] = s[threadIdx.x + i * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[threadIdx.x + i * 32]");
  EXPECT_FALSE(S.CountsExact);
  // Every iteration is conflict-free whatever i is.
  EXPECT_EXACT(S, 1);
}

TEST(SimtLoops, RuntimeTripCountLoopIsNotUnrolled) {
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  int a[8];
  for (int i = 0; i < n; ++i)
    a[i & 7] = i;
  out[0] = a[threadIdx.x & 7];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const LocalArrayAccess *Store = A.local("a[i & 7]", true);
  ASSERT_NE(Store, nullptr);
  ASSERT_EQ(Store->EnclosingLoops.size(), 1u);
  LoopUnrolling U = A.analysis().loopUnrolling(Store->EnclosingLoops[0]);
  EXPECT_FALSE(U.Unrolled);
  EXPECT_FALSE(U.TripCount.has_value());
  // The index is known only if the compiler unrolls that loop.
  EXPECT_FALSE(Store->Index.hard());
  ASSERT_EQ(Store->Index.Loops.size(), 1u);
  EXPECT_EQ(Store->Index.Loops[0], Store->EnclosingLoops[0]);
}

// ---- adversarial: data decides the index -----------------------------------

TEST(SimtAdversarial, IndexLoadedPerThreadIsUnknown) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  out[0] = s[data[threadIdx.x]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[data[threadIdx.x]]");
  EXPECT_EQ(S.Status, Verdict::Unknown);
  EXPECT_TRUE(dependsOn(S, "data")) << deps(S);
}

TEST(SimtAdversarial, IndexReadBackFromSharedMemoryIsUnknown) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[32], t[1024];
  s[threadIdx.x] = threadIdx.x * 2;
  __syncthreads();
  out[0] = t[s[threadIdx.x ^ 1]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("t[s[threadIdx.x ^ 1]]"));
}

TEST(SimtAdversarial, PointerChosenPerThreadBetweenTwoGlobalArrays) {
  // Both lanes read element 0, but of different arrays: different values.
  Analyzed A(R"cuda(
__global__ void k(const int *a, const int *b, int *out) {
  __shared__ int s[1024];
  const int *p = (threadIdx.x & 1) ? a : b;
  out[0] = s[p[0]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[p[0]]"));
}

TEST(SimtAdversarial, LoopCounterAfterADataDependentExitDiffersPerThread) {
  // Each thread leaves the loop at its own data[l]: after it, i differs per
  // thread, so s[i * 32] may be a 32-way conflict.
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[4096];
  int i = 0;
  while (i < data[threadIdx.x])
    ++i;
  out[0] = s[i * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[i * 32]"));
}

TEST(SimtAdversarial, LoopCounterAfterADataDependentBreakDiffersPerThread) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int n, int *out) {
  __shared__ int s[4096];
  int i = 0;
  for (; i < n; ++i)
    if (data[threadIdx.x] == i)
      break;
  out[0] = s[i * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[i * 32]"));
}

TEST(SimtAdversarial, LocalArrayWrittenAtADataIndex) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  int a[4] = {0, 0, 0, 0};
  a[data[threadIdx.x] & 3] = threadIdx.x * 32;
  out[0] = s[a[0]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[a[0]]"));
}

TEST(SimtAdversarial, LocalWrittenThroughAPointerChosenByData) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  int x = 0, y = 0;
  int *p = data[threadIdx.x] ? &x : &y;
  *p = threadIdx.x * 32;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[x]"));
}

TEST(SimtAdversarial, ValueAssignedUnderADataConditionIsNotExact) {
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[1024];
  int x = 0;
  if (data[threadIdx.x] > 0)
    x = threadIdx.x * 32;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[x]"));
}

TEST(SimtAdversarial, ArrayElementPassedByReferenceToAnUnfollowedCall) {
  Analyzed A(R"cuda(
__device__ void bump(int &r);
__global__ void k(int *out) {
  __shared__ int s[1024];
  int a[2] = {0, 0};
  bump(a[1]);
  out[0] = s[a[1] + threadIdx.x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EQ(A.load("s[a[1] + threadIdx.x]").Status, Verdict::Unknown);
}

// ---- more probes --------------------------------------------------------

TEST(SimtValues, FloatBitsWrittenThroughAUnionAreNotTheOldInt) {
  // After u.f = (float)l, u.i & 1023 is 0 for every lane (1 wavefront); the
  // int written before would give 32 l (32 wavefronts).
  Analyzed A(R"cuda(
union U { float f; int i; };
__global__ void k(int *out) {
  __shared__ int s[1024];
  U u;
  u.i = threadIdx.x * 32;
  u.f = (float)threadIdx.x;
  out[0] = s[u.i & 1023];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[u.i & 1023]"), 1);
}

TEST(SimtValues, CompoundAssignmentTruncatesToTheVariablesType) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[512];
  unsigned char c = 0;
  c += threadIdx.x * 16;
  out[0] = s[c];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[c]"), 8);
}

TEST(SimtValues, SignedRemainderAndShiftOfNegativeValues) {
  // (l - 16) % 4 truncates toward zero: -3..3, seven words on bank 0;
  // (l - 16) >> 2 is arithmetic: -4..3, eight words.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = s[(((int)threadIdx.x - 16) % 4) * 32 + 128];
  out[1] = s[(((int)threadIdx.x - 16) >> 2) * 32 + 128];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("s[(((int)threadIdx.x - 16) % 4) * 32 + 128]"), 7);
  EXPECT_EXACT(A.load("s[(((int)threadIdx.x - 16) >> 2) * 32 + 128]"), 8);
}

TEST(SimtValues, BlockDimIsTheBlockShape) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  out[0] = s[(threadIdx.x + threadIdx.y * blockDim.x) * 2];
})cuda",
             "k", Dim3{16, 16, 1});
  ASSERT_TRUE(A.ok());
  const AccessSummary &S =
      A.load("s[(threadIdx.x + threadIdx.y * blockDim.x) * 2]");
  EXPECT_EXACT(S, 2);
  EXPECT_EQ(S.Requests, 8u);
}

TEST(SimtMasks, GotoStopsTheAnalysisWithAReason) {
  // goto is not followed: the analysis stops rather than guess.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = threadIdx.x * 32;
  if (threadIdx.x & 1)
    goto skip;
  x = 0;
skip:
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NE(A.analysis().truncationReason().find("goto"), std::string::npos)
      << A.analysis().truncationReason();
  EXPECT_TRUE(A.analysis().sites().empty()) << A.listSites();
}

TEST(SimtMasks, ReturnInsideAnInlinedFunctionLeavesOnlyThatFunction) {
  Analyzed A(R"cuda(
__device__ void upper(int *a) {
  if (threadIdx.x < 16)
    return;
  a[threadIdx.x * 32] = 0;
}
__global__ void k(int *out) {
  __shared__ int a[1024], b[1024];
  upper(a);
  b[threadIdx.x * 32] = 0;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("a[threadIdx.x * 32]"), 16);
  EXPECT_EXACT(A.store("b[threadIdx.x * 32]"), 32);
}

TEST(SimtLoops, LaneDependentTripCountRunsEachLaneItsIterations) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024];
  for (int i = 0; i < threadIdx.x % 4; ++i)
    a[threadIdx.x * 32] = i;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("a[threadIdx.x * 32]");
  EXPECT_EQ(S.Instances, 3u);
  EXPECT_TRUE(S.CountsExact);
  EXPECT_EXACT(S, 24);
  EXPECT_EQ(S.TotalMaxWavefronts, 24u + 16u + 8u);
}

TEST(SimtLoops, DoWhileWithALaneBreak) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int a[1024];
  int i = 0;
  do {
    a[threadIdx.x * 32] = i;
    if (threadIdx.x < 8 * (i + 1))
      break;
  } while (++i < 10);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("a[threadIdx.x * 32]");
  EXPECT_EQ(S.Instances, 4u);
  EXPECT_EQ(S.TotalMaxWavefronts, 32u + 24u + 16u + 8u);
}

TEST(SimtLoops, PastTheIterationLimitOneSymbolicIterationStandsForTheRest) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[8192];
  for (int i = 0; i < 100; ++i)
    out[i] = s[threadIdx.x + i * 32];
})cuda",
             "k", OneWarp, [] {
               InterpreterLimits L;
               // The condition is known: its own limit applies too.
               L.MaxLoopIterations = 4;
               L.MaxKnownLoopIterations = 4;
               return L;
             }());
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[threadIdx.x + i * 32]");
  EXPECT_FALSE(S.CountsExact);
  EXPECT_EQ(S.Instances, 5u);
  EXPECT_EXACT(S, 1);
}

TEST(SimtLoops, PragmaUnrollOneKeepsTheLoop) {
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  int a[4];
#pragma unroll 1
  for (int i = 0; i < 4; ++i)
    a[i] = i;
  out[0] = a[2];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const LocalArrayAccess *Store = A.local("a[i]", true);
  ASSERT_NE(Store, nullptr);
  ASSERT_EQ(Store->EnclosingLoops.size(), 1u);
  LoopUnrolling U = A.analysis().loopUnrolling(Store->EnclosingLoops[0]);
  EXPECT_FALSE(U.Unrolled);
  EXPECT_EQ(U.TripCount, std::optional<uint64_t>(4));
}

TEST(SimtAdversarial, LocalChangedThroughAPointerInARuntimeLoop) {
  // x = n * l after the loop.
  Analyzed A(R"cuda(
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  int x = 0;
  int *p = &x;
  for (int i = 0; i < n; ++i)
    *p += threadIdx.x;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[x]"));
}

TEST(SimtAdversarial, LocalChangedByReferenceInARuntimeLoop) {
  Analyzed A(R"cuda(
__device__ void add(int &r, int v) { r += v; }
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  int x = 0;
  for (int i = 0; i < n; ++i)
    add(x, threadIdx.x);
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[x]"));
}

TEST(SimtAdversarial, LocalChangedByReferenceInAUniformUnknownLoop) {
  // j < n && j < 4: at most four iterations, each run only if n allows.
  Analyzed A(R"cuda(
__device__ void add(int &r, int v) { r += v; }
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  int x = 0;
  for (int j = 0; j < n && j < 4; ++j)
    add(x, threadIdx.x * 8);
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[x]"));
}

TEST(SimtAdversarial, StructFieldChangedByAMemberCallInARuntimeLoop) {
  Analyzed A(R"cuda(
struct Acc {
  int v;
  __device__ void add(int d) { v += d; }
};
__global__ void k(int *out, int n) {
  __shared__ int s[1024];
  Acc a{0};
  for (int i = 0; i < n; ++i)
    a.add(threadIdx.x);
  out[0] = s[a.v];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[a.v]"));
}

TEST(SimtAdversarial, PointerReassignedPerThreadToAnotherGlobalArray) {
  // Even lanes read a[0], odd lanes b[0]: two values, so up to two words on
  // one bank; not one warp-uniform value.
  Analyzed A(R"cuda(
__global__ void k(const int *a, const int *b, int *out) {
  __shared__ int s[1024];
  const int *p = a;
  if (threadIdx.x & 1)
    p = b;
  out[0] = s[p[0]];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_NOT_EXACT(A.load("s[p[0]]"));
}

TEST(SimtObjects, PointerReassignedPerThreadToAnotherLocal) {
  // Even lanes read x = 32 l, odd lanes y = 0 (lane 0's word too): 16 words
  // on bank 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = threadIdx.x * 32, y = 0;
  int *p = &x;
  if (threadIdx.x & 1)
    p = &y;
  out[0] = s[*p];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[*p]"), 16);
}

TEST(SimtObjects, WriteThroughAPointerReassignedPerThread) {
  // Odd lanes write y, even lanes x: x is 32 l for even lanes (lane 0: 0)
  // and 0 for odd ones: 16 words on bank 0.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[1024];
  int x = 0, y = 0;
  int *p = &x;
  if (threadIdx.x & 1)
    p = &y;
  *p = threadIdx.x * 32;
  out[0] = s[x];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[x]"), 16);
}

TEST(SimtAdversarial, ForLoopCounterAfterADataDependentExitDiffersPerThread) {
  // The same with the increment in the for header: i = data[l] (or 0).
  Analyzed A(R"cuda(
__global__ void k(const int *data, int *out) {
  __shared__ int s[4096];
  int i;
  for (i = 0; i < data[threadIdx.x]; ++i) {
  }
  out[0] = s[i * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("s[i * 32]");
  EXPECT_NOT_EXACT(S);
}

TEST(SimtLoops, CounterAfterALaneDependentLoopPastTheLimit) {
  // i = 32 l after the loop: 32 distinct words on bank 0. Lanes 17..31 run
  // past MaxLoopIterations (512), where one symbolic iteration stands for
  // the rest.
  Analyzed A(R"cuda(
__global__ void k(int *out) {
  __shared__ int s[4096];
  int i;
  for (i = 0; i < threadIdx.x * 32; ++i) {
  }
  out[0] = s[i * 32];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT_OR_NOT_EXACT_AT(A.load("s[i * 32]"), 32);
}

// ---- budgets (InterpretExpr.cpp) ---------------------------------------------

TEST(SimtBudgets, StepsBudgetStopsTheKernelAndReportsWhatIsLeft) {
  // Past the steps budget the kernel stops; the accesses it had not reached
  // are reported unknown with the reason, never dropped.
  InterpreterLimits Limits;
  Limits.MaxSteps = 300;
  Analyzed A(R"cuda(
__global__ void k(float *out) {
  __shared__ float s[32 * 32];
  float x = 0;
  for (int i = 0; i < 100; ++i)
    x += threadIdx.x * i;
  out[0] = s[threadIdx.x * 32] + x;
})cuda",
             "k", OneWarp, Limits);
  ASSERT_TRUE(A.ok());
  EXPECT_NE(A.analysis().truncationReason().find("analysis budget exceeded"),
            std::string::npos);
  const AccessSummary &S = A.load("s");
  EXPECT_TRUE(S.Truncated);
  EXPECT_TRUE(dependsOn(S, "analysis budget exceeded")) << deps(S);
  EXPECT_NOT_EXACT(S);
}

TEST(SimtBudgets, ExpressionDepthBudgetReportsTheDeepAccessUnknown) {
  InterpreterLimits Limits;
  Limits.MaxExpressionDepth = 8;
  Analyzed A(R"cuda(
__global__ void k(float *out, bool c) {
  __shared__ float s[32 * 32];
  out[0] = c ? 1.f : c ? 2.f : c ? 3.f : c ? 4.f : c ? 5.f : s[threadIdx.x];
  out[1] = s[threadIdx.x * 32];
})cuda",
             "k", OneWarp, Limits);
  ASSERT_TRUE(A.ok());
  const AccessSummary &Deep = A.load("s");
  EXPECT_TRUE(dependsOn(Deep, "expressions nested more than 8 deep"))
      << deps(Deep);
  EXPECT_NOT_EXACT(Deep);
  EXPECT_EXACT(A.load("s[threadIdx.x * 32]"), 32);
}

TEST(SimtBudgets, CallBudgetReportsTheAccessUnknownNamingIt) {
  // Issue 24: a fan-out of 2 over 8 levels is 511 calls; past the budget
  // the store is reported unknown naming the budget, never dropped.
  InterpreterLimits Limits;
  Limits.MaxCalls = 100;
  Analyzed A(R"cuda(
__device__ void f8(float *s) { s[threadIdx.x * 32] = 1; }
__device__ void f7(float *s) { f8(s); f8(s); }
__device__ void f6(float *s) { f7(s); f7(s); }
__device__ void f5(float *s) { f6(s); f6(s); }
__device__ void f4(float *s) { f5(s); f5(s); }
__device__ void f3(float *s) { f4(s); f4(s); }
__device__ void f2(float *s) { f3(s); f3(s); }
__device__ void f1(float *s) { f2(s); f2(s); }
__global__ void k(float *out) {
  __shared__ float s[1024];
  f1(s);
  out[0] = s[threadIdx.x];
})cuda",
             "k", OneWarp, Limits);
  ASSERT_TRUE(A.ok());
  EXPECT_NE(A.analysis().truncationReason().find(
                "the call budget of 100 calls was reached"),
            std::string::npos);
  const AccessSummary &Leaf = A.store("s[threadIdx.x * 32]");
  // Truncated: reported unknown (SharedBankConflictCheck::analyzeShape).
  EXPECT_TRUE(Leaf.Truncated);
  // What the kernel had still to run, reported where it names 's'.
  const AccessSummary &After = A.load("s");
  EXPECT_TRUE(dependsOn(After, "the call budget of 100 calls was reached"))
      << deps(After);
}

TEST(SimtBudgets, CallDepthBudgetReportsWhatTheCalleeNames) {
  // A callee past the depth budget that names a __shared__ variable of its
  // own: its access is reported unknown, not dropped.
  InterpreterLimits Limits;
  Limits.MaxCallDepth = 2;
  Analyzed A(R"cuda(
__device__ void leaf() {
  __shared__ float g[1024];
  g[threadIdx.x * 32] = 1;
}
__device__ void mid() { leaf(); }
__device__ void top() { mid(); }
__global__ void k() { top(); }
)cuda",
             "k", OneWarp, Limits);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("g");
  EXPECT_TRUE(dependsOn(S, "calls nested too deeply")) << deps(S);
  EXPECT_NOT_EXACT(S);
}

TEST(SimtBudgets, ExpressionDepthBudgetFollowsTheCallsInside) {
  InterpreterLimits Limits;
  Limits.MaxExpressionDepth = 8;
  Analyzed A(R"cuda(
__device__ float get() {
  __shared__ float g[1024];
  return g[threadIdx.x * 32];
}
__global__ void k(float *out, bool c) {
  out[0] = c ? 1.f : c ? 2.f : c ? 3.f : c ? 4.f : c ? 5.f : get();
})cuda",
             "k", OneWarp, Limits);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("g");
  EXPECT_TRUE(dependsOn(S, "expressions nested more than 8 deep")) << deps(S);
  EXPECT_NOT_EXACT(S);
}

// ---- worlds and range-based loops (ActivityMask.cpp, Environment.cpp, ------
// ---- Induction.cpp; issue 25) ----------------------------------------------

TEST(SimtWorlds, VariableSetUnderAUniformConditionIsDecidedInEachWorld) {
  // c is lane or lane*2: 1 or 2 wavefronts, never unknown and never one of
  // them alone.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  if (n > 5)
    c = threadIdx.x * 2;
  s[c] = 5.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[c]");
  EXPECT_EQ(S.Status, Verdict::Range) << deps(S);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 2u);
  EXPECT_TRUE(dependsOn(S, "n > 5")) << deps(S);
  EXPECT_FALSE(S.CountsExact);
}

TEST(SimtWorlds, WorldsThatAgreeGiveAnExactCount) {
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int c;
  if (n > 5)
    c = threadIdx.x * 2;
  else
    c = threadIdx.x * 2 + 64;
  s[c] = 5.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("s[c]"), 2);
}

TEST(SimtWorlds, ArmsRunForCertainInTheirWorld) {
  // A counter declared without a value and set by the loop's init under an
  // undecided condition (Rodinia's srad reduce): exact inside the arm.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int i;
  if (n > 5) {
    for (i = 2; i <= 32; i = 2 * i)
      s[threadIdx.x * i] = 1.f;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[threadIdx.x * i]");
  EXPECT_EXACT(S, 32);
  EXPECT_EQ(S.Instances, 5u);
}

TEST(SimtWorlds, UniformValuesJoinedStayUniform) {
  // srad's last block: df is 0 or 2, then 4 or what it was, ...: in every
  // thread of a warp the same, one warp-uniform unknown; the loop on it
  // doubles `i = 2 * i` and runs iteration by iteration.
  Analyzed A(R"cuda(
__global__ void k(float *out, int nf) {
  __shared__ float s[1024];
  int df = 0, i;
  for (i = 2; i <= 32; i = 2 * i)
    if (nf >= i)
      df = i;
  for (i = 2; i <= df; i = 2 * i)
    s[(threadIdx.x * i) & 1023] = 1.f;
  s[threadIdx.x * 2 + df] = 2.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[(threadIdx.x * i) & 1023]");
  EXPECT_NE(S.Status, Verdict::Unknown) << deps(S);
  EXPECT_EQ(S.Worst.MaxWavefronts, 32u);
  // A uniform shift of a 2-word stride: 2 wavefronts whatever df is.
  EXPECT_EXACT(A.store("s[threadIdx.x * 2 + df]"), 2);
}

TEST(SimtWorlds, LambdaCapturesInEachWorld) {
  // The lambda captures c by copy in each world: lane or lane*32.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  if (n > 5)
    c = threadIdx.x * 32;
  auto put = [c](float *p) { p[c] = 1.f; };
  put(s);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("p[c]");
  EXPECT_EQ(S.Status, Verdict::Range) << deps(S);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 32u);
}

TEST(SimtWorlds, SymbolicIterationRunsItsBodyForCertain) {
  // lavaMD's wtx: reset at the top of every iteration of a loop whose trip
  // count is not known; in the iteration's world the reset happened.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int w = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    w = threadIdx.x;
    s[w * 2] = 1.f;
    w = w + 64;
  }
  s[w] = 2.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("s[w * 2]"), 2);
  // After the loop w is lane or lane + 64: one of two values per thread.
  EXPECT_NE(A.store("s[w]").Status, Verdict::Exact);
}

TEST(SimtWorlds, ExitInOneWorldKeepsTheThreadsUncertain) {
  // The return happens in one world only: after the if, the threads may
  // have left (Uniform), and c is lane*32 where they did not.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  if (n > 5) {
    c = threadIdx.x * 32;
    if (n > 7)
      return;
  }
  s[c] = 8.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[c]");
  EXPECT_NE(S.Status, Verdict::Unknown) << deps(S);
  EXPECT_LE(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 32u);
}

TEST(SimtWorlds, SwitchOnAUniformUnknownRunsOneWorldPerLabel) {
  Analyzed A(R"cuda(
__global__ void k(float *out, int mode) {
  __shared__ float s[1024];
  int c;
  switch (mode) {
  case 0:
    c = threadIdx.x;
    break;
  case 1:
    c = threadIdx.x * 2;
    break;
  default:
    c = threadIdx.x * 4;
  }
  s[c] = 6.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[c]");
  EXPECT_EQ(S.Status, Verdict::Range) << deps(S);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 4u);
  // Fall-through and no default: d is 96, 32 or 0, stride 4 in each.
  Analyzed B(R"cuda(
__global__ void k(float *out, int mode) {
  __shared__ float s[1024];
  int d = 0;
  switch (mode) {
  case 3:
    d = 64;
  case 4:
    d += 32;
  }
  s[threadIdx.x * 4 + d] = 1.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(B.ok());
  EXPECT_EXACT(B.store("s[threadIdx.x * 4 + d]"), 4);
}

TEST(SimtWorlds, TernaryOnAUniformUnknownSplitsTheStatement) {
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int c = n > 5 ? threadIdx.x * 2 : threadIdx.x;
  s[c] = 7.f;
  int e = n > 5 ? threadIdx.x + 1 : threadIdx.x + 33;
  s[e] = 7.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[c]");
  EXPECT_EQ(S.Status, Verdict::Range) << deps(S);
  EXPECT_EQ(S.Worst.MinWavefronts, 1u);
  EXPECT_EQ(S.Worst.MaxWavefronts, 2u);
  EXPECT_EXACT(A.store("s[e]"), 1);
}

TEST(SimtWorlds, PastTheWorldLimitTheOutcomesAreJoined) {
  // Four undecided conditions would make 16 worlds: past MaxWorlds the
  // last is joined where it ends, and what depends on it stays unknown.
  Analyzed A(R"cuda(
__global__ void k(float *out, int a, int b, int c, int d) {
  __shared__ float s[1024];
  int x = 0, y = 0, z = 0, w = threadIdx.x;
  if (a > 0) x = 1;
  if (b > 0) y = 1;
  if (c > 0) z = 1;
  if (d > 0) w = threadIdx.x * 2;
  s[w + x + y + z] = 1.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[w + x + y + z]");
  EXPECT_EQ(S.Status, Verdict::Unknown) << deps(S);
  EXPECT_TRUE(dependsOn(S, "'w' set under a condition")) << deps(S);
}

TEST(SimtWorlds, PerThreadObjectsWrittenInOneWorldAreJoined) {
  // The array's element differs between the worlds: a read after the if
  // is one of two values; a read of the element both wrote alike is kept.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  int t[2] = {0, 0};
  if (n > 5) {
    t[0] = 32;
    t[1] = 1;
  } else {
    t[1] = 1;
  }
  s[threadIdx.x * t[1]] = 1.f;
  for (int j = 0; j < 1; ++j)
    s[threadIdx.x * t[0] + 1] = 1.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("s[threadIdx.x * t[1]]"), 1);
  EXPECT_NE(A.store("s[threadIdx.x * t[0] + 1]").Status, Verdict::Exact);
}

TEST(SimtLoops, RangeForOverABracedListRunsEachElement) {
  Analyzed A(R"cuda(
#include <initializer_list>
__global__ void k(float *out) {
  __shared__ float s[1024];
  for (int st : {1, 2, 32})
    s[threadIdx.x * st % 1024] = 1.f;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.store("s[threadIdx.x * st % 1024]");
  EXPECT_EXACT(S, 32);
  EXPECT_EQ(S.Instances, 3u);
  EXPECT_TRUE(S.CountsExact);
}

TEST(SimtLoops, RangeForOverArraysReadsTheirElements) {
  Analyzed A(R"cuda(
__constant__ constexpr int Strides[2] = {2, 8};
__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  __shared__ int idx[4];
  int arr[3] = {1, 2, 4};
  for (int st : arr)
    s[threadIdx.x * st] = 2.f;
  for (int st : Strides)
    s[threadIdx.x * st + 1] = 3.f;
  for (int v : idx)
    out[threadIdx.x] += s[v * 32];
  for (int st : arr) {
    if (st > n)
      break;
    s[threadIdx.x * st + 2] = 4.f;
  }
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &Local = A.store("s[threadIdx.x * st]");
  EXPECT_EXACT(Local, 4);
  EXPECT_EQ(Local.Instances, 3u);
  EXPECT_EXACT(A.store("s[threadIdx.x * st + 1]"), 8);
  // The __shared__ array's elements are loads of it, one per element, and
  // each a warp-uniform unknown: the load through them is one word for the
  // warp.
  EXPECT_EQ(A.load("idx").Instances, 4u);
  EXPECT_EXACT(A.load("s[v * 32]"), 1);
  // A break on a run-time value: which elements run is not known.
  const AccessSummary &B = A.store("s[threadIdx.x * st + 2]");
  EXPECT_NE(B.Status, Verdict::Unknown) << deps(B);
  EXPECT_EQ(B.Worst.MaxWavefronts, 4u);
}

TEST(SimtCalls, ConstexprFunctionPointerFromAConstexprCallIsFollowed) {
  Analyzed A(R"cuda(
__device__ void put32(float *s, int i) { s[i * 32] = 1.f; }
__device__ void put2(float *s, int i) { s[i * 2] = 1.f; }
typedef void (*store_t)(float *, int);
template <int K> __device__ constexpr store_t chooseStore() {
  return K == 0 ? put2 : put32;
}
struct Traits {
  static constexpr store_t store = put2;
};
__global__ void k(float *out) {
  __shared__ float s[1024];
  constexpr store_t st = chooseStore<1>();
  st(s, threadIdx.x);
  constexpr store_t tr = Traits::store;
  tr(s, threadIdx.x);
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.store("s[i * 32]"), 32);
  EXPECT_EXACT(A.store("s[i * 2]"), 2);
}

} // namespace

TEST(SimtLoops, AFloatCounterOfExactIntegersRunsItsTripCount) {
  // imageDenoising's NLM2: -3..4 in steps of 1, nested: 64 broadcasts.
  Analyzed A(R"cuda(
__global__ void k(float *out) {
  __shared__ float w[64];
  float sum = 0.f;
  int idx = 0;
  for (float i = -3; i <= 3 + 1; i++)
    for (float j = -3; j <= 3 + 1; j++)
      sum += w[idx++];
  out[0] = sum;
  int n = 0;
  for (float f = 0.1f; f < 1.0f; f += 0.1f)
    n += 4;
  out[1] = w[(threadIdx.x * n) & 63];
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  const AccessSummary &S = A.load("w[idx++]");
  EXPECT_EXACT(S, 1);
  EXPECT_EQ(S.Instances, 64u);
  // Steps of 0.1f are rounded: not followed.
  EXPECT_NOT_EXACT(A.load("w[(threadIdx.x * n) & 63]"));
}

TEST(SimtLoops, ACounterSteppedByAnInnerLoopUnderUniformTestsIsUniform) {
  // globalToShmemAsyncCopy's iStage: stepped only by the init-less inner
  // loop's increment; the stage moves every lane by 1024 bytes.
  Analyzed A(R"cuda(
__global__ void k(float *out, int n) {
  __shared__ float As[4][256];
  float sum = 0.f;
  for (int a = 0, aStage = 0, iStage = 0; a < n; a += 16) {
    for (; aStage <= a + 32; aStage += 16, ++iStage)
      sum += As[iStage % 4][threadIdx.x * 2];
  }
  for (int a = 0, i = 0; a < n; a += 16) {
    for (int t = 0; t < (int)(threadIdx.x & 3); ++t, ++i)
      ;
    sum += As[0][(i * 8) & 255];
  }
  out[0] = sum;
})cuda",
             "k", OneWarp);
  ASSERT_TRUE(A.ok());
  EXPECT_EXACT(A.load("As[iStage % 4][threadIdx.x * 2]"), 2);
  // The inner test reads the lane: threads step i apart.
  EXPECT_NOT_EXACT(A.load("As[0][(i * 8) & 255]"));
}
