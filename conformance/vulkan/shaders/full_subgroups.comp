#version 450
// SPDX-License-Identifier: MIT
// vk_version_test: subgroup size control. Each invocation records the
// subgroup size and how many invocations of its subgroup are active; with
// REQUIRE_FULL_SUBGROUPS and the required size, every subgroup is full.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;

void main()
{
   uint g = gl_GlobalInvocationID.x;
   o.v[g * 2u] = gl_SubgroupSize;
   o.v[g * 2u + 1u] = subgroupBallotBitCount(subgroupBallot(true));
}
