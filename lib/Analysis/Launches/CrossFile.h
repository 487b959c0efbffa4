//===--- CrossFile.h - Launches in the files next to one --------*- C++ -*-===//
//
// A kernel in a .cu is often launched from host code in a .cpp next to it,
// through a wrapper in the .cu whose block parameter the .cpp passes
// (`launch_cudaProcess(grid, dim3(16, 16), ...)`). When a kernel's shape is
// not decided in its own file, the source files in the same directory are
// parsed as the driver parses its inputs (the same compile command), each
// once per run, and what they say is used: the constant shapes of the
// kernels they launch (also by name through the driver API, DriverLaunch.h,
// and kernels of a file they #include that is compiled on its own too),
// and the constant arguments of their calls to functions they do not define.
// The driver passes a SiblingFiles in (AnalysisReport.h); without one (the
// clang-tidy plugin), no other file is read.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_CROSSFILE_H
#define WARPCHECK_ANALYSIS_LAUNCHES_CROSSFILE_H

#include "Host/FieldWrites.h"
#include "Host/HostValue.h"
#include "Launches/BlockShapeChoice.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace warpcheck {

/// Parses File the way the driver parses its inputs and calls Visit with
/// its AST (errors allowed); false when it could not be parsed.
using SiblingParser = std::function<bool(
    const std::string &File, llvm::function_ref<void(clang::ASTContext &)>)>;

/// What one sibling file says about launches.
struct SiblingFacts {
  /// Kernels it launches with constant shapes, by crossFileKey.
  std::map<std::string, std::vector<BlockShapeChoice>> Launched;
  /// Kernels it launches with constant shapes, by where they are defined
  /// (definitionKey): a kernel file it #includes and that is also compiled
  /// on its own has its launches here, `static` kernels included.
  std::map<std::string, std::vector<BlockShapeChoice>> LaunchedAt;
  /// Kernels it launches by name through the driver API, by that name.
  std::map<std::string, std::vector<BlockShapeChoice>> LaunchedByName;
  /// Its launches whose shape is not known, keyed as Launched, LaunchedAt
  /// and LaunchedByName ("the launch at main.cpp:88 is not used: ..."):
  /// the shapes of the kernel's other launches are not every launch's.
  std::map<std::string, std::string> UnresolvedLaunched, UnresolvedAt,
      UnresolvedByName;
  /// A driver-API launch of a kernel not known: any extern "C" kernel may
  /// run with a shape not known. Empty when none.
  std::string UnknownNamedLaunch;
  /// Calls of functions it does not define, by crossFileKey of the callee.
  std::map<std::string, std::vector<ExternalCall>> Calls;
  /// What it stores in fields (FieldWrites.h).
  FieldWrites Fields;
};

/// File's absolute path in the working directory of SM's file system.
std::string absolutePath(clang::FileEntryRef File,
                         const clang::SourceManager &SM);

/// "/abs/kernels.cu:37|name/3": the file and line that define Kernel, with
/// its crossFileKey; empty when it has no file.
std::string definitionKey(const clang::FunctionDecl *Kernel,
                          const clang::ASTContext &Ctx);

/// What the translation unit of Ctx says for the files next to it; with
/// Files, the `extern const` integers it reads are looked up in the files
/// next to Path (its own path).
class SiblingFiles;
SiblingFacts siblingFactsOf(const clang::ASTContext &Ctx,
                            SiblingFiles *Files = nullptr,
                            const std::string &Path = "");

/// The files next to the analyzed ones, each parsed at most once per run
/// (thread-safe: files analyzed with -j share it).
class SiblingFiles {
public:
  explicit SiblingFiles(SiblingParser Parser) : Parser(std::move(Parser)) {}

  /// The facts of every sibling of File (.cpp, .cu, .cc, .cxx files in its
  /// directory, at most 8 of at most 512 KiB each, File excluded).
  std::vector<std::shared_ptr<const SiblingFacts>>
  factsNextTo(const std::string &File);

  /// The facts of every source next to File whose text mentions one of
  /// Names (a field: stored into, `.f = `, `&s.f`, `++s.f`; a record: by
  /// name), File excluded, for a field's stores over the program. nullopt
  /// (WhyNot says why) when one cannot be read: too large, not parsed, more
  /// than a few, or a header that mentions them and Included (the absolute
  /// paths File's translation unit reads) says is not read.
  std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
  factsMentioning(const std::string &File,
                  const std::vector<std::string> &Names,
                  llvm::function_ref<bool(const std::string &)> Included,
                  std::string &WhyNot);

  /// The value of the `const` integer Name (qualified) that the files next
  /// to File define with a constant initializer (each file whose text has
  /// `Name =` parsed once per run), with where; nullopt when none does or
  /// two disagree.
  std::optional<Traced<int64_t>> externConstant(const std::string &File,
                                                const std::string &Name);

private:
  std::shared_ptr<const SiblingFacts> factsOf(const std::string &Path);
  /// The `const` integers with external linkage Path defines, by qualified
  /// name, with their values and lines.
  using Constants = std::map<std::string, std::pair<int64_t, unsigned>>;
  std::shared_ptr<const Constants> constantsOf(const std::string &Path);
  std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
  readMentioning(const std::string &File, const std::vector<std::string> &Names,
                 llvm::function_ref<bool(const std::string &)> Included,
                 std::string &WhyNot);

  struct Entry {
    std::once_flag Once;
    std::shared_ptr<const SiblingFacts> Facts; // null: not parsed
  };
  struct Mentioning {
    std::optional<std::vector<std::shared_ptr<const SiblingFacts>>> Facts;
    std::string WhyNot;
  };
  SiblingParser Parser;
  std::mutex Mutex;
  /// factsMentioning's answers by file and names (headers read by the
  /// file: the same for every question of one file).
  std::map<std::string, std::shared_ptr<const Mentioning>> MentioningCache;
  std::map<std::string, std::shared_ptr<Entry>> Files;
  struct ConstantsEntry {
    std::once_flag Once;
    std::shared_ptr<const Constants> Defined; // null: not parsed
  };
  std::map<std::string, std::shared_ptr<ConstantsEntry>> ConstantFiles;
};

} // namespace warpcheck

#endif
