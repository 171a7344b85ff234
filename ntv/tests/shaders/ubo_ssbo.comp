#version 450
// Explicit layouts: std140 UBO with a row-major matrix, std430 SSBO with a
// runtime array, shared memory, barriers, atomics.
layout(local_size_x = 64) in;
struct Item {
   vec3 pos;
   float weight;
   mat2x3 m;
};
layout(set = 0, binding = 0, std140) uniform Params {
   layout(row_major) mat4 transform;
   vec4 bias[4];
   uint count;
} params;
layout(set = 0, binding = 1, std430) buffer Data {
   uint counter;
   Item items[];
} data;
layout(set = 1, binding = 0, std430) readonly buffer Input {
   float values[];
} inputs;
shared float partial[64];

void main()
{
   uint i = gl_GlobalInvocationID.x;
   partial[gl_LocalInvocationIndex] = inputs.values[i];
   barrier();
   if (gl_LocalInvocationIndex == 0) {
      float sum = 0.0;
      for (uint k = 0; k < 64; k++)
         sum += partial[k];
      uint slot = atomicAdd(data.counter, 1u);
      if (slot < params.count && slot < data.items.length()) {
         vec4 p = params.transform * vec4(sum) + params.bias[slot & 3u];
         data.items[slot].pos = p.xyz;
         data.items[slot].weight = p.w;
         data.items[slot].m = mat2x3(p.xyz, p.zyx);
      }
   }
}
