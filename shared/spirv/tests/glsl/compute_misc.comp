#version 450
// Shared arrays of structs, shared atomics (incl. compare-swap), barrier
// variety, workgroup built-ins, a 2D dispatch.
layout(local_size_x = 8, local_size_y = 8) in;
struct Cell { vec2 p; uint n; };
shared Cell cells[64];
shared uint lock;
layout(std430, set = 0, binding = 0) buffer Out { uvec4 ids; uint total; Cell c[]; } o;
layout(set = 0, binding = 1, r32ui) uniform uimage2D img;

void main()
{
   uint i = gl_LocalInvocationIndex;
   cells[i].p = vec2(gl_GlobalInvocationID.xy);
   cells[i].n = i;
   if (i == 0u)
      lock = 0u;
   groupMemoryBarrier();
   barrier();
   uint prev = atomicCompSwap(lock, 0u, i + 1u);
   atomicAdd(cells[(i + 1u) % 64u].n, 1u);
   memoryBarrierBuffer();
   memoryBarrierImage();
   barrier();
   if (i == 0u) {
      o.ids = uvec4(gl_NumWorkGroups, gl_WorkGroupID.x);
      o.total = atomicExchange(o.total, prev);
   }
   o.c[gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 64u] = cells[63u - i];
   imageAtomicOr(img, ivec2(gl_GlobalInvocationID.xy), 1u << (i & 31u));
}
