//===--- CrossFileLaunches.cpp - Launches in sibling files ----------------===//

#include "CrossFileLaunches.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <mutex>

namespace warpcheck {

namespace {
/// Largest sibling parsed, and most siblings per directory.
constexpr uint64_t MaxSiblingBytes = 512 * 1024;
constexpr size_t MaxSiblings = 8;

struct Entry {
  std::once_flag Once;
  std::shared_ptr<const SiblingFacts> Facts; // null: not parsed
};

struct Registry {
  std::mutex Mutex;
  SiblingParser Parser;
  /// Per parser installation, so that a new parser starts afresh.
  std::map<std::string, std::shared_ptr<Entry>> Files;
};

Registry &registry() {
  static Registry R;
  return R;
}
} // namespace

void setSiblingParser(SiblingParser Parser) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Parser = std::move(Parser);
  R.Files.clear();
}

std::string crossFileKey(const clang::FunctionDecl *FD,
                         const clang::ASTContext &Ctx) {
  return displayName(FD, Ctx) + "/" + std::to_string(FD->getNumParams());
}

std::vector<std::shared_ptr<const SiblingFacts>>
siblingFacts(const std::string &File) {
  Registry &R = registry();
  SiblingParser Parser;
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    Parser = R.Parser;
  }
  if (!Parser)
    return {};
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Abs);
  std::vector<std::string> Candidates;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Ext = llvm::sys::path::extension(Path);
    if (!(Ext == ".cpp" || Ext == ".cu" || Ext == ".cc" || Ext == ".cxx") ||
        llvm::sys::fs::equivalent(Path, Abs))
      continue;
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(Path, Size) || Size > MaxSiblingBytes)
      continue;
    Candidates.push_back(Path.str());
  }
  std::sort(Candidates.begin(), Candidates.end());
  if (Candidates.size() > MaxSiblings)
    Candidates.resize(MaxSiblings);
  std::vector<std::shared_ptr<const SiblingFacts>> Out;
  for (const std::string &Path : Candidates) {
    std::shared_ptr<Entry> E;
    {
      std::lock_guard<std::mutex> Lock(R.Mutex);
      auto &Slot = R.Files[Path];
      if (!Slot)
        Slot = std::make_shared<Entry>();
      E = Slot;
    }
    // Parsed once; another thread asking meanwhile waits for it.
    std::call_once(E->Once, [&] {
      auto Facts = std::make_shared<SiblingFacts>();
      if (Parser(Path, [&](clang::ASTContext &Ctx) {
            *Facts = LaunchSites::factsOf(Ctx);
          }))
        E->Facts = std::move(Facts);
    });
    if (E->Facts)
      Out.push_back(E->Facts);
  }
  return Out;
}

} // namespace warpcheck
