#version 450
// SPDX-License-Identifier: MIT
// Reads and writes far past the end of a buffer (robustBufferAccess: reads
// give zero or values from the buffer, writes stay inside it or vanish).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } dst;
layout(push_constant) uniform P { uint stride; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   dst.v[i] = src.v[i * p.stride];
   src.v[i * p.stride + 1000000u] = 7u;
}
