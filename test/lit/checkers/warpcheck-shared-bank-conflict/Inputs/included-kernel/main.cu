#include "kernel.cu"

void run(unsigned threads) {
  dim3 block(1, 1, 1);
  block.x = threads;
  encode<<<16, block>>>(nullptr);
}

int main() {
  unsigned threads = 128;
  run(threads);
  return 0;
}
