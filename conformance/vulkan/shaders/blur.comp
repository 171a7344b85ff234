#version 450
// SPDX-License-Identifier: MIT
// A 3x3 blur sampled between texels (bilinear filtering, explicit lod 0,
// clamp to edge at the borders), written to an rgba32f storage image.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2D dst;

void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   vec2 size = vec2(textureSize(src, 0));
   if (any(greaterThanEqual(p, ivec2(size))))
      return;
   vec4 acc = vec4(0.0);
   for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
         vec2 uv = (vec2(p) + vec2(0.5) + vec2(dx, dy) * 0.75) / size;
         acc += textureLod(src, uv, 0.0);
      }
   imageStore(dst, p, acc / 9.0);
}
