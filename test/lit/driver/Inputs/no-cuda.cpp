// Plain C++: nothing for warpcheck here.
int add(int a, int b) { return a + b; }
