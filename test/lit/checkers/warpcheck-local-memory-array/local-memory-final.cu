// The verdict is about the final machine code. A depot ptxas moves back to
// registers is a remark with the reason and the size, not a warning; a
// depot ptxas keeps is a warning with a note that says why ptxas keeps it;
// -G keeps everything. Each kernel's frame was checked against ptxas and
// the SASS of nvcc 13 for sm_90 (docs/local-memory.md).
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %warpcheck --checks='-*,warpcheck-local-*' --format=json %s -- | FileCheck %s --check-prefix=JSON
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/final.cu
// RUN: printf 'CheckOptions:\n  warpcheck-local-memory-array.DeviceDebug: true\n' > %t/.warpcheck.yaml
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %t/final.cu -- 2>&1 | FileCheck %s --check-prefix=DEBUG

// A 32-byte array indexed by a lane: PTX has a depot, ptxas promotes it.
__global__ void promoted(const float *in, float *out) {
  float w[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[threadIdx.x % 8];
}
// REMARK: final.cu:[[@LINE-2]]:22: remark: 'w' (32 bytes) is in a local depot in PTX, since index 'threadIdx.x % 8' is not known at compile time, but ptxas will keep it in registers: ptxas promotes the kernel's 32-byte local frame of 4-byte elements to registers (frame demand 8 of at most 72 words, 0 words live across)

// A 16-byte array chosen by a runtime select: promoted too.
__global__ void selected(const float *in, float *out, int flag) {
  float w[4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[flag ? 1 : 2];
}
// REMARK: final.cu:[[@LINE-2]]:22: remark: 'w' (16 bytes) is in a local depot in PTX, since index 'flag ? 1 : 2' is not known at compile time, but ptxas will keep it in registers

// 512 bytes: ptxas keeps the depot.
__global__ void tooBig(const float *in, float *out) {
  float w[128];
#pragma unroll
  for (int j = 0; j < 128; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[threadIdx.x % 128];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'w' (512 bytes) will live in local memory: index 'threadIdx.x % 128' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: the index depends on 'threadIdx.x'
  // CHECK-MESSAGES: :[[@LINE-7]]:9: note: ptxas keeps the 512-byte depot: ptxas moves only depots of up to 256 bytes to registers
}

// Bytes: ptxas promotes only 4-byte elements.
__global__ void bytes(const float *in, float *out) {
  char w[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    w[j] = (char)in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[threadIdx.x % 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'w' (8 bytes) will live in local memory: index 'threadIdx.x % 8' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-6]]:8: note: ptxas keeps the 8-byte depot: its elements are 1 byte wide, and ptxas moves only depots of 4-byte elements to registers
}

// Read and written in a loop with a run-time trip count: kept at 32 bytes.
__global__ void readWriteLoop(const float *in, float *out, int n) {
  float a[8] = {};
  for (int j = 0; j < n; ++j)
    a[j % 8] += in[threadIdx.x + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'a' (32 bytes) will live in local memory: index 'j % 8' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll
  // CHECK-MESSAGES: :[[@LINE-4]]:9: note: ptxas keeps the 32-byte depot: it is read and written with an index that changes in a loop the compiler keeps, and ptxas moves such depots to registers only up to 16 bytes
  out[threadIdx.x] = a[0] + a[3];
}

// Only read in that loop: promoted.
__global__ void readLoop(const float *in, float *out, int n) {
  float a[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    a[j] = in[j * blockDim.x + threadIdx.x];
  float s = 0;
  for (int j = 0; j < n; ++j)
    s += a[j % 8];
  out[threadIdx.x] = s;
}
// REMARK: final.cu:[[@LINE-3]]:10: remark: 'a' (32 bytes) is in a local depot in PTX

// Values live across the access (each needed after it, in a chain that
// starts from the element read) compete for the registers: with 80 ptxas
// still promotes the 16 bytes, with 96 it keeps them.
__global__ void pressure80(const float *in, float *out) {
  float p0 = in[0], p1 = in[1], p2 = in[2], p3 = in[3], p4 = in[4], p5 =
        in[5], p6 = in[6], p7 = in[7], p8 = in[8], p9 = in[9], p10 = in[10],
        p11 = in[11], p12 = in[12], p13 = in[13], p14 = in[14], p15 = in[15],
        p16 = in[16], p17 = in[17], p18 = in[18], p19 = in[19], p20 = in[20],
        p21 = in[21], p22 = in[22], p23 = in[23], p24 = in[24], p25 = in[25],
        p26 = in[26], p27 = in[27], p28 = in[28], p29 = in[29], p30 = in[30],
        p31 = in[31], p32 = in[32], p33 = in[33], p34 = in[34], p35 = in[35],
        p36 = in[36], p37 = in[37], p38 = in[38], p39 = in[39], p40 = in[40],
        p41 = in[41], p42 = in[42], p43 = in[43], p44 = in[44], p45 = in[45],
        p46 = in[46], p47 = in[47], p48 = in[48], p49 = in[49], p50 = in[50],
        p51 = in[51], p52 = in[52], p53 = in[53], p54 = in[54], p55 = in[55],
        p56 = in[56], p57 = in[57], p58 = in[58], p59 = in[59], p60 = in[60],
        p61 = in[61], p62 = in[62], p63 = in[63], p64 = in[64], p65 = in[65],
        p66 = in[66], p67 = in[67], p68 = in[68], p69 = in[69], p70 = in[70],
        p71 = in[71], p72 = in[72], p73 = in[73], p74 = in[74], p75 = in[75],
        p76 = in[76], p77 = in[77], p78 = in[78], p79 = in[79];
  float w[4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  float r = w[threadIdx.x % 4];
  // REMARK: final.cu:[[@LINE-1]]:13: remark: 'w' (16 bytes) is in a local depot in PTX, since index 'threadIdx.x % 4' is not known at compile time, but ptxas will keep it in registers: ptxas promotes the kernel's 16-byte local frame of 4-byte elements to registers (frame demand 4 of at most 72 words, 81 words live across)
  r = r * p0 + p3; r = r * p1 + p10; r = r * p2 + p17; r = r * p3 + p24; r = r
  * p4 + p31; r = r * p5 + p38; r = r * p6 + p45; r = r * p7 + p52; r = r * p8
  + p59; r = r * p9 + p66; r = r * p10 + p73; r = r * p11 + p0; r = r * p12 +
  p7; r = r * p13 + p14; r = r * p14 + p21; r = r * p15 + p28; r = r * p16 +
  p35; r = r * p17 + p42; r = r * p18 + p49; r = r * p19 + p56; r = r * p20 +
  p63; r = r * p21 + p70; r = r * p22 + p77; r = r * p23 + p4; r = r * p24 +
  p11; r = r * p25 + p18; r = r * p26 + p25; r = r * p27 + p32; r = r * p28 +
  p39; r = r * p29 + p46; r = r * p30 + p53; r = r * p31 + p60; r = r * p32 +
  p67; r = r * p33 + p74; r = r * p34 + p1; r = r * p35 + p8; r = r * p36 +
  p15; r = r * p37 + p22; r = r * p38 + p29; r = r * p39 + p36; r = r * p40 +
  p43; r = r * p41 + p50; r = r * p42 + p57; r = r * p43 + p64; r = r * p44 +
  p71; r = r * p45 + p78; r = r * p46 + p5; r = r * p47 + p12; r = r * p48 +
  p19; r = r * p49 + p26; r = r * p50 + p33; r = r * p51 + p40; r = r * p52 +
  p47; r = r * p53 + p54; r = r * p54 + p61; r = r * p55 + p68; r = r * p56 +
  p75; r = r * p57 + p2; r = r * p58 + p9; r = r * p59 + p16; r = r * p60 +
  p23; r = r * p61 + p30; r = r * p62 + p37; r = r * p63 + p44; r = r * p64 +
  p51; r = r * p65 + p58; r = r * p66 + p65; r = r * p67 + p72; r = r * p68 +
  p79; r = r * p69 + p6; r = r * p70 + p13; r = r * p71 + p20; r = r * p72 +
  p27; r = r * p73 + p34; r = r * p74 + p41; r = r * p75 + p48; r = r * p76 +
  p55; r = r * p77 + p62; r = r * p78 + p69; r = r * p79 + p76;
  out[threadIdx.x] = r;
}

__global__ void pressure96(const float *in, float *out) {
  float p0 = in[0], p1 = in[1], p2 = in[2], p3 = in[3], p4 = in[4], p5 =
        in[5], p6 = in[6], p7 = in[7], p8 = in[8], p9 = in[9], p10 = in[10],
        p11 = in[11], p12 = in[12], p13 = in[13], p14 = in[14], p15 = in[15],
        p16 = in[16], p17 = in[17], p18 = in[18], p19 = in[19], p20 = in[20],
        p21 = in[21], p22 = in[22], p23 = in[23], p24 = in[24], p25 = in[25],
        p26 = in[26], p27 = in[27], p28 = in[28], p29 = in[29], p30 = in[30],
        p31 = in[31], p32 = in[32], p33 = in[33], p34 = in[34], p35 = in[35],
        p36 = in[36], p37 = in[37], p38 = in[38], p39 = in[39], p40 = in[40],
        p41 = in[41], p42 = in[42], p43 = in[43], p44 = in[44], p45 = in[45],
        p46 = in[46], p47 = in[47], p48 = in[48], p49 = in[49], p50 = in[50],
        p51 = in[51], p52 = in[52], p53 = in[53], p54 = in[54], p55 = in[55],
        p56 = in[56], p57 = in[57], p58 = in[58], p59 = in[59], p60 = in[60],
        p61 = in[61], p62 = in[62], p63 = in[63], p64 = in[64], p65 = in[65],
        p66 = in[66], p67 = in[67], p68 = in[68], p69 = in[69], p70 = in[70],
        p71 = in[71], p72 = in[72], p73 = in[73], p74 = in[74], p75 = in[75],
        p76 = in[76], p77 = in[77], p78 = in[78], p79 = in[79], p80 = in[80],
        p81 = in[81], p82 = in[82], p83 = in[83], p84 = in[84], p85 = in[85],
        p86 = in[86], p87 = in[87], p88 = in[88], p89 = in[89], p90 = in[90],
        p91 = in[91], p92 = in[92], p93 = in[93], p94 = in[94], p95 = in[95];
  float w[4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  float r = w[threadIdx.x % 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'w' (16 bytes) will live in local memory: index 'threadIdx.x % 4' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-6]]:9: note: ptxas keeps the 16-byte depot: 97 words of values are live across the access besides the 4-word frame, over the 88 with which ptxas still promotes
  r = r * p0 + p3; r = r * p1 + p10; r = r * p2 + p17; r = r * p3 + p24; r = r
  * p4 + p31; r = r * p5 + p38; r = r * p6 + p45; r = r * p7 + p52; r = r * p8
  + p59; r = r * p9 + p66; r = r * p10 + p73; r = r * p11 + p80; r = r * p12 +
  p87; r = r * p13 + p94; r = r * p14 + p5; r = r * p15 + p12; r = r * p16 +
  p19; r = r * p17 + p26; r = r * p18 + p33; r = r * p19 + p40; r = r * p20 +
  p47; r = r * p21 + p54; r = r * p22 + p61; r = r * p23 + p68; r = r * p24 +
  p75; r = r * p25 + p82; r = r * p26 + p89; r = r * p27 + p0; r = r * p28 +
  p7; r = r * p29 + p14; r = r * p30 + p21; r = r * p31 + p28; r = r * p32 +
  p35; r = r * p33 + p42; r = r * p34 + p49; r = r * p35 + p56; r = r * p36 +
  p63; r = r * p37 + p70; r = r * p38 + p77; r = r * p39 + p84; r = r * p40 +
  p91; r = r * p41 + p2; r = r * p42 + p9; r = r * p43 + p16; r = r * p44 +
  p23; r = r * p45 + p30; r = r * p46 + p37; r = r * p47 + p44; r = r * p48 +
  p51; r = r * p49 + p58; r = r * p50 + p65; r = r * p51 + p72; r = r * p52 +
  p79; r = r * p53 + p86; r = r * p54 + p93; r = r * p55 + p4; r = r * p56 +
  p11; r = r * p57 + p18; r = r * p58 + p25; r = r * p59 + p32; r = r * p60 +
  p39; r = r * p61 + p46; r = r * p62 + p53; r = r * p63 + p60; r = r * p64 +
  p67; r = r * p65 + p74; r = r * p66 + p81; r = r * p67 + p88; r = r * p68 +
  p95; r = r * p69 + p6; r = r * p70 + p13; r = r * p71 + p20; r = r * p72 +
  p27; r = r * p73 + p34; r = r * p74 + p41; r = r * p75 + p48; r = r * p76 +
  p55; r = r * p77 + p62; r = r * p78 + p69; r = r * p79 + p76; r = r * p80 +
  p83; r = r * p81 + p90; r = r * p82 + p1; r = r * p83 + p8; r = r * p84 +
  p15; r = r * p85 + p22; r = r * p86 + p29; r = r * p87 + p36; r = r * p88 +
  p43; r = r * p89 + p50; r = r * p90 + p57; r = r * p91 + p64; r = r * p92 +
  p71; r = r * p93 + p78; r = r * p94 + p85; r = r * p95 + p92;
  out[threadIdx.x] = r;
}

int main() {
  promoted<<<1, 32>>>(nullptr, nullptr);
  selected<<<1, 32>>>(nullptr, nullptr, 1);
  tooBig<<<1, 32>>>(nullptr, nullptr);
  bytes<<<1, 32>>>(nullptr, nullptr);
  readWriteLoop<<<1, 32>>>(nullptr, nullptr, 8);
  readLoop<<<1, 32>>>(nullptr, nullptr, 8);
  pressure80<<<1, 32>>>(nullptr, nullptr);
  pressure96<<<1, 32>>>(nullptr, nullptr);
}

// JSON: "diagnostics": [
// JSON: "level": "remark",
// JSON-NEXT: "line": 19,
// JSON-NEXT: "message": "'w' (32 bytes) is in a local depot in PTX
// JSON: "level": "warning",
// JSON-NEXT: "line": 39,
// JSON: "local_arrays": [
// JSON: "final_reason": "ptxas promotes the kernel's 32-byte local frame of 4-byte elements to registers (frame demand 8 of at most 72 words, 0 words live across)",
// JSON-NEXT: "final_status": "registers",
// JSON: "kernel": "promoted",
// JSON: "ptx_status": "local",
// JSON: "final_reason": "ptxas moves only depots of up to 256 bytes to registers",
// JSON-NEXT: "final_status": "local",
// JSON: "kernel": "tooBig",
// JSON: "ptx_status": "local",

// DEBUG: final.cu:19:22: warning: 'w' (32 bytes) will live in local memory: the kernel is built for device debugging (nvcc -G), which keeps every per-thread array in local memory
// DEBUG: note: ptxas keeps the 32-byte depot: ptxas does not optimize a -G build
