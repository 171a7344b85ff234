// SPDX-License-Identifier: MIT
// kiln-demo's compute stage: a Julia set coloured through a sampled palette.
// Exercises a storage image, a combined image sampler with explicit LOD and a
// linear filter, push constants, a data-dependent loop with break, and
// transcendental built-ins.
#version 450
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba8) uniform writeonly image2D out_image;
layout(set = 0, binding = 1) uniform sampler2D palette;

layout(push_constant) uniform Params {
   vec2 c;
   float scale;
   uint size;
} params;

const int MAX_ITER = 96;

void main()
{
   uvec2 p = gl_GlobalInvocationID.xy;
   if (any(greaterThanEqual(p, uvec2(params.size))))
      return;

   vec2 z = (vec2(p) + 0.5) / float(params.size) - 0.5;
   z *= params.scale;
   int i;
   for (i = 0; i < MAX_ITER; i++) {
      z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + params.c;
      if (dot(z, z) > 64.0)
         break;
   }

   vec4 colour = vec4(0.04, 0.04, 0.07, 1.0);
   if (i < MAX_ITER) {
      /* Smooth iteration count, then a walk around the palette. */
      float t = (float(i) + 1.0 - log2(log2(dot(z, z)) * 0.5)) / float(MAX_ITER);
      vec2 uv = vec2(0.125 + 0.75 * fract(t * 2.5), 0.5 + 0.375 * sin(t * 12.566));
      colour = textureLod(palette, uv, 0.0);
      colour.rgb *= 0.35 + 0.65 * sqrt(clamp(t * 4.0, 0.0, 1.0));
   }
   imageStore(out_image, ivec2(p), colour);
}
