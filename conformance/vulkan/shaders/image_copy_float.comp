#version 450
// SPDX-License-Identifier: MIT
// dst = src texel by texel through format-less image2D load/store
// (shaderStorageImageReadWithoutFormat, shaderStorageImageWriteWithoutFormat).
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform readonly image2D src;
layout(set = 0, binding = 1) uniform writeonly image2D dst;

void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   if (all(lessThan(p, imageSize(src))))
      imageStore(dst, p, imageLoad(src, p));
}
