#include "common.cuh"
#include <cstring>
// Each of these may store anything into 'warp_size'.
void tweak(device_info &i, int n) {
  memset(&i, 0xff, sizeof(i));
  i.devices[1].warp_size += n;
}
