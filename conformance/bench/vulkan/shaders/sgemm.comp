#version 450
// SPDX-License-Identifier: MIT
// C = A * B, N x N row-major floats, 16x16 tiles in shared memory: the
// compute-bound kernel of vk_compute_bench.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) readonly buffer A { float v[]; } a;
layout(set = 0, binding = 1) readonly buffer B { float v[]; } b;
layout(set = 0, binding = 2) writeonly buffer C { float v[]; } c;
layout(push_constant) uniform P { uint n; } p;
shared float ta[16][16];
shared float tb[16][16];

void main()
{
   uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
   uint ly = gl_LocalInvocationID.y, lx = gl_LocalInvocationID.x;
   float acc = 0.0;
   for (uint t = 0u; t < p.n; t += 16u) {
      ta[ly][lx] = a.v[row * p.n + t + lx];
      tb[ly][lx] = b.v[(t + ly) * p.n + col];
      barrier();
      for (uint k = 0u; k < 16u; k++)
         acc += ta[ly][k] * tb[k][lx];
      barrier();
   }
   c.v[row * p.n + col] = acc;
}
