#version 450
// Golden: specialization constants, OpSpecConstantOp, workgroup size.
layout(local_size_x_id = 3, local_size_y = 1) in;
layout(constant_id = 0) const int N = 3;
layout(constant_id = 1) const bool ENABLE = false;
layout(constant_id = 2) const uint MASK = 12u;
const int M = N * 4 - 1;
const uint LOW = MASK & 7u;
const bool ON = ENABLE || (N > 2);
layout(std430, set = 0, binding = 0) buffer Out { int m; uint low; uint on; int arr[M]; } o;

void main()
{
   o.m = M;
   o.low = LOW;
   o.on = ON ? 1u : 0u;
   o.arr[M - 1] = int(gl_WorkGroupSize.x);
}
