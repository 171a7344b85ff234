#version 450
// SPDX-License-Identifier: MIT
// textureGrad of a 2D texture: per point (u, v, du/dx, dv/dx) and
// (du/dy, dv/dy, -, -) from a buffer.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) buffer In { vec4 v[]; } pts;
layout(set = 0, binding = 2) buffer Out { vec4 v[]; } o;
layout(push_constant) uniform P { uint count; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i < p.count) {
      vec4 a = pts.v[2u * i], b = pts.v[2u * i + 1u];
      o.v[i] = textureGrad(tex, a.xy, a.zw, b.xy);
   }
}
