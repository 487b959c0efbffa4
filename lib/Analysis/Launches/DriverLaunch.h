//===--- DriverLaunch.h - Kernels launched by name through the driver API -===//
//
// `cuModuleGetFunction(&f, module, "matrixMulCUDA_block32");
// cuLaunchKernel(f, gx, gy, gz, threads.x, threads.y, threads.z, ...)`:
// host code that loads a kernel by name (a cubin, a fatbin, NVRTC) and
// launches it through the driver API. The kernel is an `extern "C"`
// function of a .cu compiled on its own; the launch gives it its block
// shape, matched by name. Only a local CUfunction that nothing but
// cuModuleGetFunction writes is followed; a cuModuleGetFunction under an
// `if` the host evaluator decides the other way does not run.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_DRIVERLAUNCH_H
#define WARPCHECK_ANALYSIS_LAUNCHES_DRIVERLAUNCH_H

#include "Host/CallGraph.h"
#include "Host/HostValue.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// One cuLaunchKernel (or cuLaunchCooperativeKernel) call.
struct DriverLaunch {
  /// The kernel names the CUfunction can hold, with where each was looked
  /// up ("cuModuleGetFunction at main.cpp:122"); empty when not followed.
  std::vector<std::pair<std::string, std::string>> Names;
  /// The block shapes; nullopt when not followed (WhyNot says why).
  std::optional<HostEvaluator::Dims> Blocks;
  std::string WhyNot;
  /// "main.cpp:131".
  std::string Location;
};

/// Every driver-API launch of the translation unit.
std::vector<DriverLaunch> driverLaunches(const clang::ASTContext &Ctx,
                                         const CallGraph &Calls,
                                         HostEvaluator &Eval);

} // namespace warpcheck

#endif
