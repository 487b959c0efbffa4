//===--- Shard.h - One job's part of the files, for a CI matrix -*- C++ -*-===//
//
// `--shard=K/N` splits a run over N jobs: each file belongs to one shard,
// by a hash of its path relative to the compilation database's directory,
// so that every job of a matrix computes the same partition whatever the
// order of the files, the checkout's location or the number of files.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SHARD_H
#define WARPCHECK_DRIVER_SHARD_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warpcheck {

struct Shard {
  unsigned Index = 1, Count = 1; // shard Index of Count, from 1
};

/// "K/N" with 1 <= K <= N; Error says why not.
bool parseShard(llvm::StringRef Text, Shard &S, std::string &Error);

/// The shard (from 1) that File belongs to among Count: by the hash of its
/// path relative to Base (absolute, `/` separated, without `.` and `..`).
unsigned shardOf(llvm::StringRef File, llvm::StringRef Base, unsigned Count);

/// The files of shard S, in their order.
std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      const Shard &S, llvm::StringRef Base);

} // namespace warpcheck

#endif
