#version 450
// Specialization constants, OpSpecConstantOp, spec-sized arrays and
// workgroup size.
layout(local_size_x_id = 0, local_size_y = 2) in;
layout(constant_id = 1) const int COUNT = 4;
layout(constant_id = 2) const bool FLAG = true;
layout(constant_id = 3) const float SCALE = 1.5;
layout(constant_id = 4) const uint MASK = 0xf0u;
const int TWICE = COUNT * 2 + 1;
const uint SHIFTED = (MASK >> 4) | 1u;
const bool BOTH = FLAG && (COUNT > 2);
layout(std430, set = 0, binding = 0) buffer Out { float v[TWICE]; uint u; int n; } o;

void main()
{
   float acc[COUNT];
   for (int i = 0; i < COUNT; i++)
      acc[i] = float(i) * SCALE;
   o.v[gl_LocalInvocationID.x % uint(TWICE)] = acc[COUNT - 1];
   o.u = BOTH ? SHIFTED : gl_WorkGroupSize.x;
   o.n = TWICE;
}
