//===--- ResultCacheTest.cpp - The result cache's key and validation ------===//
//
// What makes a stored result usable: the key changes with every input that
// changes results (options, command, content, build), an entry decodes only
// whole and under its own key, and a dependency holds only while the disk
// still says what the analysis saw (contents, failed lookups, listings).
// Also the shards of --shard.
//
//===----------------------------------------------------------------------===//

#include "ResultCache.h"
#include "CachedResult.h"
#include "FileDependencies.h"
#include "Shard.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <set>

using namespace warpcheck;
using namespace clang::tidy;

namespace {

FileCommand commandFor(const std::string &File) {
  FileCommand C;
  C.Commands.push_back({"/src", File, {"nvcc", "-c", File}, "k.o"});
  TranslatedCommand T;
  T.Args = {"clang++", "-x", "cuda", File};
  T.Arch = "sm_90";
  C.Translated.push_back(T);
  return C;
}

TEST(ResultCacheKey, EveryInputThatChangesResultsChangesTheKey) {
  DriverOptions O;
  O.Version = "0.1.0";
  FileCommand C = commandFor("k.cu");
  std::string Base = cacheKeyText(O, "build", C, "k.cu", "content");
  EXPECT_EQ(Base, cacheKeyText(O, "build", C, "k.cu", "content"));
  EXPECT_NE(Base, cacheKeyText(O, "other", C, "k.cu", "content"));
  EXPECT_NE(Base, cacheKeyText(O, "build", C, "k.cu", "edited"));
  EXPECT_NE(Base, cacheKeyText(O, "build", C, "j.cu", "content"));

  auto Changed = [&](auto Change) {
    DriverOptions Other = O;
    FileCommand OtherCommand = C;
    Change(Other, OtherCommand);
    return cacheKeyText(Other, "build", OtherCommand, "k.cu", "content") !=
           Base;
  };
  EXPECT_TRUE(Changed([](DriverOptions &D, FileCommand &) {
    D.Overrides.Checks = "-*,warpcheck-local-*";
  }));
  EXPECT_TRUE(Changed([](DriverOptions &D, FileCommand &) {
    D.Overrides.CheckOptions["warpcheck-shared-bank-conflict.BlockDim"] =
        ClangTidyOptions::ClangTidyValue("64,2");
  }));
  EXPECT_TRUE(Changed([](DriverOptions &D, FileCommand &) {
    D.Overrides.WarningsAsErrors = "warpcheck-*";
  }));
  EXPECT_TRUE(Changed(
      [](DriverOptions &D, FileCommand &) { D.Parse.DefaultArch = "sm_80"; }));
  EXPECT_TRUE(Changed([](DriverOptions &D, FileCommand &) {
    D.Parse.Headers.ToolkitPath = "/usr/local/cuda";
  }));
  EXPECT_TRUE(
      Changed([](DriverOptions &D, FileCommand &) { D.Version = "0.2.0"; }));
  EXPECT_TRUE(Changed([](DriverOptions &, FileCommand &F) {
    F.Translated[0].Args.push_back("-DTILE=16");
  }));
  // Lists keep their boundaries: ["a b"] is not ["a", "b"].
  EXPECT_TRUE(Changed([](DriverOptions &, FileCommand &F) {
    F.Translated[0].Args = {"clang++", "-x cuda", "k.cu"};
  }));
  // The include paths clang's driver takes from the environment.
  ::setenv("CPATH", "/opt/include", 1);
  EXPECT_NE(Base, cacheKeyText(O, "build", C, "k.cu", "content"));
  ::unsetenv("CPATH");
  EXPECT_EQ(Base, cacheKeyText(O, "build", C, "k.cu", "content"));
  // What only shapes the output does not.
  EXPECT_FALSE(Changed([](DriverOptions &D, FileCommand &) {
    D.Format = "json";
    D.Jobs = 4;
    D.Progress = true;
  }));
}

TEST(ResultCacheKey, RunsThatCompileOrEditBypassTheCache) {
  DriverOptions O;
  EXPECT_EQ(cacheBypassReason(O), "");
  for (auto Set : {+[](DriverOptions &D) { D.Fix = true; },
                   +[](DriverOptions &D) { D.VerifyPtx = true; },
                   +[](DriverOptions &D) { D.VerifySass = true; },
                   +[](DriverOptions &D) { D.SassFile = "k.sass"; },
                   +[](DriverOptions &D) { D.ExportFixes = "fixes.yaml"; }}) {
    DriverOptions Other;
    Set(Other);
    EXPECT_NE(cacheBypassReason(Other), "");
  }
}

/// R with a finding (note, fix, range), an access, a unit.
void fillSample(FileAnalysis &R) {
  R.File = "k.cu";
  R.Notes = {"k.cu: note: something once"};
  ClangTidyError E("warpcheck-shared-bank-conflict", ClangTidyError::Warning,
                   "/src", false);
  E.Message.Message = "2-way bank conflict";
  E.Message.FilePath = "/src/k.cu";
  E.Message.FileOffset = 42;
  llvm::cantFail(E.Message.Fix["/src/k.cu"].add(
      clang::tooling::Replacement("/src/k.cu", 10, 2, "[33]")));
  clang::tooling::FileByteRange Range;
  Range.FilePath = "/src/k.cu";
  Range.FileOffset = 40;
  Range.Length = 5;
  E.Message.Ranges.push_back(Range);
  E.Notes.emplace_back("in 'k' with block 32x1x1");
  R.Findings.push_back(E);
  AccessRecord A;
  A.File = "/src/k.cu";
  A.Line = 3;
  A.Wavefronts = 2;
  A.TotalWavefronts = uint64_t(1) << 40;
  A.Block = {32, 2, 1};
  A.DependsOn = {"n"};
  R.Report.Accesses.push_back(A);
  TranslationUnitRecord U;
  U.Arch = "sm_90";
  U.DeviceRanges = {{1, 20}};
  R.Report.Units.push_back(U);
}

std::string jsonText(const FileAnalysis &R) {
  return llvm::formatv("{0}", resultToJson(R)).str();
}

TEST(ResultCacheEntry, RoundTripsEveryField) {
  FileAnalysis R;
  fillSample(R);
  std::vector<FileDependency> Deps = {
      {"/src/k.cu", FileDependency::Content, "abc"},
      {"/inc/tile.cuh", FileDependency::Missing, ""}};
  std::string Entry = encodeCacheEntry("key", Deps, R);
  FileAnalysis Back;
  std::vector<FileDependency> BackDeps;
  ASSERT_TRUE(decodeCacheEntry(Entry, "key", BackDeps, Back));
  EXPECT_EQ(jsonText(R), jsonText(Back));
  ASSERT_EQ(BackDeps.size(), 2u);
  EXPECT_EQ(BackDeps[1].Path, "/inc/tile.cuh");
  EXPECT_EQ(BackDeps[1].What, FileDependency::Missing);
  ASSERT_EQ(Back.Findings.size(), 1u);
  EXPECT_EQ(Back.Findings[0].Message.Fix["/src/k.cu"].size(), 1u);
  EXPECT_EQ(Back.Report.Accesses[0].TotalWavefronts, uint64_t(1) << 40);
}

TEST(ResultCacheEntry, AnythingButAWholeEntryOfTheKeyIsRefused) {
  FileAnalysis Sample;
  fillSample(Sample);
  std::string Entry = encodeCacheEntry("key", {}, Sample);
  FileAnalysis R;
  std::vector<FileDependency> Deps;
  EXPECT_FALSE(decodeCacheEntry(Entry, "other key", Deps, R));
  EXPECT_FALSE(
      decodeCacheEntry(Entry.substr(0, Entry.size() - 1), "key", Deps, R));
  std::string Flipped = Entry;
  Flipped[Flipped.size() / 2] ^= 1;
  EXPECT_FALSE(decodeCacheEntry(Flipped, "key", Deps, R));
  EXPECT_FALSE(decodeCacheEntry("", "key", Deps, R));
  EXPECT_FALSE(decodeCacheEntry("{\"key\": \"key\"}", "key", Deps, R));
}

/// A fresh directory for one test, removed after it.
class TempDir {
public:
  TempDir() { llvm::sys::fs::createUniqueDirectory("warpcheck-cache", Path); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Path);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  llvm::SmallString<256> Path;
};

void write(const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  Out << Text;
}

TEST(FileDependencies, AChangedReadFileOrANewShadowingFileIsSeen) {
  TempDir Dir;
  std::string Header = Dir.file("tile.cuh"), Shadow = Dir.file("shadow.cuh");
  write(Header, "#define N 32\n");
  DependencyLog Log;
  Log.addContent(Header, "#define N 32\n");
  Log.addProbe(Shadow, nullptr);
  Log.addCurrent(std::string(Dir.Path), FileDependency::Listing);
  EXPECT_EQ(Log.refused(), "");
  std::vector<FileDependency> Deps = Log.entries();
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), "");

  write(Header, "#define N 16\n");
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), Header);
  write(Header, "#define N 32\n");
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), "");

  write(Shadow, "");
  EXPECT_NE(DependencyChecker().firstChanged(Deps), "");
  llvm::sys::fs::remove(Shadow);
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), "");

  // A new entry in a listed directory.
  write(Dir.file("other.txt"), "");
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), std::string(Dir.Path));
}

TEST(FileDependencies, AFileFoundAndNotReadIsSeenByTypeAndSize) {
  TempDir Dir;
  std::string Big = Dir.file("big.h");
  write(Big, "0123456789");
  DependencyLog Log;
  Log.addCurrent(Big, FileDependency::File);
  std::vector<FileDependency> Deps = Log.entries();
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), "");
  // Refused for its size, it may be read once smaller.
  write(Big, "01234");
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), Big);
}

TEST(FileDependencies, SourcesNextToAFileAreSeenByContent) {
  TempDir Dir;
  write(Dir.file("main.cpp"), "int main() {}\n");
  DependencyLog Log;
  Log.addCurrent(std::string(Dir.Path), FileDependency::Sources);
  std::vector<FileDependency> Deps = Log.entries();
  write(Dir.file("notes.txt"), "not a source");
  EXPECT_EQ(DependencyChecker().firstChanged(Deps), "");
  write(Dir.file("main.cpp"), "int main() { return 1; }\n");
  EXPECT_NE(DependencyChecker().firstChanged(Deps), "");
}

TEST(FileDependencies, AFileSeenBothMissingAndFoundIsRefused) {
  DependencyLog Log;
  llvm::vfs::Status Found("/x/a.h", llvm::sys::fs::UniqueID(1, 2), {}, 0, 0, 4,
                          llvm::sys::fs::file_type::regular_file,
                          llvm::sys::fs::perms::all_all);
  Log.addProbe("/x/a.h", nullptr);
  Log.addProbe("/x/a.h", &Found);
  EXPECT_NE(Log.refused(), "");
  DependencyLog Twice;
  Twice.addContent("/x/b.h", "one");
  Twice.addContent("/x/b.h", "two");
  EXPECT_NE(Twice.refused(), "");
  // Found, then read: the content is kept.
  DependencyLog Read;
  Read.addProbe("/x/c.h", &Found);
  Read.addContent("/x/c.h", "text");
  EXPECT_EQ(Read.refused(), "");
  ASSERT_EQ(Read.entries().size(), 1u);
  EXPECT_EQ(Read.entries()[0].What, FileDependency::Content);
}

TEST(Shard, ParsesKOfN) {
  Shard S;
  std::string Error;
  EXPECT_TRUE(parseShard("2/3", S, Error));
  EXPECT_EQ(S.Index, 2u);
  EXPECT_EQ(S.Count, 3u);
  for (const char *Bad : {"0/3", "4/3", "1/0", "1", "a/b", "1/2/3", ""})
    EXPECT_FALSE(parseShard(Bad, S, Error)) << Bad;
}

TEST(Shard, EveryFileInOneShardWhereverTheCheckoutIs) {
  std::vector<std::string> Files;
  for (int I = 0; I < 40; ++I)
    Files.push_back("/ci/a/src/k" + std::to_string(I) + ".cu");
  std::multiset<std::string> Union;
  for (unsigned K = 1; K <= 4; ++K)
    for (const std::string &F : filesOfShard(Files, {K, 4}, "/ci/a"))
      Union.insert(F);
  EXPECT_EQ(Union, std::multiset<std::string>(Files.begin(), Files.end()));
  for (const std::string &F : Files) {
    std::string Elsewhere = "/home/b/checkout" + F.substr(5);
    EXPECT_EQ(shardOf(F, "/ci/a", 4),
              shardOf(Elsewhere, "/home/b/checkout", 4));
  }
}

} // namespace
