#version 450
// SPDX-License-Identifier: MIT
// vk_version_test: workgroup memory with a null initializer
// (VK_KHR_zero_initialize_workgroup_memory) reads zero before any store:
// each invocation reads its neighbour's slot first, then every slot is
// written with garbage the next workgroup must not see.
#extension GL_EXT_null_initializer : require
layout(local_size_x = 64) in;
shared uint s[256] = {};
shared uvec4 v = {};
layout(set = 0, binding = 0) buffer Out { uint o[]; };
void main()
{
   uint l = gl_LocalInvocationIndex;
   uint g = gl_GlobalInvocationID.x;
   o[g] = s[(l * 4u + 7u) % 256u] | s[l] | v.x | v.y | v.z | v.w;
   barrier();
   for (uint i = 0u; i < 4u; i++)
      s[l * 4u + i] = 0xdead0000u | g;
   v = uvec4(g + 1u);
}
