#version 450
// SPDX-License-Identifier: MIT
// Subgroup ballot and vote through the Vulkan 1.0 extensions
// (VK_EXT_shader_subgroup_ballot, VK_EXT_shader_subgroup_vote).
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;

void main()
{
   uint g = gl_GlobalInvocationID.x;
   uint x = src.v[g];
   uint lane = gl_SubGroupInvocationARB;
   uint64_t bal = ballotARB(x % 3u == 0u);
   uint base = g * 8u;
   o.v[base + 0u] = gl_SubGroupSizeARB;
   o.v[base + 1u] = lane;
   o.v[base + 2u] = uint(bal) ^ uint(bal >> 32);
   o.v[base + 3u] = readInvocationARB(x, 3u);
   o.v[base + 4u] = readFirstInvocationARB(x + 1000u);
   o.v[base + 5u] = (anyInvocationARB(x == 7u) ? 1u : 0u) | (allInvocationsARB(x < 100u) ? 2u : 0u) |
                    (allInvocationsEqualARB(x / 1000u == 0u) ? 4u : 0u);
   o.v[base + 6u] = uint(gl_SubGroupEqMaskARB) ^ uint(gl_SubGroupLtMaskARB >> 0);
   // A divergent ballot: only odd inputs take part.
   uint d = 0u;
   if ((x & 1u) == 1u)
      d = uint(ballotARB(true));
   o.v[base + 7u] = d;
}
