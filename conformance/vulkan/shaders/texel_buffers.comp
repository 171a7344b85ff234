#version 450
// SPDX-License-Identifier: MIT
// Texel buffers: a uniform texel buffer (rgba8 unorm, texelFetch), a
// storage texel buffer (r32f load/store) and an atomic one (r32ui).
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform samplerBuffer colors;
layout(set = 0, binding = 1, r32f) uniform imageBuffer values;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer counts;
layout(set = 0, binding = 3) buffer Out { vec4 v[]; } o;

void main()
{
   int i = int(gl_GlobalInvocationID.x);
   o.v[i] = texelFetch(colors, i);
   float x = imageLoad(values, i).x;
   imageStore(values, i, vec4(x * 2.0 + 1.0));
   imageAtomicAdd(counts, i % 8, 1u);
   if (i == 0)
      o.v[1024] = vec4(float(textureSize(colors)), float(imageSize(values)), 0.0, 0.0);
}
