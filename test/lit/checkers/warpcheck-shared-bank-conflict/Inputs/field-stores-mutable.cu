#include "common.cuh"
// Any file may change the table through it, unseen.
device_info &get_info_mut();
