// Host code next to kernels.cu (block-shapes-cross-file.test).
int atoi(const char *);
void launchScan(int *out, dim3 block);
void launchRuntime(int *out, int threads);
__global__ void launchedThere(int *out);

int main(int argc, char **argv) {
  dim3 tile(32, 4);
  launchScan(nullptr, tile);
  launchScan(nullptr, dim3(16, 16));
  launchedThere<<<1, 64>>>(nullptr);
  launchRuntime(nullptr, atoi(argv[1]));
  void launchStrided(int *out, int d);
  launchStrided(nullptr, 16);
}
