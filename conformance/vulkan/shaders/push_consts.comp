#version 450
// SPDX-License-Identifier: MIT
// Push constants of several types at their std430 offsets, combined with
// the invocation id so each invocation writes something different.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(push_constant) uniform P {
   uint a;       // 0
   float b;      // 4
   uvec2 c;      // 8
   vec4 d;       // 16
   int e[3];     // 32
} p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i] = uvec4(p.a + i, floatBitsToUint(p.b * float(i + 1u)), p.c.x ^ p.c.y,
                  floatBitsToUint(p.d[i % 4u]) + uint(p.e[i % 3u]));
}
