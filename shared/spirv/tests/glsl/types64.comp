#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
// 8/16/64-bit types, conversions, 64-bit atomics.
#extension GL_EXT_shader_atomic_int64 : require
layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;
layout(std430, set = 0, binding = 0) buffer B {
   int64_t i64; uint64_t u64; double d; float16_t h; int16_t s16; uint8_t u8;
   f16vec4 hv; i64vec2 lv;
} b;

void main()
{
   int64_t x = b.i64 * 3l + int64_t(b.s16);
   uint64_t y = b.u64 >> 5ul | uint64_t(b.u8);
   double d = b.d * 2.0lf + double(b.h);
   float16_t h = float16_t(d) + b.h;
   b.hv = f16vec4(h) * b.hv + f16vec4(b.lv.xyxy);
   b.lv = i64vec2(x, int64_t(y)) / 7l;
   b.d = d;
   b.s16 = int16_t(x);
   b.u8 = uint8_t(y);
   atomicAdd(b.u64, 5ul);
   atomicMax(b.i64, x);
}
