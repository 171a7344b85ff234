#version 450
// vk_version13_test spirv_1_6_module: compiled for Vulkan 1.3 (SPIR-V 1.6:
// entry points list every global, LocalSizeId from specialization
// constants, the terminate instruction for returns in non-entry code).
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint SCALE = 1u;
layout(set = 0, binding = 0, std430) buffer Data {
   uint v[];
} data;

uint f(uint x)
{
   if (x % 3u == 0u)
      return x * SCALE;
   return x + 1u;
}

void main()
{
   uint i = gl_GlobalInvocationID.x;
   data.v[i] = f(i) + subgroupAdd(1u) * 0u + gl_WorkGroupSize.x * 1000u;
}
