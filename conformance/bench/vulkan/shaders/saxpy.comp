#version 450
// SPDX-License-Identifier: MIT
// y = a * x + y: the bandwidth-bound kernel of vk_compute_bench.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { float v[]; } x;
layout(set = 0, binding = 1) buffer Y { float v[]; } y;
layout(push_constant) uniform P { float a; uint n; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i < p.n)
      y.v[i] = p.a * x.v[i] + y.v[i];
}
