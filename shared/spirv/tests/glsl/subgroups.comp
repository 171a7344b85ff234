#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
// The GroupNonUniform family.
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) buffer B { uint u[]; } b;
layout(std430, set = 0, binding = 1) buffer F { float f[64]; uvec4 masks[]; } fb;

void main()
{
   uint i = gl_SubgroupInvocationID;
   uint x = b.u[gl_GlobalInvocationID.x];
   float y = fb.f[i];
   bool e = subgroupElect();
   bool all_ = subgroupAll(x > 3u);
   bool any_ = subgroupAny(x == 0u);
   bool eq = subgroupAllEqual(y);
   uvec4 bal = subgroupBallot(x > 2u);
   uint cnt = subgroupBallotBitCount(bal) + subgroupBallotInclusiveBitCount(bal) +
              subgroupBallotExclusiveBitCount(bal) + subgroupBallotFindLSB(bal) +
              subgroupBallotFindMSB(bal);
   bool bit = subgroupBallotBitExtract(bal, 3u) || subgroupInverseBallot(bal);
   uint bc = subgroupBroadcast(x, 5u) + subgroupBroadcastFirst(x);
   uint s = subgroupAdd(x) + subgroupMul(x) + subgroupMin(x) + subgroupMax(x) +
            subgroupAnd(x) + subgroupOr(x) + subgroupXor(x) + subgroupInclusiveAdd(x) +
            subgroupExclusiveMin(x) + subgroupClusteredAdd(x, 4u);
   float fs = subgroupAdd(y) + subgroupExclusiveMul(y) + subgroupMax(y);
   uint sh = subgroupShuffle(x, i ^ 1u) + subgroupShuffleXor(x, 2u) +
             subgroupShuffleUp(x, 1u) + subgroupShuffleDown(x, 1u);
   uint q = subgroupQuadBroadcast(x, 1u) + subgroupQuadSwapHorizontal(x) +
            subgroupQuadSwapVertical(x) + subgroupQuadSwapDiagonal(x);
   fb.masks[i] = gl_SubgroupEqMask | gl_SubgroupGeMask | gl_SubgroupGtMask |
                 gl_SubgroupLeMask | gl_SubgroupLtMask;
   subgroupBarrier();
   subgroupMemoryBarrier();
   b.u[i] = cnt + bc + s + sh + q + gl_SubgroupSize + gl_NumSubgroups + gl_SubgroupID +
            uint(e) + uint(all_) + uint(any_) + uint(eq) + uint(bit) + uint(fs);
}
