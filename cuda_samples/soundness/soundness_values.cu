// Soundness suite, part 9 (see soundness.cu): kernel parameters the host
// passes several known values (a loop over sizes, a guard around the
// launch). warpcheck runs such a kernel once per value and merges the runs.
// Each probed load reads S[(lane * d) & 2047]: 1 wavefront for an odd d,
// 2 for d = 2, 8 for d = 8. The values are ordered so that the LAST launch
// (the one Nsight Compute's row keeps) has a count the first one does not:
// a merge that kept one run's answer, or a guard read backwards, shows.
#include "soundness.cuh"

// PROBE load exact 1: launched with d = 1, 3, 5, 7 (a host loop): every
// run is conflict-free.
__global__ void hv_odd_values(const int *in, int *out, int d) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = S[((threadIdx.x % 32) * d) & 2047];
}

// PROBE load unknown: launched with d = 1 then d = 2 (two launches): 1 and
// 2 wavefronts, so no one count holds; a range must cover the last (2).
__global__ void hv_two_values(const int *in, int *out, int d) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = S[((threadIdx.x % 32) * d) & 2047];
}

// PROBE load exact 8: the loop passes 2, 4 and 8, and only d > 4 is
// launched ('if (d > 4)'): the one launch has d = 8 (a guard read
// backwards would keep 2 and 4: 2 to 4 wavefronts).
__global__ void hv_guarded(const int *in, int *out, int d) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = S[((threadIdx.x % 32) * d) & 2047];
}

void launchGuarded(const int *In, int *Out, int D) {
  if (D > 4)
    hv_guarded<<<1, 32>>>(In, Out, D);
}

int main() {
  Harness H;
  auto Zero = [](int) { return 0; };
  auto Strided = [](int D) {
    return [D](int T) { return ((T % 32) * D) & 2047; };
  };
  for (int D = 1; D < 8; D += 2) {
    H.input(Zero);
    hv_odd_values<<<1, 32>>>(H.In, H.Out, D);
    H.expect("hv_odd_values", 32, Strided(D));
  }
  H.input(Zero);
  hv_two_values<<<1, 32>>>(H.In, H.Out, 1);
  H.expect("hv_two_values", 32, Strided(1));
  H.input(Zero);
  hv_two_values<<<1, 32>>>(H.In, H.Out, 2);
  H.expect("hv_two_values", 32, Strided(2));
  for (int D = 2; D <= 8; D *= 2) {
    H.input(Zero);
    launchGuarded(H.In, H.Out, D);
    if (D > 4)
      H.expect("hv_guarded", 32, Strided(D));
  }
  return H.Check.finish("soundness_values");
}
