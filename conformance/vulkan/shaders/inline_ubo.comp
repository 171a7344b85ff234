#version 450
// SPDX-License-Identifier: MIT
// vk_version_test inline_uniform_block: binding 1 is an inline uniform
// block (the descriptor type says so, not the shader), binding 2 another
// one after it; every invocation copies both into the output.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1) uniform A { uvec4 a[4]; };
layout(set = 0, binding = 2) uniform B { uvec4 b; };
void main()
{
   uint i = gl_LocalInvocationIndex;
   o[i] = a[i / 4u][i % 4u];
   o[16u + i] = i < 4u ? b[i] : 0u;
}
