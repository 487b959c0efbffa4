//===--- BankHeadlineTest.cpp - One warning for the accesses at a site ----===//
//
// Issue 29: the load and the store of `s[i] += v` are one warning; kinds
// whose verdicts differ are each said.
//
//===----------------------------------------------------------------------===//

#include "BankHeadline.h"

#include "gtest/gtest.h"

using namespace warpcheck;

namespace {

HeadlinePart exact(AccessKind Kind, unsigned Ways) {
  HeadlinePart P;
  P.Kind = Kind;
  P.Lead = std::to_string(Ways) + "-way bank conflict on";
  P.Sep = ": ";
  P.Main = std::to_string(Ways) + " wavefronts per request";
  P.Rest = ", 1 ideal";
  P.Short = std::to_string(Ways) + "-way, " + P.Main + P.Rest;
  return P;
}

TEST(BankHeadlineTest, OneKindAsBefore) {
  EXPECT_EQ(composeHeadline({exact(AccessKind::Load, 32)}, "'s'"),
            "32-way bank conflict on load from 's': 32 wavefronts per "
            "request, 1 ideal");
  EXPECT_EQ(composeHeadline({exact(AccessKind::Atomic, 2)}, "'s'"),
            "2-way bank conflict on atomic update of 's': 2 wavefronts per "
            "request, 1 ideal");
}

TEST(BankHeadlineTest, LoadAndStoreWithOneCost) {
  EXPECT_EQ(composeHeadline({exact(AccessKind::Load, 32),
                             exact(AccessKind::Store, 32)},
                            "'s'"),
            "32-way bank conflict on load and store of 's': 32 wavefronts "
            "per request each, 1 ideal");
}

TEST(BankHeadlineTest, DifferentCostsEachSaid) {
  EXPECT_EQ(composeHeadline({exact(AccessKind::Load, 32),
                             exact(AccessKind::Store, 16)},
                            "'s'"),
            "32-way bank conflict on load from 's': 32 wavefronts per "
            "request, 1 ideal; store: 16-way, 16 wavefronts per request, 1 "
            "ideal");
}

TEST(BankHeadlineTest, UndecidedHasNoEach) {
  HeadlinePart U;
  U.Lead = "bank conflicts of";
  U.Sep = " ";
  U.Main = "cannot be decided";
  U.Rest = ": it depends on 'n'";
  U.Each = false;
  HeadlinePart V = U;
  U.Kind = AccessKind::Load;
  V.Kind = AccessKind::Store;
  EXPECT_EQ(composeHeadline({U, V}, "'s'"),
            "bank conflicts of load and store of 's' cannot be decided: it "
            "depends on 'n'");
}

} // namespace
