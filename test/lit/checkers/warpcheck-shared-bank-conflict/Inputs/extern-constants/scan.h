typedef unsigned int uint;
extern "C" const uint MIN_SIZE;
extern "C" const uint MAX_SIZE;
extern "C" void scan(uint *d, uint n);
