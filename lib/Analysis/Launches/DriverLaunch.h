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
// A CUfunction a function of the program hands back through a pointer,
// with the block size beside it (`initCUDA(argc, argv, &matrixMul,
// &block_size)`), is followed way by way through that function
// (OutParameters.h): each kernel name takes only the block sizes handed
// back with it.
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

/// A kernel a driver launch runs, with the block shapes it runs with.
struct DriverKernel {
  std::string Name;
  /// Where the name was looked up ("by name from cuModuleGetFunction at
  /// main.cpp:122").
  std::string Via;
  HostEvaluator::Dims Blocks;
};

/// One cuLaunchKernel (or cuLaunchCooperativeKernel) call.
struct DriverLaunch {
  /// The kernels the CUfunction can hold; empty when the launch is not
  /// followed (WhyNot says why).
  std::vector<DriverKernel> Kernels;
  /// When not followed: the kernel names it may launch, if those are
  /// known; empty, any kernel of the module.
  std::vector<std::string> Unshaped;
  std::string WhyNot;
  /// "main.cpp:131".
  std::string Location;
};

/// Every driver-API launch of the translation unit. A function that hands
/// a CUfunction back is run way by way once, however many launches use it.
std::vector<DriverLaunch> driverLaunches(const clang::ASTContext &Ctx,
                                         const CallGraph &Calls,
                                         HostEvaluator &Eval);

} // namespace warpcheck

#endif
