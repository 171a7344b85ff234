#version 450
// SPDX-License-Identifier: MIT
// Samples an unsigned-integer 2D texture at the coordinates and lods given
// in a buffer.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform usampler2D tex;
layout(set = 0, binding = 1) buffer In { vec4 v[]; } pts;  // u, v, lod, unused
layout(set = 0, binding = 2) buffer Out { uvec4 v[]; } o;
layout(push_constant) uniform P { uint count; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i < p.count)
      o.v[i] = textureLod(tex, pts.v[i].xy, pts.v[i].z);
}
