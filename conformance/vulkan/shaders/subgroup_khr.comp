#version 450
// SPDX-License-Identifier: MIT
// The same ballot and vote results through the Vulkan 1.1 subgroup
// operations (GL_KHR_shader_subgroup), for devices without the 1.0
// extensions.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;

void main()
{
   uint g = gl_GlobalInvocationID.x;
   uint x = src.v[g];
   uint lane = gl_SubgroupInvocationID;
   uvec4 bal = subgroupBallot(x % 3u == 0u);
   uint base = g * 8u;
   o.v[base + 0u] = gl_SubgroupSize;
   o.v[base + 1u] = lane;
   o.v[base + 2u] = bal.x ^ bal.y;
   o.v[base + 3u] = subgroupBroadcast(x, 3u);
   o.v[base + 4u] = subgroupBroadcastFirst(x + 1000u);
   o.v[base + 5u] = (subgroupAny(x == 7u) ? 1u : 0u) | (subgroupAll(x < 100u) ? 2u : 0u) |
                    (subgroupAllEqual(x / 1000u) ? 4u : 0u);
   o.v[base + 6u] = gl_SubgroupEqMask.x ^ gl_SubgroupLtMask.x;
   uint d = 0u;
   if ((x & 1u) == 1u)
      d = subgroupBallot(true).x;
   o.v[base + 7u] = d;
}
