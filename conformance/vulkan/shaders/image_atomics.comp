#version 450
// SPDX-License-Identifier: MIT
// Image atomics: a histogram in an r32ui image (imageAtomicAdd), minima and
// maxima in an r32i image, an exchange and a compare-exchange.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint v[]; } src;
layout(set = 0, binding = 1, r32ui) uniform uimage2D hist;
layout(set = 0, binding = 2, r32i) uniform iimage2D extremes;

void main()
{
   uint x = src.v[gl_GlobalInvocationID.x];
   imageAtomicAdd(hist, ivec2(x % 16u, (x / 16u) % 4u), 1u);
   int s = int(x) - 50000;
   imageAtomicMin(extremes, ivec2(0, 0), s);
   imageAtomicMax(extremes, ivec2(1, 0), s);
   imageAtomicOr(extremes, ivec2(2, 0), 1 << int(x % 31u));
   if (gl_GlobalInvocationID.x == 0u)
      imageAtomicCompSwap(extremes, ivec2(3, 0), 0, 1234);
}
