//===--- ResultCache.h - Results of unchanged files, kept -------*- C++ -*-===//
//
// A CI gate analyzes the same files on every pull request. The result of a
// file (CachedResult.h) is kept in a cache directory (--cache-dir; default
// $XDG_CACHE_HOME/warpcheck, else ~/.cache/warpcheck) under a key that
// names everything given to the analysis (cacheKeyText: warpcheck's build,
// the translated compile command, every option that changes results, the
// configuration files, the file's content), with the list of everything the
// analysis read or looked for on disk (FileDependencies.h). An entry is used
// only when its key matches and every dependency still holds; anything else
// (a foreign, truncated or corrupt entry, a dependency that changed) is a
// miss, and the fresh result replaces the entry. Entries are written through
// a temporary file and a rename (AtomicWrite.h): concurrent runs see a
// whole entry or none.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_RESULTCACHE_H
#define WARPCHECK_DRIVER_RESULTCACHE_H

#include "Driver.h"
#include "FileDependencies.h"

#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace warpcheck {

/// The cache directory of a run: none with NoCache; Given (--cache-dir)
/// when not empty; none when $WARPCHECK_NO_CACHE is set (not "0"); else
/// $XDG_CACHE_HOME/warpcheck, else $HOME/.cache/warpcheck, else none.
std::string resolveCacheDir(bool NoCache, llvm::StringRef Given);

/// Why Options bypass the cache ("" when they do not): --fix, nvcc runs,
/// compiler output given, debugging output of the analysis.
std::string cacheBypassReason(const DriverOptions &Options);

/// The text hashed into a file's key: version and build, the options of the
/// run that change results, the file's name, working directory, translated
/// command, configuration files and content (ContentHash). One place.
std::string cacheKeyText(const DriverOptions &Options, llvm::StringRef BuildId,
                         const FileCommand &Command, llvm::StringRef File,
                         llvm::StringRef ContentHash);

/// The files of an entry, as written: a header line (magic, format and the
/// checksum of the rest), then the JSON body.
std::string encodeCacheEntry(llvm::StringRef Key,
                             const std::vector<FileDependency> &Deps,
                             const FileAnalysis &R);

/// Decodes an entry; false when it is not one of Key (foreign, truncated,
/// corrupt: the checksum, the JSON or a field does not match).
bool decodeCacheEntry(llvm::StringRef Text, llvm::StringRef Key,
                      std::vector<FileDependency> &Deps, FileAnalysis &R);

/// The cache of one run: thread-safe, one per run.
class ResultCache {
public:
  /// Uses Options.CacheDir (empty: no cache). Err gets one note when the
  /// directory cannot be written.
  ResultCache(const DriverOptions &Options, llvm::raw_ostream &Err);

  bool enabled() const { return Enabled; }

  /// File's key, for Command; "" when the file cannot be keyed (unreadable).
  std::string keyOf(const FileCommand &Command, const std::string &File);

  /// The stored result of File under Key, when every dependency holds.
  std::unique_ptr<FileAnalysis> lookup(const std::string &Key,
                                       const std::string &File);

  /// Stores R under Key with what its analysis read (Reads), unless it
  /// read something that cannot be checked or that changed meanwhile.
  void store(const std::string &Key, const FileAnalysis &R,
             const DependencyLog &Reads);

  /// The reads of the sibling parses (CrossFile.h), by the file parsed.
  DependencyLog &siblingReads(const std::string &File);

private:
  std::string entryPath(llvm::StringRef Key) const;
  /// What File's analysis may have read beside its parse: the sources next
  /// to it, their parses, the compilation database.
  void addSiblingReads(const std::string &File, DependencyLog &Reads);

  const DriverOptions &Options;
  llvm::raw_ostream &Err;
  bool Enabled = false;
  std::string Dir, BuildId;
  DependencyChecker Checker;
  std::mutex Mutex;
  std::map<std::string, std::unique_ptr<DependencyLog>> Siblings;
  std::atomic<bool> WriteFailed{false};
};

} // namespace warpcheck

#endif
