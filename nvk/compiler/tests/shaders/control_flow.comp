#version 450
// SPDX-License-Identifier: MIT
// Control flow as glslang emits it: switch with fallthrough, nested loops
// with break/continue, early return, a called function, a local array
// indexed dynamically (scratch), ternaries, 64-bit math.
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;

uint collatz(uint x)
{
   uint steps = 0u;
   while (x != 1u && steps < 200u) {
      x = (x & 1u) == 1u ? 3u * x + 1u : x / 2u;
      steps++;
   }
   return steps;
}

void main()
{
   uint g = gl_GlobalInvocationID.x;
   uint x = src.v[g];
   uint acc = 0u;
   switch (x % 5u) {
   case 0u:
      acc = 10u;
      break;
   case 1u:
      acc = 20u;
   case 2u: // fallthrough from 1
      acc += 5u;
      break;
   default:
      acc = x;
      break;
   }
   uint table[16];
   for (uint i = 0u; i < 16u; i++)
      table[i] = i * i + x;
   for (uint i = 0u; i < 8u; i++) {
      if (i == (x % 7u))
         continue;
      for (uint j = 0u; j < 8u; j++) {
         if (j > i)
            break;
         acc += table[(i * j + x) % 16u];
      }
      if (acc > 100000u)
         break;
   }
   uint64_t wide = uint64_t(x) * 0x9e3779b97f4a7c15ul;
   o.v[g * 4u + 0u] = acc;
   o.v[g * 4u + 1u] = collatz(x % 1000u + 1u);
   o.v[g * 4u + 2u] = uint(wide >> 40);
   if (x % 3u == 0u) {
      o.v[g * 4u + 3u] = 7u;
      return;
   }
   o.v[g * 4u + 3u] = table[x % 16u];
}
