//===--- BoundedInput.cpp - Limits on untrusted input ---------------------===//

#include "BoundedInput.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"

namespace warpcheck {

std::string describeBytes(uint64_t Bytes) {
  if (Bytes >= (uint64_t(1) << 20) && Bytes % (uint64_t(1) << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    return std::to_string(Bytes >> 10) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

namespace {
const char *typeName(llvm::sys::fs::file_type T) {
  using llvm::sys::fs::file_type;
  switch (T) {
  case file_type::directory_file:
    return "a directory";
  case file_type::fifo_file:
    return "a FIFO";
  case file_type::character_file:
    return "a character device";
  case file_type::block_file:
    return "a block device";
  case file_type::socket_file:
    return "a socket";
  default:
    return "not a regular file";
  }
}
} // namespace

std::string checkInputFile(const llvm::Twine &Path, llvm::StringRef What,
                           uint64_t MaxBytes) {
  std::string P = Path.str();
  llvm::sys::fs::file_status St;
  // status() follows symbolic links and opens nothing: a FIFO is refused
  // before an open() could block on it.
  if (std::error_code EC = llvm::sys::fs::status(P, St))
    return "cannot read " + What.str() + " '" + P + "': " + EC.message();
  if (St.type() != llvm::sys::fs::file_type::regular_file)
    return What.str() + " '" + P + "' is " + typeName(St.type()) +
           ", not a regular file";
  if (St.getSize() > MaxBytes)
    return What.str() + " '" + P + "' is " + std::to_string(St.getSize()) +
           " bytes, over the limit of " + describeBytes(MaxBytes);
  return "";
}

std::string checkSourceEncoding(llvm::StringRef Head) {
  struct Mark {
    llvm::StringRef Bytes, Encoding, Hex;
  };
  // UTF-32 first: its little-endian mark begins with UTF-16's.
  static const Mark Marks[] = {
      {llvm::StringRef("\xFF\xFE\0\0", 4), "UTF-32", "FF FE 00 00"},
      {llvm::StringRef("\0\0\xFE\xFF", 4), "UTF-32", "00 00 FE FF"},
      {"\xFF\xFE", "UTF-16", "FF FE"},
      {"\xFE\xFF", "UTF-16", "FE FF"},
  };
  for (const Mark &M : Marks)
    if (Head.starts_with(M.Bytes))
      return ("the file is " + M.Encoding + " (byte order mark " + M.Hex +
              "); warpcheck reads UTF-8 sources")
          .str();
  // UTF-16 without a mark: ASCII characters with a zero byte after
  // (little-endian) or before (big-endian) each.
  auto Ascii = [](char C) { return C >= 0x09 && C <= 0x7E; };
  if (Head.size() >= 4 && Ascii(Head[0]) && Ascii(Head[2]) && Head[1] == 0 &&
      Head[3] == 0)
    return "the file looks like UTF-16 without a byte order mark (a zero "
           "byte after each character); warpcheck reads UTF-8 sources";
  if (Head.size() >= 4 && Head[0] == 0 && Head[2] == 0 && Ascii(Head[1]) &&
      Ascii(Head[3]))
    return "the file looks like UTF-16 without a byte order mark (a zero "
           "byte before each character); warpcheck reads UTF-8 sources";
  return "";
}

std::string checkSourceFileEncoding(const llvm::Twine &Path) {
  // Only the first bytes of a file checkInputFile accepted (never a FIFO).
  llvm::Expected<llvm::sys::fs::file_t> F =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!F) {
    llvm::consumeError(F.takeError());
    return "";
  }
  char Buf[4];
  llvm::Expected<size_t> N =
      llvm::sys::fs::readNativeFile(*F, llvm::MutableArrayRef<char>(Buf));
  llvm::sys::fs::closeFile(*F);
  if (!N) {
    llvm::consumeError(N.takeError());
    return "";
  }
  return checkSourceEncoding(llvm::StringRef(Buf, *N));
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(const llvm::Twine &Path, llvm::StringRef What,
              uint64_t MaxBytes) {
  std::string P = Path.str();
  std::string Why = checkInputFile(P, What, MaxBytes);
  if (!Why.empty())
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument), Why);
  auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/true);
  if (!Buf)
    return llvm::createStringError(Buf.getError(),
                                   "cannot read " + What + " '" + P +
                                       "': " + Buf.getError().message());
  // It may have grown between the check and the read.
  if ((*Buf)->getBufferSize() > MaxBytes)
    return llvm::createStringError(
        std::make_error_code(std::errc::file_too_large),
        What + " '" + P + "' is over the limit of " + describeBytes(MaxBytes));
  return std::move(*Buf);
}

unsigned jsonDepth(llvm::StringRef Text) {
  unsigned Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{')
      Max = std::max(Max, ++Depth);
    else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
  }
  return Max;
}

llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef Text,
                                                   unsigned MaxDepth) {
  unsigned Depth = jsonDepth(Text);
  if (Depth > MaxDepth)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "nested " + std::to_string(Depth) + " levels deep, over the limit of " +
            std::to_string(MaxDepth));
  return llvm::json::parse(Text);
}

unsigned yamlDepth(llvm::StringRef Text) {
  unsigned Max = 0, Flow = 0;
  llvm::SmallVector<size_t, 16> Indents;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    size_t Start = 0;
    unsigned Block = Indents.size();
    if (Flow == 0) {
      llvm::StringRef Body = Line.ltrim(" ");
      llvm::StringRef Trimmed = Body.trim();
      if (Trimmed.empty() || Trimmed.starts_with("#"))
        continue;
      size_t Indent = Line.size() - Body.size();
      while (!Indents.empty() && Indents.back() >= Indent)
        Indents.pop_back();
      Indents.push_back(Indent);
      // "- - - x" nests one sequence per dash on one line.
      unsigned Dashes = 0;
      while ((Body.starts_with("- ") || Body.starts_with("? ") ||
              Body == "-") &&
             !Body.empty()) {
        ++Dashes;
        Body = Body.drop_front(std::min<size_t>(2, Body.size())).ltrim(" ");
      }
      Block = Indents.size() + Dashes;
      Start = Line.size() - Body.size();
    }
    Max = std::max(Max, Block + Flow);
    char Quote = 0;
    for (size_t I = Start; I < Line.size(); ++I) {
      char C = Line[I];
      if (Quote) {
        if (C == Quote)
          Quote = 0;
        continue;
      }
      if (C == '\'' || C == '"')
        Quote = C;
      else if (C == '#' && (I == 0 || Line[I - 1] == ' '))
        break;
      else if (C == '[' || C == '{')
        Max = std::max(Max, Block + ++Flow);
      else if ((C == ']' || C == '}') && Flow > 0)
        --Flow;
    }
  }
  return Max;
}

namespace {
/// The refusals of a bounded file system: the file type, or "too large"
/// (the limit is said by the caller's documentation, docs/robustness.md).
class RefusedCategory : public std::error_category {
public:
  const char *name() const noexcept override { return "warpcheck-refused"; }
  std::string message(int Code) const override {
    if (Code < 0)
      return "over the size limit of " + describeBytes(uint64_t(-Code));
    return std::string(typeName(llvm::sys::fs::file_type(Code))) +
           ", not a regular file; warpcheck reads regular files only";
  }
};
const RefusedCategory &refusedCategory() {
  static RefusedCategory C;
  return C;
}
} // namespace

std::error_code refusedOpen(llvm::sys::fs::file_type Type) {
  return {int(Type), refusedCategory()};
}
std::error_code refusedSize(uint64_t MaxBytes) {
  return {-int(std::min<uint64_t>(MaxBytes, INT32_MAX)), refusedCategory()};
}
std::error_code checkOpen(const llvm::vfs::Status &St, uint64_t MaxBytes) {
  if (St.getType() != llvm::sys::fs::file_type::regular_file)
    return refusedOpen(St.getType());
  if (St.getSize() > MaxBytes)
    return refusedSize(MaxBytes);
  return {};
}

namespace {
/// Opens only regular files of at most MaxBytes.
class BoundedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  BoundedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                    uint64_t MaxBytes)
      : ProxyFileSystem(std::move(FS)), MaxBytes(MaxBytes) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto St = status(Path);
    if (!St)
      return St.getError();
    if (std::error_code EC = checkOpen(*St, MaxBytes))
      return EC;
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  uint64_t MaxBytes;
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeBoundedFileSystem(uint64_t MaxBytes,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<BoundedFileSystem>(
      Base ? std::move(Base) : llvm::vfs::getRealFileSystem(), MaxBytes);
}

bool expandCommandLine(llvm::SmallVectorImpl<const char *> &Argv,
                       llvm::BumpPtrAllocator &Alloc, std::string &Error) {
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    if (A == "--")
      break;
    if (!A.consume_front("@") || !llvm::sys::fs::exists(A))
      continue;
    std::string Why =
        checkInputFile(A, "response file", limits::ResponseFileBytes);
    if (!Why.empty()) {
      Error = Why;
      return false;
    }
  }
  auto FS = makeBoundedFileSystem(limits::ResponseFileBytes);
  llvm::cl::ExpansionContext ECtx(Alloc, llvm::cl::TokenizeGNUCommandLine);
  ECtx.setVFS(FS.get());
  if (llvm::Error E = ECtx.expandResponseFiles(Argv)) {
    Error = "response file: " + llvm::toString(std::move(E)) +
            " (only regular files up to " +
            describeBytes(limits::ResponseFileBytes) + " are read)";
    return false;
  }
  return true;
}

} // namespace warpcheck
