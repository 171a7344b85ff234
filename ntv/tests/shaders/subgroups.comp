#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
// vulkan1.1: subgroup operations.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0, std430) buffer Data {
   float f[];
} data;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   float v = data.f[i];
   uvec4 b = subgroupBallot(v > 0.0);
   float r = subgroupAdd(v) + subgroupInclusiveMul(v) + subgroupExclusiveMax(v) +
             subgroupClusteredMin(v, 4u) + subgroupShuffle(v, 3u) + subgroupShuffleXor(v, 1u) +
             subgroupShuffleUp(v, 1u) + subgroupShuffleDown(v, 2u) + subgroupBroadcast(v, 5u) +
             subgroupBroadcastFirst(v) + subgroupQuadBroadcast(v, 1u) +
             subgroupQuadSwapHorizontal(v) + subgroupQuadSwapDiagonal(v) +
             float(subgroupBallotBitCount(b)) + float(subgroupBallotFindLSB(b)) +
             float(subgroupElect()) + float(subgroupAll(v > 1.0)) +
             float(subgroupAllEqual(v)) + float(gl_SubgroupSize + gl_SubgroupInvocationID) +
             float(subgroupInverseBallot(b)) + float(subgroupBallotBitExtract(b, 3u)) +
             float(gl_SubgroupEqMask.x);
   data.f[i] = r;
}
