#include "tile_config.h"
__global__ void tile(float *out) {
  __shared__ float s[TILE][TILE + TILE_PAD];
  out[threadIdx.x] = s[threadIdx.x][0];
}
int main() { tile<<<1, TILE>>>(nullptr); }
