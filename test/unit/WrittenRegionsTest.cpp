//===--- WrittenRegionsTest.cpp - What code may write, by byte range ------===//
//
// Each test parses a small CUDA source, takes the body of the first loop of
// the function `f` and checks the bytes WrittenRegions says it may write
// through each variable: members written directly, through reference and
// pointer parameters of callees, methods (`this`, base classes), returned
// references and local references; and where it must give up (an address
// let go, a pointer loaded or rebound, a callee without a body).
//
//===----------------------------------------------------------------------===//

#include "Simt/WrittenRegions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace clang;
using namespace warpcheck::simt;

namespace {

const char *Types = R"cuda(
struct Inner { int A, B; };
struct Obj { Inner In; int Off; int Vals[4]; };
)cuda";

class Parsed {
public:
  explicit Parsed(const std::string &Code) {
    std::vector<std::string> Args = {
        "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
        "-nocudainc", "-nocudalib",
        "-resource-dir=" WARPCHECK_TEST_RESOURCE_DIR,
        "-Wno-unknown-cuda-version", "-std=c++17", "-include",
        WARPCHECK_TEST_PRELUDE};
    AST = tooling::buildASTFromCodeWithArgs(std::string(Types) + Code, Args,
                                            "writes.cu");
    if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
      ADD_FAILURE() << "the source does not parse";
      return;
    }
    for (const Decl *D :
         AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getNameAsString() == "f" && FD->hasBody())
          F = FD;
    if (!F)
      ADD_FAILURE() << "no function f";
  }

  /// The body of f's first for loop.
  const Stmt *loopBody() const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const Stmt *Body = nullptr;
      bool VisitForStmt(ForStmt *S) {
        if (!Body)
          Body = S->getBody();
        return true;
      }
    } Find;
    Find.TraverseDecl(const_cast<FunctionDecl *>(F));
    return Find.Body;
  }

  const VarDecl *var(const std::string &Name) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      std::string Name;
      const VarDecl *V = nullptr;
      bool VisitVarDecl(VarDecl *D) {
        if (D->getName() == Name)
          V = D;
        return true;
      }
    } Find;
    Find.Name = Name;
    Find.TraverseDecl(const_cast<FunctionDecl *>(F));
    return Find.V;
  }

  const WriteSet &writes() {
    Regions = std::make_unique<WrittenRegions>(AST->getASTContext());
    return Regions->writesIn(loopBody());
  }

  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  std::unique_ptr<WrittenRegions> Regions;
};

using Ranges = std::vector<std::pair<int64_t, uint64_t>>;

Ranges rangesOf(const WriteSet &W, const VarDecl *V) {
  auto It = W.Vars.find(V);
  if (It == W.Vars.end())
    return {};
  Ranges R(It->second.Ranges.begin(), It->second.Ranges.end());
  std::sort(R.begin(), R.end());
  return R;
}

bool wholeOf(const WriteSet &W, const VarDecl *V) {
  auto It = W.Vars.find(V);
  return It != W.Vars.end() && It->second.Whole;
}

TEST(WrittenRegions, MembersWrittenDirectly) {
  Parsed P(R"cuda(
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) { o.In.B = i; o.Vals[2] += 1; }
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_EQ(rangesOf(W, P.var("o")), (Ranges{{4, 4}, {20, 4}}));
}

TEST(WrittenRegions, ElementAtRunTimeIndexIsTheArray) {
  Parsed P(R"cuda(
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) o.Vals[i] = 1;
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(wholeOf(W, P.var("o")));
  EXPECT_EQ(rangesOf(W, P.var("o")), (Ranges{{12, 16}}));
}

TEST(WrittenRegions, ThroughReferenceParameterOfCallee) {
  Parsed P(R"cuda(
__device__ void g(Inner &x, int v) { x.B = v; }
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) g(o.In, i);
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_TRUE(W.Calls);
  EXPECT_EQ(rangesOf(W, P.var("o")), (Ranges{{4, 4}}));
}

TEST(WrittenRegions, ThroughPointerParameterOfCallee) {
  Parsed P(R"cuda(
__device__ void g(Obj *p) { p->Off = 3; }
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) g(&o);
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_EQ(rangesOf(W, P.var("o")), (Ranges{{8, 4}}));
}

TEST(WrittenRegions, MethodOfBaseClassMovesByItsOffset) {
  Parsed P(R"cuda(
struct Base { int X; __device__ void bump() { X += 1; } };
struct Derived : Inner, Base { int Y; };
__device__ void f(int n) {
  Derived d;
  for (int i = 0; i < n; ++i) d.bump();
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_EQ(rangesOf(W, P.var("d")), (Ranges{{8, 4}}));
}

TEST(WrittenRegions, ReturnedReferenceReachesWhatItNames) {
  Parsed P(R"cuda(
struct Tile { int Vals[4]; int Off;
  __device__ int &at(int i) { return Vals[i & 3]; } };
__device__ void f(int n) {
  Tile t;
  for (int i = 0; i < n; ++i) t.at(i) = 1;
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_EQ(rangesOf(W, P.var("t")), (Ranges{{0, 16}}));
}

TEST(WrittenRegions, LocalReferenceReachesItsBinding) {
  Parsed P(R"cuda(
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) { int &r = o.Off; r += i; }
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_FALSE(W.Unresolved);
  EXPECT_EQ(rangesOf(W, P.var("o")), (Ranges{{8, 4}}));
}

TEST(WrittenRegions, AddressLetGoIsTheWholeObject) {
  Parsed P(R"cuda(
__device__ int *keep;
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) keep = &o.Off;
})cuda");
  EXPECT_TRUE(wholeOf(P.writes(), P.var("o")));
}

TEST(WrittenRegions, CalleeWithoutBodyWritesTheWholeArgument) {
  Parsed P(R"cuda(
__device__ void opaque(Inner &x);
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) opaque(o.In);
})cuda");
  EXPECT_TRUE(wholeOf(P.writes(), P.var("o")));
}

TEST(WrittenRegions, ConstReferenceToCalleeWithoutBodyIsRead) {
  Parsed P(R"cuda(
__device__ int peek(const Inner &x);
__device__ void f(int n) {
  Obj o;
  int s = 0;
  for (int i = 0; i < n; ++i) s += peek(o.In);
})cuda");
  EXPECT_TRUE(rangesOf(P.writes(), P.var("o")).empty());
  EXPECT_FALSE(wholeOf(P.writes(), P.var("o")));
}

TEST(WrittenRegions, PointerLoadedFromMemoryIsUnresolved) {
  Parsed P(R"cuda(
__device__ void f(int n, Obj **table) {
  for (int i = 0; i < n; ++i) table[i]->Off = 1;
})cuda");
  EXPECT_TRUE(P.writes().Unresolved);
}

TEST(WrittenRegions, PointerReboundInTheLoopIsUnresolved) {
  Parsed P(R"cuda(
__device__ void f(int n) {
  Obj a, b;
  Obj *p = &a;
  for (int i = 0; i < n; ++i) { p->Off = i; p = &b; }
})cuda");
  EXPECT_TRUE(P.writes().Unresolved);
}

TEST(WrittenRegions, CalleeWritingThroughALocalAliasIsUnresolved) {
  Parsed P(R"cuda(
__device__ void g(Obj &x) { int *q = &x.Off; *q = 2; }
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) g(o);
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_TRUE(W.Unresolved);
  EXPECT_TRUE(wholeOf(W, P.var("o")));
}

TEST(WrittenRegions, RecursionIsConservative) {
  Parsed P(R"cuda(
__device__ void g(Obj &x, int k) { if (k) g(x, k - 1); x.Off = k; }
__device__ void f(int n) {
  Obj o;
  for (int i = 0; i < n; ++i) g(o, i);
})cuda");
  const WriteSet &W = P.writes();
  EXPECT_TRUE(wholeOf(W, P.var("o")));
  EXPECT_TRUE(W.Unresolved);
}

} // namespace
