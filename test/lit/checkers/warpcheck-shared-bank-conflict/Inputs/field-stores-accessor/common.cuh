#pragma once
// ggml's device table: one function of info.cu fills it, launches read it
// through an accessor.
struct device_info {
  int device_count;
  struct per_device {
    int cc;
    int warp_size;
  };
  per_device devices[16] = {};
};
const device_info &get_info();
// Any file may change the table through it, unseen.
device_info &get_info_mut();
int current_device();
