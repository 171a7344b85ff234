#version 450
// Shared memory, barriers, SSBO atomics.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint values[]; } data;
layout(std430, set = 0, binding = 1) buffer Counter { uint total; int minimum; } counter;
shared uint partial[64];

void main()
{
   uint i = gl_LocalInvocationIndex;
   partial[i] = data.values[gl_GlobalInvocationID.x];
   barrier();
   for (uint s = 32u; s > 0u; s >>= 1) {
      if (i < s)
         partial[i] += partial[i + s];
      memoryBarrierShared();
      barrier();
   }
   if (i == 0u) {
      atomicAdd(counter.total, partial[0]);
      atomicMin(counter.minimum, int(partial[0]));
   }
}
