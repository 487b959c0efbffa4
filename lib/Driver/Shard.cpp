//===--- Shard.cpp - One job's part of the files, for a CI matrix ---------===//

#include "Shard.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace warpcheck {

bool parseShard(llvm::StringRef Text, Shard &S, std::string &Error) {
  auto [K, N] = Text.split('/');
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) ||
      S.Count == 0 || S.Index == 0 || S.Index > S.Count) {
    Error =
        "invalid --shard '" + Text.str() + "' (expected K/N with 1 <= K <= N)";
    return false;
  }
  return true;
}

unsigned shardOf(llvm::StringRef File, llvm::StringRef Base, unsigned Count) {
  llvm::SmallString<256> Abs(File), Root(Base);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  llvm::StringRef Relative = Abs;
  // A file outside Base keeps its absolute path.
  if (Relative.consume_front(Root) &&
      (Relative.empty() || llvm::sys::path::is_separator(Relative.front())))
    Relative = Relative.ltrim('/');
  else
    Relative = Abs;
  std::string Key = llvm::sys::path::convert_to_slash(
      Relative, llvm::sys::path::Style::posix);
  return unsigned(llvm::xxh3_64bits(Key) % Count) + 1;
}

std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      const Shard &S, llvm::StringRef Base) {
  std::vector<std::string> Out;
  for (const std::string &F : Files)
    if (shardOf(F, Base, S.Count) == S.Index)
      Out.push_back(F);
  return Out;
}

} // namespace warpcheck
