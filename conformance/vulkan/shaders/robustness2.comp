#version 450
// SPDX-License-Identifier: MIT
// VK_EXT_robustness2: invocation i (0..7) reads and writes element i of a
// 16-byte storage buffer range (4 elements in bounds), reads and writes a
// null storage buffer, reads a null uniform buffer, loads texel (i, 0) of
// 4x4 R32F and RGBA8 storage images (x >= 4 out of bounds), and reads
// null image descriptors.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer Small { uint v[]; } small;
layout(set = 0, binding = 1) buffer Null { uint v[]; } nullbuf;
layout(set = 0, binding = 2) uniform NullU { uvec4 v[4]; } nullubo;
layout(set = 0, binding = 3, r32f) uniform readonly image2D img_r;
layout(set = 0, binding = 4, rgba8) uniform readonly image2D img_rgba;
layout(set = 0, binding = 5, rgba8) uniform readonly image2D img_null;
layout(set = 0, binding = 6) uniform sampler2D tex_null;
layout(set = 0, binding = 7) buffer Out {
   uvec4 a[8];
   vec4 r[8];
   vec4 rgba[8];
   vec4 n[8];
   uvec4 sizes;
} o;

void main()
{
   uint i = gl_LocalInvocationID.x;
   o.a[i] = uvec4(small.v[i], nullbuf.v[i * 1000u], nullubo.v[i & 3u].y, 0u);
   small.v[i + 4u] = 0xdead0000u + i; // always out of bounds: dropped
   nullbuf.v[i] = 7u;                 // null: dropped
   o.r[i] = imageLoad(img_r, ivec2(int(i), 0));
   o.rgba[i] = imageLoad(img_rgba, ivec2(int(i), 0));
   o.n[i] = imageLoad(img_null, ivec2(0)) + texelFetch(tex_null, ivec2(0), 0) +
            textureLod(tex_null, vec2(0.5), 0.0);
   if (i == 0u)
      o.sizes = uvec4(imageSize(img_null), textureSize(tex_null, 0));
}
