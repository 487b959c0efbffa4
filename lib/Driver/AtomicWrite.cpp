//===--- AtomicWrite.cpp - Every file the driver writes -------------------===//

#include "AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace warpcheck {

namespace {

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

/// Writes all of Data at FD's offset (pipes and terminals too).
std::error_code writeAll(int FD, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(FD, Data.data(), Data.size());
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return lastError();
    }
    Data = Data.drop_front(N);
  }
  return {};
}

/// Flushes Dir's entries (a rename in it) to disk; best effort, the data
/// itself is already there.
void syncDirectory(llvm::StringRef Dir) {
  int FD = ::open(Dir.empty() ? "." : Dir.str().c_str(),
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (FD < 0)
    return;
  ::fsync(FD);
  ::close(FD);
}

/// Gives FD, the file that replaces Old, Old's owner, group and mode. The
/// set-ID bits stay only with the owner: a file root writes for another
/// user must never become set-user-ID root.
std::error_code keepOwnerAndMode(int FD, const struct stat &Old,
                                 std::string *Note) {
  mode_t Mode = Old.st_mode & 07777;
  // chown first: it clears the set-ID bits that fchmod then sets.
  if (::fchown(FD, Old.st_uid, Old.st_gid) != 0 &&
      (Mode & (S_ISUID | S_ISGID))) {
    Mode &= ~mode_t(S_ISUID | S_ISGID);
    if (Note)
      *Note = "the set-user-ID and set-group-ID bits were removed: the "
              "edited file could not be given back to its owner";
  }
  return ::fchmod(FD, Mode) == 0 ? std::error_code() : lastError();
}

/// Writes Contents to a new file beside Target (with Old's owner and mode
/// when it replaces a file), flushes it to disk and renames it over Target.
std::error_code replaceThroughTemp(llvm::StringRef Target,
                                   llvm::StringRef Contents,
                                   const struct stat *Old, std::string *Note) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Target);
  llvm::SmallString<256> Model(Dir);
  llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Target) +
                                     ".warpcheck-%%%%%%");
  int FD;
  llvm::SmallString<256> Temp;
  // Private until it has the mode of the file it replaces.
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Model, FD, Temp, llvm::sys::fs::OF_None, Old ? 0600 : 0666))
    return EC;
  std::error_code EC = writeAll(FD, Contents);
  if (!EC && Old)
    EC = keepOwnerAndMode(FD, *Old, Note);
  if (!EC && ::fsync(FD) != 0)
    EC = lastError();
  if (::close(FD) != 0 && !EC)
    EC = lastError();
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, Target);
  if (EC) {
    llvm::sys::fs::remove(Temp);
    return EC;
  }
  syncDirectory(Dir);
  return {};
}

/// Sets FD's content to Text from the start and flushes it to disk.
std::error_code overwrite(int FD, llvm::StringRef Text) {
  if (::lseek(FD, 0, SEEK_SET) < 0)
    return lastError();
  if (std::error_code EC = writeAll(FD, Text))
    return EC;
  if (::ftruncate(FD, off_t(Text.size())) != 0 || ::fsync(FD) != 0)
    return lastError();
  return {};
}

/// Writes New over the file of St at Path in place (its other hard links
/// see it). The room is reserved before a byte changes, so a full disk or
/// the file size limit leaves Old; a failure after that writes Old back.
std::error_code editInPlace(llvm::StringRef Path, const struct stat &St,
                            llvm::StringRef Old, llvm::StringRef New,
                            bool &Damaged) {
  // Read too: glibc's posix_fallocate, where the file system has no
  // fallocate, reads each block to leave written ones alone.
  int FD = ::open(Path.str().c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  if (FD < 0)
    return lastError();
  struct stat Now;
  std::error_code EC;
  if (::fstat(FD, &Now) != 0)
    EC = lastError();
  else if (Now.st_dev != St.st_dev || Now.st_ino != St.st_ino ||
           Now.st_size != off_t(Old.size()))
    EC = std::make_error_code(std::errc::device_or_resource_busy); // changed
  else if (New.size() > Old.size()) {
    if (int Err = ::posix_fallocate(FD, 0, off_t(New.size()))) {
      EC = std::error_code(Err, std::generic_category());
      // It may have grown the file before it failed.
      if (::ftruncate(FD, off_t(Old.size())) != 0)
        Damaged = true;
    }
  }
  if (!EC) {
    EC = overwrite(FD, New);
    if (EC && overwrite(FD, Old))
      Damaged = true;
  }
  if (::close(FD) != 0 && !EC)
    EC = lastError();
  return EC;
}

} // namespace

void ignoreFileSizeSignal() { std::signal(SIGXFSZ, SIG_IGN); }

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                                std::string *Note) {
  ignoreFileSizeSignal();
  auto Fail = [&](std::error_code EC) {
    return llvm::createStringError(EC, EC.message());
  };
  struct stat St;
  if (::stat(Path.str().c_str(), &St) == 0) {
    if (!S_ISREG(St.st_mode)) {
      // A terminal, /dev/null, a pipe: nothing to replace.
      int FD = ::open(Path.str().c_str(), O_WRONLY | O_CLOEXEC);
      if (FD < 0)
        return Fail(lastError());
      std::error_code EC = writeAll(FD, Contents);
      if (::close(FD) != 0 && !EC)
        EC = lastError();
      return EC ? Fail(EC) : llvm::Error::success();
    }
    // Through a symbolic link: its target is replaced.
    llvm::SmallString<256> Real;
    if (std::error_code EC = llvm::sys::fs::real_path(Path, Real))
      return Fail(EC);
    if (std::error_code EC = replaceThroughTemp(Real, Contents, &St, Note))
      return Fail(EC);
    return llvm::Error::success();
  }
  if (errno != ENOENT)
    return Fail(lastError());
  // A new file (or a dangling link, replaced: never created through).
  if (std::error_code EC = replaceThroughTemp(Path, Contents, nullptr, Note))
    return Fail(EC);
  return llvm::Error::success();
}

bool isWritableFile(llvm::StringRef Path) {
  struct stat St;
  return ::stat(Path.str().c_str(), &St) == 0 && S_ISREG(St.st_mode) &&
         (St.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) &&
         ::access(Path.str().c_str(), W_OK) == 0;
}

llvm::Error replaceFileContents(llvm::StringRef Path, llvm::StringRef Old,
                                llvm::StringRef New, std::string *Note,
                                bool *Damaged) {
  ignoreFileSizeSignal();
  struct stat St;
  std::error_code EC;
  bool Lost = false;
  if (::stat(Path.str().c_str(), &St) != 0)
    EC = lastError();
  else if (!S_ISREG(St.st_mode))
    EC = std::make_error_code(std::errc::not_supported);
  else if (St.st_nlink > 1)
    EC = editInPlace(Path, St, Old, New, Lost);
  else
    EC = replaceThroughTemp(Path, New, &St, Note);
  if (Damaged)
    *Damaged = Lost;
  if (EC == std::errc::device_or_resource_busy)
    return llvm::createStringError(EC, "the file changed before it was "
                                       "written");
  if (EC)
    return llvm::createStringError(EC, EC.message());
  return llvm::Error::success();
}

llvm::Error checkNotProtected(llvm::StringRef Option, llvm::StringRef Target,
                              llvm::ArrayRef<ProtectedFile> Protected) {
  for (const ProtectedFile &F : Protected)
    if (!F.Path.empty() && llvm::sys::fs::equivalent(Target, F.Path))
      return llvm::createStringError(
          llvm::formatv("{0}='{1}' is {2}; refusing to overwrite it", Option,
                        Target, F.What)
              .str());
  return llvm::Error::success();
}

} // namespace warpcheck
