#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
// A wide spread of arithmetic, conversions, bit operations and packing.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, std430) buffer Buf {
   vec4 f[4];
   ivec4 i[4];
   uvec4 u[4];
   double d[2];
   int64_t l[2];
   float16_t h[4];
} buf;
void main()
{
   vec4 a = buf.f[0], b = buf.f[1];
   ivec4 x = buf.i[0], y = buf.i[1];
   uvec4 p = buf.u[0], q = buf.u[1];
   buf.f[2] = fma(a, b, a) + mix(a, b, 0.25) + clamp(a, 0.0, 1.0) + step(a, b) +
              smoothstep(0.0, 1.0, a) + fract(a) + mod(a, b) + sqrt(abs(a)) +
              inversesqrt(b) + exp2(a) + log2(b) + pow(a, b) + sin(a) + cos(b) +
              atan(a, b) + floor(a) + ceil(b) + trunc(a) + roundEven(b) + sign(a) +
              min(a, b) + max(a, b) + vec4(dot(a, b)) + vec4(length(a)) +
              vec4(distance(a, b)) + normalize(b) + faceforward(a, b, a) + reflect(a, b) +
              refract(a, b, 0.5) + ldexp(a, x) + frexp(b, y) + vec4(cross(a.xyz, b.xyz), 0) +
              radians(a) + degrees(b) + tan(a) + asin(a) + acos(b) + sinh(a) + cosh(b) +
              tanh(a) + asinh(b) + acosh(b) + atanh(a) + exp(a) + log(b) +
              vec4(isnan(a)) + vec4(isinf(b)) + intBitsToFloat(x) + uintBitsToFloat(p) +
              vec4(lessThan(a, b)) + vec4(notEqual(a, b)) + vec4(any(greaterThan(a, b))) +
              unpackUnorm4x8(p.x) + unpackSnorm4x8(p.y) + vec4(unpackHalf2x16(p.z), 0, 0) +
              vec4(unpackUnorm2x16(p.w), unpackSnorm2x16(q.x)) + vec4(x) + vec4(p);
   buf.i[2] = x / y + x % y + abs(x) + sign(y) + min(x, y) + max(x, y) + clamp(x, -1, 1) +
              (x << 2) + (y >> 1) + (x & y) + (x | y) + (x ^ ~y) + bitfieldExtract(x, 1, 3) +
              bitfieldInsert(x, y, 2, 4) + bitCount(x) + findLSB(x) + findMSB(y) +
              ivec4(a) + floatBitsToInt(b) + bitfieldReverse(x);
   uvec4 carry, borrow, hi, lo;
   uvec4 s = uaddCarry(p, q, carry) + usubBorrow(p, q, borrow);
   umulExtended(p, q, hi, lo);
   imulExtended(x, y, x, y);
   buf.u[2] = p / q + p % q + min(p, q) + max(p, q) + (p >> 3u) + uvec4(b) + s + carry +
              borrow + hi + lo + uvec4(x) + uvec4(y) + floatBitsToUint(a) +
              uvec4(packUnorm4x8(a), packSnorm4x8(b), packHalf2x16(a.xy),
                    packUnorm2x16(b.zw));
   buf.d[0] = buf.d[1] * 2.0lf + double(a.x) + sqrt(buf.d[1]) + floor(buf.d[0]);
   buf.l[0] = buf.l[1] * 3l + int64_t(x.x) + (buf.l[1] >> 7);
   buf.h[0] = buf.h[1] * buf.h[2] + float16_t(a.y);
   buf.f[3].x = float(buf.d[0]) + float(buf.l[0]) + float(buf.h[0]);
}
