#version 450
// SPDX-License-Identifier: MIT
// Samples a cube map in the directions (and at the lods) given in a
// buffer; invocation 0 also writes textureSize after the samples.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform samplerCube tex;
layout(set = 0, binding = 1) buffer In { vec4 v[]; } pts;  // direction, lod
layout(set = 0, binding = 2) buffer Out { vec4 v[]; } o;
layout(push_constant) uniform P { uint count; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i < p.count)
      o.v[i] = textureLod(tex, pts.v[i].xyz, pts.v[i].w);
   if (i == 0u)
      o.v[p.count] = vec4(vec2(textureSize(tex, 0)), 0.0, 0.0);
}
