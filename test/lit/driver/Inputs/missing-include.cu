#include "this_header_does_not_exist.h"
__global__ void k(int *out) { out[0] = 0; }
