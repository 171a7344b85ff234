#version 450
// SPDX-License-Identifier: MIT
// Vulkan 1.1 subgroup operations on the kx backend (KX_W-lane subgroups).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;

void main()
{
   uint g = gl_GlobalInvocationID.x;
   uint x = src.v[g];
   float f = float(x & 255u) * 0.5;
   uint base = g * 24u;
   o.v[base + 0u] = subgroupAdd(x);
   o.v[base + 1u] = subgroupInclusiveAdd(x);
   o.v[base + 2u] = subgroupExclusiveAdd(x);
   o.v[base + 3u] = subgroupMin(x);
   o.v[base + 4u] = subgroupMax(x);
   o.v[base + 5u] = subgroupAnd(x);
   o.v[base + 6u] = subgroupOr(x);
   o.v[base + 7u] = subgroupXor(x);
   o.v[base + 8u] = subgroupMul(x & 3u);
   o.v[base + 9u] = floatBitsToUint(subgroupAdd(f));
   o.v[base + 10u] = floatBitsToUint(subgroupMax(f));
   o.v[base + 11u] = subgroupClusteredAdd(x, 4u);
   o.v[base + 12u] = subgroupShuffle(x, (gl_SubgroupInvocationID * 7u) % gl_SubgroupSize);
   o.v[base + 13u] = subgroupShuffleXor(x, 5u);
   o.v[base + 14u] = subgroupShuffleUp(x, 3u);
   o.v[base + 15u] = subgroupShuffleDown(x, 2u);
   o.v[base + 16u] = subgroupQuadBroadcast(x, 2u);
   o.v[base + 17u] = subgroupQuadSwapHorizontal(x) + subgroupQuadSwapVertical(x) * 3u +
                     subgroupQuadSwapDiagonal(x) * 5u;
   uvec4 bal = subgroupBallot(x % 3u == 0u);
   o.v[base + 18u] = subgroupBallotBitCount(bal) | (subgroupBallotInclusiveBitCount(bal) << 8) |
                     (subgroupBallotExclusiveBitCount(bal) << 16);
   o.v[base + 19u] = subgroupBallotFindLSB(bal) | (subgroupBallotFindMSB(bal) << 8) |
                     (subgroupBallotBitExtract(bal, 6u) ? 0x10000u : 0u) |
                     (subgroupInverseBallot(bal) ? 0x20000u : 0u);
   o.v[base + 20u] = (subgroupElect() ? 1u : 0u) | (gl_SubgroupID << 4) | (gl_NumSubgroups << 8);
   // Divergence: only odd values run the arithmetic.
   uint d = 0xffffffffu;
   if ((x & 1u) == 1u)
      d = subgroupAdd(x) ^ subgroupInclusiveMin(x);
   o.v[base + 21u] = d;
   o.v[base + 22u] = gl_SubgroupGeMask.x ^ gl_SubgroupGtMask.x ^ gl_SubgroupLeMask.x;
   o.v[base + 23u] = subgroupBroadcast(x, 9u) + subgroupBroadcastFirst(x);
}
