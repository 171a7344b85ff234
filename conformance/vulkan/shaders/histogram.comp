#version 450
// SPDX-License-Identifier: MIT
// A histogram with atomics: per-workgroup bins in shared memory, merged
// into the global bins with buffer atomics; also the global maximum.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Bins { uint maxv; uint bins[32]; } hist;
shared uint local_bins[32];

void main()
{
   uint i = gl_LocalInvocationID.x;
   if (i < 32u)
      local_bins[i] = 0u;
   barrier();
   uint x = src.v[gl_GlobalInvocationID.x];
   atomicAdd(local_bins[x % 32u], 1u);
   atomicMax(hist.maxv, x);
   barrier();
   if (i < 32u)
      atomicAdd(hist.bins[i], local_bins[i]);
}
