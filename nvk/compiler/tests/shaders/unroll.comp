#version 450
// SPDX-License-Identifier: MIT
// Loops the unroller (nvk_nir_opt_loop_unroll) takes apart and loops it
// must leave alone; the results are checked against C either way.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;
layout(set = 0, binding = 2) buffer Trace { uint v[]; } tr;
shared uint tile[64];

void main()
{
   uint g = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
   uint x = src.v[g];
   tile[l] = x;
   barrier();
   uint base = g * 8u;

   // 16 constant steps over shared memory (a matrix-multiply inner loop).
   uint acc = 0u;
   for (uint k = 0u; k < 16u; k++)
      acc += tile[(l + k) % 64u] * (k + 1u);
   o.v[base + 0u] = acc;

   // The exit test after a side effect: the store runs once more than the
   // rest of the body; the counter is read after the loop.
   uint i = 0u;
   uint sum = 0u;
   while (true) {
      tr.v[g * 8u + i] = x + i;
      if (i >= 5u)
         break;
      sum += i * x;
      i++;
   }
   o.v[base + 1u] = sum + i * 1000u;

   // Signed, counting down by 3 from a negative start... to below -20.
   int s = 0;
   for (int j = -2; j > -20; j -= 3)
      s += j * int(x & 7u);
   o.v[base + 2u] = uint(s);

   // Zero trips.
   uint z = 7u;
   for (uint k = 10u; k < 4u; k++)
      z += k;
   o.v[base + 3u] = z + x;

   // A bound that is not a constant: stays a loop.
   uint d = 0u;
   for (uint k = 0u; k < (x & 15u); k++)
      d += k;
   o.v[base + 4u] = d;

   // Too many trips to unroll: stays a loop.
   uint big = x;
   for (uint k = 0u; k < 1000u; k++)
      big = big * 3u + k;
   o.v[base + 5u] = big;

   // Nested constant loops: the inner one first, then the outer one.
   uint n = 0u;
   for (uint a = 0u; a < 3u; a++)
      for (uint b = 0u; b < 4u; b++)
         n += (a * 4u + b) ^ x;
   o.v[base + 6u] = n;

   // Two loop-carried values swapping every iteration (phis are parallel).
   uint p = x, q = 1u;
   for (uint k = 0u; k < 5u; k++) {
      uint t = p;
      p = q + k;
      q = t;
   }
   o.v[base + 7u] = p * 65536u + q;
}
