void launchIt(int d);
void other() { launchIt(2); }
