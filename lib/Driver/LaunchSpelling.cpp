//===--- LaunchSpelling.cpp - Launches written as nvcc reads them ---------===//

#include "LaunchSpelling.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

namespace warpcheck {

namespace {
/// The index just past the comment or literal that starts at I, or I when
/// code starts there.
size_t skipNonCode(llvm::StringRef T, size_t I) {
  if (T.substr(I).starts_with("//")) {
    size_t E = T.find('\n', I);
    return E == llvm::StringRef::npos ? T.size() : E;
  }
  if (T.substr(I).starts_with("/*")) {
    size_t E = T.find("*/", I + 2);
    return E == llvm::StringRef::npos ? T.size() : E + 2;
  }
  bool Raw = T.substr(I).starts_with("R\"") &&
             (I == 0 || !(llvm::isAlnum(T[I - 1]) || T[I - 1] == '_'));
  if (Raw) {
    size_t Open = T.find('(', I + 2);
    if (Open == llvm::StringRef::npos)
      return T.size();
    std::string Close = ")" + T.slice(I + 2, Open).str() + "\"";
    size_t E = T.find(Close, Open);
    return E == llvm::StringRef::npos ? T.size() : E + Close.size();
  }
  if (T[I] != '"' && T[I] != '\'')
    return I;
  // A digit separator (1'000) is not a character literal.
  if (T[I] == '\'' && I > 0 && llvm::isHexDigit(T[I - 1]))
    return I;
  char Quote = T[I];
  for (size_t J = I + 1; J < T.size(); ++J) {
    if (T[J] == '\\')
      ++J;
    else if (T[J] == Quote || T[J] == '\n')
      return J + 1;
  }
  return T.size();
}

/// The length of `C C <spaces> C` at I (C is '<' or '>'), with at least one
/// space or tab between, and not followed by a fourth C; 0 otherwise.
size_t spacedChevrons(llvm::StringRef T, size_t I, char C) {
  if (I + 1 >= T.size() || T[I] != C || T[I + 1] != C)
    return 0;
  size_t J = I + 2;
  while (J < T.size() && (T[J] == ' ' || T[J] == '\t'))
    ++J;
  if (J == I + 2 || J >= T.size() || T[J] != C)
    return 0;
  if (J + 1 < T.size() && T[J + 1] == C)
    return 0;
  return J + 1 - I;
}

/// Whether the word before I is `operator` (`operator<< <T>` names a
/// template specialization of operator<<).
bool afterOperatorName(llvm::StringRef T, size_t I) {
  llvm::StringRef Before = T.take_front(I).rtrim();
  if (!Before.consume_back("operator"))
    return false;
  return Before.empty() ||
         !(llvm::isAlnum(Before.back()) || Before.back() == '_');
}

/// Where the launch configuration opened before I closes: the index of its
/// `>> >` or `>>>` at bracket depth 0, or npos at a `;`, an unbalanced
/// bracket or the end of the text.
size_t findClose(llvm::StringRef T, size_t I) {
  int Depth = 0;
  while (I < T.size()) {
    size_t Next = skipNonCode(T, I);
    if (Next != I) {
      I = Next;
      continue;
    }
    char C = T[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}') {
      if (--Depth < 0)
        return llvm::StringRef::npos;
    } else if (C == ';')
      return llvm::StringRef::npos;
    else if (Depth == 0 &&
             (T.substr(I).starts_with(">>>") || spacedChevrons(T, I, '>')))
      return I;
    ++I;
  }
  return llvm::StringRef::npos;
}

/// Writes `CCC` followed by the spaces that separated them over Len bytes.
void join(std::string &Out, size_t At, size_t Len, char C) {
  Out.replace(At, Len, std::string(3, C) + std::string(Len - 3, ' '));
}
} // namespace

std::optional<std::string> joinSpacedLaunchChevrons(llvm::StringRef Text) {
  // Cheap test first: almost every file has no spaced chevrons.
  if (Text.find("<< ") == llvm::StringRef::npos &&
      Text.find("<<\t") == llvm::StringRef::npos)
    return std::nullopt;
  std::optional<std::string> Out;
  size_t I = 0;
  while (I < Text.size()) {
    size_t Next = skipNonCode(Text, I);
    if (Next != I) {
      I = Next;
      continue;
    }
    size_t Open = spacedChevrons(Text, I, '<');
    if (!Open || (I > 0 && Text[I - 1] == '<') || afterOperatorName(Text, I)) {
      ++I;
      continue;
    }
    size_t Close = findClose(Text, I + Open);
    if (Close == llvm::StringRef::npos) {
      I += Open;
      continue;
    }
    if (!Out)
      Out = Text.str();
    join(*Out, I, Open, '<');
    if (size_t Len = spacedChevrons(Text, Close, '>'))
      join(*Out, Close, Len, '>');
    I = Close + 3;
  }
  return Out;
}

namespace {
/// A file whose text was read on open (and rewritten where it had spaced
/// chevrons): the same status, as the length is kept.
class JoinedFile : public llvm::vfs::File {
public:
  JoinedFile(llvm::vfs::Status St, std::unique_ptr<llvm::MemoryBuffer> Buffer)
      : St(std::move(St)), Buffer(std::move(Buffer)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return St; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &, int64_t, bool, bool) override {
    // Clang reads a file it opened once.
    if (!Buffer)
      return std::make_error_code(std::errc::io_error);
    return std::move(Buffer);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status St;
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
};

class LaunchSpellingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    auto St = (*F)->status();
    auto Buf = (*F)->getBuffer(Path);
    if (!St || !Buf)
      return F;
    std::optional<std::string> Joined =
        joinSpacedLaunchChevrons((*Buf)->getBuffer());
    if (Joined)
      *Buf = llvm::MemoryBuffer::getMemBufferCopy(
          *Joined, (*Buf)->getBufferIdentifier());
    return std::unique_ptr<llvm::vfs::File>(
        new JoinedFile(*St, std::move(*Buf)));
  }
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makeLaunchSpellingFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<LaunchSpellingFileSystem>(std::move(Base));
}

} // namespace warpcheck
