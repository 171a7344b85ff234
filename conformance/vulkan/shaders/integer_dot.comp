#version 450
// SPDX-License-Identifier: MIT
// vk_version_test integer_dot_product: every OpSDot/OpUDot/OpSUDot form
// (SPV_KHR_integer_dot_product) on 32-bit vectors and packed 4x8-bit
// scalars, accumulating-saturating too, through GL_EXT_spirv_intrinsics
// (glslang has no GLSL built-ins for them).
#extension GL_EXT_spirv_intrinsics : require
layout(local_size_x = 16) in;
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016],
                  id = 4450) int sdot(ivec4 a, ivec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016],
                  id = 4451) uint udot(uvec4 a, uvec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016],
                  id = 4452) int sudot(ivec4 a, uvec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016],
                  id = 4455) int sudot_acc_sat(ivec4 a, uvec4 b, int acc);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4450) int sdot_p(uint a, uint b, spirv_literal int fmt);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4451) uint udot_p(uint a, uint b, spirv_literal int fmt);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4452) int sudot_p(uint a, uint b, spirv_literal int fmt);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4453) int sdot_acc_sat_p(uint a, uint b, int acc, spirv_literal int fmt);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4454) uint udot_acc_sat_p(uint a, uint b, uint acc, spirv_literal int fmt);
layout(set = 0, binding = 0) buffer Data { uint a[16]; uint b[16]; int acc[16]; uint o[]; };
void main()
{
   uint k = gl_LocalInvocationIndex;
   uint x = a[k], y = b[k];
   int c = acc[k];
   // Signed and unsigned 12-bit fields: products and sums stay in range.
   ivec4 xs = ivec4(bitfieldExtract(int(x), 0, 12), bitfieldExtract(int(x), 12, 12),
                    bitfieldExtract(int(x), 20, 12), bitfieldExtract(int(y), 4, 12));
   ivec4 ys = ivec4(bitfieldExtract(int(y), 0, 12), bitfieldExtract(int(y), 12, 12),
                    bitfieldExtract(int(y), 20, 12), bitfieldExtract(int(x), 4, 12));
   uvec4 yu = uvec4(ys) & 0xfffu;
   o[9u * k + 0u] = uint(sdot(xs, ys));
   o[9u * k + 1u] = udot(uvec4(xs) & 0xfffu, yu);
   o[9u * k + 2u] = uint(sudot(xs, yu));
   o[9u * k + 3u] = uint(sudot_acc_sat(xs, yu, c));
   o[9u * k + 4u] = uint(sdot_p(x, y, 0));
   o[9u * k + 5u] = udot_p(x, y, 0);
   o[9u * k + 6u] = uint(sudot_p(x, y, 0));
   o[9u * k + 7u] = uint(sdot_acc_sat_p(x, y, c, 0));
   o[9u * k + 8u] = udot_acc_sat_p(x, y, uint(c), 0);
}
