#version 450
// SPDX-License-Identifier: MIT
// Writes (x / 8, y / 8, 0.5, 1) to every texel of a 2D storage image.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image2D dst;

void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   if (all(lessThan(p, imageSize(dst))))
      imageStore(dst, p, vec4(vec2(p) / 8.0, 0.5, 1.0));
}
