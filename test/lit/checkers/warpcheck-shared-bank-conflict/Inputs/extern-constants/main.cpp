#include "scan.h"
int main() {
  uint *d = nullptr;
  for (uint n = MIN_SIZE; n <= MAX_SIZE; n <<= 1)
    for (int i = -1; i < 3; i++)
      scan(d, n);
}
