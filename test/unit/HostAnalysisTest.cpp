//===--- HostAnalysisTest.cpp - Unit tests of the host-side analyses ------===//
//
// Each test parses a small host source (C++, a dim3 of its own) and asks
// the host analyses a question: whether code may change a variable
// (Mutation.h), which values an expression can have (HostValue.h), what a
// launch index finds (LaunchIndex.h). Values are read at calls of
// `use(...)`, whose argument is the expression asked about.
//
//===----------------------------------------------------------------------===//

#include "Host/CallGraph.h"
#include "Host/HostValue.h"
#include "Host/Mutation.h"
#include "Host/OutParameters.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace clang;
using namespace warpcheck;

namespace {

const char *Prelude = R"cpp(
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
void use(long long);
void use3(dim3);
)cpp";

/// A parsed source and the `use(...)` calls in it, in source order.
class Parsed {
public:
  explicit Parsed(const std::string &Code) {
    AST = tooling::buildASTFromCodeWithArgs(std::string(Prelude) + Code,
                                            {"-std=c++17"}, "host.cpp");
    EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred())
        << "the source does not parse";
    if (!AST)
      return;
    struct Finder : RecursiveASTVisitor<Finder> {
      Parsed &P;
      const FunctionDecl *In = nullptr;
      explicit Finder(Parsed &P) : P(P) {}
      bool TraverseFunctionDecl(FunctionDecl *F) {
        const FunctionDecl *Saved = In;
        In = F;
        bool R = RecursiveASTVisitor::TraverseFunctionDecl(F);
        In = Saved;
        return R;
      }
      bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
        const FunctionDecl *Saved = In;
        In = F;
        bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(F);
        In = Saved;
        return R;
      }
      // A lambda's body is its call operator's, as in CallGraph.
      bool TraverseLambdaExpr(LambdaExpr *L) {
        const FunctionDecl *Saved = In;
        In = L->getCallOperator();
        bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
        if (const FunctionTemplateDecl *T = L->getDependentCallOperator())
          for (FunctionDecl *Spec : T->specializations())
            R = R && TraverseDecl(Spec);
        In = Saved;
        return R;
      }
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *F = C->getDirectCallee())
          if ((F->getName() == "use" || F->getName() == "use3") &&
              C->getNumArgs() == 1)
            P.Uses.push_back({C->getArg(0), In});
        return true;
      }
      bool VisitVarDecl(VarDecl *V) {
        P.Vars[V->getNameAsString()] = V;
        return true;
      }
      bool VisitFunctionDecl(FunctionDecl *F) {
        if (F->hasBody())
          P.Functions[F->getNameAsString()] = F;
        return true;
      }
    } F(*this);
    F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    Calls = std::make_unique<CallGraph>(AST->getASTContext());
  }

  ASTContext &ctx() { return AST->getASTContext(); }
  const VarDecl *var(const std::string &Name) { return Vars.at(Name); }
  const Stmt *body(const std::string &Name) {
    return Functions.at(Name)->getBody();
  }
  /// What each way through the function Name hands back, one line per
  /// tuple ("bs=16 k=tile16", sorted; `?` unknown, `null`, absent: not
  /// stored); nullopt when not followed.
  std::optional<std::vector<std::string>> handed(const std::string &Name) {
    std::string Why;
    auto Ways = handedBack(Functions.at(Name), ctx(), Why);
    if (!Ways)
      return std::nullopt;
    std::vector<std::string> Out;
    for (const HandedBack &W : *Ways) {
      std::map<std::string, std::string> Fields;
      for (const auto &[P, V] : W.Stored)
        Fields[P->getNameAsString()] = V.Kind == PathValue::Int
                                           ? std::to_string(V.I)
                                       : V.Kind == PathValue::Name ? V.S
                                       : V.Kind == PathValue::Null ? "null"
                                                                   : "?";
      std::string Line;
      for (const auto &[K, V] : Fields)
        Line += (Line.empty() ? "" : " ") + K + "=" + V;
      Out.push_back(Line);
    }
    std::sort(Out.begin(), Out.end());
    return Out;
  }
  /// The values of the I-th `use(...)` argument, sorted; empty when none.
  std::vector<int64_t> values(size_t I) {
    HostEvaluator Eval(ctx(), *Calls);
    std::string Why;
    auto V = Eval.ints(Uses.at(I).first, Uses.at(I).second, Why);
    std::set<int64_t> Out;
    if (V)
      for (auto &T : *V)
        Out.insert(T.Value);
    return {Out.begin(), Out.end()};
  }
  std::optional<int64_t> single(size_t I) {
    HostEvaluator Eval(ctx(), *Calls);
    return Eval.singleValue(Uses.at(I).first, Uses.at(I).second);
  }
  std::vector<Dim3> shapes(size_t I) {
    HostEvaluator Eval(ctx(), *Calls);
    std::string Why;
    std::vector<Dim3> Out;
    if (auto V = Eval.dims(Uses.at(I).first, Uses.at(I).second, Why))
      for (auto &T : *V)
        Out.push_back(T.Value);
    return Out;
  }

private:
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<CallGraph> Calls;
  std::vector<std::pair<const Expr *, const FunctionDecl *>> Uses;
  std::map<std::string, const VarDecl *> Vars;
  std::map<std::string, const FunctionDecl *> Functions;
};

// --- Mutation.h: one answer to "may this code change that variable?" ---

TEST(Mutation, ReadsAreNotChanges) {
  Parsed P(R"cpp(
    int f(const int &);
    int g(int);
    void h() {
      int v = 1;
      int a = v + (v) * 2;
      const int &r = v;
      int s = sizeof(v);
      a += f(v) + g(v) + r + s;
    }
  )cpp");
  EXPECT_FALSE(mayChange(P.var("v"), P.body("h")));
  EXPECT_FALSE(mayChange(P.var("v"), P.body("h"), &P.ctx()));
  EXPECT_TRUE(changingUses(P.var("v"), P.body("h")).empty());
}

TEST(Mutation, AssignmentsIncrementsAndParentheses) {
  Parsed P(R"cpp(
    void a() { int va = 1; (va) = 2; }
    void b() { int vb = 1; vb += 2; }
    void c() { int vc = 1; ++vc; }
    void d() { int vd = 1; (vd)--; }
  )cpp");
  for (std::string F : {"a", "b", "c", "d"}) {
    auto Uses = changingUses(P.var("v" + F), P.body(F));
    ASSERT_EQ(Uses.size(), 1u) << F;
    EXPECT_EQ(Uses.front().Kind, UseKind::Assigned) << F;
  }
}

TEST(Mutation, ByReferenceArgumentAndNonConstReference) {
  Parsed P(R"cpp(
    void set(int &out);
    void byRef() { int v1 = 1; set(v1); }
    void bound() { int v2 = 1; int &r = v2; r = 3; }
    void address() { int v3 = 1; int *p = &v3; *p = 2; }
  )cpp");
  EXPECT_TRUE(mayChange(P.var("v1"), P.body("byRef")));
  EXPECT_TRUE(mayChange(P.var("v1"), P.body("byRef"), &P.ctx()));
  EXPECT_TRUE(mayChange(P.var("v2"), P.body("bound")));
  auto Uses = changingUses(P.var("v3"), P.body("address"));
  ASSERT_EQ(Uses.size(), 1u);
  EXPECT_EQ(Uses.front().Kind, UseKind::AddressTaken);
}

TEST(Mutation, AddressTakenCountsAsAChange) {
  Parsed P(R"cpp(
    int peek(const int *p);
    void f() { int v = 1; int r = peek(&v); (void)r; }
  )cpp");
  // The syntax sees the address taken: a change, whatever the pointee.
  EXPECT_TRUE(mayChange(P.var("v"), P.body("f")));
  EXPECT_EQ(changingUses(P.var("v"), P.body("f")).front().Kind,
            UseKind::AddressTaken);
}

TEST(Mutation, LambdaCapturesByReference) {
  Parsed P(R"cpp(
    void f() {
      int n = 4, m = 4;
      auto Read = [&](int i) { return i < n; };
      auto Write = [&]() { m = 5; };
      Read(1);
      Write();
    }
  )cpp");
  EXPECT_FALSE(mayChange(P.var("n"), P.body("f")));
  EXPECT_TRUE(mayChange(P.var("m"), P.body("f")));
}

TEST(Mutation, ElementsAndMembers) {
  Parsed P(R"cpp(
    void read() { dim3 t[2] = {dim3(1), dim3(2)}; dim3 c = t[1]; unsigned x = t[0].x; (void)c; (void)x; }
    void write() { dim3 w[2] = {dim3(1), dim3(2)}; w[1].y = 4; }
    void member() { dim3 b(32); b.y = 4; }
  )cpp");
  EXPECT_TRUE(onlyElementsRead(P.var("t"), P.body("read")));
  EXPECT_FALSE(onlyElementsRead(P.var("w"), P.body("write")));
  auto Uses = changingUses(P.var("b"), P.body("member"));
  ASSERT_EQ(Uses.size(), 1u);
  EXPECT_EQ(Uses.front().Kind, UseKind::Assigned);
  ASSERT_TRUE(Uses.front().Member);
  EXPECT_EQ(Uses.front().Member->getName(), "y");
}

TEST(Mutation, ChangedVariablesOfALoop) {
  Parsed P(R"cpp(
    void set(int &out);
    void f(int n) {
      int i = 0, k = 0, s = 0, r = 0;
      for (i = 0; i < n; ++i) { s += i; set(r); k = k; }
    }
  )cpp");
  std::vector<std::string> Names;
  for (const VarDecl *V : changedVariables(P.body("f")))
    Names.push_back(V->getNameAsString());
  EXPECT_EQ(Names, (std::vector<std::string>{"i", "s", "r", "k"}));
}

TEST(Mutation, InitCaptureByReferenceAndMemberPointer) {
  Parsed P(R"cpp(
    void f() {
      dim3 b(256), c(256);
      auto t = [&r = b] { r.x = 128; };
      t();
      unsigned dim3::*ax = &dim3::x;
      c.*ax = 64;
    }
  )cpp");
  EXPECT_TRUE(mayChange(P.var("b"), P.body("f")));
  EXPECT_TRUE(mayChange(P.var("c"), P.body("f")));
}

// --- HostValue.h: one evaluator, C++ arithmetic, traced sets ---

TEST(HostValue, CxxArithmeticGivesNoValueForOverflow) {
  Parsed P(R"cpp(
    void f() {
      int big = 2147483647;
      unsigned u = 4294967295u;
      int k = 3;
      use(big + k);        // signed overflow: no value
      use(u + 2u);         // unsigned wraps: 1
      use((unsigned char)(k * 100)); // converted: 44
      use(k << 40);        // shift past the width: no value
      use(k / (k - 3));    // division by zero: no value
      use(-k % 2);         // -1
    }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
  EXPECT_EQ(P.values(1), std::vector<int64_t>{1});
  EXPECT_EQ(P.values(2), std::vector<int64_t>{44});
  EXPECT_TRUE(P.values(3).empty());
  EXPECT_TRUE(P.values(4).empty());
  EXPECT_EQ(P.values(5), std::vector<int64_t>{-1});
}

TEST(HostValue, ParametersThroughEveryCall) {
  Parsed P(R"cpp(
    static void launch(int cols, int rows) { use(cols / rows); use(cols); }
    int main() { launch(32, 4); launch(16, 2); launch(64, 8); }
  )cpp");
  // singleValue follows each call on its own: 8 at every call. ints()
  // follows each parameter through every call: a sound superset.
  EXPECT_EQ(P.single(0), std::optional<int64_t>(8));
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{2, 4, 8, 16, 32}));
  EXPECT_EQ(P.values(1), (std::vector<int64_t>{16, 32, 64}));
  EXPECT_EQ(P.single(1), std::nullopt);
}

TEST(HostValue, ReturnsBindTheirCall) {
  Parsed P(R"cpp(
    static int twice(int a) { return a * 2; }
    int main() { use(twice(16)); int other = twice(100); (void)other; }
  )cpp");
  EXPECT_EQ(P.values(0), std::vector<int64_t>{32});
}

TEST(HostValue, AddressTakenFunctionGivesNothing) {
  Parsed P(R"cpp(
    static void launch(int n) { use(n); }
    void (*hook)(int) = launch;
    int main() { launch(64); }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
  EXPECT_EQ(P.single(0), std::nullopt);
}

TEST(HostValue, LocalsChangedOnTheWayGiveNothing) {
  Parsed P(R"cpp(
    void set(int &out);
    void f(int c) {
      int n = 64;
      use(n);
      int m = 64;
      set(m);
      use(m);
      int q = c ? 32 : 64;
      use(q);
    }
    int main() { f(1); }
  )cpp");
  EXPECT_EQ(P.values(0), std::vector<int64_t>{64});
  EXPECT_TRUE(P.values(1).empty());
  // The condition is 1 at the only call: one side.
  EXPECT_EQ(P.values(2), std::vector<int64_t>{32});
}

TEST(HostValue, ParameterChangedInItsFunctionGivesNothing) {
  Parsed P(R"cpp(
    static void run(int n) { n = (n + 31) / 32 * 32; use(n); }
    int main() { run(1000); }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
  EXPECT_EQ(P.single(0), std::nullopt);
}

TEST(HostValue, UseInALambdaSeesLaterChanges) {
  Parsed P(R"cpp(
    void f() {
      int n = 128;
      auto go = [&] { use(n); };
      n = 256;
      go();
    }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
}

TEST(HostValue, FloatingPointIsNotFollowed) {
  Parsed P(R"cpp(
    static void run(float r) { use(100 / r * r); }
    int main() { run(3); }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
  EXPECT_EQ(P.single(0), std::nullopt);
}

TEST(HostValue, Dim3BuiltMemberByMember) {
  Parsed P(R"cpp(
    void f() {
      dim3 b(32);
      b.y = 4;
      b.x *= 2;
      use3(b);
      dim3 c(8);
      for (int i = 0; i < 2; ++i) c.y += 1;
      use3(c);
    }
  )cpp");
  auto B = P.shapes(0);
  ASSERT_EQ(B.size(), 1u);
  EXPECT_EQ(B.front(), (Dim3{64, 4, 1}));
  EXPECT_TRUE(P.shapes(1).empty());
}

TEST(HostValue, Dim3MemberAssignedAFollowedValue) {
  Parsed P(R"cpp(
    static void run(unsigned t) {
      dim3 b(1);
      b.x = t;
      use3(b);
    }
    void orphan(unsigned t) {
      dim3 b;
      b.x = t;
      use3(b);
    }
    int main() { run(64); run(128); }
  )cpp");
  auto B = P.shapes(0);
  ASSERT_EQ(B.size(), 2u);
  EXPECT_EQ(B[0], (Dim3{64, 1, 1}));
  EXPECT_EQ(B[1], (Dim3{128, 1, 1}));
  // A parameter of a function called nowhere: no value.
  EXPECT_TRUE(P.shapes(1).empty());
}

TEST(HostValue, HelperWithAConditionalReturn) {
  // shfl_scan's iDivUp: the condition, the division and the caller's locals
  // nest about 16 deep.
  Parsed P(R"cpp(
    static unsigned iDivUp(unsigned dividend, unsigned divisor) {
      return ((dividend % divisor) == 0) ? (dividend / divisor)
                                         : (dividend / divisor + 1);
    }
    void f() {
      int w = 1920;
      int h = 1080;
      int blockSize = iDivUp(w, 16);
      use(blockSize);
      int odd = iDivUp(w + 1, 16);
      use(odd);
    }
  )cpp");
  EXPECT_EQ(P.values(0), std::vector<int64_t>{120});
  EXPECT_EQ(P.values(1), std::vector<int64_t>{121});
}

TEST(HostValue, LocalSetInEveryArmOfAChain) {
  Parsed P(R"cpp(
    int pick();
    void f(int n) {
      unsigned t;
      if (n > 1)
        t = 256;
      else if (n == 1)
        t = 64;
      else
        t = 32;
      use(t);
      unsigned u;
      if (n > 1)
        u = 128;
      use(u);
      unsigned v;
      if (n > 1) {
        v = 16;
        v = 8;
      } else {
        v = 4;
      }
      use(v);
      unsigned w;
      if (n > 1)
        w = 512;
      else
        w = pick();
      use(w);
    }
  )cpp");
  // No launch condition known here: every arm.
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{32, 64, 256}));
  // Not set on every way, set twice in an arm, or an arm not followed.
  EXPECT_TRUE(P.values(1).empty());
  EXPECT_TRUE(P.values(2).empty());
  EXPECT_TRUE(P.values(3).empty());
}

TEST(HostValue, LoopCountersInAndAfterTheirLoop) {
  Parsed P(R"cpp(
    static void fwt(int m, int log2N) {
      int n = 1 << log2N;
      use(n);
      for (; log2N > 11; log2N -= 2, n >>= 2, m <<= 2)
        use(log2N);
      use(log2N);
      use(n);
      use(m);
    }
    void g() {
      for (int bs = 32; bs <= 256; bs *= 2)
        use(bs);
      int i;
      for (i = 2; i <= 16; i = 2 * i) {
      }
      use(i);
      int k = 0;
      for (; k < 8; ++k)
        if (k == 3)
          break;
      use(k);
      for (int j = 0; j < 4; ++j) {
        j += 0;
        use(j);
      }
      int big = 0;
      for (; big < 100000; ++big) {
      }
      use(big);
      static int kept = 0;
      int steps = 0;
      for (; kept < 4; ++kept, ++steps) {
      }
      use(steps);
    }
    int main() { fwt(1, 23); }
  )cpp");
  // Before the loop: the argument, though the loop changes it later.
  EXPECT_EQ(P.values(0), std::vector<int64_t>{1 << 23});
  EXPECT_EQ(P.values(1), (std::vector<int64_t>{13, 15, 17, 19, 21, 23}));
  EXPECT_EQ(P.values(2), std::vector<int64_t>{11});
  EXPECT_EQ(P.single(2), 11);
  EXPECT_EQ(P.values(3), std::vector<int64_t>{2048});
  EXPECT_EQ(P.values(4), std::vector<int64_t>{4096});
  EXPECT_EQ(P.values(5), (std::vector<int64_t>{32, 64, 128, 256}));
  EXPECT_EQ(P.values(6), std::vector<int64_t>{32});
  // Left by `break`, changed in the body, or run too long: no value.
  EXPECT_TRUE(P.values(7).empty());
  EXPECT_TRUE(P.values(8).empty());
  EXPECT_TRUE(P.values(9).empty());
  // A static local counter starts from the last call's value (4 steps on
  // the first call, none after): nothing.
  EXPECT_TRUE(P.values(10).empty());
}

TEST(HostValue, WhileLoopsAndRunTimeConjuncts) {
  Parsed P(R"cpp(
    void g(int ncols, bool flag) {
      int nth = 32;
      while (nth < ncols && nth < 256)
        nth *= 2;
      use(nth);
      int bs = 32;
      for (; bs < ncols && bs < 128; bs *= 2)
        use(bs);
      int w = 32;
      while (w < ncols) {
        w *= 2;
        if (flag)
          w += 1;
      }
      use(w);
      int u = 8;
      while (u < ncols)
        u *= 2;
      use(u);
      int v = 32;
      while ((v < 128 || flag) && v < 512)
        v *= 2;
      use(v);
    }
    int main(int argc, char **) { g(argc, argc > 1); }
  )cpp");
  // Every value the known conjunct lets through, and the first it stops.
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{32, 64, 128, 256}));
  // In the body: every value the known conjuncts let through.
  EXPECT_EQ(P.values(1), (std::vector<int64_t>{32, 64}));
  // A body that does more than step its counter, or a loop with no known
  // bound: no value.
  EXPECT_TRUE(P.values(2).empty());
  EXPECT_TRUE(P.values(3).empty());
  // `v < 128 || flag` holds while v < 128 whatever flag is: no stop there.
  EXPECT_EQ(P.values(4), (std::vector<int64_t>{128, 256, 512}));
}

// --- Functions passed as arguments, packs, lambdas, fields (issue 25) ---

const char *StdForward = R"cpp(
namespace std {
template <class T> struct remove_reference { using type = T; };
template <class T> struct remove_reference<T &> { using type = T; };
template <class T> struct remove_reference<T &&> { using type = T; };
template <class T>
T &&forward(typename remove_reference<T>::type &t) { return static_cast<T &&>(t); }
template <class T>
typename remove_reference<T>::type &&move(T &&t) {
  return static_cast<typename remove_reference<T>::type &&>(t);
}
}
)cpp";

TEST(HostValue, FunctionPassedAsArgumentIsCalledThroughIt) {
  Parsed P(std::string(StdForward) + R"cpp(
    template <class K, class... A> void bench(int reps, K k, A &&...a) {
      for (int i = 0; i < reps; ++i) k(std::forward<A>(a)...);
    }
    static void dispatch(int which, int c, int nh) { use(c / nh); }
    int main() {
      int C = 768;
      int NH = 12;
      dispatch(1, C, NH);
      bench(10, dispatch, 1, C, NH);
    }
  )cpp");
  EXPECT_EQ(P.single(0), std::optional<int64_t>(64));
  EXPECT_EQ(P.values(0), std::vector<int64_t>{64});
}

TEST(HostValue, SameInstantiationDifferentFunctionsDoNotMix) {
  Parsed P(R"cpp(
    template <class K> void run(K k, int n) { k(n); }
    static void f(int n) { use(n); }
    static void g(int n) { use(n); }
    int main() { run(f, 32); run(g, 64); run(f, 128); }
  )cpp");
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{32, 128}));
  EXPECT_EQ(P.values(1), std::vector<int64_t>{64});
  EXPECT_EQ(P.single(1), std::optional<int64_t>(64));
  EXPECT_EQ(P.single(0), std::nullopt);
}

TEST(HostValue, FunctionHandedOnThroughTwoCallers) {
  Parsed P(R"cpp(
    using Fn = void (*)(int);
    static void inner(Fn p, int n) { p(n * 2); }
    static void outer(Fn p, int n) { inner(p, n + 1); }
    static void f(int n) { use(n); }
    int main() { outer(f, 15); outer(&f, 31); }
  )cpp");
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{32, 64}));
}

TEST(HostValue, EscapingFunctionPointerGivesNothing) {
  Parsed P(R"cpp(
    using Fn = void (*)(int);
    Fn saved;
    static void keep(Fn p, int n) { saved = p; p(n); }
    static void unknownBody(Fn p);
    static void f(int n) { use(n); }
    static void g(int n) { use(n); }
    static void h(int n) { use(n); }
    static void call(Fn p, int n) { p(n); }
    static bool same(Fn p, int n) { return p == f; }
    static void later(Fn p, int n) { auto l = [p, n] { p(n); }; l(); }
    int main() {
      keep(f, 32);
      unknownBody(g);
      call(g, 64);
      same(h, 1);
      call(h, 8);
      later(h, 4);
    }
  )cpp");
  EXPECT_TRUE(P.values(0).empty()); // stored
  EXPECT_TRUE(P.values(1).empty()); // passed to a body not seen
  EXPECT_TRUE(P.values(2).empty()); // called from a lambda
  EXPECT_EQ(P.single(0), std::nullopt);
}

TEST(HostValue, LambdasCalledDirectlyAndPassed) {
  Parsed P(R"cpp(
    template <class F> void apply(F f, int n) { f(n); }
    int main() {
      int scale = 2;
      auto go = [&](int bs) { use(bs * scale); };
      go(64);
      go(128);
      int fixed = 16;
      auto copy = [fixed](int bs) { use(bs + fixed); };
      apply(copy, 16);
      auto ptr = [](int bs) { use(bs); };
      void (*p)(int) = ptr;
      ptr(32);
      p(7);
    }
  )cpp");
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{128, 256}));
  EXPECT_EQ(P.values(1), std::vector<int64_t>{32});
  EXPECT_EQ(P.single(1), std::optional<int64_t>(32));
  // Converted to a function pointer: called from code not seen.
  EXPECT_TRUE(P.values(2).empty());
}

TEST(HostValue, GenericLambdaInstantiations) {
  Parsed P(R"cpp(
    int main() {
      auto any = [](auto d) { use(d); };
      any(16);
    }
  )cpp");
  EXPECT_EQ(P.values(0), std::vector<int64_t>{16});
  EXPECT_EQ(P.single(0), std::optional<int64_t>(16));
}

TEST(HostValue, StructFieldsSetOnce) {
  Parsed P(R"cpp(
    struct Cfg { int block; int grid = 4; };
    void change(Cfg &);
    void f(bool c) {
      Cfg a{256};
      use(a.block);
      Cfg b;
      b.block = 128;
      use(b.block);
      Cfg d{32};
      if (c) d.block = 64;
      use(d.block);
      Cfg e{32};
      change(e);
      use(e.block);
      Cfg g{8};
      g.grid = 9;
      use(g.block + g.grid);
      Cfg h;
      if (c) h.block = 64;
      use(h.block);
    }
  )cpp");
  EXPECT_EQ(P.values(0), std::vector<int64_t>{256});
  EXPECT_EQ(P.values(1), std::vector<int64_t>{128});
  EXPECT_EQ(P.values(2), (std::vector<int64_t>{32, 64}));
  EXPECT_TRUE(P.values(3).empty());
  EXPECT_EQ(P.values(4), std::vector<int64_t>{17});
  EXPECT_TRUE(P.values(5).empty());
}

TEST(HostValue, TablesOfIntegersOnlyRead) {
  Parsed P(R"cpp(
    void f(int j) {
      int sizes[] = {32, 64, 128};
      for (unsigned i = 0; i < sizeof(sizes) / sizeof(int); ++i)
        use(sizes[i]);
      use(sizes[1]);
      int changed[] = {32, 64};
      changed[0] = 7;
      use(changed[j]);
      int partial[4] = {32, 64};
      use(partial[j]);
    }
  )cpp");
  EXPECT_EQ(P.values(0), (std::vector<int64_t>{32, 64, 128}));
  EXPECT_EQ(P.values(1), std::vector<int64_t>{64});
  EXPECT_TRUE(P.values(2).empty());
  EXPECT_TRUE(P.values(3).empty());
}

TEST(HostValue, UnionAndBaseFieldsGiveNothing) {
  Parsed P(R"cpp(
    union Both { int block; int other; };
    struct Base { int block; };
    struct Derived : Base { int more; };
    void f() {
      Both u{256};
      u.other = 64;
      use(u.block);
      Derived d{{128}, 4};
      use(d.block);
      use(d.more);
    }
  )cpp");
  EXPECT_TRUE(P.values(0).empty());
  EXPECT_TRUE(P.values(1).empty());
  EXPECT_TRUE(P.values(2).empty());
}

TEST(Mutation, ForwardingReferenceOnlyForwardedIsRead) {
  Parsed P(std::string(StdForward) + R"cpp(
    void byValue(int);
    void byRef(int &);
    template <class... A> void fwd(A &&...a) { byValue(std::forward<A>(a)...); }
    template <class... A> void fwdRef(A &&...a) { byRef(std::forward<A>(a)...); }
    template <class A> void moves(A &&a) { int x = std::move(a); (void)x; }
    template <class A> void assigns(A &&a) { a = 3; }
    void h() {
      int v1 = 1; fwd(v1); moves(v1);
      int v2 = 1; fwdRef(v2);
      int v3 = 1; assigns(v3);
    }
  )cpp");
  EXPECT_FALSE(mayChange(P.var("v1"), P.body("h")));
  EXPECT_FALSE(mayChange(P.var("v1"), P.body("h"), &P.ctx()));
  EXPECT_TRUE(mayChange(P.var("v2"), P.body("h")));
  EXPECT_TRUE(mayChange(P.var("v2"), P.body("h"), &P.ctx()));
  EXPECT_TRUE(mayChange(P.var("v3"), P.body("h")));
  EXPECT_TRUE(mayChange(P.var("v3"), P.body("h"), &P.ctx()));
}

// --- OutParameters.h: what a function hands back through pointers ---

const char *DriverApi = R"cpp(
  typedef struct CUmod_st *CUmodule;
  typedef struct CUfunc_st *CUfunction;
  int cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name);
  int query(int *threads, CUfunction f);
  [[noreturn]] void fail();
  void exit(int);
  bool broken();
  void keep(int *);
  void later();
)cpp";

TEST(OutParameters, KernelAndSizePairedWayByWay) {
  // cuda-samples matrixMulDrv's initCUDA: the first kernel a device query
  // allows, with its size; past the table, the last kernel with 4.
  Parsed P(std::string(DriverApi) + R"cpp(
    int init(CUmodule m, CUfunction *k, int *bs) {
      CUfunction f = 0;
      const char *names[] = {"tile32", "tile16", "tile8"};
      int idx = 0;
      int size = 32;
      while (idx < 3) {
        int threads = 0;
        cuModuleGetFunction(&f, m, names[idx]);
        query(&threads, f);
        if (size * size <= threads)
          break;
        else
          size /= 2;
        idx++;
      }
      *k = f;
      *bs = size;
      return 0;
    }
  )cpp");
  auto H = P.handed("init");
  ASSERT_TRUE(H);
  // The module handle goes to calls that may store through it: unknown.
  EXPECT_EQ(
      *H, (std::vector<std::string>{"bs=16 k=tile16 m=?", "bs=32 k=tile32 m=?",
                                    "bs=4 k=tile8 m=?", "bs=8 k=tile8 m=?"}));
}

TEST(OutParameters, DecidedConditionsTakeOneWay) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void pick(CUmodule m, CUfunction *k, int *bs) {
      int size = 16;
      for (int i = 0; i < 3; ++i)
        size *= 2;
      CUfunction f;
      if (size == 128)
        cuModuleGetFunction(&f, m, "big");
      else
        cuModuleGetFunction(&f, m, "small");
      *k = f;
      *bs = size;
    }
  )cpp");
  EXPECT_EQ(P.handed("pick"), (std::vector<std::string>{"bs=128 k=big m=?"}));
}

TEST(OutParameters, AddressHandedToACallIsUnknownFromThenOn) {
  // `n` is unknown after query receives its address, even once assigned
  // again: query may have kept it. `m` escapes into a pointer: never known.
  Parsed P(std::string(DriverApi) + R"cpp(
    void f(CUfunction g, int *a, int *b, int *c) {
      int n = 4;
      *a = n;
      query(&n, g);
      n = 8;
      later();
      *b = n;
      int m = 2;
      int *q = &m;
      *c = m;
      (void)q;
    }
  )cpp");
  EXPECT_EQ(P.handed("f"), (std::vector<std::string>{"a=4 b=? c=? g=?"}));
}

TEST(OutParameters, WaysThatDoNotReturnHandNothingBack) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void f(int *out) {
      *out = 1;
      if (broken()) {
        *out = 3;
        exit(1);
      }
      if (broken()) {
        *out = 5;
        fail();
      }
    }
    void g(int *out) {
      if (broken())
        return;
      *out = 7;
    }
  )cpp");
  EXPECT_EQ(P.handed("f"), (std::vector<std::string>{"out=1"}));
  // One way stores nothing: the caller keeps its own value there.
  EXPECT_EQ(P.handed("g"), (std::vector<std::string>{"", "out=7"}));
}

TEST(OutParameters, PointerHandedOnOrUsedOtherwise) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void handedOn(int *out) {
      *out = 2;
      keep(out);
    }
    void arithmetic(int *out, int *other) {
      *out = 2;
      *(out + 1) = 3;
      *other = 4;
    }
  )cpp");
  EXPECT_EQ(P.handed("handedOn"), (std::vector<std::string>{"out=?"}));
  // `out + 1` is not followed: what `out` points to is unknown.
  EXPECT_EQ(P.handed("arithmetic"),
            (std::vector<std::string>{"other=4 out=?"}));
}

TEST(OutParameters, WhatIsNotModelledGivesNoAnswer) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void sw(int c, int *out) {
      switch (c) {
      case 1: *out = 1; break;
      default: *out = 2;
      }
    }
    void forever(int *out) {
      int i = 0;
      while (i < 1000)
        ++i;
      *out = i;
    }
    void shortCircuit(int *out) {
      int n = 1;
      if (broken() && (n = 2))
        *out = n;
    }
    void noOut(int x) { (void)x; }
  )cpp");
  EXPECT_FALSE(P.handed("sw"));
  EXPECT_FALSE(P.handed("forever"));
  EXPECT_FALSE(P.handed("shortCircuit"));
  EXPECT_FALSE(P.handed("noOut"));
}

TEST(OutParameters, WhatALambdaOrAFailedLookupMayChangeIsUnknown) {
  // A lambda may change what it names where the run does not look; a
  // lookup that fails writes null, so a null test takes both ways.
  Parsed P(std::string(DriverApi) + R"cpp(
    void lambda(int *bs) {
      int b = 16;
      auto half = [&] { b = 8; };
      half();
      *bs = b;
    }
    void fallback(CUmodule m, CUfunction *k, int *bs) {
      CUfunction f = 0;
      cuModuleGetFunction(&f, m, "a");
      if (f == 0) {
        cuModuleGetFunction(&f, m, "b");
        *bs = 8;
      } else {
        *bs = 16;
      }
      *k = f;
    }
  )cpp");
  EXPECT_EQ(P.handed("lambda"), (std::vector<std::string>{"bs=?"}));
  EXPECT_EQ(P.handed("fallback"),
            (std::vector<std::string>{"bs=16 k=a m=?", "bs=8 k=b m=?"}));
}

TEST(OutParameters, StoresAndOrdersTheRunCannotPlaceGiveNoAnswer) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void comma(int *bs) {
      int a = 1, b = 16;
      (a, b) = 8;
      *bs = b;
    }
    void unsequenced(int *bs) {
      int b = 4;
      *bs = (b = 8) + b;
    }
    void arguments(CUmodule m, CUfunction *k) {
      const char *names[] = {"a", "b"};
      int i = 0;
      CUfunction f;
      cuModuleGetFunction(&f, (i = 1, m), names[i]);
      *k = f;
    }
  )cpp");
  EXPECT_FALSE(P.handed("comma"));
  EXPECT_FALSE(P.handed("unsequenced"));
  EXPECT_FALSE(P.handed("arguments"));
}

TEST(OutParameters, OnlyTheCLibraryExitEndsAWay) {
  // A method or a namespace function named abort or exit returns.
  Parsed P(std::string(DriverApi) + R"cpp(
    struct Tx { void abort(); };
    namespace L { void exit(int); }
    void f(int *bs) {
      Tx tx;
      *bs = 16;
      if (broken()) {
        *bs = 8;
        tx.abort();
      }
      if (broken()) {
        *bs = 4;
        L::exit(0);
      }
    }
  )cpp");
  EXPECT_EQ(P.handed("f"),
            (std::vector<std::string>{"bs=16", "bs=4", "bs=8"}));
}

TEST(OutParameters, ParametersNotFollowedAreUnknown) {
  Parsed P(std::string(DriverApi) + R"cpp(
    void byRef(int *const &bs, int *plain) {
      *bs = 8;
      *plain = 2;
    }
    void constCast(const int *bs) { *const_cast<int *>(bs) = 8; }
  )cpp");
  EXPECT_EQ(P.handed("byRef"), (std::vector<std::string>{"bs=? plain=2"}));
  // No pointer parameter it follows: no answer (the caller's value is not
  // taken as kept).
  EXPECT_FALSE(P.handed("constCast"));
}

} // namespace
