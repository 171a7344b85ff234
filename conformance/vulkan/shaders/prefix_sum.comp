#version 450
// SPDX-License-Identifier: MIT
// Inclusive prefix sum of each workgroup's 256 values (Hillis-Steele in
// shared memory, two barriers per step), plus each workgroup's total.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } dst;
layout(set = 0, binding = 2) buffer Totals { uint v[]; } totals;
shared uint s[256];

void main()
{
   uint i = gl_LocalInvocationID.x;
   s[i] = src.v[gl_GlobalInvocationID.x];
   barrier();
   for (uint d = 1u; d < 256u; d <<= 1) {
      uint add = i >= d ? s[i - d] : 0u;
      barrier();
      s[i] += add;
      barrier();
   }
   dst.v[gl_GlobalInvocationID.x] = s[i];
   if (i == 255u)
      totals.v[gl_WorkGroupID.x] = s[i];
}
