#version 450
// SPDX-License-Identifier: MIT
// 64-bit integer and float, and 16-bit integer arithmetic (shaderInt64,
// shaderFloat64, shaderInt16), results widened into 32-bit words.
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint64_t a = uint64_t(i) * 0x100000001ul + 0xfffffffful;
   int64_t s = -int64_t(i) * 3000000000l;
   double d = double(i) / 3.0 + 1e10;
   int16_t h = int16_t(i) * int16_t(1000);
   uint16_t u = uint16_t(i) * uint16_t(3000);
   o.v[i * 6u + 0u] = uint(a >> 32);
   o.v[i * 6u + 1u] = uint(a & 0xfffffffful);
   o.v[i * 6u + 2u] = uint(int(s / 1000000l));
   o.v[i * 6u + 3u] = uint(d - 1e10) + uint(fract(d) * 3.0 + 0.5);
   o.v[i * 6u + 4u] = uint(int(h));
   o.v[i * 6u + 5u] = uint(u >> 3);
}
