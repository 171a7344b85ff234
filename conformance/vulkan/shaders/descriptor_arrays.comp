#version 450
// SPDX-License-Identifier: MIT
// Arrays of storage and uniform buffers indexed by dynamically uniform
// values (push constants): shader{Storage,Uniform}BufferArrayDynamicIndexing.
// Image arrays are in descriptor_arrays_images.comp (features lavapipe 22
// lacks).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer B { uint v[]; } bufs[3];
layout(set = 0, binding = 1) uniform U { uvec4 v; } ubos[2];
layout(set = 0, binding = 4) buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint b, u, t, i; } p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i * 4u + 0u] = bufs[p.b].v[i];
   o.v[i * 4u + 1u] = ubos[p.u].v[i % 4u];
   // A store through an array element too.
   bufs[p.b].v[i] += 1u;
}
