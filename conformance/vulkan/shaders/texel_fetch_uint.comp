#version 450
// SPDX-License-Identifier: MIT
// Every texel of a sampled image, fetched (texelFetch) into a buffer.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform usampler2D tex;
layout(set = 0, binding = 1) buffer Out { uvec4 v[]; } o;

void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   ivec2 s = textureSize(tex, 0);
   if (all(lessThan(p, s)))
      o.v[p.y * s.x + p.x] = texelFetch(tex, p, 0);
}
