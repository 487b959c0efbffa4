//===--- DeviceWarpSize.h - The warp size the runtime reports ---*- C++ -*-===//
//
// Host code often asks the runtime for the warp size (`prop.warpSize` of a
// cudaDeviceProp, or cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev))
// and launches with it. It is 32 on every NVIDIA GPU: the model's WarpSize.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_DEVICEWARPSIZE_H
#define WARPCHECK_ANALYSIS_HOST_DEVICEWARPSIZE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>
#include <string>

namespace warpcheck {

/// The device's warp size where E reads it from the CUDA runtime: the
/// `warpSize` member of a cudaDeviceProp or a local integer that only
/// cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, dev) writes, queried
/// unconditionally before E. Via says how; nullopt for anything else.
std::optional<int64_t> deviceWarpSize(const clang::Expr *E,
                                      const clang::ASTContext &Ctx,
                                      std::string &Via);

} // namespace warpcheck

#endif
