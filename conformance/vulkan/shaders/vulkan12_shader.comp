#version 450
// SPDX-License-Identifier: MIT
// vk_version_test: the Vulkan 1.2 shader features in one SPIR-V 1.5 module.
//  - uniformBufferStandardLayout: a std430 uniform block (stride 4 arrays);
//  - subgroupBroadcastDynamicId: subgroupBroadcast with an id from memory;
//  - shaderSubgroupExtendedTypes: subgroup arithmetic on 64-bit ints,
//    doubles and 16-bit ints.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_scalar_block_layout : require // std430 on a uniform block
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) uniform U {
   float f[64];
   uint id; /* the broadcast's lane, read at run time */
} u;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;

void main()
{
   uint g = gl_GlobalInvocationID.x;
   uint l = gl_LocalInvocationIndex;
   uint base = g * 8u;
   o.v[base + 0u] = gl_SubgroupID;
   o.v[base + 1u] = gl_SubgroupInvocationID;
   o.v[base + 2u] = floatBitsToUint(u.f[l]);
   o.v[base + 3u] = subgroupBroadcast(g * 7u + 1u, u.id);
   uint64_t s64 = subgroupAdd(uint64_t(g) << 33);
   o.v[base + 4u] = uint(s64);
   o.v[base + 5u] = uint(s64 >> 32);
   o.v[base + 6u] = floatBitsToUint(float(subgroupAdd(double(g) * 0.5)));
   o.v[base + 7u] = uint(int(subgroupMax(int16_t(l) - int16_t(40))) + 1000);
}
