//===--- FileDependencies.cpp - What one analysis read from disk ----------===//

#include "FileDependencies.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace warpcheck {

std::string contentHash(llvm::StringRef Data) {
  auto Hash = llvm::BLAKE3::hash<32>(llvm::arrayRefFromStringRef(Data));
  return llvm::toHex(Hash, /*LowerCase=*/true);
}

namespace {

/// The extensions of the sources and headers CrossFile.cpp reads next to
/// an input.
bool isSiblingSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  for (const char *E : {".cpp", ".cu", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh",
                        ".hxx", ".cuh", ".inl", ".inc"})
    if (Ext == E)
      return true;
  return false;
}

/// The hash of Dir's entries (names; with Contents, only sources and
/// headers, each with its content's hash), or nullopt when Dir cannot be
/// listed.
std::optional<std::string> listingHash(llvm::StringRef Dir, bool Contents) {
  std::vector<std::string> Lines;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Name = llvm::sys::path::filename(It->path()).str();
    if (!Contents) {
      Lines.push_back(Name);
      continue;
    }
    if (!isSiblingSource(Name))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    // A directory or unreadable entry by a source's name counts as such.
    Lines.push_back(Name + "\t" +
                    (Buf ? contentHash((*Buf)->getBuffer()) : "unreadable"));
  }
  if (EC)
    return std::nullopt;
  std::sort(Lines.begin(), Lines.end());
  return contentHash(llvm::join(Lines, "\n"));
}

/// Equivalence class of kinds: one entry per path and class.
int kindClass(FileDependency::Kind K) {
  if (K == FileDependency::Listing)
    return 1;
  if (K == FileDependency::Sources)
    return 2;
  return 0;
}

/// What a File dependency holds of a file found and not read.
std::string typeAndSize(llvm::sys::fs::file_type Type, uint64_t Size) {
  return std::to_string(int(Type)) + ":" + std::to_string(Size);
}

thread_local DependencyLog *CurrentLog = nullptr;

} // namespace

FileDependency currentState(llvm::StringRef Path, FileDependency::Kind What) {
  FileDependency D;
  D.Path = Path.str();
  D.What = FileDependency::Missing;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return D;
  bool IsDir = llvm::sys::fs::is_directory(Status);
  if (What == FileDependency::Listing || What == FileDependency::Sources) {
    if (!IsDir)
      return D;
    if (auto Hash = listingHash(Path, What == FileDependency::Sources)) {
      D.What = What;
      D.Hash = *Hash;
    }
    return D;
  }
  if (What == FileDependency::Content && !IsDir) {
    if (auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                               /*RequiresNullTerminator=*/
                                               false)) {
      D.What = FileDependency::Content;
      D.Hash = contentHash((*Buf)->getBuffer());
    }
    return D;
  }
  D.What = IsDir ? FileDependency::Directory : FileDependency::File;
  if (!IsDir)
    D.Hash = typeAndSize(Status.type(), Status.getSize());
  return D;
}

void DependencyLog::add(FileDependency D) {
  std::lock_guard<std::mutex> Lock(Mutex);
  addLocked(std::move(D));
}

void DependencyLog::addLocked(FileDependency D) {
  std::string Key = D.Path + '\0' + char('0' + kindClass(D.What));
  auto [It, Inserted] = Entries.try_emplace(Key, D);
  if (Inserted)
    return;
  FileDependency &Old = It->second;
  if (Old.What == D.What && Old.Hash == D.Hash)
    return;
  // A file first seen, then read: its content is the stronger fact.
  if (Old.What == FileDependency::File && D.What == FileDependency::Content) {
    Old = std::move(D);
    return;
  }
  if (Old.What == FileDependency::Content && D.What == FileDependency::File)
    return;
  // Found once and not another time, or two contents: the disk changed
  // while the file was analyzed.
  if (Refused.empty())
    Refused = "'" + D.Path + "' changed during the analysis";
}

void DependencyLog::addContent(llvm::StringRef Path, llvm::StringRef Content) {
  add({Path.str(), FileDependency::Content, contentHash(Content)});
}

void DependencyLog::addProbe(llvm::StringRef Path,
                             const llvm::vfs::Status *Status) {
  if (!Status)
    add({Path.str(), FileDependency::Missing, ""});
  else if (Status->isDirectory())
    add({Path.str(), FileDependency::Directory, ""});
  else
    add({Path.str(), FileDependency::File,
         typeAndSize(Status->getType(), Status->getSize())});
}

void DependencyLog::addCurrent(llvm::StringRef Path,
                               FileDependency::Kind What) {
  add(currentState(Path, What));
}

void DependencyLog::merge(const DependencyLog &Other) {
  if (&Other == this)
    return;
  std::vector<FileDependency> Theirs = Other.entries();
  std::string TheirRefusal = Other.refused();
  std::lock_guard<std::mutex> Lock(Mutex);
  for (FileDependency &D : Theirs)
    addLocked(std::move(D));
  if (Refused.empty())
    Refused = TheirRefusal;
}

void DependencyLog::refuse(llvm::StringRef Why) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Refused.empty())
    Refused = Why.str();
}

std::string DependencyLog::refused() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Refused;
}

std::vector<FileDependency> DependencyLog::entries() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::vector<FileDependency> Out;
  for (const auto &[Key, D] : Entries)
    Out.push_back(D);
  return Out;
}

RecordDependencies::RecordDependencies(DependencyLog &Log)
    : Previous(CurrentLog) {
  CurrentLog = &Log;
}

RecordDependencies::~RecordDependencies() { CurrentLog = Previous; }

DependencyLog *currentDependencyLog() { return CurrentLog; }

namespace {

/// A file system that records what is looked up and read (see
/// makeRecordingFileSystem).
class RecordingFileSystem
    : public llvm::RTTIExtends<RecordingFileSystem,
                               llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      DependencyLog *Log,
                      std::map<std::string, uint64_t> *Hashes)
      : RTTIExtends(std::move(FS)), Log(Log), Hashes(Hashes) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    auto S = ProxyFileSystem::status(Path);
    if (Log)
      Log->addProbe(absolute(Path), S ? &*S : nullptr);
    return S;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    std::string Abs = absolute(Path);
    if (!F) {
      if (Log)
        Log->addProbe(Abs, nullptr);
      return F;
    }
    llvm::SmallString<256> Real;
    if (Hashes && getRealPath(Path, Real))
      Real.clear();
    return std::unique_ptr<llvm::vfs::File>(
        new RecordedFile(std::move(*F), Abs, std::string(Real), Log, Hashes));
  }

  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override {
    if (Log)
      Log->addCurrent(absolute(Dir), FileDependency::Listing);
    return ProxyFileSystem::dir_begin(Dir, EC);
  }

private:
  std::string absolute(const llvm::Twine &Path) {
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (makeAbsolute(Abs))
      llvm::sys::fs::make_absolute(Abs);
    return std::string(Abs);
  }

  /// A file whose content, once read, is recorded.
  class RecordedFile : public llvm::vfs::File {
  public:
    RecordedFile(std::unique_ptr<llvm::vfs::File> Inner, std::string Abs,
                 std::string Real, DependencyLog *Log,
                 std::map<std::string, uint64_t> *Hashes)
        : Inner(std::move(Inner)), Abs(std::move(Abs)), Real(std::move(Real)),
          Log(Log), Hashes(Hashes) {}
    llvm::ErrorOr<llvm::vfs::Status> status() override {
      return Inner->status();
    }
    llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
    getBuffer(const llvm::Twine &Name, int64_t FileSize,
              bool RequiresNullTerminator, bool IsVolatile) override {
      auto Buf =
          Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
      if (!Buf)
        return Buf;
      if (Hashes && !Real.empty())
        (*Hashes)[Real] = llvm::xxh3_64bits((*Buf)->getBuffer());
      if (Log)
        Log->addContent(Abs, (*Buf)->getBuffer());
      return Buf;
    }
    std::error_code close() override { return Inner->close(); }

  private:
    std::unique_ptr<llvm::vfs::File> Inner;
    std::string Abs, Real;
    DependencyLog *Log;
    std::map<std::string, uint64_t> *Hashes;
  };

  DependencyLog *Log;
  std::map<std::string, uint64_t> *Hashes;
};
const char RecordingFileSystem::ID = 0;

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                        DependencyLog *Log,
                        std::map<std::string, uint64_t> *ReadHashes) {
  return llvm::makeIntrusiveRefCnt<RecordingFileSystem>(std::move(Base), Log,
                                                        ReadHashes);
}

std::string
DependencyChecker::firstChanged(const std::vector<FileDependency> &Deps) {
  for (const FileDependency &D : Deps) {
    // What a probe found is checked as a probe: a file found and not read
    // needs to be there, not to have the same content.
    FileDependency::Kind Asked =
        D.What == FileDependency::Missing ? FileDependency::File : D.What;
    auto Key = std::make_pair(D.Path, int(Asked));
    FileDependency Now;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = Seen.find(Key);
      if (It != Seen.end())
        Now = It->second;
    }
    if (Now.Path.empty()) {
      Now = currentState(D.Path, Asked);
      std::lock_guard<std::mutex> Lock(Mutex);
      Seen.emplace(Key, Now);
    }
    if (Now.What != D.What || Now.Hash != D.Hash)
      return D.Path;
  }
  return "";
}

} // namespace warpcheck
