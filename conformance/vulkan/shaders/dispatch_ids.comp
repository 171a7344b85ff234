#version 450
// SPDX-License-Identifier: MIT
// Every invocation records its ids: for dispatch base and indirect.
layout(local_size_x = 2, local_size_y = 2, local_size_z = 1) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;

void main()
{
   uvec3 g = gl_GlobalInvocationID;
   uvec3 n = gl_NumWorkGroups * gl_WorkGroupSize;
   // Linear index over the whole grid including the base offset region.
   uint idx = (g.z * 64u + g.y) * 64u + g.x;
   o.v[idx] = uvec4(gl_WorkGroupID.x | (gl_WorkGroupID.y << 8) | (gl_WorkGroupID.z << 16),
                    gl_LocalInvocationIndex, n.x | (n.y << 8) | (n.z << 16), 1u);
}
