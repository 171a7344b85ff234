#version 450
// GLSL.std.450 and core ALU coverage.
layout(location = 0) in vec4 a;
layout(location = 1) in vec4 b;
layout(location = 2) flat in ivec4 ia;
layout(location = 3) flat in uvec4 ua;
layout(location = 4) flat in dvec2 da;
layout(location = 0) out vec4 color;
layout(location = 1) out ivec4 icolor;

void main()
{
   vec4 r = round(a) + roundEven(b) + trunc(a) + abs(b) + sign(a) + floor(b) + ceil(a) +
            fract(b) + radians(a) + degrees(b) + sin(a) + cos(b) + tan(a) + asin(b) +
            acos(a) + atan(b) + sinh(a) + cosh(b) + tanh(a) + asinh(b) + acosh(a) +
            atanh(b) + atan(a, b) + pow(a, b) + exp(a) + log(b) + exp2(a) + log2(b) +
            sqrt(a) + inversesqrt(b) + min(a, b) + max(a, b) + clamp(a, b, vec4(1.0)) +
            mix(a, b, 0.3) + step(a, b) + smoothstep(a, b, vec4(0.5)) + fma(a, b, a) +
            ldexp(a, ia) + mod(a, b) + mix(a, b, lessThan(a, b));
   ivec4 e;
   r += frexp(a, e);
   vec4 ip;
   r += modf(b, ip) + ip;
   uint pk = packSnorm4x8(a) + packUnorm4x8(b) + packSnorm2x16(a.xy) + packUnorm2x16(b.zw) +
             packHalf2x16(a.zw);
   r += unpackSnorm4x8(pk) + unpackUnorm4x8(pk) + unpackSnorm2x16(pk).xyxy +
        unpackUnorm2x16(pk).xyxy + unpackHalf2x16(pk).xyxy;
   double d = packDouble2x32(ua.xy);
   uvec2 ud = unpackDouble2x32(da.x);
   r.x += float(length(a) + distance(a, b) + dot(a, b)) + float(d);
   r.xyz += cross(a.xyz, b.xyz) + normalize(b.xyz) + faceforward(a.xyz, b.xyz, a.xyz) +
            reflect(a.xyz, b.xyz) + refract(a.xyz, b.xyz, 0.5);
   mat4 m = mat4(a, b, a, b);
   mat4 mi = inverse(m);
   r += mi * a + transpose(m) * b + vec4(determinant(m)) + matrixCompMult(m, mi)[1] +
        outerProduct(a, b)[2] + (m * mi)[0] + a * m;
   ivec4 ir = abs(ia) + sign(ia) + min(ia, ia.yxwz) + max(ia, ivec4(2)) +
              clamp(ia, ivec4(0), ivec4(9)) + findLSB(ia) + findMSB(ia) + findMSB(ivec4(ua)) +
              bitCount(ia) + bitfieldReverse(ia) + bitfieldExtract(ia, 1, 3) +
              bitfieldInsert(ia, ia.yxwz, 2, 4) + (ia << 2) + (ia >> 1) + (ia / 3) + (ia % 5) +
              ivec4(ud.xyxy);
   uvec4 ur = min(ua, ua.yxwz) + max(ua, uvec4(3u)) + clamp(ua, uvec4(1u), uvec4(8u)) +
              (ua >> 3) + (ua / 7u) + (ua % 6u) + ~ua + (ua ^ uvec4(ia)) + (ua & 0xffu) +
              (ua | 1u) + findMSB(ua);
   uvec4 carry, borrow, hi, lo;
   ur += uaddCarry(ua, ua, carry) + usubBorrow(ua, ua.wzyx, borrow) + carry + borrow;
   umulExtended(ua, ua, hi, lo);
   ivec4 ihi, ilo;
   imulExtended(ia, ia, ihi, ilo);
   r += vec4(ur + hi + lo) + vec4(ihi + ilo) + intBitsToFloat(ia) + uintBitsToFloat(ua);
   r += vec4(isnan(a)) + vec4(isinf(b)) + vec4(floatBitsToInt(a)) + vec4(floatBitsToUint(b));
   r += dFdx(a) + dFdy(b) + fwidth(a) + dFdxFine(a) + dFdyCoarse(b) + fwidthFine(a);
   r += interpolateAtCentroid(a) + interpolateAtSample(b, 1) + interpolateAtOffset(a, vec2(0.1));
   bvec4 bb = (a.x > b.x) ^^ (ia.y != 1) ? greaterThan(a, b) : not(lessThanEqual(ua, uvec4(2u)));
   if (any(bb) && !all(not(bb)))
      r += 1.0;
   color = r;
   icolor = ir + ivec4(ur);
}
