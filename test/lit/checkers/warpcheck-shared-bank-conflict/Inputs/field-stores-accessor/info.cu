#include "common.cuh"
static device_info init() {
  device_info info = {};
  cudaGetDeviceCount(&info.device_count);
  for (int id = 0; id < info.device_count; ++id) {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, id);
    info.devices[id].warp_size = prop.warpSize;
    info.devices[id].cc = 100 * prop.major + 10 * prop.minor;
  }
  return info;
}
const device_info &get_info() {
  static device_info info = init();
  return info;
}
int current_device() {
  int d = 0;
  cudaGetDevice(&d);
  return d;
}
