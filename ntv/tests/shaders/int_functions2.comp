#version 450
#extension GL_INTEL_shader_integer_functions2 : require
#extension GL_ARB_gpu_shader_int64 : require
// GL_INTEL_shader_integer_functions2: every function, 32- and 64-bit, so
// each SPV_INTEL_shader_integer_functions2 instruction goes through the trip.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer Buf {
   ivec4 i[4];
   uvec4 u[4];
   int64_t l[4];
   uint64_t ul[4];
} buf;
void main()
{
   ivec4 x = buf.i[0], y = buf.i[1];
   uvec4 p = buf.u[0], q = buf.u[1];
   buf.u[2] = countLeadingZeros(p) + countTrailingZeros(q) + absoluteDifference(x, y) +
              absoluteDifference(p, q) + addSaturate(p, q) + average(p, q) +
              averageRounded(p, q) + subtractSaturate(p, q) + multiply32x16(p, q);
   buf.i[2] = addSaturate(x, y) + average(x, y) + averageRounded(x, y) +
              subtractSaturate(x, y) + multiply32x16(x, y);
   buf.l[2] = addSaturate(buf.l[0], buf.l[1]) + average(buf.l[0], buf.l[1]) +
              averageRounded(buf.l[0], buf.l[1]) + subtractSaturate(buf.l[0], buf.l[1]);
   buf.ul[2] = absoluteDifference(buf.l[0], buf.l[1]) +
               absoluteDifference(buf.ul[0], buf.ul[1]) + addSaturate(buf.ul[0], buf.ul[1]) +
               average(buf.ul[0], buf.ul[1]) + averageRounded(buf.ul[0], buf.ul[1]) +
               subtractSaturate(buf.ul[0], buf.ul[1]);
}
