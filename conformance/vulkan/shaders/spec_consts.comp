#version 450
// SPDX-License-Identifier: MIT
// Specialization constants: the workgroup size, scalars of several types,
// and a constant expression built from them.
layout(local_size_x_id = 0, local_size_y = 1) in;
layout(constant_id = 1) const int SCALE = 2;
layout(constant_id = 2) const bool NEGATE = false;
layout(constant_id = 3) const float OFFSET = 0.5;
layout(constant_id = 4) const uint MASK = 0xffu;
const int SCALE2 = SCALE * SCALE + 1;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   int x = int(i) * SCALE2;
   if (NEGATE)
      x = -x;
   o.v[i * 4u + 0u] = uint(x);
   o.v[i * 4u + 1u] = floatBitsToUint(float(i) + OFFSET);
   o.v[i * 4u + 2u] = i & MASK;
   o.v[i * 4u + 3u] = gl_WorkGroupSize.x;
}
