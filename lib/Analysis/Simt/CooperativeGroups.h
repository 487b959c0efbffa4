//===--- CooperativeGroups.h - Which group a handle names -------*- C++ -*-===//
//
// The engine decides a cooperative group's members (thread_rank, size,
// shuffles) from the group's static type; a type-erased `thread_group`
// parameter names the group its call passed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_COOPERATIVEGROUPS_H
#define WARPCHECK_ANALYSIS_SIMT_COOPERATIVEGROUPS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

namespace warpcheck {
namespace simt {

struct Frame;

/// The threads of a group of static type Class in a block of N threads:
/// N for thread_block, K for thread_block_tile<K>, 0 when the type does
/// not say.
unsigned groupSize(const clang::CXXRecordDecl *Class, unsigned N);

/// The threads of the group a `thread_group` parameter holds in frame F:
/// the group size of the call's argument before its conversion to
/// thread_group (a copy through the base class), when the parameter is a
/// by-value parameter of F's function that the function never changes; 0
/// otherwise.
unsigned erasedGroupSize(const clang::Expr *Object, const Frame &F, unsigned N);

} // namespace simt
} // namespace warpcheck

#endif
