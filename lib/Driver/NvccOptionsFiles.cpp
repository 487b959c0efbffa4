//===--- NvccOptionsFiles.cpp - nvcc's -optf, read with limits ------------===//

#include "NvccOptionsFiles.h"

#include "BoundedInput.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace warpcheck {

namespace {

/// Nested options files deeper than this are refused (a file naming
/// itself).
constexpr unsigned OptionsFileDepth = 8;

/// The files named by Args[I] when it is an options-file flag, I moved past
/// a separate value; empty when it is not one.
std::vector<std::string> optionsFilesAt(const std::vector<std::string> &Args,
                                        size_t &I) {
  llvm::StringRef A = Args[I], Value;
  if (A == "-optf" || A == "--options-file") {
    if (I + 1 >= Args.size())
      return {};
    Value = Args[++I];
  } else if (!A.consume_front("-optf=") &&
             !A.consume_front("--options-file=")) {
    return {};
  } else {
    Value = A;
  }
  llvm::SmallVector<llvm::StringRef, 2> Files;
  Value.split(Files, ',', -1, /*KeepEmpty=*/false);
  return {Files.begin(), Files.end()};
}

bool expandAt(std::vector<std::string> &Args, llvm::StringRef Directory,
              unsigned Depth, std::string &Error);

/// The words of options file Name, themselves expanded.
bool readOptionsFile(llvm::StringRef Name, llvm::StringRef Directory,
                     unsigned Depth, std::vector<std::string> &Words,
                     std::string &Error) {
  llvm::SmallString<256> Path(Name);
  if (!llvm::sys::path::is_absolute(Path) && !Directory.empty()) {
    Path = Directory;
    llvm::sys::path::append(Path, Name);
  }
  if (Depth >= OptionsFileDepth) {
    Error = "options file '" + Path.str().str() + "' is nested over " +
            std::to_string(OptionsFileDepth) + " options files deep";
    return false;
  }
  auto Buf = readInputFile(Path, "options file", limits::ResponseFileBytes);
  if (!Buf) {
    Error = llvm::toString(Buf.takeError());
    return false;
  }
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 32> Tokens;
  llvm::cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Tokens);
  Words.assign(Tokens.begin(), Tokens.end());
  return expandAt(Words, Directory, Depth + 1, Error);
}

bool expandAt(std::vector<std::string> &Args, llvm::StringRef Directory,
              unsigned Depth, std::string &Error) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    size_t At = I;
    std::vector<std::string> Files = optionsFilesAt(Args, I);
    if (Files.empty()) {
      Out.push_back(Args[At]);
      continue;
    }
    for (const std::string &F : Files) {
      std::vector<std::string> Words;
      if (!readOptionsFile(F, Directory, Depth, Words, Error))
        return false;
      Out.insert(Out.end(), Words.begin(), Words.end());
    }
  }
  Args = std::move(Out);
  return true;
}

} // namespace

bool expandNvccOptionsFiles(std::vector<std::string> &Args,
                            llvm::StringRef Directory, std::string &Error) {
  if (Args.empty())
    return true;
  std::vector<std::string> Rest(Args.begin() + 1, Args.end());
  if (!expandAt(Rest, Directory, 0, Error))
    return false;
  Args.resize(1);
  Args.insert(Args.end(), Rest.begin(), Rest.end());
  return true;
}

} // namespace warpcheck
