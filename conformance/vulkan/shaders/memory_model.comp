#version 450
// SPDX-License-Identifier: MIT
// vk_version_test vulkan_memory_model: the Vulkan memory model (SPIR-V 1.5,
// OpMemoryModel Vulkan): scoped barriers with availability/visibility,
// coherent (MakePointer/TexelAvailable/Visible, NonPrivate) buffer and image
// accesses, device-scope atomics with release/acquire.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) coherent buffer Data { uint counter; uint pad[3]; uint o[]; };
layout(set = 0, binding = 1, r32ui) uniform coherent uimage2D img;
shared uint s[64];
const uint N = 256u;
void main()
{
   uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x;
   s[l] = g * 3u;
   controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared,
                  gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable |
                     gl_SemanticsMakeVisible);
   o[g] = s[(l + 1u) % 64u];
   atomicAdd(counter, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
   imageStore(img, ivec2(g, 0), uvec4(g + 7u));
   memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer | gl_StorageSemanticsImage,
                 gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable |
                    gl_SemanticsMakeVisible);
   uint back = imageLoad(img, ivec2(g, 0)).x;
   atomicStore(o[N + g], back, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
   uint r = atomicLoad(o[N + g], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                       gl_SemanticsAcquire);
   o[2u * N + g] = r + 1u;
}
