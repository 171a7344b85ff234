#version 450
// SPDX-License-Identifier: MIT
// Reads through a push-descriptor set (set 1): two uniform buffers and a
// storage buffer; writes to a normal set (set 0).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
layout(set = 1, binding = 0) uniform U { uvec4 v; } u[2];
layout(set = 1, binding = 1) buffer S { uint v[]; } s;
layout(push_constant) uniform P { uint k; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[p.k * 16u + i] = u[0].v[i % 4u] + u[1].v[i % 4u] * 16u + s.v[i] * 256u;
}
