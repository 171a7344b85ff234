#version 450
// SPDX-License-Identifier: MIT
// Samples a cube map array in the directions and layers given in a buffer
// (xyz direction, w the layer, read as a float); invocation 0 also writes
// textureSize after the samples.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform samplerCubeArray tex;
layout(set = 0, binding = 1) buffer In { vec4 v[]; } pts;
layout(set = 0, binding = 2) buffer Out { vec4 v[]; } o;
layout(push_constant) uniform P { uint count; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i < p.count)
      o.v[i] = textureLod(tex, pts.v[i], 0.0);
   if (i == 0u)
      o.v[p.count] = vec4(vec3(textureSize(tex, 0)), 0.0);
}
