#version 450
// SPDX-License-Identifier: MIT
// Array layers and depth compare: sampler2DArray at (u, v, layer) and a
// sampler2DShadow against a reference, plus size and level queries.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform sampler2DArray arr;
layout(set = 0, binding = 1) uniform sampler2DShadow shadow;
layout(set = 0, binding = 2) buffer In { vec4 v[]; } pts;  // u, v, layer, ref
layout(set = 0, binding = 3) buffer Out { vec4 v[]; } o;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   vec4 q = pts.v[i];
   o.v[2u * i] = textureLod(arr, q.xyz, 0.0);
   o.v[2u * i + 1u] = vec4(textureLod(shadow, vec3(q.xy, q.w), 0.0),
                           float(textureSize(arr, 0).z), float(textureQueryLevels(arr)),
                           float(textureSize(shadow, 1).x));
}
