//===--- FieldWrites.h - Every value a program stores in a field -*- C++
//-*-===//
//
// ggml caches the runtime's warp size in a device table that one function
// of another file fills (`info.devices[id].warp_size = prop.warpSize;`) and
// launches read through an accessor (`ggml_cuda_info().devices[d]
// .warp_size`). No object can be followed there; the field can: when every
// store into it in the program is known, a read has one of those values.
//
// A translation unit's facts list, per integer field of a record of the
// project (not of a system header), the values its stores, initializers
// and zero-initializations give, or why the field may hold anything there:
// a compound assignment, its address taken or a non-const reference bound
// to it, an object left uninitialized (default-initialized on the stack or
// the heap), its record's memory reached through a pointer of another type
// (memcpy, memset, reinterpret_cast, malloc), a store whose value is not
// known. The program is the translation unit and the files next to it that
// mention the field or its record (CrossFile.h); a field of a union, a
// mutable or volatile one, is never followed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_FIELDWRITES_H
#define WARPCHECK_ANALYSIS_HOST_FIELDWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace warpcheck {

class HostEvaluator;

/// What one translation unit stores in one field.
struct FieldWrite {
  /// The values, each with where it is stored ("ggml-cuda.cu:311: ...").
  std::vector<std::pair<int64_t, std::string>> Values;
  /// Non-empty: the field may hold any value; says why.
  std::string Unknown;
};

/// By fieldKey.
using FieldWrites = std::map<std::string, FieldWrite>;

/// "ggml_cuda_device_info::cuda_device_info::warp_size".
std::string fieldKey(const clang::FieldDecl *Field);

/// Whether Field's values can be collected over the program: an integer
/// field, not mutable or volatile, of a record that is not a union and not
/// declared in a system header.
bool followableField(const clang::FieldDecl *Field,
                     const clang::ASTContext &Ctx);

/// The names a file that may store into Field mentions: the field's and
/// those of its record and of the records that hold it by value.
std::vector<std::string> namesOfField(const clang::FieldDecl *Field);

/// The key under which a template's possible store into any field named
/// Name is kept ("*::warp_size").
std::string anyFieldKey(llvm::StringRef Name);

/// What the translation unit of Ctx stores in every followable field, its
/// stored values evaluated by Eval.
FieldWrites fieldWritesOf(const clang::ASTContext &Ctx, HostEvaluator &Eval);

} // namespace warpcheck

#endif
