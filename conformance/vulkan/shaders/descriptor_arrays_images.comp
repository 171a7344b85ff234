#version 450
// SPDX-License-Identifier: MIT
// Arrays of combined image samplers and storage images indexed by push
// constants: shader{Sampled,Storage}ImageArrayDynamicIndexing.
layout(local_size_x = 16) in;
layout(set = 0, binding = 2) uniform usampler2D texs[2];
layout(set = 0, binding = 3, r32ui) uniform uimage2D imgs[2];
layout(set = 0, binding = 4) buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint b, u, t, i; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i * 4u + 2u] = texelFetch(texs[p.t], ivec2(i % 4u, 0), 0).x;
   o.v[i * 4u + 3u] = imageLoad(imgs[p.i], ivec2(i % 4u, 0)).x;
   // Writes through an array element too.
   imageStore(imgs[p.i], ivec2(i % 4u, 1), uvec4(i % 4u + 7u));
}
