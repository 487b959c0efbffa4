//===--- FileDependencies.h - What one analysis read from disk --*- C++ -*-===//
//
// The result cache (ResultCache.h) trusts an entry only while everything
// its analysis depended on is as it was, as ccache's direct mode and
// clangd's preamble check do: every file read (by content), every path
// looked for and not found (a new header that would shadow an old one), every
// directory listed. A DependencyLog collects them while a file is analyzed:
// the parse's file system records into the thread's current log
// (RecordDependencies), and the driver adds what it reads beside the parse.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_FILEDEPENDENCIES_H
#define WARPCHECK_DRIVER_FILEDEPENDENCIES_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace warpcheck {

/// One fact about one absolute path that an analysis depended on.
struct FileDependency {
  enum Kind {
    Missing,   // looked for and not found
    File,      // a file that exists, its content not read: Hash is its type
               // and size (a file refused for its size or type may be read
               // once it changes)
    Directory, // a directory that exists
    Content,   // a file read: Hash of its content
    Listing,   // a directory listed: Hash of its entries' names
    Sources,   // a directory whose sources and headers were read: Hash of
               // their names and contents (the sibling files)
  };
  std::string Path;
  Kind What = Missing;
  std::string Hash;
};

/// The hex BLAKE3 hash of Data.
std::string contentHash(llvm::StringRef Data);

/// What Path is on disk now, as a dependency of kind What would record it
/// (Missing when it is not there, or not what What needs).
FileDependency currentState(llvm::StringRef Path, FileDependency::Kind What);

/// Everything one file's analysis depended on; thread-safe.
class DependencyLog {
public:
  void add(FileDependency D);
  void addContent(llvm::StringRef Path, llvm::StringRef Content);
  /// Path was looked up: found (Status) or not (null).
  void addProbe(llvm::StringRef Path, const llvm::vfs::Status *Status);
  /// Adds the current state of Path as What.
  void addCurrent(llvm::StringRef Path, FileDependency::Kind What);
  void merge(const DependencyLog &Other);
  /// Makes the log unusable for the cache: the analysis read something
  /// that cannot be checked later.
  void refuse(llvm::StringRef Why);
  std::string refused() const;
  std::vector<FileDependency> entries() const;

private:
  void addLocked(FileDependency D);
  mutable std::mutex Mutex;
  std::map<std::string, FileDependency> Entries;
  std::string Refused;
};

/// While one lives, the parses of this thread record into Log. A parse runs
/// on the thread that asked for it, and a thread analyzes one file at a
/// time: the scope is that file's analysis.
class RecordDependencies {
public:
  explicit RecordDependencies(DependencyLog &Log);
  ~RecordDependencies();
  RecordDependencies(const RecordDependencies &) = delete;
  RecordDependencies &operator=(const RecordDependencies &) = delete;

private:
  DependencyLog *Previous;
};

/// The log of this thread's current RecordDependencies, or nullptr.
DependencyLog *currentDependencyLog();

/// Base, recording into Log (when not null) every path looked up, read or
/// listed, and into ReadHashes (when not null) the xxh3 of each file read,
/// by real path (FileAnalysis::ReadHashes, for --fix).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                        DependencyLog *Log,
                        std::map<std::string, uint64_t> *ReadHashes);

/// Checks dependencies against the disk, each path's state read once per
/// checker (one run): the disk may not change under a run's feet more than
/// it may under one analysis. Thread-safe.
class DependencyChecker {
public:
  /// The first dependency that no longer holds ("" when all do).
  std::string firstChanged(const std::vector<FileDependency> &Deps);

private:
  std::mutex Mutex;
  std::map<std::pair<std::string, int>, FileDependency> Seen;
};

} // namespace warpcheck

#endif
