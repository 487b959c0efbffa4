//===--- ProgressWatchTest.cpp - Signs of life on a long file -------------===//
//
// A file that takes longer than ProgressWatch::SlowAfter gets a line naming
// the kernel and shape its analysis is on; a file done sooner gets none.
//
//===----------------------------------------------------------------------===//

#include "ProgressWatch.h"

#include "gtest/gtest.h"

#include <thread>

using namespace warpcheck;

namespace {

TEST(ProgressWatch, ALongFileNamesItsKernel) {
  std::string Text;
  llvm::raw_string_ostream Err(Text);
  std::mutex Lock;
  std::vector<std::string> Files = {"quick.cu", "slow.cu"};
  {
    ProgressWatch Watch(true, Files, Err, Lock);
    {
      auto Watched = Watch.start(0);
      noteActivity([] { return std::string("'quick' with block 32x1x1"); });
    }
    Watch.finish(0);
    std::thread Slow([&] {
      auto Watched = Watch.start(1);
      noteActivity([] { return std::string("'mmq<64>' with block 256x1x1"); });
      std::this_thread::sleep_for(ProgressWatch::SlowAfter +
                                  std::chrono::milliseconds(700));
      Watch.finish(1);
    });
    Slow.join();
  }
  EXPECT_EQ(Err.str(), "  ... slow.cu: analyzing 'mmq<64>' with block "
                       "256x1x1 (2 s)\n");
}

TEST(ProgressWatch, NothingWhenNotAsked) {
  std::string Text;
  llvm::raw_string_ostream Err(Text);
  std::mutex Lock;
  std::vector<std::string> Files = {"k.cu"};
  ProgressWatch Watch(false, Files, Err, Lock);
  EXPECT_EQ(Watch.start(0), nullptr);
  Watch.finish(0);
  EXPECT_EQ(Err.str(), "");
}

} // namespace
